import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, ne } from 'drizzle-orm';
import { companies, sessions, users } from '../../../../drizzle/schema.js';
import type { Db, Tx } from '../../db.js';
import { newId } from '../../lib/ids.js';
import { rolesOf } from '../../../shared/roles.js';

/*
 * Sessions as the Lucia guide lays them out: the token is "<id>.<secret>", both 120 random bits;
 * only the SHA-256 of the secret is stored and compared in constant time. Sessions last 30 days
 * and are pushed out again once half of that has passed.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;

export type Actor = {
  sessionId: string;
  userId: string;
  companyId: string | null;
  companyName: string | null;
  firstName: string;
  lastName: string;
  emailAddress: string;
  role: string;
  isAdmin: boolean;
  isSuperAdmin: boolean;
};

function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));
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

export function validateSessionToken(db: Db, token: string, now: Date): Actor | null {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined) return null;
  const row = db
    .select({
      session: sessions,
      user: users,
      companyName: companies.companyName,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.id, id))
    .get();
  if (!row) return null;
  const stored = new TextEncoder().encode(row.session.secretHash);
  const given = new TextEncoder().encode(hashSecret(secret));
  if (!constantTimeEqual(stored, given)) return null;
  if (now.getTime() >= row.session.expiresAt.getTime()) {
    db.delete(sessions).where(eq(sessions.id, id)).run();
    return null;
  }
  if (!row.user.approved) return null;
  if (row.session.expiresAt.getTime() - now.getTime() < SESSION_LIFETIME_MS / 2) {
    db.update(sessions)
      .set({ expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) })
      .where(eq(sessions.id, id))
      .run();
  }
  return {
    sessionId: id,
    userId: row.user.id,
    companyId: row.user.companyId,
    companyName: row.companyName,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    emailAddress: row.user.emailAddress,
    role: row.user.role,
    ...rolesOf(row.user.role),
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
