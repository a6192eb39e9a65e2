import { hoursToHundredths, hundredthsToHours } from './hours.js';

/*
 * The weekly rules of SPEC.md §2 (Weekly Time Logs) and §9, shared by the server, which groups
 * time logs into weeks, and the screen, which rates and draws them. Weeks run Monday to Sunday
 * in the provider's time zone. Dates are local calendar dates written YYYY-MM-DD; sums are made
 * in integer hundredths of an hour so a total never shows as 0.30000000000000004.
 */

export const WEEKLY_TARGET_HOURS = 35;

export type WeekRating = 'Excellent' | 'Great' | 'Good' | 'Moderate' | 'Light';
export type DayRating = 'Full Day' | 'Good' | 'Half Day' | 'Light' | 'No Work';

/** What a day card shows instead of its hours when nothing was logged (SPEC.md §2). */
export const NO_WORK_TEXT = 'No work';

export type DayBreakdown = { date: string; hours: number; logs: number };

export type WeekSummary = {
  weekStart: string;
  weekEnd: string;
  totalHours: number;
  workingDays: number;
  logCount: number;
  dailyBreakdown: DayBreakdown[];
};

export type Weekday = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

export type DayCard = DayBreakdown & { weekday: Weekday; rating: DayRating };

/** One time log as the grouping needs it: when it happened and how long it took. */
export type LoggedTime = { timeStamp: Date | string | number; hundredths: number };

export type WeeksOverview = {
  totalHours: number;
  averageHoursPerWeek: number;
  workDays: number;
  weeks: number;
};

const WEEKDAYS: readonly Weekday[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const DAY_MS = 24 * 60 * 60 * 1000;

export function weekRating(totalHours: number): WeekRating {
  if (totalHours >= 35) return 'Excellent';
  if (totalHours >= 31.5) return 'Great';
  if (totalHours >= 28) return 'Good';
  if (totalHours >= 21) return 'Moderate';
  return 'Light';
}

export function dayRating(hours: number): DayRating {
  if (hours >= 8) return 'Full Day';
  if (hours >= 6) return 'Good';
  if (hours >= 4) return 'Half Day';
  if (hours > 0) return 'Light';
  return 'No Work';
}

/** The progress bar: percent of the weekly target, capped at 100. */
export function weekProgressPercent(totalHours: number): number {
  return Math.min(100, Math.max(0, (totalHours / WEEKLY_TARGET_HOURS) * 100));
}

/** Hours with one decimal, rounded half away from zero on the decimal value: 7.25 -> '7.3'. */
export function formatHoursOneDecimal(hours: number): string {
  const hundredths = hoursToHundredths(hours);
  const tenths = Math.sign(hundredths) * Math.round(Math.abs(hundredths) / 10);
  return (tenths / 10 + 0).toFixed(1);
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** Building a formatter is slow next to using one, and grouping may format thousands of instants. */
function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(instant: Date | string | number, timeZone: string): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  const parts = dateFormatter(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Calendar dates are counted in UTC days, where every day has 24 hours whatever the zone does. */
function utcDay(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return Date.UTC(year!, month! - 1, day!);
}

export function addDays(date: string, days: number): string {
  return new Date(utcDay(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Monday is 0, Sunday 6. */
function weekdayIndex(date: string): number {
  return (new Date(utcDay(date)).getUTCDay() + 6) % 7;
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[weekdayIndex(date)]!;
}

/** The Monday that starts the week of a calendar date. */
export function mondayOf(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

type DayTotals = { hundredths: number; logs: number };

function toWeekSummary(weekStart: string, days: Map<string, DayTotals>): WeekSummary {
  const dates = [...days.keys()].sort();
  const totalHundredths = dates.reduce((sum, date) => sum + days.get(date)!.hundredths, 0);
  return {
    weekStart,
    weekEnd: addDays(weekStart, 6),
    totalHours: hundredthsToHours(totalHundredths),
    workingDays: dates.filter((date) => days.get(date)!.hundredths > 0).length,
    logCount: dates.reduce((sum, date) => sum + days.get(date)!.logs, 0),
    dailyBreakdown: dates.map((date) => ({
      date,
      hours: hundredthsToHours(days.get(date)!.hundredths),
      logs: days.get(date)!.logs,
    })),
  };
}

/**
 * Groups time logs into Monday-to-Sunday weeks of the time zone: newest week first, each
 * week's breakdown listing only the days that have logs, oldest day first.
 */
export function groupIntoWeeks(logs: Iterable<LoggedTime>, timeZone: string): WeekSummary[] {
  const weeks = new Map<string, Map<string, DayTotals>>();
  for (const log of logs) {
    const date = localDate(log.timeStamp, timeZone);
    const weekStart = mondayOf(date);
    const days = weeks.get(weekStart) ?? new Map<string, DayTotals>();
    const day = days.get(date) ?? { hundredths: 0, logs: 0 };
    days.set(date, { hundredths: day.hundredths + log.hundredths, logs: day.logs + 1 });
    weeks.set(weekStart, days);
  }
  return [...weeks.keys()]
    .sort()
    .reverse()
    .map((weekStart) => toWeekSummary(weekStart, weeks.get(weekStart)!));
}

/** The day cards of a week: Monday to Saturday always, Sunday only when it has logs. */
export function dayCards(week: Pick<WeekSummary, 'weekStart' | 'dailyBreakdown'>): DayCard[] {
  const byDate = new Map(week.dailyBreakdown.map((day) => [day.date, day]));
  return WEEKDAYS.map((weekday, index) => {
    const date = addDays(week.weekStart, index);
    const { hours, logs } = byDate.get(date) ?? { hours: 0, logs: 0 };
    return { date, weekday, hours, logs, rating: dayRating(hours) };
  }).filter((card) => card.weekday !== 'Sunday' || card.logs > 0);
}

/** The four summary cards over the weeks shown: Total Hours, Avg/Week, Work Days, Weeks. */
export function weeksOverview(weeks: readonly Pick<WeekSummary, 'totalHours' | 'workingDays'>[]): WeeksOverview {
  const totalHundredths = weeks.reduce((sum, week) => sum + hoursToHundredths(week.totalHours), 0);
  return {
    totalHours: hundredthsToHours(totalHundredths),
    averageHoursPerWeek: weeks.length === 0 ? 0 : hundredthsToHours(Math.round(totalHundredths / weeks.length)),
    workDays: weeks.reduce((sum, week) => sum + week.workingDays, 0),
    weeks: weeks.length,
  };
}
