import { eq, inArray } from 'drizzle-orm';
import {
  companies,
  packages,
  passwordTokens,
  sessions,
  taskHistory,
  tasks,
  users,
} from '../../../../drizzle/schema.js';
import type { BalanceEmailKind, CompanyDto, CompanyFields } from '../../../shared/companies.js';
import { inTransaction, type Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { companyRecipients } from '../../mail/recipients.js';
import { balanceEmail } from './emails.js';
import { billingHistoryOf, companyOptions, findCompany, findCompanyRow, listCompanies, type BillingHistory } from './queries.js';

export { companyOptions, findCompany, listCompanies };

export function createCompany(deps: AppDeps, fields: CompanyFields): CompanyDto {
  return inTransaction(deps.db, (tx) => {
    const id = newId();
    tx.insert(companies).values({ id, ...fields, createdAt: deps.clock.now() }).run();
    return findCompany(tx, id);
  });
}

/** Changes the dialog's fields only; the sign-up's project description stays. */
export function updateCompany(deps: AppDeps, id: string, fields: CompanyFields): CompanyDto {
  return inTransaction(deps.db, (tx) => {
    const updated = tx.update(companies).set(fields).where(eq(companies.id, id)).returning({ id: companies.id }).get();
    if (!updated) throw notFound('Company');
    return findCompany(tx, id);
  });
}

function listOfKinds(history: BillingHistory): string {
  const kinds = [history.invoices && 'invoices', history.payments && 'payments', history.timeLogs && 'time logs'].filter(
    (kind): kind is string => Boolean(kind),
  );
  return kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}` : (kinds[0] ?? '');
}

/** Billing records are the provider's books: a company that has any is kept. */
function refuseIfBilled(tx: Tx, companyId: string, companyName: string): void {
  const kinds = listOfKinds(billingHistoryOf(tx, companyId));
  if (!kinds) return;
  throw new AppError(
    'CONFLICT',
    `${companyName} cannot be deleted because it has ${kinds}. Delete those first if they were entered by mistake.`,
  );
}

function deleteUsersOf(tx: Tx, companyId: string): void {
  const userIds = tx.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
  tx.delete(sessions).where(inArray(sessions.userId, userIds)).run();
  tx.delete(passwordTokens).where(inArray(passwordTokens.userId, userIds)).run();
  tx.delete(users).where(eq(users.companyId, companyId)).run();
}

function deleteTasksOf(tx: Tx, companyId: string): void {
  const taskIds = tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.companyId, companyId));
  tx.delete(taskHistory).where(inArray(taskHistory.taskId, taskIds)).run();
  tx.delete(tasks).where(eq(tasks.companyId, companyId)).run();
}

/** Deletes a company that has no billing records, with its users, tasks and custom packages. */
export function deleteCompany(deps: AppDeps, id: string): void {
  inTransaction(deps.db, (tx) => {
    const company = findCompanyRow(tx, id);
    refuseIfBilled(tx, id, company.companyName);
    deleteUsersOf(tx, id);
    deleteTasksOf(tx, id);
    tx.delete(packages).where(eq(packages.companyId, id)).run();
    tx.delete(companies).where(eq(companies.id, id)).run();
  });
}

const kindNames: Record<BalanceEmailKind, string> = {
  runningLow: 'running-low balance',
  negative: 'negative balance',
};

/** Emails the company's approved users a balance reminder with the balance the ledger holds now. */
export function sendBalanceEmail(deps: AppDeps, kind: BalanceEmailKind, companyId: string): { message: string } {
  return inTransaction(deps.db, (tx) => {
    const company = findCompany(tx, companyId);
    const recipients = companyRecipients(tx, companyId);
    if (recipients.length === 0) {
      throw new AppError('CONFLICT', `${company.companyName} has no approved users to email. Approve one of its users first.`);
    }
    deps.outbox.enqueue(tx, {
      to: recipients,
      ...balanceEmail(kind, deps.config.provider, company, deps.config.appUrl),
    });
    const people = recipients.length === 1 ? '1 user' : `${recipients.length} users`;
    return { message: `A ${kindNames[kind]} email was sent to ${people} of ${company.companyName}.` };
  });
}
