/** Display rules (docs/product-rules.md#money-hours-and-dates-on-screen), shared by every screen. */

const dollarsWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollarsCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** US dollars: no decimals when whole, two otherwise ($1,000 / $12.50). */
export function formatDollars(amount: number): string {
  const cents = Math.round(amount * 100);
  return cents % 100 === 0 ? dollarsWhole.format(cents / 100) : dollarsCents.format(cents / 100);
}

const upToTwo = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const exactlyTwo = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Hours with at most 2 decimals (balances in lists and activities): 12.5, 3, -1.25. */
export function formatHours(hours: number): string {
  return upToTwo.format(normalizeZero(hours));
}

/** Hours with exactly 2 decimals (dashboard totals): 12.50. */
export function formatHoursFixed(hours: number): string {
  return exactlyTwo.format(normalizeZero(hours));
}

const normalizeZero = (value: number) => (Object.is(value, -0) || Math.abs(value) < 0.005 ? 0 : value);

/** Hours and their noun, singular for one hour either way: "1 hour", "-1 hour", "2.5 hours", "1,250 hours". */
export function hoursCountText(hours: number): string {
  return `${formatHours(hours)} ${Math.abs(hours) === 1 ? 'hour' : 'hours'}`;
}

/** A count and its noun, the noun plural unless the count is one: "1 row", "16 tables", "1,000 companies". */
export function countText(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`;
}
