import { eq, sql } from 'drizzle-orm';
import { DASHBOARD_LIST_LIMIT, type DashboardDto } from '../../../shared/dashboard.js';
import { hourBalanceSummary } from '../../../shared/hour-balance.js';
import { centsToDollars, hundredthsToHours } from '../../../shared/hours.js';
import { priceCentsOf } from '../../../shared/pricing.js';
import { overageRateCentsOf } from '../invoices/service.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { plainRows, plainSelect, preparedPer } from '../../lib/prepared.js';
import type { Actor } from '../account/actor.js';
import { latestCompletedPurchase, recentCompletedActivities } from '../activities/ledger.js';
import { forecastAndBlocksOf } from '../companies/forecasts.js';
import { newestOpenTasks } from '../tasks/queries.js';

/** The provider belongs to no company: as on GET /activities and GET /tasks, there is nothing to show. */
const NO_COMPANY: DashboardDto = {
  company: null,
  hourBalance: hourBalanceSummary({ balance: 0, pending: 0, recentPurchase: 0 }),
  openTasks: { count: 0, newest: [] },
  recentActivities: [],
  forecast: null,
  blocks: [],
  owed: null,
};

/** The company with the figures its row keeps: hour balance, pending hours and open tasks. */
const companyFigures = preparedPer((db) => {
  const { companies } = db.t;
  const fields = {
    _id: companies.id,
    companyName: companies.companyName,
    balance: companies.balanceHundredths,
    pending: companies.pendingHundredths,
    openTasks: companies.openTasks,
  };
  return plainSelect(db.select(fields).from(companies).where(eq(companies.id, sql.placeholder('companyId'))).prepare(), fields);
});

/**
 * The customer dashboard in one call: the company, the Hour Balance card, the open-task count with
 * the newest few, and the latest completed activities. The figures come from the company row; the
 * rest is indexed reads (the settings, the live blocks and the weeks of use read once for the forecast and the blocks), none of the whole ledger or of every task.
 */
export async function dashboardSummary(deps: AppDeps, actor: Actor): Promise<DashboardDto> {
  const companyId = actor.companyId;
  if (!companyId) return NO_COMPANY;
  const [company] = await plainRows(deps.db, companyFigures(deps.db), { companyId });
  if (!company) throw notFound('Company');
  const { balance, pending } = company;
  const { forecast, blocks } = await forecastAndBlocksOf(deps, deps.db, { id: companyId, balanceHundredths: balance });
  return {
    company: { _id: company._id, companyName: company.companyName },
    hourBalance: hourBalanceSummary({ balance, pending, recentPurchase: await latestCompletedPurchase(deps.db, companyId) }),
    openTasks: { count: company.openTasks, newest: await newestOpenTasks(deps.db, companyId, DASHBOARD_LIST_LIMIT) },
    recentActivities: await recentCompletedActivities(deps.db, companyId, DASHBOARD_LIST_LIMIT, balance),
    forecast,
    blocks,
    owed: balance < 0 ? await owedHours(deps, companyId, -balance) : null,
  };
}

/** What a negative balance owes: the hours, and their price at the company's overage rate. */
async function owedHours(deps: AppDeps, companyId: string, hundredths: number): Promise<DashboardDto['owed']> {
  const rateCents = await overageRateCentsOf(deps.db, companyId);
  return {
    hours: hundredthsToHours(hundredths),
    rate: rateCents === null ? null : centsToDollars(rateCents),
    amount: rateCents === null ? null : centsToDollars(priceCentsOf(hundredths, rateCents)),
  };
}
