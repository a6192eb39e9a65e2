import type { QueryClient } from '@tanstack/react-query';

/*
 * What each call changes, as the queries (a procedure path or the prefix of several) whose answers it
 * makes stale. After a call succeeds, those queries are marked stale: the ones on screen ask the
 * server again at once, the others when they are next shown. Screens need no refresh code of their
 * own for this, and nothing waits for the 30-second stale time. src/server/query-freshness.test.ts holds this list to the router:
 * every call is declared, and every prefix names queries that exist.
 */
const DASHBOARD = 'dashboard';
const CUSTOMER_HOURS = [DASHBOARD, 'activities', 'invoices'];
const CUSTOMER_TASKS = [DASHBOARD, 'tasks'];
/** Company figures (balance, open tasks) shown by the company list and pickers. */
const COMPANIES = 'superadmin.companies';
const BILLING = ['superadmin.invoices', 'superadmin.payments', COMPANIES, ...CUSTOMER_HOURS];
const WORK = ['superadmin.timelogs', 'superadmin.tasks', COMPANIES, ...CUSTOMER_HOURS, ...CUSTOMER_TASKS];
const PROVIDER_TASKS = ['superadmin.tasks', COMPANIES, ...CUSTOMER_TASKS];
const PACKAGES = ['superadmin.packages', 'packages'];
const USERS = ['superadmin.users', 'users'];
/** A company's name shows in every back-office list. */
const EVERY_BACK_OFFICE_LIST = ['superadmin', DASHBOARD];

export const QUERIES_CHANGED_BY: Readonly<Record<string, readonly string[]>> = {
  // Signing in or out starts from an empty cache; links and emails change nothing shown.
  'account.login': [],
  'account.loginTwoFactor': [],
  'account.logout': [],
  'account.signup': [],
  'account.forgotPassword': [],
  'account.resendLink': [],
  'account.resetPassword': [],
  'account.changePassword': [],
  'account.updateProfile': ['account.profile', 'users', 'superadmin.users'],
  'twoFactor.begin': ['twoFactor.status'],
  'twoFactor.enable': ['twoFactor.status', 'superadmin.users'],
  'twoFactor.disable': ['twoFactor.status', 'superadmin.users'],
  'twoFactor.setPolicy': ['twoFactor.policy'],

  'invoices.purchase': [...CUSTOMER_HOURS, 'superadmin.invoices', COMPANIES],
  'tasks.create': [...CUSTOMER_TASKS, 'superadmin.tasks', COMPANIES],
  'tasks.update': [...CUSTOMER_TASKS, 'superadmin.tasks'],
  'tasks.delete': [...CUSTOMER_TASKS, 'superadmin.tasks', COMPANIES],

  'superadmin.companies.create': [COMPANIES],
  'superadmin.companies.update': EVERY_BACK_OFFICE_LIST,
  'superadmin.companies.delete': [COMPANIES],
  'superadmin.companies.sendBalanceEmail': [],
  'superadmin.schedule.send': [],
  'superadmin.invoices.create': BILLING,
  'superadmin.invoices.update': BILLING,
  'superadmin.invoices.delete': BILLING,
  'superadmin.invoices.openBalance': [],
  'superadmin.payments.create': BILLING,
  'superadmin.payments.update': BILLING,
  'superadmin.payments.delete': BILLING,
  'superadmin.packages.create': PACKAGES,
  'superadmin.packages.update': PACKAGES,
  'superadmin.packages.delete': PACKAGES,
  'superadmin.tasks.create': PROVIDER_TASKS,
  'superadmin.tasks.update': PROVIDER_TASKS,
  'superadmin.tasks.delete': PROVIDER_TASKS,
  'superadmin.tasks.markDone': PROVIDER_TASKS,
  'superadmin.timelogs.create': WORK,
  'superadmin.timelogs.update': WORK,
  'superadmin.timelogs.delete': WORK,
  'superadmin.users.create': USERS,
  'superadmin.users.update': USERS,
  'superadmin.users.delete': USERS,
  'superadmin.users.activate': USERS,
  'superadmin.users.sendSetPassword': USERS,
  'superadmin.users.resetTwoFactor': USERS,
};

/** The query key prefix of a path as tRPC's React Query keys spell it: [['superadmin', 'companies']]. */
function queryKeyPrefix(path: string): [string[]] {
  return [path.split('.')];
}

/** Marks stale what the call at `mutationKey` (tRPC's [['invoices', 'purchase']]) changed. */
export function refreshAfter(queryClient: QueryClient, mutationKey: readonly unknown[] | undefined): void {
  const path = Array.isArray(mutationKey?.[0]) ? (mutationKey[0] as string[]).join('.') : undefined;
  if (!path) return;
  const changed = QUERIES_CHANGED_BY[path];
  // A call not in the list (the test prevents one) refreshes everything rather than nothing.
  if (!changed) {
    void queryClient.invalidateQueries();
    return;
  }
  for (const prefix of new Set(changed)) void queryClient.invalidateQueries({ queryKey: queryKeyPrefix(prefix) });
}
