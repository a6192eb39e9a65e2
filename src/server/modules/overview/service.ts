import { centsToDollars, hundredthsToHours } from '../../../shared/hours.js';
import {
  EXPIRING_SOON_DAYS,
  EXPIRING_SOON_SHOWN,
  OVERVIEW_MONTHS,
  type ExpiringSoonDto,
  OVERVIEW_SIGNUPS_SHOWN,
  type MonthFiguresDto,
  type ReceivableDto,
  type SignupsDto,
  type WeekHoursDto,
} from '../../../shared/overview.js';
import { addDays, localDate, WEEKLY_TARGET_HOURS } from '../../../shared/weekly.js';
import type { AppDeps } from '../../deps.js';
import { clockFree, keptUntilChange } from '../../lib/kept-until-change.js';
import { recentMonths, recentWeeks } from '../../lib/periods.js';
import * as queries from './queries.js';
import { readSettings } from '../settings/service.js';

/* The provider's overview: docs/product-rules.md#provider-overview. */

export async function signupsAwaitingApproval(deps: AppDeps): Promise<SignupsDto> {
  const count = await queries.awaitingApprovalCount(deps.db);
  const newest = await queries.newestAwaitingApproval(deps.db, OVERVIEW_SIGNUPS_SHOWN);
  return { count, newest: newest.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

/** Sums every open invoice's payments: kept until the data changes, so a busy overview reads it once. */
export const receivable = keptUntilChange(async (deps: AppDeps): Promise<ReceivableDto> => {
  const totals = await queries.receivableTotals(deps.db);
  return { unpaidCount: totals.unpaid, partlyPaidCount: totals.partlyPaid, totalReceivable: centsToDollars(totals.openCents) };
}, clockFree);

/** Hours logged in the current week (Monday to Sunday in the provider's time zone) against the weekly target. */
export async function hoursThisWeek(deps: AppDeps): Promise<WeekHoursDto> {
  const [week] = recentWeeks((await readSettings(deps.config, deps.db)).timeZone, deps.clock.now(), 1);
  return {
    weekStart: week!.label,
    weekEnd: addDays(week!.label, 6),
    totalHours: hundredthsToHours(await queries.loggedHundredths(deps.db, week!)),
    targetHours: WEEKLY_TARGET_HOURS,
  };
}

/** The provider's months up to the current one, the current one last. */
const monthsUpToNow = async (deps: AppDeps, count: number) => recentMonths((await readSettings(deps.config, deps.db)).timeZone, deps.clock.now(), count);

/**
 * Hours sold, used and awaiting payment per calendar month, the current month last; kept until the
 * data changes or a new month begins (a computation reads every log of the year: some 900,000 at
 * two million logs).
 */
export const monthlyFigures = keptUntilChange(async (deps: AppDeps): Promise<MonthFiguresDto[]> => {
  const months = await monthsUpToNow(deps, OVERVIEW_MONTHS);
  const figures: MonthFiguresDto[] = [];
  for (const month of months) {
    const invoiced = await queries.invoicedHundredths(deps.db, month);
    figures.push({
      month: month.label,
      soldHours: hundredthsToHours(invoiced.sold),
      usedHours: hundredthsToHours(await queries.loggedHundredths(deps.db, month)),
      awaitingPaymentHours: hundredthsToHours(invoiced.awaitingPayment),
    });
  }
  return figures;
}, async (deps) => (await monthsUpToNow(deps, 1))[0]!.label);

/** Hours that expire in the next 30 days: how many, in how many blocks, and the soonest few. */
export async function expiringSoon(deps: AppDeps): Promise<ExpiringSoonDto> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + EXPIRING_SOON_DAYS * 24 * 60 * 60 * 1000);
  const { timeZone } = await readSettings(deps.config, deps.db);
  const totals = await queries.expiringTotals(deps.db, now, until);
  const soonest = await queries.soonestExpiring(deps.db, now, until, EXPIRING_SOON_SHOWN);
  return {
    totalHours: hundredthsToHours(totals.unused),
    blockCount: totals.blocks,
    soonest: soonest.map((row) => ({ company: row.company, companyName: row.companyName, hours: hundredthsToHours(row.unused), expiresOn: localDate(row.expiresAt, timeZone) })),
  };
}
