import { z } from 'zod';
import { dateText } from './dates.js';
import { formatHours } from './format.js';
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
    /** The calendar day (YYYY-MM-DD, provider's time zone) the balance reaches 0 at that pace. */
    runsOutOn: z.string(),
  })
  .nullable()
  .describe('The run-out forecast; null when no hours were used in the last 8 whole weeks or the balance is 0 or less.');
export type Forecast = NonNullable<z.infer<typeof forecastOutput>>;

/**
 * From the balance and the hours used over the window (both hundredths, used positive) and today
 * (epoch day): the pace and the calendar day the hours run out. None when nothing was used (there is no pace)
 * or when the balance is 0 or less (the hours have already run out).
 */
export function runOutForecast(balance: number, used: number, today: number): Forecast | null {
  if (used <= 0 || balance <= 0) return null;
  const perDay = used / (FORECAST_WEEKS * 7);
  return {
    hoursPerWeek: hundredthsToHours(Math.round(used / FORECAST_WEEKS)),
    runsOutOn: dateOfEpochDay(today + Math.floor(balance / perDay)),
  };
}

/** A forecast's day as the screens and emails write it: 'Mar 2, 2026'. */
export const runOutDateText = (forecast: Forecast) => dateText(new Date(`${forecast.runsOutOn}T00:00:00Z`), 'UTC');

/** The customer dashboard's sentence, also quoted by the running-low email. */
export const paceSentence = (forecast: Forecast) =>
  `At your recent pace of ${formatHours(forecast.hoursPerWeek)} hours a week, your hours last until about ${runOutDateText(forecast)}`;
