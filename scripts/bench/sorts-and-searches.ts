import { COMPANY_SORT_KEYS } from '../../src/shared/companies.js';
import { INVOICE_SORT_KEYS } from '../../src/shared/invoices.js';
import { PACKAGE_SORT_KEYS } from '../../src/shared/packages.js';
import { PAYMENT_SORT_KEYS } from '../../src/shared/payments.js';
import { TASK_SORT_KEYS } from '../../src/shared/tasks.js';
import { TIME_LOG_SORT_KEYS } from '../../src/shared/timelogs.js';
import { COMPANY_USER_SORT_KEYS, USER_SORT_KEYS } from '../../src/shared/users.js';
import { FIRST_PAGE, type Actor, type BenchCall } from './calls.js';

/*
 * The first page of every list in every order a column header offers, and a set of searches: the
 * main latency table measures each list in its default order only, and a sort or a search that
 * reads the whole table would pass unseen there. Measured at 1 client, a short run each.
 */

type Listed = { path: string; as: Actor; sorts: readonly string[] };

const LISTS: Listed[] = [
  { path: '/api/superadmin/companies', as: 'superAdmin', sorts: COMPANY_SORT_KEYS },
  { path: '/api/superadmin/users', as: 'superAdmin', sorts: USER_SORT_KEYS },
  { path: '/api/superadmin/packages', as: 'superAdmin', sorts: PACKAGE_SORT_KEYS },
  { path: '/api/superadmin/allopentasks', as: 'superAdmin', sorts: TASK_SORT_KEYS },
  { path: '/api/superadmin/timelogs', as: 'superAdmin', sorts: TIME_LOG_SORT_KEYS },
  { path: '/api/superadmin/allinvoices', as: 'superAdmin', sorts: INVOICE_SORT_KEYS },
  { path: '/api/superadmin/payments', as: 'superAdmin', sorts: PAYMENT_SORT_KEYS },
  { path: '/api/invoices', as: 'customer', sorts: INVOICE_SORT_KEYS.filter((key) => key !== 'companyName') },
  { path: '/api/tasks', as: 'customer', sorts: TASK_SORT_KEYS.filter((key) => key !== 'companyName') },
  { path: '/api/users', as: 'customer', sorts: COMPANY_USER_SORT_KEYS },
];

/**
 * Searches of the Time Logs list, which matches descriptions, hours and date-times as shown (in the
 * zone given): one found nowhere, words, dates that match a few days or a year, times of day, hours,
 * and one-character searches that match most logs. Every other list searches with a word found
 * nowhere and with a single letter.
 */
export const TIME_LOG_SEARCHES = ['zzqx', 'review', 'Nov 3', '2023', '10:30 PM', 'AM', '1.5', '1', '3'];
const OTHER_SEARCHES = ['zzqx', 'e'];

const name = (path: string) => path.replace(/^\/api/, '');

export function sortCalls(): BenchCall[] {
  return LISTS.flatMap(({ path, as, sorts }) =>
    sorts.flatMap((sort) =>
      (['asc', 'desc'] as const).map((dir): BenchCall => ({ name: `${name(path)} ${sort} ${dir}`, path: `${path}${FIRST_PAGE}&sort=${sort}&dir=${dir}`, as, kind: 'list' })),
    ),
  );
}

export function searchCalls(): BenchCall[] {
  const search = (path: string, as: Actor, text: string, extra = ''): BenchCall => ({
    name: `${name(path)} "${text}"`,
    path: `${path}${FIRST_PAGE}&search=${encodeURIComponent(text)}${extra}`,
    as,
    kind: 'list',
  });
  return LISTS.flatMap(({ path, as }) =>
    path === '/api/superadmin/timelogs'
      ? TIME_LOG_SEARCHES.map((text) => search(path, as, text, '&timeZone=America%2FNew_York'))
      : OTHER_SEARCHES.map((text) => search(path, as, text)),
  );
}
