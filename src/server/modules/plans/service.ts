import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { plans } from '../../../../drizzle/schema.js';
import { centsToDollars, hundredthsToHours } from '../../../shared/hours.js';
import { FIRST_PERIOD_PASSED, issueDayOf, nextPeriodOf, PLAN_NEEDS_PACKAGE, planStatus, type PlanDto, type PlanInput } from '../../../shared/plans.js';
import { priceCentsOf } from '../../../shared/pricing.js';
import { epochDay, localDate } from '../../../shared/weekly.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { changeEvents, recordEvents, SCHEDULED_WORK, type EventSource, type NewEvent } from '../events/service.js';
import { zoneCalendar } from '../../lib/zone-calendar.js';
import { issueInvoice } from '../invoices/service.js';
import { offeredTo } from '../packages/offer.js';
import { termsColumnsOf, termsDto } from '../packages/terms.js';
import { readSettings } from '../settings/service.js';

/*
 * Monthly plans: docs/product-rules.md, "Monthly plans". The scheduled work issues each plan's
 * invoice on its day, in one transaction with the month's plan_periods row (unique per plan and
 * month) and the move to the next month, so a month is invoiced once however many processes or
 * restarts run it. Its invoices are recorded as the scheduled work's.
 */

type PlanRow = typeof plans.$inferSelect;

/** When the plan's invoice of `period` is due: the start of its day in the provider's zone; null past its last month. */
function issueAt(plan: Pick<PlanRow, 'dayOfMonth' | 'lastPeriod'>, period: string, timeZone: string): Date | null {
  if (plan.lastPeriod !== null && period > plan.lastPeriod) return null;
  return new Date(zoneCalendar(timeZone).dayStart(epochDay(issueDayOf(period, plan.dayOfMonth))));
}

/** The next month the plan will invoice, past the months its pause skips; null when it will invoice none. */
function nextInvoicedPeriod(plan: PlanRow): string | null {
  if (plan.nextIssueAt === null) return null;
  const next = plan.pausedUntil !== null && plan.nextPeriod <= plan.pausedUntil ? nextPeriodOf(plan.pausedUntil) : plan.nextPeriod;
  return plan.lastPeriod !== null && next > plan.lastPeriod ? null : next;
}

function toDto(plan: PlanRow): PlanDto {
  const next = nextInvoicedPeriod(plan);
  return {
    _id: plan.id,
    company: plan.companyId,
    packageId: plan.packageId,
    description: plan.description,
    hours: hundredthsToHours(plan.hundredths),
    rate: centsToDollars(plan.rateCents),
    price: centsToDollars(priceCentsOf(plan.hundredths, plan.rateCents)),
    ...termsDto(plan),
    dayOfMonth: plan.dayOfMonth,
    firstPeriod: plan.firstPeriod,
    pausedUntil: plan.pausedUntil,
    lastPeriod: plan.lastPeriod,
    nextPeriod: next,
    nextIssueOn: next === null ? null : issueDayOf(next, plan.dayOfMonth),
    status: planStatus(plan.nextIssueAt === null ? null : plan.nextPeriod, plan.pausedUntil),
  };
}

/**
 * The plan's fields its events record, as toDto shows them: what the provider sets, and the status
 * they give it (the next month and its day follow from them and from the months invoiced).
 */
const PLAN_EVENT_FIELDS = [
  'packageId',
  'description',
  'hours',
  'rate',
  'price',
  'validityMonths',
  'rollover',
  'dayOfMonth',
  'firstPeriod',
  'pausedUntil',
  'lastPeriod',
  'status',
] as const satisfies readonly (keyof PlanDto)[];

/** The event of a plan set or changed, with its fields as they were (none for a new plan) and became; none when they stay as they were. */
function planEvents(before: PlanDto | undefined, after: PlanDto): NewEvent[] {
  return changeEvents('plan.updated', { companyId: after.company, subjectType: 'plan', subjectId: after._id }, before, after, PLAN_EVENT_FIELDS);
}

async function planRowOf(tx: Tx, companyId: string): Promise<PlanRow | undefined> {
  const [plan] = await tx.select().from(tx.t.plans).where(eq(tx.t.plans.companyId, companyId));
  return plan;
}

/** The company's plan, if it has one; an unknown company is not found. */
export async function findPlan(deps: AppDeps, companyId: string): Promise<PlanDto | null> {
  const { companies } = deps.db.t;
  const [company] = await deps.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound('Company');
  const plan = await planRowOf(deps.db, companyId);
  return plan ? toDto(plan) : null;
}

/** The first month whose invoice day has not passed at `now`: this month, or the next. */
function firstOpenPeriod(dayOfMonth: number, now: Date, timeZone: string): string {
  const today = localDate(now, timeZone);
  const month = today.slice(0, 7);
  return today <= issueDayOf(month, dayOfMonth) ? month : nextPeriodOf(month);
}

