import { and, count, eq, gt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { companies, invoices, payments, timeLogs } from '../../../../drizzle/schema.js';
import {
  COMPANY_OPTIONS_LIMIT,
  type BulkBalanceEmailFilter,
  type RunningLowCompanyDto,
  type CompanyDto,
  type CompanyListQuery,
  type CompanyOption,
  type CompanySortKey,
} from '../../../shared/companies.js';
import type { ListQuery, Page } from '../../../shared/list.js';
import { containsPattern, orderOf, pageOf, searchAny, searchAnyPlaceholder, type ListReader } from '../../lib/paging.js';
import { mappedRows, preparedByShape, preparedPerDb } from '../../lib/prepared.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import type { Forecast } from '../../../shared/forecast.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { hasCompanyRecipientsSql } from '../../mail/recipients.js';
import { forecastsOf } from './forecasts.js';
import { readSettings } from '../settings/service.js';

const companyColumns = {
  id: companies.id,
  companyName: companies.companyName,
  companyAddress: companies.companyAddress,
  companyPhone: companies.companyPhone,
  website: companies.website,
  balanceHundredths: companies.balanceHundredths,
  pendingHundredths: companies.pendingHundredths,
  openTasks: companies.openTasks,
  lowBalanceHundredths: companies.lowBalanceHundredths,
  runningLowEmailedAt: companies.runningLowEmailedAt,
  negativeEmailedAt: companies.negativeEmailedAt,
};
type CompanyRow = Pick<typeof companies.$inferSelect, keyof typeof companyColumns>;

/** What a company row needs besides itself to answer: the provider's default threshold, and its forecast. */
type DtoContext = { defaultThreshold: number; forecasts: Map<string, Forecast | null> };

const rowid = sql`${companies}.rowid`;

/**
 * Companies by name without regard to letter case, rowid between companies of the same name: the
 * order of the index companies_name_nocase_idx. Lists of other rows sorted by company name start
 * with it, so they can walk companies in this order and each company's rows by its own index.
 */
export const companyNameOrder: SQL[] = [sql`${companies.companyName} collate nocase`, rowid];

/** What each sortable column sorts by; rowid breaks ties in the same direction, so one index serves each. */
const companySortColumns: Record<CompanySortKey, (SQL | AnyColumn)[]> = {
  companyName: companyNameOrder,
  hourBalance: [companies.balanceHundredths, rowid],
  openTasks: [companies.openTasks, rowid],
};
const byName = orderOf('asc', companySortColumns.companyName);

const isoOrNull = (instant: Date | null) => instant?.toISOString() ?? null;

function toDto(row: CompanyRow, context: DtoContext): CompanyDto {
  return {
    _id: row.id,
    companyName: row.companyName,
    companyAddress: row.companyAddress,
    companyPhone: row.companyPhone,
    website: row.website,
    hourBalance: hundredthsToHours(row.balanceHundredths),
    pendingHours: hundredthsToHours(row.pendingHundredths),
    openTasks: row.openTasks,
    lowBalanceHours: row.lowBalanceHundredths === null ? null : hundredthsToHours(row.lowBalanceHundredths),
    thresholdHours: hundredthsToHours(row.lowBalanceHundredths ?? context.defaultThreshold),
    runningLowEmailedAt: isoOrNull(row.runningLowEmailedAt),
    negativeEmailedAt: isoOrNull(row.negativeEmailedAt),
    forecast: context.forecasts.get(row.id) ?? null,
  };
}

/** The rows as the list answers them, with the forecasts of all of them read at once. */
function toDtos(deps: Pick<AppDeps, 'config' | 'clock'>, tx: Tx, rows: CompanyRow[]): CompanyDto[] {
  const settings = readSettings(deps.config, tx);
  const context = { defaultThreshold: settings.lowBalanceHundredths, forecasts: forecastsOf(deps, tx, rows, settings.timeZone) };
  return rows.map((row) => toDto(row, context));
}

/** SQL: the company's balance is at or below its threshold (its own, or the placeholder 'threshold'). */
export const runningLowSql = lte(companies.balanceHundredths, sql`coalesce(${companies.lowBalanceHundredths}, ${sql.placeholder('threshold')})`);

/** The switch 'Only positive hours & open tasks'. */
const hasHoursAndOpenTasks = and(gt(companies.balanceHundredths, 0), gt(companies.openTasks, 0));

/** What the Company List's SQL depends on: which filters are set, and the sort. */
type CompanyListShape = {
  company: boolean;
  search: boolean;
  positiveOnly: boolean;
  lowOnly: boolean;
  sort: CompanySortKey;
  dir: CompanyListQuery['dir'];
};

function companyListWhere(shape: CompanyListShape): SQL | undefined {
  return and(
    shape.company ? eq(companies.id, sql.placeholder('company')) : undefined,
    shape.search ? searchAnyPlaceholder([companies.companyName]) : undefined,
    shape.positiveOnly ? hasHoursAndOpenTasks : undefined,
    shape.lowOnly ? runningLowSql : undefined,
  );
}

const companyPage = preparedByShape((tx, shape: CompanyListShape) =>
  mappedRows(
    tx
      .select(companyColumns)
      .from(companies)
      .where(companyListWhere(shape))
      .orderBy(...orderOf(shape.dir, companySortColumns[shape.sort]))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
    companyColumns,
  ),
);

/** The capped count of countUpTo, as a statement compiled once per shape; the cap is the placeholder atMost. */
const companyCount = preparedByShape((tx, shape: CompanyListShape) => {
  const matching = tx.select({ one: sql`1` }).from(companies).where(companyListWhere(shape)).limit(sql.placeholder('atMost')).as('matching');
  return tx.select({ total: count() }).from(matching).prepare();
});

/**
 * The Company List's rows for its search, filters and sort, a slice at a time: figures read from
 * each company's row, and the run-out forecasts of the slice's companies in one more statement.
 */
export function companyListReader(
  deps: Pick<AppDeps, 'config' | 'clock'>,
  tx: Tx,
  query: Omit<CompanyListQuery, 'page' | 'perPage'>,
): ListReader<CompanyDto> {
  const shape = {
    company: Boolean(query.company),
    search: Boolean(query.search),
    positiveOnly: query.positiveOnly,
    lowOnly: query.lowOnly,
    sort: query.sort,
    dir: query.dir,
  };
  const values = {
    company: query.company,
    pattern: query.search && containsPattern(query.search),
    ...(query.lowOnly ? { threshold: readSettings(deps.config, tx).lowBalanceHundredths } : {}),
  };
  return {
    rows: (limit, offset) => toDtos(deps, tx, companyPage(tx, shape)({ ...values, limit, offset })),
    count: (atMost) => companyCount(tx, shape).get({ ...values, atMost })?.total ?? 0,
  };
}

/** One page of the Company List (see companyListReader). */
export function listCompanies(deps: Pick<AppDeps, 'config' | 'clock'>, tx: Tx, query: CompanyListQuery): Page<CompanyDto> {
  return pageOf(query, companyListReader(deps, tx, query));
}

export function findCompanyRow(tx: Tx, id: string): CompanyRow {
  const row = tx.select(companyColumns).from(companies).where(eq(companies.id, id)).get();
  if (!row) throw notFound('Company');
  return row;
}

export function findCompany(deps: Pick<AppDeps, 'config' | 'clock'>, tx: Tx, id: string): CompanyDto {
  return toDtos(deps, tx, [findCompanyRow(tx, id)])[0]!;
}

export type BillingHistory = { invoices: boolean; payments: boolean; timeLogs: boolean };

/** Which kinds of billing records the company has, in one query. */
export function billingHistoryOf(tx: Tx, companyId: string): BillingHistory {
  const exists = (table: typeof invoices | typeof payments | typeof timeLogs) =>
    sql<number>`exists (select 1 from ${table} where ${table.companyId} = ${companyId})`;
  const row = tx
    .select({ invoices: exists(invoices), payments: exists(payments), timeLogs: exists(timeLogs) })
    .from(sql`(select 1)`)
    .get();
  return { invoices: Boolean(row?.invoices), payments: Boolean(row?.payments), timeLogs: Boolean(row?.timeLogs) };
}

/** Up to COMPANY_OPTIONS_LIMIT companies by name whose name contains the search, plus the one to include. */
export function companyOptions(tx: Tx, search: string, include: string): CompanyOption[] {
  const options = tx
    .select({ _id: companies.id, companyName: companies.companyName })
    .from(companies)
    .where(searchAny(search, [companies.companyName]))
    .orderBy(...byName)
    .limit(COMPANY_OPTIONS_LIMIT)
    .all();
  if (!include || options.some((option) => option._id === include)) return options;
  const chosen = tx.select({ _id: companies.id, companyName: companies.companyName }).from(companies).where(eq(companies.id, include)).get();
  return chosen ? [chosen, ...options] : options;
}

/** Running low and matching the list's filter (the bulk send's companies). */
function runningLowWhere(filter: BulkBalanceEmailFilter): SQL | undefined {
  return companyListWhere({
    company: Boolean(filter.company),
    search: Boolean(filter.search),
    positiveOnly: filter.positiveOnly,
    lowOnly: true,
    sort: 'hourBalance',
    dir: 'asc',
  });
}

/** SQL: the company was sent the balance email its balance calls for (negative below 0) since the placeholder 'since'. */
const emailedSince = sql`coalesce(case when ${companies.balanceHundredths} < 0 then ${companies.negativeEmailedAt} else ${companies.runningLowEmailedAt} end, 0) >= ${sql.placeholder('since')}`;

/**
 * The running-low companies that match the list's filter, lowest balance first: how many there are,
 * and up to `limit` of those due an email, with how many such there are. Due: not emailed the kind
 * their balance calls for since `since`, and with an approved user to email. Those without one are
 * left out here, not skipped after the pick, or they would hold their places among the first `limit`
 * at every send and the send would never get past them.
 */
export function runningLowToEmail(
  deps: Pick<AppDeps, 'config'>,
  tx: Tx,
  filter: BulkBalanceEmailFilter,
  { since, limit }: { since: Date; limit: number },
): { matching: number; due: number; companies: { id: string; balanceHundredths: number }[] } {
  const values = {
    company: filter.company,
    pattern: filter.search && containsPattern(filter.search),
    threshold: readSettings(deps.config, tx).lowBalanceHundredths,
    since: since.getTime(),
  };
  const where = runningLowWhere(filter);
  const due = and(where, sql`not (${emailedSince})`, hasCompanyRecipientsSql);
  const total = (condition: SQL | undefined) => tx.select({ total: count() }).from(companies).where(condition).prepare().get(values)?.total ?? 0;
  const rows = tx
    .select({ id: companies.id, balanceHundredths: companies.balanceHundredths })
    .from(companies)
    .where(due)
    .orderBy(...orderOf('asc', companySortColumns.hourBalance))
    .limit(limit)
    .prepare()
    .all(values);
  return { matching: total(where), due: total(due), companies: rows };
}

const runningLowPage = preparedPerDb((db) =>
  db
    .select({
      id: companies.id,
      companyName: companies.companyName,
      balanceHundredths: companies.balanceHundredths,
      lowBalanceHundredths: companies.lowBalanceHundredths,
    })
    .from(companies)
    .where(runningLowSql)
    .orderBy(...orderOf('asc', companySortColumns.hourBalance))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(),
);

const runningLowCount = preparedPerDb((db) => {
  const matching = db.select({ one: sql`1` }).from(companies).where(runningLowSql).limit(sql.placeholder('atMost')).as('matching');
  return db.select({ total: count() }).from(matching).prepare();
});

/** The companies running low, lowest balance (so negative ones) first, with threshold and forecast: the overview's card. */
export function runningLowCompanies(
  deps: Pick<AppDeps, 'config' | 'clock' | 'db'>,
  query: Pick<ListQuery, 'page' | 'perPage'>,
): Page<RunningLowCompanyDto> {
  const settings = readSettings(deps.config, deps.db);
  const threshold = settings.lowBalanceHundredths;
  return pageOf(query, {
    rows: (limit, offset) => {
      const rows = runningLowPage(deps.db).all({ threshold, limit, offset });
      const forecasts = forecastsOf(deps, deps.db, rows, settings.timeZone);
      return rows.map((row) => ({
        _id: row.id,
        companyName: row.companyName,
        hourBalance: hundredthsToHours(row.balanceHundredths),
        thresholdHours: hundredthsToHours(row.lowBalanceHundredths ?? threshold),
        forecast: forecasts.get(row.id) ?? null,
      }));
    },
    count: (atMost) => runningLowCount(deps.db).get({ threshold, atMost })?.total ?? 0,
  });
}
