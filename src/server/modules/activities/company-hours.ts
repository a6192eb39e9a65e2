import { eq, inArray, sql } from 'drizzle-orm';
import type { activities } from '../../../../drizzle/schema.js';
import { hourShareOf } from '../../../shared/hour-balance.js';
import type { Tx } from '../../db.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { valueByKey } from '../../lib/many-rows.js';

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
/** Told of companies' balances before and after changes, in the order made, inside the changes' transaction. */
export type BalanceWatcher = (tx: Tx, changes: readonly BalanceChange[]) => Promise<void>;

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
  await deps.balanceWatcher(tx, [{ companyId, was: updated.is - balance, is: updated.is }]);
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

/** Companies changed per statement by addToCompanies. */
const COMPANY_BATCH = 500;

/**
 * Adds each entry's share to its company's figures, many entries at once: one statement per few
 * hundred companies, and one call of the watcher for every balance that moved. For writes of many
 * new entries (the expiry run), where addToCompany per entry would cost a statement each.
 */
export async function addEntriesToCompanies(deps: LedgerDeps, tx: Tx, entries: readonly Entry[]): Promise<void> {
  const totals = new Map<string, { balance: number; pending: number }>();
  for (const entry of entries) {
    const share = hourShareOf(entry);
    const total = totals.get(entry.companyId) ?? { balance: 0, pending: 0 };
    totals.set(entry.companyId, { balance: total.balance + share.balance, pending: total.pending + share.pending });
  }
  const moved = [...totals].filter(([, total]) => total.balance !== 0 || total.pending !== 0);
  const changes: BalanceChange[] = [];
  for (let at = 0; at < moved.length; at += COMPANY_BATCH) {
    const batch = moved.slice(at, at + COMPANY_BATCH);
    const { companies } = tx.t;
    const updated = await tx
      .update(companies)
      .set({
        balanceHundredths: sql`${companies.balanceHundredths} + ${valueByKey(companies.id, batch.map(([id, total]) => [id, total.balance]), sql`0`)}`,
        pendingHundredths: sql`${companies.pendingHundredths} + ${valueByKey(companies.id, batch.map(([id, total]) => [id, total.pending]), sql`0`)}`,
      })
      .where(inArray(companies.id, batch.map(([id]) => id)))
      .returning({ companyId: companies.id, is: companies.balanceHundredths });
    for (const { companyId, is } of updated) {
      const balance = totals.get(companyId)!.balance;
      if (balance !== 0) changes.push({ companyId, was: is - balance, is });
    }
  }
  if (changes.length > 0) await deps.balanceWatcher(tx, changes);
}
