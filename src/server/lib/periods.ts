import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { dateOfEpochDay, epochDay, localDate, mondayOfEpochDay } from '../../shared/weekly.js';
import type { DateRange } from '../../shared/date-range.js';
import { zoneCalendar } from './zone-calendar.js';

/*
 * Calendar periods of the provider's time zone (weeks Monday to Sunday, calendar months) as
 * intervals of UTC instants, so one SQL statement sums rows per period over an index range.
 */

/** A period from `from` (inclusive) to `to` (exclusive), epoch ms; `label` is its first day or its month. */
export type Period = { label: string; from: number; to: number };

/** The `count` weeks up to and including the week of `now`, oldest first, labelled by their Monday. */
export function recentWeeks(timeZone: string, now: Date, count: number): Period[] {
  const calendar = zoneCalendar(timeZone);
  const thisMonday = mondayOfEpochDay(calendar.dayOf(now.getTime()));
  return Array.from({ length: count }, (_, index) => {
    const monday = thisMonday - 7 * (count - 1 - index);
    return { label: dateOfEpochDay(monday), from: calendar.dayStart(monday), to: calendar.dayStart(monday + 7) };
  });
}

/** The first day (epoch day) of the month `offset` months after year/month (1-12). */
function firstOfMonth(year: number, month: number, offset: number): number {
  const index = year * 12 + (month - 1) + offset;
  const text = `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  return epochDay(text);
}

/** The `count` calendar months up to and including the month of `now`, oldest first, labelled YYYY-MM. */
export function recentMonths(timeZone: string, now: Date, count: number): Period[] {
  const calendar = zoneCalendar(timeZone);
  const [year, month] = localDate(now, timeZone).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const offset = index - (count - 1);
    const first = firstOfMonth(year, month, offset);
    return { label: dateOfEpochDay(first).slice(0, 7), from: calendar.dayStart(first), to: calendar.dayStart(firstOfMonth(year, month, offset + 1)) };
  });
}

/** SQL: the instant column lies within the periods, from the first's start to the last's end. */
export function withinPeriods(column: AnyColumn, periods: readonly Period[]): SQL {
  return sql`${column} >= ${periods[0]!.from} and ${column} < ${periods.at(-1)!.to}`;
}

/** SQL: the index of the period an instant (within them) falls in, for `group by`. */
export function periodIndexSql(column: AnyColumn, periods: readonly Period[]): SQL<number> {
  const cases = periods.slice(1).map((period, index) => sql`when ${column} < ${period.from} then ${index}`);
  return sql<number>`case ${sql.join(cases, sql` `)} else ${periods.length - 1} end`;
}

/** Per-period rows by the period's index (SQLite may answer the index as a float); a missing one had no rows. */
export function byPeriod<Row extends { period: number }>(rows: Row[]): Map<number, Row> {
  return new Map(rows.map((row) => [Number(row.period), row]));
}

/**
 * SQL: the instant column falls on a day from `range.from` to `range.to`, both included, as the
 * days of `timeZone` run (an open end is no bound); undefined without either. An index on the
 * column (or on the company and the column) reads it as one range.
 */
export function withinDays(column: AnyColumn, range: DateRange, timeZone: string): SQL | undefined {
  if (!range.from && !range.to) return undefined;
  const calendar = zoneCalendar(timeZone);
  const bounds: SQL[] = [];
  if (range.from) bounds.push(sql`${column} >= ${calendar.dayStart(epochDay(range.from))}`);
  if (range.to) bounds.push(sql`${column} < ${calendar.dayStart(epochDay(range.to) + 1)}`);
  return sql.join(bounds, sql` and `);
}
