import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, ne, sql } from 'drizzle-orm';
import { companies, sessions, users } from '../../../../drizzle/schema.js';
import type { Db, Tx } from '../../db.js';
import { newId } from '../../lib/ids.js';
import { mappedRows, preparedPerDb } from '../../lib/prepared.js';
import type { LoginOutput } from '../../../shared/account.js';
import type { Actor } from './actor.js';
import { rolesOf } from '../../../shared/roles.js';

/*
 * Sessions as the Lucia guide lays them out: the token is "<id>.<secret>", both 120 random bits;
 * only the SHA-256 of the secret is stored and compared in constant time. Sessions last 30 days
 * and are pushed out again once half of that has passed.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;

const encoder = new TextEncoder();

function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(encoder.encode(secret)));
}

export function createSession(tx: Tx, userId: string, now: Date): { token: string; expiresAt: Date } {
  const id = newId();
  const secret = newId();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  tx.insert(sessions)
    .values({ id, secretHash: hashSecret(secret), userId, createdAt: now, expiresAt })
    .run();
  return { token: `${id}.${secret}`, expiresAt };
}

/** Opens a session for a user who has proved who they are; the answer of a successful sign-in. */
export function signIn(
  tx: Tx,
  user: { id: string; firstName: string; lastName: string; role: string },
  now: Date,
): LoginOutput {
  const { token } = createSession(tx, user.id, now);
  return {
    token,
    name: `${user.firstName} ${user.lastName}`,
    userId: user.id,
    role: user.role,
    ...rolesOf(user.role),
  };
}

const sessionColumns = {
  secretHash: sessions.secretHash,
  expiresAt: sessions.expiresAt,
  userId: users.id,
  companyId: users.companyId,
  firstName: users.firstName,
  lastName: users.lastName,
  emailAddress: users.emailAddress,
  role: users.role,
  approved: users.approved,
  companyName: companies.companyName,
};

/** The session with what the actor needs of its user; compiled once, as every signed-in call runs it. */
const sessionById = preparedPerDb((db) =>
  mappedRows(
    db
      .select(sessionColumns)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(eq(sessions.id, sql.placeholder('id')))
      .prepare(),
    sessionColumns,
  ),
);

/**
 * The actor behind a token, or null. Reads only, except twice in a session's life: an expired
 * session is deleted, and one past half its lifetime is extended once.
 */
export function validateSessionToken(db: Db, token: string, now: Date): Actor | null {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined) return null;
  const [row] = sessionById(db)({ id });
  if (!row) return null;
  const stored = encoder.encode(row.secretHash);
  const given = encoder.encode(hashSecret(secret));
  if (!constantTimeEqual(stored, given)) return null;
  if (now.getTime() >= row.expiresAt.getTime()) {
    db.delete(sessions).where(eq(sessions.id, id)).run();
    return null;
  }
  if (!row.approved) return null;
  if (row.expiresAt.getTime() - now.getTime() < SESSION_LIFETIME_MS / 2) {
    db.update(sessions)
      .set({ expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) })
      .where(eq(sessions.id, id))
      .run();
  }
  return {
    sessionId: id,
    userId: row.userId,
    companyId: row.companyId,
    companyName: row.companyName,
    firstName: row.firstName,
    lastName: row.lastName,
    emailAddress: row.emailAddress,
    role: row.role,
    ...rolesOf(row.role),
  };
}

export function invalidateSession(tx: Tx, sessionId: string): void {
  tx.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

/** Ends every session of the user, except the one given (the caller's own, on a password change). */
export function invalidateUserSessions(tx: Tx, userId: string, keepSessionId?: string): void {
  const ofUser = eq(sessions.userId, userId);
  tx.delete(sessions)
    .where(keepSessionId ? and(ofUser, ne(sessions.id, keepSessionId)) : ofUser)
    .run();
}
