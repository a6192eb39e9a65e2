import { z } from 'zod';
import { dateRangeChecked, dateRangeFields, type DateRange } from './date-range.js';
import { hoursToHundredths } from './hours.js';
import { companyFilter, listInput, pageNumber, pageOutput, perPageNumber, type ListQuery } from './list.js';
import { isKnownTimeZone } from './log-text.js';
import { dateTimeField, idParam, numberField, singleLine } from './validation.js';
import type { WeekSummary } from './weekly.js';

/** The task choice that creates a task together with the log. */
export const NEW_TASK = 'new';
export const MAX_HOURS_PER_LOG = 24;
export const CLOSE_TASK_DEFAULT = false;
export const EMAIL_CLIENT_DEFAULT = true;

export const timeLogOutput = z.object({
  _id: z.string(),
  company: z.string(),
  companyName: z.string(),
  timeStamp: z.string(),
  invertedHours: z.number(),
  description: z.string(),
  task: z.string().nullable(),
  taskTitle: z.string().nullable(),
});
export type TimeLogDto = z.infer<typeof timeLogOutput>;

const company = z.string({ message: 'Company is required.' }).trim().min(1, 'Company is required.').max(64, 'That company id is not valid.');

const timeStamp = dateTimeField('Time stamp', 'Time stamp must be an ISO date-time, such as 2026-03-02T15:00:00Z.');

const invertedHours = numberField('Hours', { gt: 0, max: MAX_HOURS_PER_LOG })
  // stored in hundredths: 0.004 would round to a log of no time at all
  .refine((hours) => hoursToHundredths(hours) > 0, 'Hours must be at least 0.01.');

const description = (what: string) => z.string().trim().max(5000, `${what} must be at most 5000 characters.`).default('');

/** An open task id, '' or null for none, or NEW_TASK. */
const task = z.string().trim().max(64, 'That task id is not valid.').nullish();

export const timeLogFormInput = z
  .object({
    /** The form sends its id along; the path names the log on edit, so it is not read. */
    id: z.string().max(64, 'That id is not valid.').nullish(),
    company,
    timeStamp,
    invertedHours,
    description: description('Description'),
    task,
    closeTask: z.boolean({ message: 'closeTask must be true or false.' }).default(CLOSE_TASK_DEFAULT),
    emailClient: z.boolean({ message: 'emailClient must be true or false.' }).default(EMAIL_CLIENT_DEFAULT),
    newTaskTitle: singleLine(z.string().trim().max(200, 'The new task title must be at most 200 characters.'), 'The new task title').nullish(),
    newTaskDescription: description('The new task description').nullish(),
  })
  .refine((form) => form.task !== NEW_TASK || Boolean(form.newTaskTitle), {
    message: 'Enter a title for the new task.',
    path: ['newTaskTitle'],
  });
export type TimeLogForm = z.output<typeof timeLogFormInput>;

export const timeLogUpdateInput = timeLogFormInput.safeExtend({ id: idParam });

/** The weekly screen loads this many weeks at a time; a script may ask for up to two years. */
export const WEEKS_PER_PAGE = 12;
export const MAX_WEEKS_PER_PAGE = 104;

/** Weeks with logs, newest first, a page at a time; of one company, or of all for ''. */
export const timeLogsByDateInput = z
  .object({
    company: companyFilter,
    page: pageNumber.default(1),
    perPage: perPageNumber(WEEKS_PER_PAGE, MAX_WEEKS_PER_PAGE).describe(`Weeks per page (default ${WEEKS_PER_PAGE}, at most ${MAX_WEEKS_PER_PAGE}).`),
  })
  .prefault({});
export type WeeksQuery = z.output<typeof timeLogsByDateInput>;

export const weekSummaryOutput = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  totalHours: z.number(),
  workingDays: z.number().int(),
  logCount: z.number().int(),
  dailyBreakdown: z.array(z.object({ date: z.string(), hours: z.number(), logs: z.number().int() })),
}) satisfies z.ZodType<WeekSummary>;

/** A page of week summaries; total counts the weeks that have logs. */
export const weekSummaryPageOutput = pageOutput(weekSummaryOutput);

/** The sortable columns of the Time Logs list; newest first by time stamp by default. */
export const TIME_LOG_SORT_KEYS = ['timeStamp', 'companyName', 'invertedHours', 'description'] as const;
export type TimeLogSortKey = (typeof TIME_LOG_SORT_KEYS)[number];

/** A time zone name such as America/New_York: the zone the screen shows date-times in. */
export const timeZoneInput = z
  .string({ message: 'timeZone must be a time zone name, such as America/New_York.' })
  .trim()
  .max(64, 'timeZone must be at most 64 characters.')
  .refine(isKnownTimeZone, 'timeZone must be a time zone name, such as America/New_York.');

/**
 * The Time Logs list call. timeZone is the browser's, so Search matches the date-time text the
 * rows show; without it the provider's zone (APP_TIMEZONE) is used.
 */
export const timeLogListInput = dateRangeChecked(
  listInput(TIME_LOG_SORT_KEYS, { sort: 'timeStamp', dir: 'desc' })
    .unwrap()
    .extend({
      timeZone: timeZoneInput.meta({ description: 'Time zone of the date-times Search matches, e.g. America/New_York; the provider’s (APP_TIMEZONE) when left out.' }).optional(),
      ...dateRangeFields('logs'),
    }),
).prefault({});
export type TimeLogListQuery = ListQuery<TimeLogSortKey> & DateRange & { timeZone?: string };
