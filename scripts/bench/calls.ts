/*
 * The calls the bench times, as the screens ask for them: the first page of 25 rows (12 weeks
 * for the weekly summary), the customer's dashboard and the provider's overview cards, the
 * customer's weekly usage chart, and a trivial signed-in call.
 */

export type Actor = 'superAdmin' | 'customer';

export type BenchCall = {
  name: string;
  path: string;
  as: Actor;
  /** 'trivial' has no latency target; it is compared with a bare hello-world instead. */
  kind: 'list' | 'dashboard' | 'trivial';
};

export const FIRST_PAGE = '?page=1&per_page=25';
export const TWELVE_WEEKS = '?page=1&per_page=12';
export const DASHBOARD_PATH = '/api/dashboard';
export const PROFILE_PATH = '/api/account/profile';
export const COMPANIES_FIRST_PAGE = `/api/superadmin/companies${FIRST_PAGE}`;

/** The provider overview's calls, one per card. */
const OVERVIEW_CARDS = ['signups', 'receivable', 'week', 'months', 'expiring'];

const list = (as: Actor, path: string, query = FIRST_PAGE, name = path.replace(/^\/api/, '')): BenchCall => ({
  name,
  path: `${path}${query}`,
  as,
  kind: 'list',
});

/** The audit log: its first page, a deep one, and each filter, on a million events. */
function auditLogCalls(sample: { actorId: string; companyId: string; subjectId: string }): BenchCall[] {
  const events = '/api/superadmin/events';
  return [
    list('superAdmin', events),
    list('superAdmin', events, '?page=400&per_page=25', '/superadmin/events page 400'),
    list('superAdmin', events, `${FIRST_PAGE}&type=hours.expired`, '/superadmin/events?type'),
    list('superAdmin', events, `${FIRST_PAGE}&company=${sample.companyId}`, '/superadmin/events?company'),
    list('superAdmin', events, `${FIRST_PAGE}&actor=${sample.actorId}`, '/superadmin/events?actor'),
    list('superAdmin', events, `${FIRST_PAGE}&subject=${sample.subjectId}`, '/superadmin/events?subject (a History)'),
    list('superAdmin', events, `${FIRST_PAGE}&from=2025-01-01&to=2025-01-31`, '/superadmin/events?from&to'),
    list('superAdmin', events, `${FIRST_PAGE}&search=expired`, '/superadmin/events "expired"'),
  ];
}

export function benchCalls(companyId: string, eventSample: { actorId: string; companyId: string; subjectId: string }): BenchCall[] {
  return [
    ...auditLogCalls(eventSample),
    list('superAdmin', '/api/superadmin/companies'),
    list('superAdmin', '/api/superadmin/users'),
    list('superAdmin', '/api/superadmin/packages'),
    list('superAdmin', '/api/superadmin/allopentasks'),
    list('superAdmin', '/api/superadmin/timelogs'),
    list('superAdmin', '/api/superadmin/allinvoices'),
    list('superAdmin', '/api/superadmin/allinvoices', `${FIRST_PAGE}&openOnly=true`, '/superadmin/allinvoices?openOnly'),
    list('superAdmin', '/api/superadmin/users', `${FIRST_PAGE}&awaitingApproval=true`, '/superadmin/users?awaitingApproval'),
    list('superAdmin', '/api/superadmin/payments'),
    list('superAdmin', '/api/superadmin/timelogs/by-date', TWELVE_WEEKS, '/superadmin/timelogs/by-date'),
    list('superAdmin', '/api/superadmin/timelogs/by-date', `${TWELVE_WEEKS}&company=${companyId}`, '/superadmin/timelogs/by-date?company'),
    list('customer', '/api/activities'),
    list('customer', '/api/invoices'),
    list('customer', '/api/tasks'),
    list('customer', '/api/users'),
    { name: '/dashboard', path: DASHBOARD_PATH, as: 'customer', kind: 'dashboard' },
    ...OVERVIEW_CARDS.map((card): BenchCall => ({ name: `/superadmin/overview/${card}`, path: `/api/superadmin/overview/${card}`, as: 'superAdmin', kind: 'dashboard' })),
    { name: '/activities/weekly', path: '/api/activities/weekly', as: 'customer', kind: 'dashboard' },
    { name: '/account/profile', path: PROFILE_PATH, as: 'customer', kind: 'trivial' },
  ];
}
