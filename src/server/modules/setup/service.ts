import path from 'node:path';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { outbox, packages, settings, users } from '../../../../drizzle/schema.js';
import { canBePaid, isProfileComplete, type SetupDto, type SetupStep, type TestEmailDto } from '../../../shared/setup.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { renderEmail } from '../../mail/templates.js';
import type { Actor } from '../account/actor.js';
import { providerOf } from '../settings/service.js';

/*
 * The first-day checklist on the provider overview (docs/product-rules.md#the-first-day-checklist).
 * Each step is read from the data itself, so it ticks as soon as the thing is done, wherever it
 * was done; only the last test email and the choice to hide the list are kept for it.
 */

const TEST_EMAIL_KEY = 'setup.testEmail';
const HIDDEN_KEY = 'setup.hidden';

const readKey = (tx: Tx, key: string) => tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).get()?.value;

function writeKey(tx: Tx, key: string, value: string): void {
  tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } }).run();
}

const exists = (tx: Tx, query: { get: () => unknown }) => query.get() !== undefined;

function testEmail(tx: Tx): TestEmailDto | null {
  const id = readKey(tx, TEST_EMAIL_KEY);
  if (!id) return null;
  const row = tx
    .select({ to: outbox.toAddresses, status: outbox.status, sentAt: outbox.sentAt, lastError: outbox.lastError })
    .from(outbox)
    .where(eq(outbox.id, JSON.parse(id) as string))
    .get();
  return row ? { ...row, sentAt: row.sentAt?.toISOString() ?? null } : null;
}

export function setupChecklist(deps: AppDeps): SetupDto {
  const tx = deps.db;
  const provider = providerOf(deps.config, tx);
  const mode = deps.config.smtpUrl ? 'smtp' : 'files';
  const lastTest = testEmail(tx);
  const done: Record<SetupStep, boolean> = {
    businessProfile: isProfileComplete(provider),
    paymentDetails: canBePaid(provider),
    firstPackage: exists(tx, tx.select({ id: packages.id }).from(packages).limit(1)),
    emailDelivery: mode === 'smtp' && lastTest?.status === 'sent',
    firstCustomer: exists(
      tx,
      tx.select({ id: users.id }).from(users).where(and(eq(users.approved, true), isNotNull(users.companyId), ne(users.role, 'superadmin'))).limit(1),
    ),
  };
  return {
    steps: (Object.keys(done) as SetupStep[]).map((step) => ({ step, done: done[step] })),
    email: { mode, folder: mode === 'files' ? path.join(deps.config.dataDir, 'outbox') : null, testEmail: lastTest },
    hidden: readKey(tx, HIDDEN_KEY) === 'true',
  };
}

/** Queues a test email to the super-admin who asks, through the outbox like every email, and remembers it. */
export function sendTestEmail(deps: AppDeps, actor: Actor): TestEmailDto {
  const provider = providerOf(deps.config, deps.db);
  const email = renderEmail(provider, 'Test email', [
    `Hello ${actor.firstName},`,
    `This test email shows that email from ${provider.name} reaches you. Customers get their invoices, receipts and balance reminders the same way.`,
  ]);
  const id = deps.outbox.enqueue(deps.db, { to: [actor.emailAddress], ...email });
  writeKey(deps.db, TEST_EMAIL_KEY, JSON.stringify(id));
  return testEmail(deps.db)!;
}

/** Hides or shows the checklist on the overview. */
export function hideChecklist(deps: AppDeps, hidden: boolean): SetupDto {
  writeKey(deps.db, HIDDEN_KEY, JSON.stringify(hidden));
  return setupChecklist(deps);
}
