import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { signJwt, verifyJwtSignature } from '../../lib/jwt.js';

/*
 * The second step of sign-in carries a signed token saying "this user gave the right password a
 * moment ago". It holds no session and works only with a valid code, so it needs no row of its
 * own; its purpose keeps it from passing for a password link and the other way round.
 *
 * It names the password it was given for, as a keyed hash of the stored password hash: each
 * password set (reset, change, the super-admin bootstrap) stores a hash with a fresh salt, so a
 * challenge issued before it no longer matches and cannot finish signing in after it.
 */
const PURPOSE = 'two-factor';
export const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;
export const CHALLENGE_EXPIRED = 'Your sign-in has timed out. Please sign in again.';

type ChallengedUser = { id: string; passwordHash: string | null };

/** Stands for the password without revealing anything of it (the key lives outside the database). */
function passwordStamp(deps: AppDeps, passwordHash: string | null): string {
  return createHmac('sha256', deps.linkSigningKey).update(`two-factor challenge\0${passwordHash ?? ''}`).digest('base64url');
}

export function issueChallenge(deps: AppDeps, user: ChallengedUser): string {
  const now = deps.clock.now().getTime();
  return signJwt(deps.linkSigningKey, {
    sub: user.id,
    jti: newId(),
    purpose: PURPOSE,
    iat: Math.floor(now / 1000),
    exp: Math.floor((now + CHALLENGE_LIFETIME_MS) / 1000),
    stamp: passwordStamp(deps, user.passwordHash),
  });
}

/** Whom the challenge is for, and the stamp of the password it was issued under. */
export type Challenge = { userId: string; stamp: string };

/** The user the challenge was issued to; throws when it is forged, of another kind or expired. */
export function readChallenge(deps: AppDeps, challenge: string): Challenge {
  const payload = verifyJwtSignature(deps.linkSigningKey, challenge);
  const nowSeconds = deps.clock.now().getTime() / 1000;
  if (!payload || payload.purpose !== PURPOSE || nowSeconds >= payload.exp || typeof payload.stamp !== 'string') {
    throw new AppError('BAD_REQUEST', CHALLENGE_EXPIRED);
  }
  return { userId: payload.sub, stamp: payload.stamp };
}

/** Throws when the user's password has been set since the challenge was issued. */
export function refuseOutdatedChallenge(deps: AppDeps, challenge: Challenge, user: ChallengedUser): void {
  const current = Buffer.from(passwordStamp(deps, user.passwordHash));
  const issued = Buffer.from(challenge.stamp);
  if (current.length !== issued.length || !timingSafeEqual(current, issued)) throw new AppError('BAD_REQUEST', CHALLENGE_EXPIRED);
}
