import { and, eq, isNotNull, notExists, sql } from 'drizzle-orm';
import { preparedPer } from '../../lib/prepared.js';
import type { TwoFactorPolicy } from '../../../shared/two-factor.js';
import type { Db, Tx } from '../../db.js';

/*
 * The super-admin's switch that makes two-factor sign-in compulsory for super-admins. It is a row
 * of the settings table rather than an environment value, so it is changed in the app and takes
 * effect at once, without a restart.
 */
const KEY = 'requireTwoFactorForSuperAdmins';

export const ENROL_FIRST =
  'Two-factor sign-in is required for super-admins. Set it up on My Account before using the back office.';

export async function readPolicy(db: Tx): Promise<TwoFactorPolicy> {
  const { settings } = db.t;
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  return { requireForSuperAdmins: row?.value === 'true' };
}

export async function writePolicy(tx: Tx, policy: TwoFactorPolicy): Promise<void> {
  const { settings } = tx.t;
  const value = JSON.stringify(policy.requireForSuperAdmins);
  await tx.insert(settings).values({ key: KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

/**
 * Whether the policy keeps this super-admin out of the back office until they set it up. One
 * indexed read: every back-office call of a super-admin asks it, reading the policy from the
 * database each time, so a change made by any process holds at once in every other.
 */
export async function mustEnrolFirst(db: Db, userId: string): Promise<boolean> {
  return (await enrolmentMissing(db).execute({ userId })).length > 0;
}

const enrolmentMissing = preparedPer((db) => {
  const { settings, twoFactor } = db.t;
  const enrolled = db
    .select({ one: sql`1` })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, sql.placeholder('userId')), isNotNull(twoFactor.enabledAt)));
  return db
    .select({ required: sql`1` })
    .from(settings)
    .where(and(eq(settings.key, KEY), eq(settings.value, 'true'), notExists(enrolled)))
    .prepare();
});
