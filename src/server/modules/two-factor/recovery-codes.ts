import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { twoFactorRecoveryCodes } from '../../../../drizzle/schema.js';
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
export function issueRecoveryCodes(tx: Tx, userId: string): string[] {
  tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId)).run();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  tx.insert(twoFactorRecoveryCodes)
    .values(codes.map((code) => ({ id: newId(), userId, codeHash: hashCode(code) })))
    .run();
  return codes;
}

/** Spends the code if it is one of the user's unused ones; says whether it was. */
export function useRecoveryCode(tx: Tx, userId: string, typed: string, now: Date): boolean {
  const result = tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, hashCode(typed)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .run();
  return result.changes > 0;
}

export function recoveryCodesLeft(db: Db, userId: string): number {
  const row = db
    .select({ count: sql<number>`count(*)` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)))
    .get();
  return row?.count ?? 0;
}
