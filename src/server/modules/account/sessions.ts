import { hash, timingSafeEqual } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { plainRows, plainSelect, preparedPer, type RowOf } from '../../lib/prepared.js';
import type { Db, Tx } from '../../db.js';
import { newId } from '../../lib/ids.js';
import type { LoginOutput } from '../../../shared/account.js';
import type { Actor } from './actor.js';
import { rolesOf } from '../../../shared/roles.js';
import { recordEvent } from '../events/service.js';
import { userEvent } from '../users/events.js';
import { userSource } from './sign-in-events.js';

/*
 * Sessions as the Lucia guide lays them out: the token is "<id>.<secret>", both 120 random bits;
 * only the SHA-256 of the secret is stored and compared in constant time. Sessions last 30 days
 * and are pushed out again once half of that has passed.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;

/** The secret's SHA-256 in lowercase hex. Node's own hash: every signed-in call takes one, and a JavaScript SHA-256 cost 8 µs more. */
function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** Whether the secret hashes to the stored hash, compared in constant time. */
function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret));
  const stored = Buffer.from(storedHash);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/** A new session of the user, written in `tx`'s transaction, or in one of its own when given the database. */
export async function createSession(tx: Tx, userId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const { sessions } = tx.t;
  const id = newId();
  const secret = newId();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await tx.transaction(async (write) => {
    await write.insert(sessions).values({ id, secretHash: hashSecret(secret), userId, createdAt: now, expiresAt });
  });
  return { token: `${id}.${secret}`, expiresAt };
}

/**
 * Opens a session for a user who has proved who they are, from the address `ip`, and records it
 * (sign_in.succeeded, by the user); the answer of a successful sign-in.
 */
export async function signIn(
  tx: Tx,
  user: { id: string; companyId: string | null; firstName: string; lastName: string; emailAddress: string; role: string },
  now: Date,
  ip: string,
): Promise<LoginOutput> {
  const { token } = await createSession(tx, user.id, now);
  await recordEvent(tx, userSource(user, ip), now, userEvent('sign_in.succeeded', user));
  return {
    token,
    name: `${user.firstName} ${user.lastName}`,
    userId: user.id,
    role: user.role,
    ...rolesOf(user.role),
  };
}

/** The session with what the actor needs of its user (their profile): every signed-in call reads it. */
const sessionById = preparedPer((db: Db) => {
  const { sessions, users, companies } = db.t;
  const fields = {
    secretHash: sessions.secretHash,
    expiresAt: sessions.expiresAt,
    userId: users.id,
    companyId: users.companyId,
    firstName: users.firstName,
    lastName: users.lastName,
    emailAddress: users.emailAddress,
    mobile: users.mobile,
    role: users.role,
    approved: users.approved,
    companyName: companies.companyName,
  };
  const statement = db
    .select(fields)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare();
  return plainSelect(statement, fields);
});

type SessionRow = RowOf<ReturnType<typeof sessionById>>;

/** How a signed-in call reads its session (and its user) by the session's id. */
export type SessionReader = (db: Db, id: string) => Promise<SessionRow | undefined>;

/** The session as the database holds it now. */
export const readSession: SessionReader = async (db, id) => (await plainRows(db, sessionById(db), { id }))[0];

/** How many looked-up sessions recentSessions keeps at most, by default; the oldest kept goes first. */
export const RECENT_SESSIONS = 10_000;

type RecentOptions = { maxAgeMs: number; most?: number; clock?: () => number };

/**
 * readSession, each looked-up session kept for up to `maxAgeMs` (`most` of them at most) and read
 * again once the process has committed anything since (`commits` counts its transactions). For
 * several processes on one PostgreSQL database, where each lookup is a round trip to the server: a
 * session ended or a user changed by another process is seen there within `maxAgeMs`, by this one
 * at once.
 */
export function recentSessions(commits: () => number, { maxAgeMs, most = RECENT_SESSIONS, clock = Date.now }: RecentOptions): SessionReader {
  const kept = new Map<string, { row: SessionRow | undefined; commits: number; readAt: number }>();
  return async (db, id) => {
    const last = kept.get(id);
    if (last && last.commits === commits() && clock() - last.readAt < maxAgeMs) return last.row;
    // counted before the read: a commit that lands while it runs leaves the row it read stale
    const before = { commits: commits(), readAt: clock() };
    const row = await readSession(db, id);
    kept.delete(id);
    kept.set(id, { row, ...before });
    if (kept.size > most) kept.delete(kept.keys().next().value!);
    return row;
  };
}

/**
 * The actor behind a token, or null. Reads only, except twice in a session's life: an expired
 * session is deleted, and one past half its lifetime is extended once.
 */
export async function validateSessionToken(db: Db, token: string, now: Date, read: SessionReader): Promise<Actor | null> {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined) return null;
  const row = await read(db, id);
  if (!row) return null;
  if (!secretMatches(secret, row.secretHash)) return null;
  const { sessions } = db.t;
  if (now.getTime() >= row.expiresAt.getTime()) {
    await db.transaction(async (tx) => {
      await tx.delete(sessions).where(eq(sessions.id, id));
    });
    return null;
  }
  if (!row.approved) return null;
  if (row.expiresAt.getTime() - now.getTime() < SESSION_LIFETIME_MS / 2) {
    await db.transaction(async (tx) => {
      await tx
        .update(sessions)
        .set({ expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) })
        .where(eq(sessions.id, id));
    });
  }
  return {
    sessionId: id,
    userId: row.userId,
    companyId: row.companyId,
    companyName: row.companyName,
    firstName: row.firstName,
    lastName: row.lastName,
    emailAddress: row.emailAddress,
    mobile: row.mobile,
    role: row.role,
    ...rolesOf(row.role),
  };
}

export async function invalidateSession(tx: Tx, sessionId: string): Promise<void> {
  const { sessions } = tx.t;
  await tx.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user, except the one given (the caller's own, on a password change). */
export async function invalidateUserSessions(tx: Tx, userId: string, keepSessionId?: string): Promise<void> {
  const { sessions } = tx.t;
  const ofUser = eq(sessions.userId, userId);
  await tx.delete(sessions).where(keepSessionId ? and(ofUser, ne(sessions.id, keepSessionId)) : ofUser);
}
