/*
 * Every date and time the app shows, in US English and one style: a day reads 'Mar 2, 2026', an
 * instant 'Mar 2, 2026, 10:30 AM' (screens, CSV exports, PDFs). Only the wire keeps YYYY-MM-DD and ISO.
 * A zone is the one the reader is in (undefined: the runtime's own, i.e. the browser's); a calendar day stored as a UTC midnight is
 * shown with 'UTC' so no zone moves it to the day before. The time log texts build on these
 * (log-text.ts), and the server's Search matches them, so changing a style changes what it finds.
 */

export const DATE_LOCALE = 'en-US';

const styles = {
  /** 'Mar 2, 2026' */
  date: { month: 'short', day: 'numeric', year: 'numeric' },
  /** 'Mar 2' */
  monthDay: { month: 'short', day: 'numeric' },
  /** 'Mar 2026' */
  monthYear: { month: 'short', year: 'numeric' },
  /** 'Mar' */
  month: { month: 'short' },
  /** 'Mar 2, 2026, 10:30 AM' */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof styles;
type DateValue = string | number | Date;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The one formatter of a style in a zone, made once. */
export function dateFormat(style: DateStyle, timeZone?: string): Intl.DateTimeFormat {
  const key = `${style} ${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALE, { ...styles[style], timeZone });
    formats.set(key, format);
  }
  return format;
}

/** ICU puts a narrow no-break space before AM/PM; a plain one reads the same and can be typed into a search. */
export const plainSpaces = (text: string) => text.replace(/\u202f/g, ' ');

const formatter = (style: DateStyle) => (value: DateValue, timeZone?: string) => plainSpaces(dateFormat(style, timeZone).format(new Date(value)));

export const dateText = formatter('date');
export const dateTimeText = formatter('dateTime');

/**
 * A calendar date (YYYY-MM-DD, already in the zone it belongs to) in a style, read as a UTC
 * midnight and formatted in UTC, so the reader's own zone never shifts it: '2026-03-02' -> 'Mar 2'.
 */
export const calendarDateText = (date: string, style: DateStyle = 'monthDay') => formatter(style)(`${date}T00:00:00Z`, 'UTC');

/** The zone the runtime (the browser) is in, e.g. 'America/New_York'. */
export const runtimeTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const counted = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/** How long before `now` an instant was, in the largest whole unit: 'just now', '5 minutes ago', '3 hours ago', '2 days ago'. */
export function timeAgoText(value: DateValue, now: DateValue): string {
  const elapsed = new Date(now).getTime() - new Date(value).getTime();
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return counted(Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return counted(Math.floor(elapsed / HOUR_MS), 'hour');
  return counted(Math.floor(elapsed / DAY_MS), 'day');
}
