import { and, eq, sql, type SQL } from 'drizzle-orm';
import { companies, users } from '../../../drizzle/schema.js';
import type { Tx } from '../db.js';
import type { Provider } from '../config.js';

/** Where provider notices go: the business email when set, otherwise every super-admin. */
export function providerRecipients(tx: Tx, provider: Pick<Provider, 'email'>): string[] {
  if (provider.email) return [provider.email];
  return tx
    .select({ emailAddress: users.emailAddress })
    .from(users)
    .where(eq(users.role, 'superadmin'))
    .all()
    .map((user) => user.emailAddress);
}

/** The approved users of a company: one by id, or the company row of the statement that asks. */
const approvedUsersOf = (company: string | typeof companies.id) => and(eq(users.companyId, company), eq(users.approved, true));

/** Where client emails go: every approved user of the company. */
export function companyRecipients(tx: Tx, companyId: string): string[] {
  return tx
    .select({ emailAddress: users.emailAddress })
    .from(users)
    .where(approvedUsersOf(companyId))
    .all()
    .map((user) => user.emailAddress);
}

/**
 * SQL for a statement that reads companies: the company has someone companyRecipients would email.
 * It looks up the company's users on users_company_idx and stops at the first approved one.
 */
export const hasCompanyRecipientsSql: SQL = sql`exists (select 1 from ${users} where ${approvedUsersOf(companies.id)})`;

/** The company's admins: its approved users whose role is admin (read as rolesOf reads it). */
export function companyAdminRecipients(tx: Tx, companyId: string): string[] {
  return tx
    .select({ emailAddress: users.emailAddress })
    .from(users)
    .where(and(approvedUsersOf(companyId), sql`lower(trim(${users.role})) = 'admin'`))
    .all()
    .map((user) => user.emailAddress);
}
