import { z } from 'zod';
import { calendarDateText } from './dates.js';
import { hourTermsOutput } from './hour-blocks.js';
import { idParam, numberField } from './validation.js';

/*
 * Monthly plans (docs/product-rules.md, "Monthly plans"): a company invoiced for a package's hours
 * every month on a chosen day. Months are written YYYY-MM; days YYYY-MM-DD, in the provider's zone.
 */

export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** Days 29 to 31 are missing from some months: a plan's day is 1 to 28. */
export const MAX_PLAN_DAY = 28;

/** The month after `period`. */
export function nextPeriodOf(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12 ? `${String(year + 1).padStart(4, '0')}-01` : `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}`;
}

/** The day a plan issues its invoice of `period`. */
export const issueDayOf = (period: string, dayOfMonth: number) => `${period}-${String(dayOfMonth).padStart(2, '0')}`;

/** The plan's state on a day: issuing, paused through some month, or ended. */
export type PlanStatus = 'active' | 'paused' | 'ended';

/** A plan's state from its next month (null once it has ended) and its pause. */
export function planStatus(nextPeriod: string | null, pausedUntil: string | null): PlanStatus {
  if (nextPeriod === null) return 'ended';
  return pausedUntil !== null && nextPeriod <= pausedUntil ? 'paused' : 'active';
}

/** A company's plan as the Company List shows it. */
export const companyPlanOutput = z
  .object({ description: z.string(), dayOfMonth: z.number().int(), status: z.enum(['active', 'paused', 'ended']), pausedUntil: z.string().nullable() })
  .nullable();
export type CompanyPlanDto = z.infer<typeof companyPlanOutput>;

export const planOutput = z.object({
  _id: z.string(),
  company: z.string(),
  /** The package the plan was set from (null once that package is deleted: the plan keeps its copy). */
  packageId: z.string().nullable(),
  description: z.string(),
  hours: z.number(),
  rate: z.number(),
  price: z.number(),
  ...hourTermsOutput,
  dayOfMonth: z.number().int(),
  firstPeriod: z.string(),
  pausedUntil: z.string().nullable(),
  lastPeriod: z.string().nullable(),
  /** The next month the plan invoices (past the months a pause skips), and the day it does; null when it will invoice no more. */
  nextPeriod: z.string().nullable(),
  nextIssueOn: z.string().nullable(),
  status: z.enum(['active', 'paused', 'ended']),
});
export type PlanDto = z.infer<typeof planOutput>;

const period = (label: string) =>
  z
    .string({ message: `${label} must be a month, such as 2026-03.` })
    .trim()
    .regex(PERIOD_PATTERN, `${label} must be a month, such as 2026-03.`);

/** Set a company's plan: its package (required the first time), day, first month, pause and last month. */
export const planInput = z
  .object({
    id: idParam,
    packageId: z.string().trim().max(64, 'That package id is not valid.').nullish(),
    dayOfMonth: numberField('Day of the month', { int: true, min: 1, max: MAX_PLAN_DAY }),
    firstPeriod: period('First month').nullish(),
    pausedUntil: period('Paused until').nullish(),
    lastPeriod: period('Last month').nullish(),
  })
  .refine((plan) => !plan.lastPeriod || !plan.firstPeriod || plan.lastPeriod >= plan.firstPeriod, {
    message: 'The last month cannot be before the first month.',
    path: ['lastPeriod'],
  });
export type PlanInput = z.output<typeof planInput>;

export const PLAN_NEEDS_PACKAGE = 'Choose the package the plan invoices each month.';
export const FIRST_PERIOD_PASSED = 'The first month cannot be one whose invoice day has passed.';

const ordinal = (day: number) => `${day}${day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th'}`;
const monthText = (period: string) => calendarDateText(`${period}-01`, 'monthYear');

/** "Starter: 10 hours, monthly on the 1st", with "(paused through Mar 2027)" or "(ended)". */
export function planSummaryText(plan: Pick<PlanDto, 'description' | 'dayOfMonth' | 'status' | 'pausedUntil'>): string {
  const base = `${plan.description}, monthly on the ${ordinal(plan.dayOfMonth)}`;
  if (plan.status === 'ended') return `${base} (ended)`;
  if (plan.status === 'paused' && plan.pausedUntil) return `${base} (paused through ${monthText(plan.pausedUntil)})`;
  return base;
}
