import { z } from 'zod';
import { dateText } from './dates.js';
import { formatHours, formatHoursFixed } from './format.js';
import { hundredthsToHours } from './hours.js';
import { dateOfEpochDay, mondayOfEpochDay } from './weekly.js';

/*
 * The run-out forecast (docs/product-rules.md#low-balance-alerts-and-the-run-out-forecast): the
 * hours a company used over the last whole weeks give its weekly pace, and its balance at that pace
 * lasts until a calendar day. Days are epoch days in the provider's time zone, as in weekly.ts.
 */

/** How many whole weeks, Monday to Sunday, before the current one the pace is measured over. */
export const FORECAST_WEEKS = 8;

/** The days (epoch days) whose usage the pace is measured over: `from` inclusive, `to` exclusive. */
export function forecastWindow(today: number): { from: number; to: number } {
  const to = mondayOfEpochDay(today);
  return { from: to - FORECAST_WEEKS * 7, to };
}

export const forecastOutput = z
  .object({
    /** Hours used a week, on average over the last 8 whole weeks. */
    hoursPerWeek: z.number(),
    /** The calendar day (YYYY-MM-DD, provider's time zone) the balance reaches 0 at that pace, hours that expire unused left out. */
    runsOutOn: z.string(),
    /** The soonest block whose hours expire before that pace would use them: how many, and the day they expire. */
    expiring: z.object({ hours: z.number(), expiresOn: z.string() }).nullable(),
  })
  .nullable()
  .describe('The run-out forecast; null when no hours were used in the last 8 whole weeks or the balance is 0 or less.');
export type Forecast = NonNullable<z.infer<typeof forecastOutput>>;

/** A block of hours that expires, as the forecast weighs it: the hundredths it has left, and the first day they are gone (epoch day). */
export type ForecastBlock = { unused: number; expiresOn: number };

/**
 * From the balance and the hours used over the window (both hundredths, used positive) and today
 * (epoch day): the pace and the calendar day the hours run out. None when nothing was used (there is no pace)
 * or when the balance is 0 or less (the hours have already run out). Blocks that expire are used at
 * that pace soonest expiry first (as work draws on them); what a block still has on its expiry day
 * is lost, and the balance lasts that much less.
 */
export function runOutForecast(balance: number, used: number, today: number, blocks: readonly ForecastBlock[] = []): Forecast | null {
  if (used <= 0 || balance <= 0) return null;
  const perDay = used / (FORECAST_WEEKS * 7);
  let drawn = 0;
  let lost = 0;
  let expiring: Forecast['expiring'] = null;
  for (const block of [...blocks].sort((a, b) => a.expiresOn - b.expiresOn)) {
    const usable = Math.max(0, Math.min(block.unused, perDay * Math.max(0, block.expiresOn - today) - drawn));
    drawn += usable;
    const unusedAtExpiry = Math.round(block.unused - usable);
    lost += unusedAtExpiry;
    if (unusedAtExpiry > 0 && !expiring) expiring = { hours: hundredthsToHours(unusedAtExpiry), expiresOn: dateOfEpochDay(block.expiresOn) };
  }
  const lasting = Math.max(0, balance - lost);
  return {
    hoursPerWeek: hundredthsToHours(Math.round(used / FORECAST_WEEKS)),
    runsOutOn: dateOfEpochDay(today + Math.floor(lasting / perDay)),
    expiring,
  };
}

/** A forecast's day as the screens and emails write it: 'Mar 2, 2026'. */
export const runOutDateText = (forecast: Forecast) => dateText(new Date(`${forecast.runsOutOn}T00:00:00Z`), 'UTC');

/** The customer dashboard's sentence, also quoted by the running-low email. */
export const paceSentence = (forecast: Forecast) =>
  `At your recent pace of ${formatHours(forecast.hoursPerWeek)} hours a week, your hours last until about ${runOutDateText(forecast)}${expiringClause(forecast, 'your')}`;

/** "; 5.00 hours expire on Jan 31, 2027, before your recent pace would use them", when some would. */
export const expiringClause = (forecast: Forecast, whose: 'your' | 'its') =>
  forecast.expiring
    ? `; ${formatHoursFixed(forecast.expiring.hours)} ${forecast.expiring.hours === 1 ? 'hour expires' : 'hours expire'} on ${dateText(new Date(`${forecast.expiring.expiresOn}T00:00:00Z`), 'UTC')}, before ${whose} recent pace would use them`
    : '';