/** The package's numbers and hour terms, for a plan of the company. */
async function packageCopy(tx: Tx, packageId: string, companyId: string) {
  const { packages } = tx.t;
  const [pkg] = await tx
    .select({ id: packages.id, description: packages.description, hundredths: packages.hundredths, rateCents: packages.rateCents, ...termsColumnsOf(packages) })
    .from(packages)
    .where(and(eq(packages.id, packageId), offeredTo(companyId)));
  if (!pkg) throw new AppError('BAD_REQUEST', 'That package is not offered to this company.', 'packageId');
  const { id, ...copy } = pkg;
  return { packageId: id, ...copy };
}

/**
 * Puts the company on a plan, or changes its plan: a package (its numbers and terms copied for the
 * months to come), the day, the first month (before anything was invoiced), a pause through a month,
 * and a last month. Months already invoiced stay as they were.
 */
export async function setPlan(deps: AppDeps, source: EventSource, input: PlanInput): Promise<PlanDto> {
  return deps.db.transaction(async (tx) => {
    const { companies, plans } = tx.t;
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, input.id));
    if (!company) throw notFound('Company');
    const now = deps.clock.now();
    const { timeZone } = await readSettings(deps.config, tx);
    const current = await planRowOf(tx, input.id);
    const copied = input.packageId ? await packageCopy(tx, input.packageId, input.id) : undefined;
    if (!current && !copied) throw new AppError('BAD_REQUEST', PLAN_NEEDS_PACKAGE, 'packageId');
    const issued = current && current.nextPeriod !== current.firstPeriod;
    const firstPeriod = issued ? current.firstPeriod : (input.firstPeriod ?? current?.firstPeriod ?? firstOpenPeriod(input.dayOfMonth, now, timeZone));
    if (!issued && firstPeriod < firstOpenPeriod(input.dayOfMonth, now, timeZone)) throw new AppError('BAD_REQUEST', FIRST_PERIOD_PASSED, 'firstPeriod');
    const schedule = { dayOfMonth: input.dayOfMonth, pausedUntil: input.pausedUntil ?? null, lastPeriod: input.lastPeriod ?? null };
    if (schedule.lastPeriod !== null && schedule.lastPeriod < firstPeriod) throw new AppError('BAD_REQUEST', 'The last month cannot be before the first month.', 'lastPeriod');
    const nextPeriod = issued ? current.nextPeriod : firstPeriod;
    const values = { ...copied, ...schedule, firstPeriod, nextPeriod, nextIssueAt: issueAt(schedule, nextPeriod, timeZone) };
    if (current) await tx.update(plans).set(values).where(eq(plans.id, current.id));
    else await tx.insert(plans).values({ id: newId(), companyId: input.id, ...copied!, ...values, createdAt: now });
    const plan = toDto((await planRowOf(tx, input.id))!);
    await recordEvents(tx, source, now, planEvents(current && toDto(current), plan));
    return plan;
  });
}

/** Plans read per statement by the scheduled work. */
const PLAN_BATCH = 200;

/**
 * Issues every plan invoice due by `now` (and steps over the months a pause skips), each month in a
 * transaction of its own. Answers how many invoices it issued.
 */
export async function issueDuePlanInvoices(deps: AppDeps, now: Date): Promise<number> {
  const { plans } = deps.db.t;
  let issued = 0;
  for (;;) {
    const due = await deps.db
      .select({ id: plans.id })
      .from(plans)
      .where(and(isNotNull(plans.nextIssueAt), lte(plans.nextIssueAt, now)))
      .orderBy(asc(plans.nextIssueAt))
      .limit(PLAN_BATCH);
    let moved = 0;
    for (const { id } of due) {
      const step = await deps.db.transaction((tx) => issueNextPeriod(deps, tx, id, now));
      if (step !== 'none') moved += 1;
      if (step === 'issued') issued += 1;
    }
    // a plan may have several months due (the server was down): read again until nothing moves
    if (moved === 0) return issued;
  }
}

/** The plan's next month, if due: invoiced (or skipped while paused), and the plan moved on to the month after. */
async function issueNextPeriod(deps: AppDeps, tx: Tx, planId: string, now: Date): Promise<'issued' | 'skipped' | 'none'> {
  const { plans, planPeriods } = tx.t;
  const [plan] = await tx.select().from(plans).where(eq(plans.id, planId));
  if (!plan || plan.nextIssueAt === null || plan.nextIssueAt.getTime() > now.getTime()) return 'none';
  const { timeZone } = await readSettings(deps.config, tx);
  const period = plan.nextPeriod;
  const paused = plan.pausedUntil !== null && period <= plan.pausedUntil;
  if (!paused) {
    const invoice = await issueInvoice(tx, deps, SCHEDULED_WORK, {
      companyId: plan.companyId,
      packageId: plan.packageId,
      description: `${plan.description} (${period})`,
      hundredths: plan.hundredths,
      rateCents: plan.rateCents,
      priceCents: priceCentsOf(plan.hundredths, plan.rateCents),
      transactionDate: now,
      ...termsColumnsOf(plan),
    });
    await tx.insert(planPeriods).values({ id: newId(), planId: plan.id, period, invoiceId: invoice._id, createdAt: now });
  }
  const next = nextPeriodOf(period);
  await tx.update(plans).set({ nextPeriod: next, nextIssueAt: issueAt(plan, next, timeZone) }).where(eq(plans.id, plan.id));
  return paused ? 'skipped' : 'issued';
}
