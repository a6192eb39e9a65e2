/*
 * How a time log reads on the Time Logs screen. The DateTime column and the Search box use the
 * same texts, so whatever a row shows can be searched for (SPEC.md §2, Time Logs).
 */

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The log's time in the browser's zone, e.g. 'Mar 2, 2026, 10:30 AM'. */
export function logDateTimeText(timeStamp: string): string {
  // ICU puts a narrow no-break space before AM/PM; a plain one can be typed into the search
  return dateTimeFormat.format(new Date(timeStamp)).replace(/\u202f/g, ' ');
}

/** The hours as a plain number, e.g. '1.5' or '8'. */
export function logHoursText(hours: number): string {
  return String(hours);
}

/** The dayjs format of the dialog's date picker, matching logDateTimeText. */
export const PICKER_DATE_TIME_FORMAT = 'MMM D, YYYY, h:mm A';
