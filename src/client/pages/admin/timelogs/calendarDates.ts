/*
 * Week summaries carry calendar dates (YYYY-MM-DD) already in the provider's time zone; they are
 * read as UTC midnights and formatted in UTC, so the browser's own zone never shifts a day.
 */

import { dateText, monthDayText } from '../../../../shared/dates.js';

function utcMidnight(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** 'Mar 2' */
export function shortDateText(date: string): string {
  return monthDayText(utcMidnight(date), 'UTC');
}

/** 'Mar 2 – Mar 8, 2026', or 'Dec 29, 2025 – Jan 4, 2026' across a new year. */
export function weekRangeText(weekStart: string, weekEnd: string): string {
  const sameYear = weekStart.slice(0, 4) === weekEnd.slice(0, 4);
  const start = sameYear ? shortDateText(weekStart) : dateText(utcMidnight(weekStart), 'UTC');
  return `${start} – ${dateText(utcMidnight(weekEnd), 'UTC')}`;
}
