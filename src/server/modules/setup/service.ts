import path from 'node:path';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { changedFields } from '../../../shared/events.js';
import { canBePaid, isProfileComplete, type SetupDto, type SetupStep, type TestEmailDto } from '../../../shared/setup.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { renderEmail } from '../../mail/templates.js';
import type { Actor } from '../account/actor.js';
import { recordEvent, type EventSource } from '../events/service.js';
import { recordSettingsChange } from '../settings/events.js';
import { providerOf } from '../settings/service.js';

/*
 * The first-day checklist on the provider overview (docs/product-rules.md#the-first-day-checklist).
 * Each step is read from the data itself, so it ticks as soon as the thing is done, wherever it
 * was done; only the last test email and the choice to hide the list are kept for it.
 */

const TEST_EMAIL_KEY = 'setup.testEmail';
const HIDDEN_KEY = 'setup.hidden';

async function readKey(tx: Tx, key: string): Promise<string | undefined> {
  const { settings } = tx.t;
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

async function writeKey(tx: Tx, key: string, value: string): Promise<void> {
  const { settings } = tx.t;
  await tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

const exists = async (query: PromiseLike<unknown[]>) => (await query).length > 0;

async function testEmail(tx: Tx): Promise<TestEmailDto | null> {
  const id = await readKey(tx, TEST_EMAIL_KEY);
  if (!id) return null;
  const { outbox } = tx.t;
  const [row] = await tx
    .select({ to: outbox.toAddresses, status: outbox.status, sentAt: outbox.sentAt, lastError: outbox.lastError })
    .from(outbox)
    .where(eq(outbox.id, JSON.parse(id) as string));
  return row ? { ...row, sentAt: row.sentAt?.toISOString() ?? null } : null;
}

export async function setupChecklist(deps: AppDeps): Promise<SetupDto> {
  const tx = deps.db;
  const { packages, users } = tx.t;
  const provider = await providerOf(deps.config, tx);
  const mode = deps.config.smtpUrl ? 'smtp' : 'files';
  const lastTest = await testEmail(tx);
  const done: Record<SetupStep, boolean> = {
    businessProfile: isProfileComplete(provider),
    paymentDetails: canBePaid(provider),
    firstPackage: await exists(tx.select({ id: packages.id }).from(packages).limit(1)),
    emailDelivery: mode === 'smtp' && lastTest?.status === 'sent',
    firstCustomer: await exists(
      tx.select({ id: users.id }).from(users).where(and(eq(users.approved, true), isNotNull(users.companyId), ne(users.role, 'superadmin'))).limit(1),
    ),
  };
  return {
    steps: (Object.keys(done) as SetupStep[]).map((step) => ({ step, done: done[step] })),
    email: { mode, folder: mode === 'files' ? path.join(deps.config.dataDir, 'outbox') : null, testEmail: lastTest },
    hidden: (await readKey(tx, HIDDEN_KEY)) === 'true',
  };
}

/**
 * Queues a test email to the super-admin who asks, through the outbox like every email, and
 * remembers it; recorded (setup.test_email_sent) about the email queued.
 */
export async function sendTestEmail(deps: AppDeps, actor: Actor, source: EventSource): Promise<TestEmailDto> {
  const provider = await providerOf(deps.config, deps.db);
  const email = renderEmail(provider, 'Test email', [
    `Hello ${actor.firstName},`,
    `This test email shows that email from ${provider.name} reaches you. Customers get their invoices, receipts and balance reminders the same way.`,
  ]);
  await deps.db.transaction(async (tx) => {
    const id = await deps.outbox.enqueue(tx, { to: [actor.emailAddress], ...email });
    await writeKey(tx, TEST_EMAIL_KEY, JSON.stringify(id));
    await recordEvent(tx, source, deps.clock.now(), { type: 'setup.test_email_sent', companyId: null, subjectType: 'email', subjectId: id ?? null, changes: {} });
  });
  return (await testEmail(deps.db))!;
}

/** Hides or shows the checklist on the overview; a change is recorded (setup.checklist_hidden) as one of the provider's settings. */
export async function hideChecklist(deps: AppDeps, source: EventSource, hidden: boolean): Promise<SetupDto> {
  await deps.db.transaction(async (tx) => {
    const wasHidden = (await readKey(tx, HIDDEN_KEY)) === 'true';
    await writeKey(tx, HIDDEN_KEY, JSON.stringify(hidden));
    await recordSettingsChange(tx, source, deps.clock.now(), 'setup.checklist_hidden', changedFields({ hidden: wasHidden }, { hidden }, ['hidden']));
  });
  return setupChecklist(deps);
}
