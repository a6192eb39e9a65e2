import { and, eq, ne, sql } from 'drizzle-orm';
import { users } from '../../../../drizzle/schema.js';
import type { Tx } from '../../db.js';
import { AppError } from '../../errors.js';

/** Email addresses are unique regardless of letter case (the index is on lower(email_address)). */
export function findUserByEmail(tx: Tx, emailAddress: string) {
  return tx
    .select()
    .from(users)
    .where(sql`lower(${users.emailAddress}) = lower(${emailAddress.trim()})`)
    .get();
}

export const EMAIL_TAKEN = 'An account with this email address already exists.';

export function assertEmailFree(tx: Tx, emailAddress: string, exceptUserId?: string): void {
  const sameEmail = sql`lower(${users.emailAddress}) = lower(${emailAddress.trim()})`;
  const clash = tx
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(sameEmail, ne(users.id, exceptUserId)) : sameEmail)
    .get();
  if (clash) throw new AppError('CONFLICT', EMAIL_TAKEN, 'emailAddress');
}

export function getUser(tx: Tx, userId: string) {
  return tx.select().from(users).where(eq(users.id, userId)).get();
}

/** Who a user is, as every answer that shows a user starts: id, names and email address. */
export function personOf(user: typeof users.$inferSelect) {
  return { _id: user.id, firstName: user.firstName, lastName: user.lastName, emailAddress: user.emailAddress };
}
