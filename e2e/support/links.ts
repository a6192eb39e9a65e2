import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../src/server/db.js';
import { newId } from '../../src/server/lib/ids.js';
import { signJwt } from '../../src/server/lib/jwt.js';

/*
 * Password links made by hand, the way the server makes them (src/server/modules/account/links.ts):
 * an HS256 JWT signed with DATA_DIR/link-signing.key, plus its single-use row in password_tokens.
 */

const HOUR_MS = 60 * 60 * 1000;

/** The server's link-signing key (the test server sets no SESSION_SECRET). */
export function readLinkSigningKey(dataDir: string): Uint8Array {
  return Buffer.from(fs.readFileSync(path.join(dataDir, 'link-signing.key'), 'utf8').trim(), 'hex');
}

export type LinkTimes = {
  /** The JWT's exp claim, as a date (stored in seconds). */
  tokenExpiresAt: Date;
  /** The password_tokens row's expiresAt; defaults to tokenExpiresAt. */
  rowExpiresAt?: Date;
};

/** A genuine reset token for the user: signed with the server's key and backed by a row. */
export async function genuineResetToken(db: Tx, dataDir: string, userId: string, times: LinkTimes): Promise<string> {
  const { passwordTokens } = db.t;
  const id = newId();
  const rowExpiresAt = times.rowExpiresAt ?? times.tokenExpiresAt;
  const createdAt = new Date(Math.min(rowExpiresAt.getTime(), times.tokenExpiresAt.getTime()) - HOUR_MS);
  await db.transaction((tx) => tx.insert(passwordTokens).values({ id, userId, purpose: 'reset', createdAt, expiresAt: rowExpiresAt }));
  return signJwt(readLinkSigningKey(dataDir), {
    sub: userId,
    jti: id,
    purpose: 'reset',
    iat: Math.floor(createdAt.getTime() / 1000),
    exp: Math.floor(times.tokenExpiresAt.getTime() / 1000),
  });
}

/** A well-formed token with the given exp whose signature is not the server's. */
export function forgedToken(tokenExpiresAt: Date): string {
  const key = new TextEncoder().encode('not the server key, not at all...');
  return signJwt(key, {
    sub: newId(),
    jti: newId(),
    purpose: 'reset',
    iat: Math.floor(tokenExpiresAt.getTime() / 1000) - 3600,
    exp: Math.floor(tokenExpiresAt.getTime() / 1000),
  });
}

/** Moves a token's row expiry (found through the JWT's jti) to the given time. */
export async function expireTokenRow(db: Tx, token: string, expiresAt: Date): Promise<void> {
  const { passwordTokens } = db.t;
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { jti: string };
  await db.transaction((tx) => tx.update(passwordTokens).set({ expiresAt }).where(eq(passwordTokens.id, payload.jti)));
}

export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR_MS);
