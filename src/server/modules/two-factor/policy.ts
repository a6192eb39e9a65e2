import { eq } from 'drizzle-orm';
import { settings } from '../../../../drizzle/schema.js';
import type { TwoFactorPolicy } from '../../../shared/two-factor.js';
import type { Db, Tx } from '../../db.js';
import { preparedPerDb } from '../../lib/prepared.js';

/*
 * The super-admin's switch that makes two-factor sign-in compulsory for super-admins. It is a row
 * of the settings table rather than an environment value, so it is changed in the app and takes
 * effect at once, without a restart.
 */
const KEY = 'requireTwoFactorForSuperAdmins';

export const ENROL_FIRST =
  'Two-factor sign-in is required for super-admins. Set it up on My Account before using the back office.';

export function readPolicy(db: Tx): TwoFactorPolicy {
  const row = db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY)).get();
  return { requireForSuperAdmins: row?.value === 'true' };
}

export function writePolicy(tx: Tx, policy: TwoFactorPolicy): void {
  const value = JSON.stringify(policy.requireForSuperAdmins);
  tx.insert(settings).values({ key: KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } }).run();
}

/**
 * One indexed read, compiled once: every back-office call of a super-admin asks it, reading the
 * policy from the database each time, so a change made by any process holds at once in every other.
 */
const mustEnrolStatement = preparedPerDb((db) =>
  db.$client.prepare<[string, string], { required: number }>(
    `select 1 as required from settings
      where key = ? and value = 'true'
        and not exists (select 1 from two_factor where user_id = ? and enabled_at is not null)`,
  ),
);

/** Whether the policy keeps this super-admin out of the back office until they set it up. */
export function mustEnrolFirst(db: Db, userId: string): boolean {
  return mustEnrolStatement(db).get(KEY, userId) !== undefined;
}
