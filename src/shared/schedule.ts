import { z } from 'zod';
import { MAX_PER_PAGE } from './list.js';
import { singleLine } from './validation.js';

/*
 * The Company List's scheduler (docs/product-rules.md#companies-balance-emails-and-the-scheduler): a priority list of companies, each with the
 * hours to schedule, sent to the server, which forwards it to the external scheduling webhook.
 */

export const SCHEDULE_HOURS_STEP = 0.1;
export const MIN_SCHEDULE_HOURS = 0;
export const MAX_SCHEDULE_HOURS = 100_000;
/** As many companies as one page of the Company List call holds: the scheduler opens with one such page. */
export const MAX_SCHEDULE_ITEMS = MAX_PER_PAGE;

export type SchedulableCompany = { _id: string; companyName: string; hourBalance: number; openTasks: number };

/** One row of the scheduler; its position in the list is its priority (first is highest). */
export type ScheduleRow = { companyId: string; name: string; hoursToSchedule: number };

/** The balance, but at most 1 for a company with exactly one open task; never below 0. */
export function defaultHoursToSchedule(company: Pick<SchedulableCompany, 'hourBalance' | 'openTasks'>): number {
  const hours = company.openTasks === 1 ? Math.min(company.hourBalance, 1) : company.hourBalance;
  return Math.max(MIN_SCHEDULE_HOURS, hours);
}

/** What the hours input holds, as a decimal; anything that is not a finite number becomes 0. */
export function parseHoursToSchedule(text: string): number {
  const hours = Number.parseFloat(text);
  return Number.isFinite(hours) ? Math.max(MIN_SCHEDULE_HOURS, hours) : 0;
}

function swap<T>(list: readonly T[], index: number, other: number): T[] {
  const moved = [...list];
  [moved[index], moved[other]] = [list[other] as T, list[index] as T];
  return moved;
}

const isIndexOf = (list: readonly unknown[], index: number) => Number.isInteger(index) && index >= 0 && index < list.length;

/** The row one place higher in priority; the first row (or an index out of range) leaves the list as it is. */
export function moveUp<T>(list: readonly T[], index: number): readonly T[] {
  return isIndexOf(list, index) && index > 0 ? swap(list, index, index - 1) : list;
}

/** The row one place lower in priority; the last row (or an index out of range) leaves the list as it is. */
export function moveDown<T>(list: readonly T[], index: number): readonly T[] {
  return isIndexOf(list, index) && index < list.length - 1 ? swap(list, index, index + 1) : list;
}

/** The scheduler's opening list: the companies as the screen filtered and ordered them. */
export function buildScheduleRows(companies: readonly SchedulableCompany[]): ScheduleRow[] {
  return companies.map((company) => ({
    companyId: company._id,
    name: company.companyName,
    hoursToSchedule: defaultHoursToSchedule(company),
  }));
}

/** The scheduler shows hours with exactly 2 decimals. */
export function formatScheduleHours(hours: number): string {
  return (Number.isFinite(hours) ? hours : 0).toFixed(2);
}

/** The body of POST /superadmin/schedule, in priority order. */
export function toScheduleItems(rows: readonly ScheduleRow[]): ScheduleItem[] {
  return rows.map((row) => ({ name: row.name, hours: row.hoursToSchedule }));
}

const scheduleItem = z.object({
  name: singleLine(
    z
      .string({ message: 'Each row needs a company name.' })
      .trim()
      .min(1, { message: 'Each row needs a company name.', abort: true })
      .max(200, 'A company name must be at most 200 characters.'),
    'A company name',
  ),
  hours: z
    .number({ message: 'Hours to schedule must be a number.' })
    .min(MIN_SCHEDULE_HOURS, 'Hours to schedule must be 0 or more.')
    .max(MAX_SCHEDULE_HOURS, `Hours to schedule must be at most ${MAX_SCHEDULE_HOURS}.`),
});
export type ScheduleItem = z.infer<typeof scheduleItem>;

export const scheduleInput = z.object({
  items: z
    .array(scheduleItem, { message: 'Send the companies to schedule as a list.' })
    .min(1, 'Add at least one company to schedule.')
    .max(MAX_SCHEDULE_ITEMS, `At most ${MAX_SCHEDULE_ITEMS} companies can be scheduled at once.`),
});
