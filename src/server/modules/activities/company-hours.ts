import { eq, sql } from 'drizzle-orm';
import type { activities } from '../../../../drizzle/schema.js';
import { hourShareOf } from '../../../shared/hour-balance.js';
import type { Tx } from '../../db.js';
import { systemClock, type Clock } from '../../lib/clock.js';

/*
 * Each company keeps its hour balance and its pending hours on its own row, so that the Company
 * List can filter and sort by them on an index instead of summing the whole ledger per call.
 * Every ledger write passes the entry as it was and as it is now; the difference is added to the
 * company (or companies, when the entry moved) in the same transaction, and whoever watches the
 * ledger's balances (the low-balance alerts, passed in by the write's caller) hears of each change
 * there too, whatever its cause.
 */

/** A company's stored balance moved from `was` to `is` hundredths. */
export type BalanceChange = { companyId: string; was: number; is: number };
/** Told of a company's balance before and after a change, inside the change's transaction. */
export type BalanceWatcher = (tx: Tx, change: BalanceChange) => Promise<void>;

/**
 * What a ledger write needs besides its transaction: who hears of the balance changes it makes (the
 * low-balance alerts), and the time, which says whether a block's expiry is due (blocks.ts).
 */
export type LedgerDeps = { balanceWatcher: BalanceWatcher; clock: Clock };

/** For writes that change no balance anyone watches: data seeded as if it had always been there. */
export const unwatchedLedger: LedgerDeps = { balanceWatcher: async () => {}, clock: systemClock };

type Entry = Pick<typeof activities.$inferSelect, 'companyId' | 'activityType' | 'status' | 'hundredths'>;

async function addToCompany(deps: LedgerDeps, tx: Tx, companyId: string, balance: number, pending: number): Promise<void> {
  if (balance === 0 && pending === 0) return;
  const { companies } = tx.t;
  const [updated] = await tx
    .update(companies)
    .set({
      balanceHundredths: sql`${companies.balanceHundredths} + ${balance}`,
      pendingHundredths: sql`${companies.pendingHundredths} + ${pending}`,
    })
    .where(eq(companies.id, companyId))
    .returning({ is: companies.balanceHundredths });
  if (!updated || balance === 0) return;
  await deps.balanceWatcher(tx, { companyId, was: updated.is - balance, is: updated.is });
}

const NO_SHARE = { balance: 0, pending: 0 };

/** Moves the company figures from the entry as it was (none when new) to the entry as it is (none when removed). */
export async function keepCompanyHours(deps: LedgerDeps, tx: Tx, before: Entry | undefined, after: Entry | undefined): Promise<void> {
  const was = before ? hourShareOf(before) : NO_SHARE;
  const is = after ? hourShareOf(after) : NO_SHARE;
  if (before && after && before.companyId === after.companyId) {
    await addToCompany(deps, tx, after.companyId, is.balance - was.balance, is.pending - was.pending);
    return;
  }
  if (before) await addToCompany(deps, tx, before.companyId, -was.balance, -was.pending);
  if (after) await addToCompany(deps, tx, after.companyId, is.balance, is.pending);
}
