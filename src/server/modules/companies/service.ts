import { providerOf } from '../settings/service.js';
import { eq, inArray } from 'drizzle-orm';
import { BALANCE_EMAIL_REPEAT_MS, BULK_BALANCE_EMAIL_LIMIT, balanceEmailFor, mayEmailNegative } from '../../../shared/balance-alerts.js';
import type { BalanceEmailKind, BalanceEmailPreview, BulkBalanceEmailFilter, CompanyDto, CompanyFields } from '../../../shared/companies.js';
import type { EventType } from '../../../shared/events.js';
import { formatHours } from '../../../shared/format.js';
import { dollarsToCents, hoursToHundredths, hundredthsToHours } from '../../../shared/hours.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { companyRecipients } from '../../mail/recipients.js';
import { changeEvents, recordEvents, type EventSource, type NewEvent } from '../events/service.js';
import { rearmIfAbove, recordBalanceEmail } from './balance-alerts.js';
import { balanceEmail } from './emails.js';
import { forecastOf } from './forecasts.js';
import {
  billingHistoryOf,
  COMPANY_EVENT_FIELDS,
  companyEventFields,
  companyOfRow,
  companyOptions,
  findCompany,
  findCompanyRow,
  listCompanies,
  runningLowCompanies,
  runningLowToEmail,
  type BillingHistory,
  type CompanyEventFields,
} from './queries.js';

export { companyOptions, findCompany, listCompanies, runningLowCompanies };

/** The dialog's fields as the row keeps them: the threshold in hundredths. */
function rowFields({ lowBalanceHours, overageRate, ...fields }: CompanyFields) {
  return {
    ...fields,
    lowBalanceHundredths: lowBalanceHours === null ? null : hoursToHundredths(lowBalanceHours),
    overageRateCents: overageRate === null ? null : dollarsToCents(overageRate),
  };
}

/**
 * The event of a company added, changed or deleted, with its dialog's fields as they were and
 * became; none for a change that left them as they were.
 */
function companyEvents(type: EventType, id: string, before: CompanyEventFields | undefined, after: CompanyEventFields | undefined): NewEvent[] {
  return changeEvents(type, { companyId: id, subjectType: 'company', subjectId: id }, before, after, COMPANY_EVENT_FIELDS);
}

export async function createCompany(deps: AppDeps, source: EventSource, fields: CompanyFields): Promise<CompanyDto> {
  return deps.db.transaction(async (tx) => {
    const { companies } = tx.t;
    const id = newId();
    const now = deps.clock.now();
    await tx.insert(companies).values({ id, ...rowFields(fields), createdAt: now });
    const company = await findCompany(deps, tx, id);
    await recordEvents(tx, source, now, companyEvents('company.created', id, undefined, company));
    return company;
  });
}

/** Changes the dialog's fields only; the sign-up's project description stays. */
export async function updateCompany(deps: AppDeps, source: EventSource, id: string, fields: CompanyFields): Promise<CompanyDto> {
  return deps.db.transaction(async (tx) => {
    const { companies } = tx.t;
    const row = await findCompanyRow(tx, id);
    const changed = rowFields(fields);
    await tx.update(companies).set(changed).where(eq(companies.id, id));
    // the row as it now stands, without reading it again: an update of the dialog's fields moves no balance
    const updated = { ...row, ...changed };
    await rearmIfAbove(deps, tx, updated);
    const company = await companyOfRow(deps, tx, updated);
    await recordEvents(tx, source, deps.clock.now(), companyEvents('company.updated', id, companyEventFields(row), company));
    return company;
  });
}

