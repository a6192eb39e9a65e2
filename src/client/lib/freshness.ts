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
/** The provider's overview: sign-ups, receivables, this week's hours and the monthly chart. */
const OVERVIEW = 'superadmin.overview';
const CUSTOMER_TASKS = [DASHBOARD, 'tasks'];
/*
 * A back-office screen updates its own list in place after a save or delete (the row is replaced,
 * appended or removed where it is, without reloading the list), so each entry below names the other
 * lists and pickers a change touches, not the list of the screen that made it.
 */
const COMPANY_LIST = 'superadmin.companies.list';
const COMPANY_PICKERS = 'superadmin.companies.options';
/** The provider overview's running-low card: any balance or threshold change may move a company on or off it. */
const RUNNING_LOW = 'superadmin.companies.runningLow';
const INVOICE_LIST = 'superadmin.invoices.list';
const INVOICE_PICKER = 'superadmin.invoices.choices';
const PAYMENT_LIST = 'superadmin.payments.list';
const OPEN_TASK_LIST = 'superadmin.tasks.listOpen';
const TASK_PICKER = 'superadmin.tasks.openOf';
const TIME_LOG_LIST = 'superadmin.timelogs.list';
const WEEKLY_VIEW = 'superadmin.timelogs.byDate';
const HOURS = [COMPANY_LIST, OVERVIEW, RUNNING_LOW, ...CUSTOMER_HOURS];
const INVOICE_CHANGE = [INVOICE_PICKER, PAYMENT_LIST, ...HOURS];
const PAYMENT_CHANGE = [INVOICE_LIST, INVOICE_PICKER, ...HOURS];
/** Payments customers report: the overview's card and each invoice's "Payment reported". */
const REPORTED_PAYMENTS = ['superadmin.reportedPayments', INVOICE_LIST];
const WORK = [WEEKLY_VIEW, OPEN_TASK_LIST, TASK_PICKER, ...HOURS, ...CUSTOMER_TASKS];
const PROVIDER_TASKS = [TASK_PICKER, COMPANY_LIST, ...CUSTOMER_TASKS];
const SETUP = 'superadmin.setup';
// the checklist ticks its first package and first customer from the data
const PACKAGES = ['superadmin.packages.choices', 'packages', SETUP];
/** What the provider's settings reach: their own page, names and payment details, thresholds, weeks and forecasts. */
const SETTINGS = ['superadmin.settings', SETUP, 'branding', 'superadmin.companies', OVERVIEW, 'superadmin.timelogs', ...CUSTOMER_HOURS];
const USERS = ['users'];
const WEBHOOKS = 'superadmin.webhooks';
/** A change of who is approved (or who exists) moves the overview's sign-ups card. */
const USER_APPROVAL = [...USERS, OVERVIEW];
/** A company's name shows in every back-office list and picker. */
const COMPANY_RENAMED = [COMPANY_PICKERS, INVOICE_LIST, INVOICE_PICKER, PAYMENT_LIST, OPEN_TASK_LIST, TIME_LOG_LIST, WEEKLY_VIEW, 'superadmin.users.list', 'superadmin.packages', DASHBOARD, OVERVIEW];

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

  'invoices.purchase': [...CUSTOMER_HOURS, INVOICE_LIST, INVOICE_PICKER, COMPANY_LIST, RUNNING_LOW],
  'tasks.create': [...CUSTOMER_TASKS, OPEN_TASK_LIST, TASK_PICKER, COMPANY_LIST],
  'tasks.update': [...CUSTOMER_TASKS, OPEN_TASK_LIST, TASK_PICKER],
  'tasks.delete': [...CUSTOMER_TASKS, OPEN_TASK_LIST, TASK_PICKER, COMPANY_LIST],

  'superadmin.companies.create': [COMPANY_PICKERS],
  'superadmin.companies.update': [...COMPANY_RENAMED, RUNNING_LOW],
  'superadmin.companies.delete': [COMPANY_PICKERS, RUNNING_LOW],
  // the list shows when each balance email was last sent
  'superadmin.companies.sendBalanceEmail': [COMPANY_LIST],
  'superadmin.companies.sendRunningLowEmails': [COMPANY_LIST],
  'superadmin.schedule.send': [],
  'superadmin.settings.update': SETTINGS,
  'superadmin.settings.saveLogo': ['superadmin.settings'],
  'superadmin.settings.removeLogo': ['superadmin.settings'],
  'superadmin.setup.sendTestEmail': [SETUP],
  'superadmin.setup.hide': [SETUP],
  // the Webhooks page: its endpoints with their newest delivery, and their delivery logs
  'superadmin.webhooks.create': [WEBHOOKS],
  'superadmin.webhooks.update': [WEBHOOKS],
  'superadmin.webhooks.delete': [WEBHOOKS],
  'superadmin.webhooks.rotateSecret': [WEBHOOKS],
  'superadmin.webhooks.sendTest': [WEBHOOKS],
  'superadmin.webhooks.redeliver': [WEBHOOKS],
  'superadmin.invoices.create': INVOICE_CHANGE,
  'superadmin.plans.set': ['superadmin.plans', 'superadmin.companies'],
  // the company's page shows its figures and its invoices
  'superadmin.invoices.billOverage': ['superadmin.companies', INVOICE_LIST, ...INVOICE_CHANGE],
  'superadmin.invoices.update': INVOICE_CHANGE,
  'superadmin.invoices.delete': INVOICE_CHANGE,
  'superadmin.invoices.openBalance': [],
  'superadmin.payments.create': PAYMENT_CHANGE,
  'superadmin.payments.update': PAYMENT_CHANGE,
  'superadmin.payments.delete': PAYMENT_CHANGE,
  'reportedPayments.report': ['invoices'],
  'superadmin.reportedPayments.confirm': [...REPORTED_PAYMENTS, PAYMENT_LIST, ...PAYMENT_CHANGE],
  'superadmin.reportedPayments.reject': REPORTED_PAYMENTS,
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
  // made on the Timesheet screen, so the Time Logs list did not see the new rows either
  'superadmin.timelogs.saveTimesheet': [...WORK, TIME_LOG_LIST, 'superadmin.timelogs.timesheetWeek'],
  'superadmin.users.create': USER_APPROVAL,
  'superadmin.users.update': USER_APPROVAL,
  'superadmin.users.delete': USER_APPROVAL,
  // the overview approves sign-ups too, so the Users list, which did not make the change, goes stale
  'superadmin.users.activate': [...USER_APPROVAL, 'superadmin.users.list', SETUP],
  'superadmin.users.sendSetPassword': USERS,
  // a colleague invited or removed by a company admin: the provider's approvals and user list move too
  'users.invite': [...USER_APPROVAL, 'superadmin.users.list'],
  'users.remove': [...USER_APPROVAL, 'superadmin.users.list'],
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
