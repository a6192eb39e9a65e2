/*
 * Week summaries carry calendar dates (YYYY-MM-DD) already in the provider's time zone; they are
 * read as UTC midnights and formatted in UTC, so the browser's own zone never shifts a day.
 */

import { calendarDateText } from '../../../../shared/dates.js';

/** 'Mar 2' */
export function shortDateText(date: string): string {
  return calendarDateText(date);
}

/** 'Mar 2 – Mar 8, 2026', or 'Dec 29, 2025 – Jan 4, 2026' across a new year. */
export function weekRangeText(weekStart: string, weekEnd: string): string {
  const sameYear = weekStart.slice(0, 4) === weekEnd.slice(0, 4);
  const start = sameYear ? shortDateText(weekStart) : calendarDateText(weekStart, 'date');
  return `${start} – ${calendarDateText(weekEnd, 'date')}`;
}