function listOfKinds(history: BillingHistory): string {
  const kinds = [history.invoices && 'invoices', history.payments && 'payments', history.timeLogs && 'time logs'].filter(
    (kind): kind is string => Boolean(kind),
  );
  return kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}` : (kinds[0] ?? '');
}

/** Billing records are the provider's books: a company that has any is kept. */
async function refuseIfBilled(tx: Tx, companyId: string, companyName: string): Promise<void> {
  const kinds = listOfKinds(await billingHistoryOf(tx, companyId));
  if (!kinds) return;
  throw new AppError(
    'CONFLICT',
    `${companyName} cannot be deleted because it has ${kinds}. Delete those first if they were entered by mistake.`,
  );
}

async function deleteUsersOf(tx: Tx, companyId: string): Promise<void> {
  const { passwordTokens, sessions, users } = tx.t;
  const userIds = tx.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
  await tx.delete(sessions).where(inArray(sessions.userId, userIds));
  await tx.delete(passwordTokens).where(inArray(passwordTokens.userId, userIds));
  await tx.delete(users).where(eq(users.companyId, companyId));
}

async function deleteTasksOf(tx: Tx, companyId: string): Promise<void> {
  const { taskHistory, tasks } = tx.t;
  const taskIds = tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.companyId, companyId));
  await tx.delete(taskHistory).where(inArray(taskHistory.taskId, taskIds));
  await tx.delete(tasks).where(eq(tasks.companyId, companyId));
}

/** Deletes a company that has no billing records, with its users, tasks and custom packages; one event records it all. */
export async function deleteCompany(deps: AppDeps, source: EventSource, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { companies, packages } = tx.t;
    const company = await findCompanyRow(tx, id);
    await refuseIfBilled(tx, id, company.companyName);
    await deleteUsersOf(tx, id);
    await deleteTasksOf(tx, id);
    await tx.delete(packages).where(eq(packages.companyId, id));
    await tx.delete(companies).where(eq(companies.id, id));
    await recordEvents(tx, source, deps.clock.now(), companyEvents('company.deleted', id, companyEventFields(company), undefined));
  });
}

const kindNames: Record<BalanceEmailKind, string> = {
  runningLow: 'running-low balance',
  negative: 'negative balance',
};

/**
 * The negative-balance email tells a company it owes hours: with a balance of 0 or more it would be
 * wrong, so it is refused (docs/product-rules.md#companies-balance-emails-and-the-scheduler).
 */
function refuseWrongKind(kind: BalanceEmailKind, row: { companyName: string; balanceHundredths: number }): void {
  if (kind !== 'negative' || mayEmailNegative(row.balanceHundredths)) return;
  throw new AppError(
    'CONFLICT',
    `${row.companyName} has ${formatHours(hundredthsToHours(row.balanceHundredths))} hours left, so its balance is not negative and the negative balance email cannot be sent. Send the running-low balance email instead.`,
  );
}

/** The balance email of this kind as it would go out now: who it goes to, and its subject and bodies. */
async function composeBalanceEmail(deps: AppDeps, tx: Tx, kind: BalanceEmailKind, companyId: string) {
  const row = await findCompanyRow(tx, companyId);
  refuseWrongKind(kind, row);
  const notice = {
    companyName: row.companyName,
    hourBalance: hundredthsToHours(row.balanceHundredths),
    pendingHours: hundredthsToHours(row.pendingHundredths),
    forecast: await forecastOf(deps, tx, row),
  };
  return {
    company: row,
    companyName: row.companyName,
    to: await companyRecipients(tx, companyId),
    email: balanceEmail(kind, await providerOf(deps.config, tx), notice, deps.config.appUrl),
  };
}

/**
 * Queues a balance reminder with the balance the ledger holds now to the approved users, recorded as
 * `source`'s; how many it went to.
 */
export async function queueBalanceEmail(
  deps: AppDeps,
  tx: Tx,
  source: EventSource,
  kind: BalanceEmailKind,
  companyId: string,
): Promise<{ companyName: string; recipients: number }> {
  const { company, companyName, to, email } = await composeBalanceEmail(deps, tx, kind, companyId);
  if (to.length === 0) return { companyName, recipients: 0 };
  await deps.outbox.enqueue(tx, { to, ...email });
  await recordBalanceEmail(tx, source, company, kind, deps.clock.now());
  return { companyName, recipients: to.length };
}

/** What sendBalanceEmail would send now, from the same template, without sending it. */
export async function previewBalanceEmail(deps: AppDeps, kind: BalanceEmailKind, companyId: string): Promise<BalanceEmailPreview> {
  const { to, email } = await composeBalanceEmail(deps, deps.db, kind, companyId);
  return { kind, to, subject: email.subject, text: email.text, html: email.html };
}

/** Emails the company's approved users a balance reminder with the balance the ledger holds now. */
export async function sendBalanceEmail(deps: AppDeps, source: EventSource, kind: BalanceEmailKind, companyId: string): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    const { companyName, recipients } = await queueBalanceEmail(deps, tx, source, kind, companyId);
    if (recipients === 0) {
      throw new AppError('CONFLICT', `${companyName} has no approved users to email. Approve one of its users first.`);
    }
    const people = recipients === 1 ? '1 user' : `${recipients} users`;
    return { message: `A ${kindNames[kind]} email was sent to ${people} of ${companyName}.` };
  });
}

const companiesText = (count: number) => (count === 1 ? '1 company' : `${count} companies`);

/**
 * Emails every running-low company that matches the list's filter the balance email its balance
 * calls for (negative below 0, running-low otherwise), in one transaction, up to
 * BULK_BALANCE_EMAIL_LIMIT companies, lowest balance first. A company sent that kind within the
 * last 24 hours, or without an approved user, is skipped; what is left is only what another send
 * would email, so repeated sends always finish.
 */
export async function sendRunningLowEmails(deps: AppDeps, source: EventSource, filter: BulkBalanceEmailFilter) {
  return deps.db.transaction(async (tx) => {
    const since = new Date(deps.clock.now().getTime() - BALANCE_EMAIL_REPEAT_MS);
    const found = await runningLowToEmail(deps, tx, filter, { since, limit: BULK_BALANCE_EMAIL_LIMIT });
    let sent = 0;
    for (const company of found.companies) {
      if ((await queueBalanceEmail(deps, tx, source, balanceEmailFor(company.balanceHundredths), company.id)).recipients > 0) sent += 1;
    }
    const skipped = found.matching - found.due + (found.companies.length - sent);
    const remaining = found.due - found.companies.length;
    const parts = [`Balance emails were sent to ${companiesText(sent)}.`];
    if (skipped > 0) parts.push(`${companiesText(skipped)} skipped: emailed within the last 24 hours or without approved users.`);
    if (remaining > 0) parts.push(`${companiesText(remaining)} left; send again to email them.`);
    return { sent, skipped, remaining, message: parts.join(' ') };
  });
}
