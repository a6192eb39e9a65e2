import { DASHBOARD_LIST_LIMIT, type DashboardDto } from '../../../shared/dashboard.js';
import { hourBalanceSummary } from '../../../shared/hour-balance.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../account/sessions.js';
import { storedCompanyHours } from '../activities/company-hours.js';
import { latestCompletedPurchase, recentCompletedActivities } from '../activities/ledger.js';
import { ownCompany } from '../activities/service.js';
import { openTasksOverview } from '../tasks/queries.js';

/** The provider belongs to no company: as on GET /activities and GET /tasks, there is nothing to show. */
const NO_COMPANY: DashboardDto = {
  company: null,
  hourBalance: hourBalanceSummary({ balance: 0, pending: 0, recentPurchase: 0 }),
  openTasks: { count: 0, newest: [] },
  recentActivities: [],
};

/**
 * The customer dashboard in one call: the company, the Hour Balance card, the open-task count with
 * the newest few, and the latest completed activities. Each read is an indexed query of its own;
 * none lists the whole ledger or every task.
 */
export function dashboardSummary(deps: AppDeps, actor: Actor): DashboardDto {
  const companyId = actor.companyId;
  if (!companyId) return NO_COMPANY;
  const { balance, pending } = storedCompanyHours(deps.db, companyId);
  return {
    company: ownCompany(deps.db, companyId),
    hourBalance: hourBalanceSummary({ balance, pending, recentPurchase: latestCompletedPurchase(deps.db, companyId) }),
    openTasks: openTasksOverview(deps.db, companyId, DASHBOARD_LIST_LIMIT),
    recentActivities: recentCompletedActivities(deps.db, companyId, DASHBOARD_LIST_LIMIT, balance),
  };
}
