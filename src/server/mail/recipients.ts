import { eq } from 'drizzle-orm';
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
