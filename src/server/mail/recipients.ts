import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { companies, users } from '../../../drizzle/schema.js';
import type { Tx } from '../db.js';
import type { Provider } from '../config.js';

/** Where provider notices go: the business email when set, otherwise every super-admin. */
export async function providerRecipients(tx: Tx, provider: Pick<Provider, 'email'>): Promise<string[]> {
  if (provider.email) return [provider.email];
  const { users } = tx.t;
  const superAdmins = await tx.select({ emailAddress: users.emailAddress }).from(users).where(eq(users.role, 'superadmin'));
  return superAdmins.map((user) => user.emailAddress);
}

type Users = Tx['t']['users'];

/** The approved users of a company: one by id, or the company row of the statement that asks. */
const approvedUsersOf = (usersTable: Users, company: string | typeof companies.id) =>
  and(eq(usersTable.companyId, company), eq(usersTable.approved, true));

/** Where client emails go: every approved user of the company. */
export async function companyRecipients(tx: Tx, companyId: string): Promise<string[]> {
  const { users } = tx.t;
  const approved = await tx.select({ emailAddress: users.emailAddress }).from(users).where(approvedUsersOf(users, companyId));
  return approved.map((user) => user.emailAddress);
}

/**
 * SQL for a statement that reads companies: the company has someone companyRecipients would email.
 * It looks up the company's users on users_company_idx and stops at the first approved one.
 */
export const hasCompanyRecipientsSql: SQL = sql`exists (select 1 from ${users} where ${approvedUsersOf(users, companies.id)})`;

/** The company's admins: its approved users whose role is admin (read as rolesOf reads it). */
export async function companyAdminRecipients(tx: Tx, companyId: string): Promise<string[]> {
  return (await companyAdminRecipientsOf(tx, [companyId])).get(companyId) ?? [];
}

/** The admins of each company, as companyAdminRecipients, in one read; a company without any is left out. */
export async function companyAdminRecipientsOf(tx: Tx, companyIds: readonly string[]): Promise<Map<string, string[]>> {
  const { users } = tx.t;
  const byCompany = new Map<string, string[]>();
  if (companyIds.length === 0) return byCompany;
  const admins = await tx
    .select({ companyId: users.companyId, emailAddress: users.emailAddress })
    .from(users)
    .where(and(inArray(users.companyId, [...companyIds]), eq(users.approved, true), sql`lower(trim(${users.role})) = 'admin'`));
  for (const { companyId, emailAddress } of admins) byCompany.set(companyId!, [...(byCompany.get(companyId!) ?? []), emailAddress]);
  return byCompany;
}
