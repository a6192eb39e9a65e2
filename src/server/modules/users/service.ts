import { desc, eq } from 'drizzle-orm';
import { companies, users } from '../../../../drizzle/schema.js';
import type { UserDto } from '../../../shared/users.js';
import { inTransaction, type Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { activationEmail } from '../../mail/templates.js';
import { issuePasswordLink } from '../account/links.js';
import { sendPasswordLink } from '../account/service.js';
import { getUser } from './lookup.js';

const userColumns = { user: users, companyName: companies.companyName };

function toDto(row: { user: typeof users.$inferSelect; companyName: string | null }): UserDto {
  const { user } = row;
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    emailAddress: user.emailAddress,
    company: user.companyId,
    companyName: row.companyName,
    role: user.role,
    approved: user.approved,
    hasPassword: user.passwordHash !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

function userRows(tx: Tx) {
  return tx.select(userColumns).from(users).leftJoin(companies, eq(companies.id, users.companyId));
}

export function listAllUsers(deps: AppDeps): UserDto[] {
  return userRows(deps.db).orderBy(desc(users.createdAt), desc(users.id)).all().map(toDto);
}

export function findUserDto(tx: Tx, userId: string): UserDto {
  const row = userRows(tx).where(eq(users.id, userId)).get();
  if (!row) throw notFound('User');
  return toDto(row);
}

/** Approves the user and emails them; one without a password gets a set-password link in it. */
export function activateUser(deps: AppDeps, userId: string): UserDto {
  return inTransaction(deps.db, (tx) => {
    const user = getUser(tx, userId);
    if (!user) throw notFound('User');
    tx.update(users).set({ approved: true }).where(eq(users.id, userId)).run();
    const setPasswordUrl = user.passwordHash
      ? undefined
      : issuePasswordLink(tx, deps, user.id, 'set-password');
    deps.outbox.enqueue(tx, {
      to: [user.emailAddress],
      ...activationEmail(deps.config.provider, {
        ...user,
        signInUrl: `${deps.config.appUrl}/signin`,
        setPasswordUrl,
      }),
    });
    return findUserDto(tx, userId);
  });
}

export function sendSetPasswordEmail(deps: AppDeps, userId: string): { message: string } {
  return inTransaction(deps.db, (tx) => {
    const user = getUser(tx, userId);
    if (!user) throw notFound('User');
    sendPasswordLink(tx, deps, user, 'set-password');
    return { message: `A set-password link has been emailed to ${user.emailAddress}.` };
  });
}
