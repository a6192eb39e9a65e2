import { eq, sql } from 'drizzle-orm';
import { activities, companies } from '../../../../drizzle/schema.js';
import { hourShareOf } from '../../../shared/hour-balance.js';
import { databaseOf, type Db, type Tx } from '../../db.js';

/*
 * Each company keeps its hour balance and its pending hours on its own row, so that the Company
 * List can filter and sort by them on an index instead of summing the whole ledger per call.
 * Every ledger write passes the entry as it was and as it is now; the difference is added to the
 * company (or companies, when the entry moved) in the same transaction, and whoever watches the
 * database's balances (the low-balance alerts) hears of each change there too, whatever its cause.
 */

/** Told of a company's balance before and after a change (hundredths), inside the change's transaction. */
export type BalanceWatcher = (tx: Tx, change: { companyId: string; was: number; is: number }) => void;

const watchers = new WeakMap<Db, BalanceWatcher>();

/** Sets the one watcher of a database's balances (the app does, when it starts). */
export function watchBalances(db: Db, watcher: BalanceWatcher): void {
  watchers.set(db, watcher);
}

type Entry = Pick<typeof activities.$inferSelect, 'companyId' | 'activityType' | 'status' | 'hundredths'>;

/** The company's balance and pending hours, in hundredths, as its row keeps them (none for an unknown company). */
export function storedCompanyHours(tx: Tx, companyId: string): { balance: number; pending: number } {
  const row = tx
    .select({ balance: companies.balanceHundredths, pending: companies.pendingHundredths })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
  return row ?? { balance: 0, pending: 0 };
}

function addToCompany(tx: Tx, companyId: string, balance: number, pending: number): void {
  if (balance === 0 && pending === 0) return;
  const updated = tx
    .update(companies)
    .set({
      balanceHundredths: sql`${companies.balanceHundredths} + ${balance}`,
      pendingHundredths: sql`${companies.pendingHundredths} + ${pending}`,
    })
    .where(eq(companies.id, companyId))
    .returning({ is: companies.balanceHundredths })
    .get();
  if (!updated || balance === 0) return;
  const db = databaseOf(tx);
  const watcher = db && watchers.get(db);
  watcher?.(tx, { companyId, was: updated.is - balance, is: updated.is });
}

const NO_SHARE = { balance: 0, pending: 0 };

/** Moves the company figures from the entry as it was (none when new) to the entry as it is (none when removed). */
export function keepCompanyHours(tx: Tx, before: Entry | undefined, after: Entry | undefined): void {
  const was = before ? hourShareOf(before) : NO_SHARE;
  const is = after ? hourShareOf(after) : NO_SHARE;
  if (before && after && before.companyId === after.companyId) {
    addToCompany(tx, after.companyId, is.balance - was.balance, is.pending - was.pending);
    return;
  }
  if (before) addToCompany(tx, before.companyId, -was.balance, -was.pending);
  if (after) addToCompany(tx, after.companyId, is.balance, is.pending);
}
