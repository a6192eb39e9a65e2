import { hoursToHundredths, hundredthsToHours } from './hours.js';

/*
 * The weekly rules (docs/product-rules.md#time-logs-and-the-weekly-view), shared by the server, which groups
 * time logs into weeks, and the screen, which rates and draws them. Weeks run Monday to Sunday
 * in the provider's time zone. Dates are local calendar dates written YYYY-MM-DD; sums are made
 * in integer hundredths of an hour so a total never shows as 0.30000000000000004.
 */

export const WEEKLY_TARGET_HOURS = 35;

export type WeekRating = 'Excellent' | 'Great' | 'Good' | 'Moderate' | 'Light';
export type DayRating = 'Full Day' | 'Good' | 'Half Day' | 'Light' | 'No Work';

/** What a day card shows instead of its hours when nothing was logged. */
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

/** What was logged on one local calendar date (YYYY-MM-DD): hundredths of an hour and logs. */
export type DayTotal = { date: string; hundredths: number; logs: number };

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

/**
 * Hours of the weekly view, rounded once (to the hundredth logged): one decimal, or two where the
 * hundredths are not zero, so the day cards add up to their week's total as shown: 7.0, 7.5, 7.25.
 */
export function formatWeeklyHours(hours: number): string {
  const hundredths = hoursToHundredths(hours);
  return (hundredths / 100 + 0).toFixed(hundredths % 10 === 0 ? 1 : 2);
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

/**
 * Calendar dates are counted as days since 1970-01-01 in UTC, where every day has 24 hours
 * whatever the zone does: day 0 is 1970-01-01, a Thursday.
 */
export function epochDay(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  // setUTCFullYear, because Date.UTC reads the years 0-99 as 1900s
  return Math.round(new Date(0).setUTCFullYear(year!, month! - 1, day!) / DAY_MS);
}

/** The first and last epoch days of the years 0000 to 9999, which toISOString writes with four digits. */
const FOUR_DIGIT_YEARS = { first: -719_528, last: 2_932_896 };

/**
 * The calendar date (YYYY-MM-DD) of an epoch day. Lists write one per row, so within the four-digit
 * years it is worked out with integer arithmetic (the proleptic Gregorian calendar in 400-year eras,
 * after Howard Hinnant's civil_from_days), a fifth of the time of toISOString; outside them it is the first
 * ten characters of toISOString's text.
 */
export function dateOfEpochDay(day: number): string {
  if (day < FOUR_DIGIT_YEARS.first || day > FOUR_DIGIT_YEARS.last) return new Date(day * DAY_MS).toISOString().slice(0, 10);
  const { year, month, dayOfMonth } = civilDate(day);
  return `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(dayOfMonth)}`;
}

const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

/** Year, month (1-12) and day of the month of an epoch day, counted from 0000-03-01 in eras of 146,097 days. */
function civilDate(day: number): { year: number; month: number; dayOfMonth: number } {
  const shifted = day + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    dayOfMonth: dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1,
  };
}

export function addDays(date: string, days: number): string {
  return dateOfEpochDay(epochDay(date) + days);
}

/** Monday is 0, Sunday 6. */
function weekdayIndex(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** The Monday that starts the week of a day, both as epoch days. */
export function mondayOfEpochDay(day: number): number {
  return day - weekdayIndex(day);
}

/** The Monday that starts the week of a calendar date. */
export function mondayOf(date: string): string {
  return dateOfEpochDay(mondayOfEpochDay(epochDay(date)));
}

/** The Monday of the week that holds `now` in a time zone. */
export function weekStartAt(now: Date, timeZone: string): string {
  return mondayOf(localDate(now, timeZone));
}

function toWeekSummary(weekStart: string, days: DayTotal[]): WeekSummary {
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : 1));
  const totalHundredths = sorted.reduce((sum, day) => sum + day.hundredths, 0);
  return {
    weekStart,
    weekEnd: addDays(weekStart, 6),
    totalHours: hundredthsToHours(totalHundredths),
    workingDays: sorted.filter((day) => day.hundredths > 0).length,
    logCount: sorted.reduce((sum, day) => sum + day.logs, 0),
    dailyBreakdown: sorted.map(({ date, hundredths, logs }) => ({ date, hours: hundredthsToHours(hundredths), logs })),
  };
}

/**
 * Builds Monday-to-Sunday weeks from the totals of local calendar days (one entry per date):
 * newest week first, each week's breakdown listing only the days given, oldest day first.
 */
export function weeksFromDays(days: Iterable<DayTotal>): WeekSummary[] {
  const weeks = new Map<string, DayTotal[]>();
  for (const day of days) {
    const weekStart = mondayOf(day.date);
    const week = weeks.get(weekStart) ?? [];
    week.push(day);
    weeks.set(weekStart, week);
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
