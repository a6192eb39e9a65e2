import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, count, eq, isNull } from 'drizzle-orm';
import { normalizeCode, RECOVERY_CODE_COUNT } from '../../../shared/two-factor.js';
import type { Db, Tx } from '../../db.js';
import { newId } from '../../lib/ids.js';

/*
 * Recovery codes carry 50 random bits each, far too many to guess, so a plain SHA-256 is enough
 * to keep them from being read back out of the database. Each works once.
 */
const encoder = new TextEncoder();

function hashCode(typed: string): string {
  return encodeHexLowerCase(sha256(encoder.encode(normalizeCode(typed))));
}

function newRecoveryCode(): string {
  const bytes = new Uint8Array(7);
  crypto.getRandomValues(bytes);
  const text = encodeBase32LowerCaseNoPadding(bytes).slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** Replaces the user's codes with a fresh set and returns them, the only time they are seen. */
export async function issueRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const { twoFactorRecoveryCodes } = tx.t;
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ id: newId(), userId, codeHash: hashCode(code) })));
  return codes;
}

/** Spends the code if it is one of the user's unused ones; says whether it was. */
export async function useRecoveryCode(tx: Tx, userId: string, typed: string, now: Date): Promise<boolean> {
  const { twoFactorRecoveryCodes } = tx.t;
  const spent = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, hashCode(typed)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return spent.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const { twoFactorRecoveryCodes } = db.t;
  const [row] = await db
    .select({ count: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.count ?? 0;
}
