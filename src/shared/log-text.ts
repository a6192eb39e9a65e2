/*
 * How a time log reads on the Time Logs screen. The DateTime column shows these texts and the
 * server's Search matches them, so whatever a row shows can be searched for. The server builds
 * the same texts in SQL from logDateTimeLayout(); a test holds the two to each other.
 */

import { DATE_LOCALE, dateFormat, dateTimeText, plainSpaces } from './dates.js';

/** The log's time, e.g. 'Mar 2, 2026, 10:30 AM', in the zone given or the browser's own. */
export const logDateTimeText = dateTimeText;

/** The hours as a plain number, e.g. '1.5' or '8'. */
export function logHoursText(hours: number): string {
  return String(hours);
}

/** True for a time zone name the runtime knows, such as 'America/New_York' or 'UTC'. */
export function isKnownTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat(DATE_LOCALE, { timeZone });
    return true;
  } catch {
    return false;
  }
}

export type LogDateTimePart = { type: 'month' | 'day' | 'year' | 'hour' | 'minute' | 'dayPeriod' } | { type: 'literal'; value: string };

export type LogDateTimeLayout = {
  parts: LogDateTimePart[];
  /** Short month names, January first. */
  months: string[];
  am: string;
  pm: string;
};

const utc = (month: number, hour: number) => Date.UTC(2001, month, 15, hour, 5);

let layout: LogDateTimeLayout | undefined;

/**
 * The shape of logDateTimeText's text, read from the formatter itself: the order of its parts,
 * the literal text between them, the month names and the AM/PM markers.
 */
export function logDateTimeLayout(): LogDateTimeLayout {
  layout ??= readLayout();
  return layout;
}

function readLayout(): LogDateTimeLayout {
  const format = dateFormat('dateTime', 'UTC');
  const partOf = (instant: number, type: Intl.DateTimeFormatPartTypes) => plainSpaces(format.formatToParts(instant).find((part) => part.type === type)?.value ?? '');
  const parts = format.formatToParts(utc(0, 13)).map((part): LogDateTimePart => {
    if (part.type === 'literal') return { type: 'literal', value: plainSpaces(part.value) };
    if (['month', 'day', 'year', 'hour', 'minute', 'dayPeriod'].includes(part.type)) return { type: part.type as Exclude<LogDateTimePart['type'], 'literal'> };
    throw new Error(`The log date-time format has a part the server cannot build: ${part.type}`);
  });
  return {
    parts,
    months: Array.from({ length: 12 }, (_, month) => partOf(utc(month, 13), 'month')),
    am: partOf(utc(0, 1), 'dayPeriod'),
    pm: partOf(utc(0, 13), 'dayPeriod'),
  };
}
