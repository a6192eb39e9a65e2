import { and, eq, ne, sql } from 'drizzle-orm';
import type { users } from '../../../../drizzle/schema.js';
import type { Tx } from '../../db.js';
import { AppError } from '../../errors.js';

type User = typeof users.$inferSelect;

/** Email addresses are unique regardless of letter case (the index is on lower(email_address)). */
export async function findUserByEmail(tx: Tx, emailAddress: string): Promise<User | undefined> {
  const { users } = tx.t;
  const [user] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.emailAddress}) = lower(${emailAddress.trim()})`);
  return user;
}

export const EMAIL_TAKEN = 'An account with this email address already exists.';

export async function assertEmailFree(tx: Tx, emailAddress: string, exceptUserId?: string): Promise<void> {
  const { users } = tx.t;
  const sameEmail = sql`lower(${users.emailAddress}) = lower(${emailAddress.trim()})`;
  const [clash] = await tx
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(sameEmail, ne(users.id, exceptUserId)) : sameEmail)
    .limit(1);
  if (clash) throw new AppError('CONFLICT', EMAIL_TAKEN, 'emailAddress');
}

export async function getUser(tx: Tx, userId: string): Promise<User | undefined> {
  const { users } = tx.t;
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  return user;
}

/** Who a user is, as every answer that shows a user starts: id, names and email address. */
export function personOf(user: User) {
  return { _id: user.id, firstName: user.firstName, lastName: user.lastName, emailAddress: user.emailAddress };
}
