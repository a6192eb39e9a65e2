import { hundredthsToHours } from './hours.js';

/*
 * What counts in a company's hours, the one definition the ledger (in JS and SQL), the company row
 * and the dashboard card all follow: the balance is the sum of completed entries (paid purchases
 * add, time worked subtracts); the pending hours are the sum of pending TimeAdd entries (bought,
 * not yet paid). A pending time-log entry counts toward neither.
 */

/** The ledger status of entries that count toward the balance. */
export const BALANCE_ENTRY_STATUS = 'completed';

type LedgerEntry = { status: string; activityType: string; hundredths: number };

/** What one ledger entry adds to its company's balance and pending hours, in its own unit. */
export function hourShareOf(entry: LedgerEntry): { balance: number; pending: number } {
  return {
    balance: entry.status === BALANCE_ENTRY_STATUS ? entry.hundredths : 0,
    pending: entry.status === 'pending' && entry.activityType === 'TimeAdd' ? entry.hundredths : 0,
  };
}

/** The dashboard's Hour Balance card, as pure rules. */
export type HourBalanceSummary = {
  /** Sum of completed activities. */
  balance: number;
  /** Sum of pending TimeAdd activities: bought, not yet paid. */
  pending: number;
  /** Hours of the most recent completed TimeAdd, 0 if none. */
  recentPurchase: number;
  /** max(0, recent purchase − balance). */
  used: number;
  /** The gauge's remaining percentage, snapped. */
  remainingPercent: number;
};

/** What the card is computed from, as the ledger keeps it: integer hundredths of an hour. */
export type LedgerHours = {
  /** Sum of completed activities. */
  balance: number;
  /** Sum of pending TimeAdd activities. */
  pending: number;
  /** The most recent completed TimeAdd, 0 if none. */
  recentPurchase: number;
};

/** The card's figures in hours; Used and the gauge are worked out in hundredths, so they are exact. */
export function hourBalanceSummary(ledger: LedgerHours): HourBalanceSummary {
  const used = Math.max(0, ledger.recentPurchase - ledger.balance);
  return {
    balance: hundredthsToHours(ledger.balance),
    pending: hundredthsToHours(ledger.pending),
    recentPurchase: hundredthsToHours(ledger.recentPurchase),
    used: hundredthsToHours(used),
    remainingPercent: gaugePercent(ledger.recentPurchase, used),
  };
}

const GAUGE_STOPS = [1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 99];

/**
 * The gauge from the recent purchase and the hours used, both in the same unit.
 * 0 with no purchase or nothing left, 100 with nothing used; otherwise the remaining share
 * snapped to the nearest of 1, 10, 20, …, 90, 99 (so a sliver left still shows, and a little
 * used still shows as not full).
 */
export function gaugePercent(recentPurchase: number, used: number): number {
  if (recentPurchase <= 0 || used >= recentPurchase) return 0;
  if (used <= 0) return 100;
  const remaining = ((recentPurchase - used) / recentPurchase) * 100;
  if (remaining < 1) return 1;
  if (remaining > 99) return 99;
  return GAUGE_STOPS.reduce((best, stop) => (Math.abs(stop - remaining) <= Math.abs(best - remaining) ? stop : best));
}
