import { z } from 'zod';
import { calendarDay } from './validation.js';

/*
 * A period of calendar days, both ends included, as the back-office lists and the statement take
 * it: YYYY-MM-DD texts read in the provider's time zone (docs/product-rules.md, Date ranges).
 */

export const DATE_RANGE_FROM_AFTER_TO = 'The from date must be on or before the to date.';

/** A YYYY-MM-DD text of a day the calendar has; `label` names the field in the message. */
export const calendarDate = (label: string) =>
  z
    .string({ message: `${label} must be a date (YYYY-MM-DD).` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD).`)
    .pipe(calendarDay(label));

export type DateRange = { from?: string | undefined; to?: string | undefined };

/** A list's date filter takes days of these years, so a day is found in the zone's offset tables quickly (see zone-calendar). */
export const DATE_FILTER_FIRST_DAY = '1900-01-01';
export const DATE_FILTER_LAST_DAY = '2999-12-31';

const filterDay = (label: string) =>
  calendarDate(label).refine(
    (day) => day >= DATE_FILTER_FIRST_DAY && day <= DATE_FILTER_LAST_DAY,
    `${label} must be a day from ${DATE_FILTER_FIRST_DAY} to ${DATE_FILTER_LAST_DAY}.`,
  );

/** The optional `from` and `to` of a list's date filter; add them to the list's input, then check it with `dateRangeChecked`. */
export const dateRangeFields = (what: string) => ({
  from: filterDay('from')
    .optional()
    .describe(`Only ${what} on or after this day (YYYY-MM-DD, in the provider's time zone, APP_TIMEZONE).`),
  to: filterDay('to')
    .optional()
    .describe(`Only ${what} on or before this day (YYYY-MM-DD, in the provider's time zone, APP_TIMEZONE).`),
});

/** Whether the range is in order: a missing end leaves it open on that side. */
export const isDateRangeInOrder = (range: DateRange) => !range.from || !range.to || range.from <= range.to;

/** Refuses a range whose start is after its end, naming `from`. */
export const dateRangeChecked = <Schema extends z.ZodType<DateRange>>(schema: Schema) =>
  schema.refine(isDateRangeInOrder, { message: DATE_RANGE_FROM_AFTER_TO, path: ['from'] });
