import { localDate, weeksFromDays, type DayTotal, type WeekSummary } from '../../shared/weekly.js';

/*
 * The weekly view worked out the plain way, log by log in JavaScript: each log on its local
 * calendar date, the dates into Monday-to-Sunday weeks. The server reads the weeks in SQL; its
 * tests compare the two.
 */

/** One time log as the grouping needs it: when it happened and how long it took. */
export type LoggedTime = { timeStamp: Date | string | number; hundredths: number };

/** Each local calendar date's logged hundredths and log count. */
function dayTotalsOf(logs: Iterable<LoggedTime>, timeZone: string): DayTotal[] {
  const days = new Map<string, DayTotal>();
  for (const log of logs) {
    const date = localDate(log.timeStamp, timeZone);
    const day = days.get(date) ?? { date, hundredths: 0, logs: 0 };
    days.set(date, { date, hundredths: day.hundredths + log.hundredths, logs: day.logs + 1 });
  }
  return [...days.values()];
}

/** Groups time logs into Monday-to-Sunday weeks of the time zone, as weeksFromDays arranges them. */
export function groupIntoWeeks(logs: Iterable<LoggedTime>, timeZone: string): WeekSummary[] {
  return weeksFromDays(dayTotalsOf(logs, timeZone));
}
