import { and, eq, sql } from 'drizzle-orm';
import { users } from '../../../drizzle/schema.js';
import type { Tx } from '../db.js';
import type { Config } from '../config.js';

/** Where provider notices go: PROVIDER_EMAIL when set, otherwise every super-admin. */
export function providerRecipients(tx: Tx, config: Config): string[] {
  if (config.provider.email) return [config.provider.email];
  return tx
    .select({ emailAddress: users.emailAddress })
    .from(users)
    .where(eq(users.role, 'superadmin'))
    .all()
    .map((user) => user.emailAddress);
}

/** Where client emails go: every approved user of the company. */
export function companyRecipients(tx: Tx, companyId: string): string[] {
  return tx
    .select({ emailAddress: users.emailAddress })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.approved, true)))
    .all()
    .map((user) => user.emailAddress);
}

/** The company's admins: its approved users whose role is admin (read as rolesOf reads it). */
export function companyAdminRecipients(tx: Tx, companyId: string): string[] {
  return tx
    .select({ emailAddress: users.emailAddress })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.approved, true), sql`lower(trim(${users.role})) = 'admin'`))
    .all()
    .map((user) => user.emailAddress);
}
