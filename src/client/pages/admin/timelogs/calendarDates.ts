/*
 * Week summaries carry calendar dates (YYYY-MM-DD) already in the provider's time zone; they are
 * read as UTC midnights and formatted in UTC, so the browser's own zone never shifts a day.
 */

const shortDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const shortDateWithYear = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

function utcMidnight(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** 'Mar 2' */
export function shortDateText(date: string): string {
  return shortDate.format(utcMidnight(date));
}

/** 'Mar 2 – Mar 8, 2026', or 'Dec 29, 2025 – Jan 4, 2026' across a new year. */
export function weekRangeText(weekStart: string, weekEnd: string): string {
  const sameYear = weekStart.slice(0, 4) === weekEnd.slice(0, 4);
  const start = sameYear ? shortDateText(weekStart) : shortDateWithYear.format(utcMidnight(weekStart));
  return `${start} – ${shortDateWithYear.format(utcMidnight(weekEnd))}`;
}
