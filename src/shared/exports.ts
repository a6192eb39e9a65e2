import { z } from 'zod';
import { companyFilter, searchText } from './list.js';
import { isKnownTimeZone } from './log-text.js';
import { calendarDate, dateRangeFields } from './date-range.js';

/*
 * Downloads: the back-office lists as CSV, and a customer's activities (CSV) and statement (PDF).
 * A call issues a short-lived signed link; the browser (or a script) then fetches the file from it.
 * Rules: docs/product-rules.md (Exports and statements).
 */

/** The back-office lists that export, as their export path names them. */
export const EXPORT_LISTS = ['companies', 'users', 'packages', 'tasks', 'timelogs', 'invoices', 'payments', 'events'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

/** How long an issued download link works. */
export const DOWNLOAD_LINK_LIFETIME_MS = 5 * 60 * 1000;

/** A statement covers at most this many years. */
export const STATEMENT_MAX_YEARS = 5;
export const STATEMENT_FROM_AFTER_TO = 'The start date must be on or before the end date.';
export const STATEMENT_TOO_LONG = `A statement covers at most ${STATEMENT_MAX_YEARS} years.`;
export const STATEMENT_IN_FUTURE = 'The end date cannot be after today.';

/**
 * Lines a statement may print: ledger entries, invoices and payments of its period together. The
 * PDF is built whole in memory; docs/limits.md gives the memory and time of the largest one.
 */
export const STATEMENT_MAX_LINES = 5_000;
export const statementTooManyLines = (lines: number) =>
  `This period has ${lines.toLocaleString('en-US')} entries, invoices and payments; a statement holds at most ${STATEMENT_MAX_LINES.toLocaleString('en-US')}. Please choose a shorter period.`;

const timeZone = z
  .string()
  .max(64, 'timeZone must be at most 64 characters.')
  .refine(isKnownTimeZone, 'timeZone must be a time zone name, such as America/New_York.')
  .optional()
  .describe("Zone the file's dates are written in, e.g. America/New_York; the provider's (APP_TIMEZONE) when left out.");

/**
 * What a back-office export takes: the list's own search, company filter and sort (checked against
 * that list's sort keys), its own filters (positiveOnly and lowOnly on companies, awaitingApproval on users, openOnly on invoices, from and to on time
 * logs, invoices, payments and events; type, actor and subject on events), and the zone for dates.
 */
export const exportLinkInput = z.object({
  list: z.enum(EXPORT_LISTS, { message: `list must be one of: ${EXPORT_LISTS.join(', ')}.` }),
  search: searchText,
  company: companyFilter,
  sort: z.string().max(64).optional().describe("Column to sort by, as the list's own call takes it."),
  dir: z.enum(['asc', 'desc'], { message: 'dir must be asc or desc.' }).optional(),
  positiveOnly: z.boolean({ message: 'positiveOnly must be true or false.' }).optional().describe('Companies only: the list switch.'),
  lowOnly: z.boolean({ message: 'lowOnly must be true or false.' }).optional().describe('Companies only: running low (at or below their threshold).'),
  awaitingApproval: z.boolean({ message: 'awaitingApproval must be true or false.' }).optional().describe('Users only: the list switch.'),
  openOnly: z.boolean({ message: 'openOnly must be true or false.' }).optional().describe('Invoices only: the list switch.'),
  ...dateRangeFields('rows dated (time logs, invoices and payments only)'),
  id: z.string().trim().max(64, 'That id is not valid.').optional().describe('Users, tasks and invoices only: the one row the list is narrowed to.'),
  type: z.string().max(64).optional().describe('The audit log (events) only: its event type filter.'),
  actor: z.string().max(64).optional().describe("The audit log (events) only: the acting user's id."),
  subject: z.string().max(64).optional().describe("The audit log (events) only: a record's id (its History)."),
  timeZone,
});
export type ExportLinkInput = z.output<typeof exportLinkInput>;

export const downloadLinkOutput = z.object({ url: z.string().describe('A signed link to GET the file from, good for 5 minutes.') });
export type DownloadLink = z.infer<typeof downloadLinkOutput>;

export const activitiesExportInput = z.object({ timeZone }).prefault({});

/** The statement's period, both days included, in the provider's calendar; checked against today on the server. */
export const statementInput = z
  .object({ from: calendarDate('The start date'), to: calendarDate('The end date'), timeZone })
  .refine((period) => period.from <= period.to, { message: STATEMENT_FROM_AFTER_TO, path: ['from'] })
  .refine((period) => yearsBetween(period.from, period.to) <= STATEMENT_MAX_YEARS, { message: STATEMENT_TOO_LONG, path: ['to'] });
export type StatementPeriod = z.output<typeof statementInput>;

/** Whole years from one YYYY-MM-DD to another, as a fraction: 2020-01-01 to 2025-01-01 is 5. */
function yearsBetween(from: string, to: string): number {
  const [fromYear, fromRest] = [Number(from.slice(0, 4)), from.slice(4)];
  const [toYear, toRest] = [Number(to.slice(0, 4)), to.slice(4)];
  return toYear - fromYear + (toRest > fromRest ? 0.5 : 0);
}
