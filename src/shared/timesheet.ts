import { z } from 'zod';
import { hoursToHundredths } from './hours.js';
import { MAX_TIMESHEET_ROWS, TIMESHEET_TOO_LARGE } from './limits.js';
import { MAX_HOURS_PER_LOG, NEW_TASK, timeLogOutput } from './timelogs.js';
import { calendarDay, numberField, singleLine } from './validation.js';
import { mondayOf } from './weekly.js';

/*
 * The weekly timesheet: one company, one Monday-to-Sunday week of the provider's time zone, a row
 * per task and a cell per day. Every non-empty cell becomes one time log
 * (docs/product-rules.md#the-weekly-timesheet).
 */

export const TIMESHEET_DAYS = 7;
export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** The hour of the provider's day each timesheet log is stamped with: a working morning, never near midnight. */
export const TIMESHEET_LOG_HOUR = 9;

export const NO_WORK_IN_TIMESHEET = 'Enter hours in at least one day of the timesheet.';
export const NOT_A_MONDAY = 'The week must start on a Monday (weekStart such as 2026-03-02).';
export const CELL_CHANGED_TWICE = 'Each logged cell may be changed once in a save.';

const weekStart = z
  .string({ message: NOT_A_MONDAY })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, NOT_A_MONDAY)
  .pipe(calendarDay('weekStart'))
  .refine((date) => mondayOf(date) === date, NOT_A_MONDAY);

/** One day cell: empty (null or 0) or hours up to a log's maximum. */
const cell = numberField('Hours', { min: 0, max: MAX_HOURS_PER_LOG })
  .refine((hours) => hours === 0 || hoursToHundredths(hours) > 0, 'Hours must be at least 0.01.')
  .nullable();

const timesheetRow = z.object({
  /** An open task of the company, or null (or '') for logs without a task. */
  task: z
    .string()
    .trim()
    .max(64, 'That task id is not valid.')
    .refine((task) => task !== NEW_TASK, 'A timesheet row takes an existing open task; create new tasks on the Tasks screen.')
    .nullish(),
  description: singleLine(z.string().trim().max(500, 'A row description must be at most 500 characters.'), 'A row description').default(''),
  hours: z.array(cell).length(TIMESHEET_DAYS, `Each row has ${TIMESHEET_DAYS} day cells, Monday to Sunday.`),
});
export type TimesheetRow = z.output<typeof timesheetRow>;

const hundredthsOfCell = (hours: number | null) => (hours === null ? 0 : hoursToHundredths(hours));

/** How much a day of the sheet adds up to, in hundredths, Monday first. */
export function dayHundredths(rows: readonly Pick<TimesheetRow, 'hours'>[]): number[] {
  return Array.from({ length: TIMESHEET_DAYS }, (_, day) => rows.reduce((sum, row) => sum + hundredthsOfCell(row.hours[day] ?? null), 0));
}

/**
 * A new total for a cell that already holds exactly one log: the log takes these hours, or is
 * removed when they are 0. A cell of several logs is changed on the Time Logs screen.
 */
const cellChange = z.object({
  task: timesheetRow.shape.task,
  /** 0 is Monday, 6 Sunday. */
  day: numberField('day', { int: true, min: 0, max: TIMESHEET_DAYS - 1 }),
  hours: cell.unwrap(),
});
export type CellChange = z.output<typeof cellChange>;

const hasWork = (sheet: { rows: TimesheetRow[]; changes: CellChange[] }) =>
  sheet.changes.length > 0 || sheet.rows.some((row) => row.hours.some((hours) => hours !== null && hours > 0));

export const timesheetInput = z
  .object({
    company: z.string({ message: 'Company is required.' }).trim().min(1, 'Company is required.').max(64, 'That company id is not valid.'),
    weekStart,
    rows: z.array(timesheetRow, { message: 'rows must be a list of task rows.' }).max(MAX_TIMESHEET_ROWS, TIMESHEET_TOO_LARGE).default([]),
    changes: z
      .array(cellChange, { message: 'changes must be a list of logged cells to change.' })
      .max(MAX_TIMESHEET_ROWS * TIMESHEET_DAYS, TIMESHEET_TOO_LARGE)
      .refine((changes) => new Set(changes.map((change) => `${change.task || ''}/${change.day}`)).size === changes.length, CELL_CHANGED_TWICE)
      .default([]),
  })
  .refine(hasWork, { message: NO_WORK_IN_TIMESHEET, path: ['rows'] })
  .superRefine((sheet, ctx) => {
    dayHundredths(sheet.rows).forEach((hundredths, day) => {
      if (hundredths > MAX_HOURS_PER_LOG * 100) {
        ctx.addIssue({ code: 'custom', path: ['rows'], message: `${WEEKDAY_SHORT[day]} adds up to more than ${MAX_HOURS_PER_LOG} hours.` });
      }
    });
  });
export type TimesheetInput = z.output<typeof timesheetInput>;

/** The logs the save created and changed, and the ids of those it removed (a logged cell set to 0). */
export const timesheetOutput = z.object({ created: z.array(timeLogOutput), changed: z.array(timeLogOutput), removed: z.array(z.string()) });
export type TimesheetSaved = z.infer<typeof timesheetOutput>;

/** The week already logged for a company: hours per task row and day, in hundredths summed by SQL. */
export const timesheetWeekInput = z.object({
  company: z.string({ message: 'Company is required.' }).trim().min(1, 'Company is required.').max(64, 'That company id is not valid.'),
  weekStart,
});

export const loggedRowOutput = z.object({
  task: z.string().nullable(),
  taskTitle: z.string().nullable(),
  hours: z.array(z.number()).length(TIMESHEET_DAYS),
  /** How many logs each day holds: a cell of one log can be changed from the sheet. */
  logs: z.array(z.number().int()).length(TIMESHEET_DAYS),
});
export type LoggedRow = z.infer<typeof loggedRowOutput>;

/** The week the provider is in now: its Monday in APP_TIMEZONE, where the timesheet's days are counted. */
export const currentWeekOutput = z.object({ weekStart: z.string() });

export const timesheetWeekOutput = z.object({ weekStart: z.string(), weekEnd: z.string(), logged: z.array(loggedRowOutput) });
export type TimesheetWeek = z.infer<typeof timesheetWeekOutput>;
