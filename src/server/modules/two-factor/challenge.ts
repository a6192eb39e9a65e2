import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { signJwt, verifyJwtSignature } from '../../lib/jwt.js';

/*
 * The second step of sign-in carries a signed token saying "this user gave the right password a
 * moment ago". It holds no session and works only with a valid code, so it needs no row of its
 * own; its purpose keeps it from passing for a password link and the other way round.
 */
const PURPOSE = 'two-factor';
export const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;
export const CHALLENGE_EXPIRED = 'Your sign-in has timed out. Please sign in again.';

export function issueChallenge(deps: AppDeps, userId: string): string {
  const now = deps.clock.now().getTime();
  return signJwt(deps.linkSigningKey, {
    sub: userId,
    jti: newId(),
    purpose: PURPOSE,
    iat: Math.floor(now / 1000),
    exp: Math.floor((now + CHALLENGE_LIFETIME_MS) / 1000),
  });
}

/** The user the challenge was issued to; throws when it is forged, of another kind or expired. */
export function challengedUserId(deps: AppDeps, challenge: string): string {
  const payload = verifyJwtSignature(deps.linkSigningKey, challenge);
  const nowSeconds = deps.clock.now().getTime() / 1000;
  if (!payload || payload.purpose !== PURPOSE || nowSeconds >= payload.exp) {
    throw new AppError('BAD_REQUEST', CHALLENGE_EXPIRED);
  }
  return payload.sub;
}
