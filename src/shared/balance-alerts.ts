/*
 * Low-balance alerts (docs/product-rules.md#low-balance-alerts-and-the-run-out-forecast): the
 * thresholds, and how soon the same balance email may go out again without a warning.
 */

/** The provider's running-low threshold when LOW_BALANCE_HOURS is not set. */
export const DEFAULT_LOW_BALANCE_HOURS = 5;
/** The highest threshold, provider-wide or per company. */
export const LOW_BALANCE_MAX_HOURS = 10_000;
/** A balance email sent within this long is named in the send confirmation, and the bulk send skips the company. */
export const BALANCE_EMAIL_REPEAT_MS = 24 * 60 * 60 * 1000;
/** The most companies one bulk send emails; the provider sends again for the rest. */
export const BULK_BALANCE_EMAIL_LIMIT = 200;
/** Companies the provider overview's card lists at most. */
export const RUNNING_LOW_CARD_LIMIT = 50;

/** Whether a balance (hundredths) is at or below the threshold (hundredths): the company is running low. */
export const isRunningLow = (balance: number, threshold: number) => balance <= threshold;

export type BalanceAlert = 'runningLow' | 'negative';

/**
 * The balance email a balance calls for when the provider sends one by hand (or in bulk): the
 * negative email below 0, the running-low email otherwise. Only the sign matters, so the balance may
 * be in hours or in hundredths.
 */
export const balanceEmailFor = (balance: number): BalanceAlert => (balance < 0 ? 'negative' : 'runningLow');

/** The negative-balance email tells the company it owes hours: it may only go out while the balance is below 0. */
export const mayEmailNegative = (balance: number) => balance < 0;

/**
 * What one change of a company's balance (hundredths, before and after) does, given its threshold and
 * the alert already sent since the balance was last above it: the email to send, if any, and the
 * alert on record after. Rising above the threshold re-arms both; falling from above it to at or
 * below sends the running-low email; falling below 0 sends the negative email, once. A change that
 * does both sends only the negative email.
 */
export function balanceAlertStep(
  was: number,
  is: number,
  threshold: number,
  sent: BalanceAlert | null,
): { send: BalanceAlert | null; sent: BalanceAlert | null } {
  if (!isRunningLow(is, threshold)) return { send: null, sent: null };
  if (is < 0 && was >= 0 && sent !== 'negative') return { send: 'negative', sent: 'negative' };
  if (is >= 0 && !isRunningLow(was, threshold)) return { send: 'runningLow', sent: 'runningLow' };
  return { send: null, sent };
}
