import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { isNewEmailAddress } from '../../../shared/account.js';
import { AppError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { signJwt, verifyJwtSignature } from '../../lib/jwt.js';

/*
 * Reset and set-password links carry a signed JWT; a row per token makes each single-use, and
 * setting a new password or a new email address revokes every other link of the user at once (revokedAt).
 */
export type LinkPurpose = 'reset' | 'set-password';

/** Where a reset or set-password link opens the SPA; its token follows. */
export const PASSWORD_LINK_PATH = '/reset-password/';

const HOUR_MS = 60 * 60 * 1000;
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  reset: HOUR_MS,
  'set-password': 7 * 24 * HOUR_MS,
};

export const INVALID_TOKEN = 'Invalid token.';
export const EXPIRED_TOKEN = 'Token expired. Please request a new link.';
export const USED_TOKEN = 'This link has already been used. Please request a new link.';
export const REVOKED_TOKEN =
  'This link is no longer valid: a newer link has been sent, or the password or email address has been changed since. Please use the newest link, or request a new one.';

/**
 * Creates a single-use link for the user and returns its URL. Only the newest link works: the
 * user's older unused links end here, so one forwarded or leaked email is not good for days, and
 * the link traded by resend-link cannot be traded again.
 */
export async function issuePasswordLink(tx: Tx, deps: AppDeps, userId: string, purpose: LinkPurpose): Promise<string> {
  const { passwordTokens } = tx.t;
  const now = deps.clock.now();
  await revokeUserLinks(tx, userId, now);
  const id = newId();
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS[purpose]);
  await tx.insert(passwordTokens).values({ id, userId, purpose, createdAt: now, expiresAt });
  const token = signJwt(deps.linkSigningKey, {
    sub: userId,
    jti: id,
    purpose,
    iat: Math.floor(now.getTime() / 1000),
    exp: Math.floor(expiresAt.getTime() / 1000),
  });
  return `${deps.config.appUrl}${PASSWORD_LINK_PATH}${token}`;
}

export type GenuineLink = {
  tokenId: string;
  userId: string;
  purpose: LinkPurpose;
  expired: boolean;
  used: boolean;
  revoked: boolean;
};

/** Checks the signature and the token's record; expiry and use are reported, not thrown. */
export async function readPasswordLink(tx: Tx, deps: AppDeps, token: string): Promise<GenuineLink> {
  const payload = verifyJwtSignature(deps.linkSigningKey, token);
  if (!payload) throw new AppError('BAD_REQUEST', INVALID_TOKEN);
  const { passwordTokens } = tx.t;
  const [row] = await tx.select().from(passwordTokens).where(eq(passwordTokens.id, payload.jti));
  if (!row || row.userId !== payload.sub) throw new AppError('BAD_REQUEST', INVALID_TOKEN);
  return {
    tokenId: row.id,
    userId: row.userId,
    purpose: row.purpose,
    expired: deps.clock.now().getTime() >= row.expiresAt.getTime(),
    used: row.usedAt !== null,
    revoked: row.revokedAt !== null,
  };
}

/** A used or revoked link may neither set a password nor be traded for a fresh one. */
export function refuseSpentLink(link: GenuineLink): void {
  if (link.used) throw new AppError('BAD_REQUEST', USED_TOKEN);
  if (link.revoked) throw new AppError('BAD_REQUEST', REVOKED_TOKEN);
}

export async function markLinkUsed(tx: Tx, tokenId: string, now: Date): Promise<void> {
  const { passwordTokens } = tx.t;
  await tx.update(passwordTokens).set({ usedAt: now }).where(eq(passwordTokens.id, tokenId));
}

/** Ends every link of the user not yet used; called wherever the user's password is set. */
export async function revokeUserLinks(tx: Tx, userId: string, now: Date): Promise<void> {
  const { passwordTokens } = tx.t;
  await tx
    .update(passwordTokens)
    .set({ revokedAt: now })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt), isNull(passwordTokens.revokedAt)));
}

/**
 * A new sign-in address ends every link mailed to the old one, whoever changes it: whoever still
 * reads the old mailbox must not be able to set the password. A change of letter case is the same
 * mailbox, and no change.
 */
export async function revokeLinksOnNewAddress(tx: Tx, user: { id: string; emailAddress: string }, newAddress: string, now: Date): Promise<void> {
  if (isNewEmailAddress(user.emailAddress, newAddress)) await revokeUserLinks(tx, user.id, now);
}
