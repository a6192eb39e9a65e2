import { and, count, eq, gt, lte, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { companies } from '../../../../drizzle/schema.js';
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
import { containsPattern, orderOf, pageOf, preparedCountUpTo, searchAny, type ListReader } from '../../lib/paging.js';
import { plainRows, plainSelect, preparedByShape, preparedPer } from '../../lib/prepared.js';
import { centsToDollars, hundredthsToHours } from '../../../shared/hours.js';
import type { Forecast } from '../../../shared/forecast.js';
import { planStatus } from '../../../shared/plans.js';
import type { Tx } from '../../db.js';
import type { Syntax } from '../../database/syntax.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { hasCompanyRecipientsSql } from '../../mail/recipients.js';
import { forecastsOf } from './forecasts.js';
import { readSettings } from '../settings/service.js';

const companyColumnsOf = ({ companies, plans }: Pick<Tx['t'], 'companies' | 'plans'>) => ({
  id: companies.id,
  companyName: companies.companyName,
  companyAddress: companies.companyAddress,
  companyPhone: companies.companyPhone,
  website: companies.website,
  balanceHundredths: companies.balanceHundredths,
  pendingHundredths: companies.pendingHundredths,
  openTasks: companies.openTasks,
  lowBalanceHundredths: companies.lowBalanceHundredths,
  balanceAlert: companies.balanceAlert,
  overageRateCents: companies.overageRateCents,
  runningLowEmailedAt: companies.runningLowEmailedAt,
  negativeEmailedAt: companies.negativeEmailedAt,
  // the company's plan, joined on plans' unique company_id
  planDescription: plans.description,
  planDay: plans.dayOfMonth,
  planPausedUntil: plans.pausedUntil,
  planNextPeriod: plans.nextPeriod,
  planNextIssueAt: plans.nextIssueAt,
});
type PlanColumns = { planDescription: string | null; planDay: number | null; planPausedUntil: string | null; planNextPeriod: string | null; planNextIssueAt: Date | null };
type CompanyRow = Pick<typeof companies.$inferSelect, Exclude<keyof ReturnType<typeof companyColumnsOf>, keyof PlanColumns>> & PlanColumns;

function planOfRow(row: CompanyRow): CompanyDto['plan'] {
  if (row.planDescription === null || row.planDay === null) return null;
  const next = row.planNextIssueAt === null ? null : row.planNextPeriod;
  return { description: row.planDescription, dayOfMonth: row.planDay, status: planStatus(next, row.planPausedUntil), pausedUntil: row.planPausedUntil };
}

/** What a company row needs besides itself to answer: the provider's default threshold, and its forecast. */
type DtoContext = { defaultThreshold: number; forecasts: Map<string, Forecast | null> };

const rowid = sql`${companies}.rowid`;

/**
 * Companies by name without regard to letter case, rowid between companies of the same name: the
 * order of the index companies_name_nocase_idx. Lists of other rows sorted by company name start
 * with it, so they can walk companies in this order and each company's rows by its own index.
 */
export const companyNameOrder = (syntax: Syntax): SQL[] => [syntax.noCase(companies.companyName), rowid];

/** What each sortable column sorts by; rowid breaks ties in the same direction, so one index serves each. */
const companySortColumns = (syntax: Syntax): Record<CompanySortKey, (SQL | AnyColumn)[]> => ({
  companyName: companyNameOrder(syntax),
  hourBalance: [companies.balanceHundredths, rowid],
  openTasks: [companies.openTasks, rowid],
});
const byName = (syntax: Syntax) => orderOf('asc', companyNameOrder(syntax));

const isoOrNull = (instant: Date | null) => instant?.toISOString() ?? null;
const lowBalanceHoursOf = (row: Pick<CompanyRow, 'lowBalanceHundredths'>) => (row.lowBalanceHundredths === null ? null : hundredthsToHours(row.lowBalanceHundredths));
const overageRateOf = (row: Pick<CompanyRow, 'overageRateCents'>) => (row.overageRateCents === null ? null : centsToDollars(row.overageRateCents));

/** The company's fields its events record, as toDto shows them: those of the provider's company dialog. */
export const COMPANY_EVENT_FIELDS = ['companyName', 'companyAddress', 'companyPhone', 'website', 'lowBalanceHours', 'overageRate'] as const satisfies readonly (keyof CompanyDto)[];
export type CompanyEventFields = Pick<CompanyDto, (typeof COMPANY_EVENT_FIELDS)[number]>;

/** The fields of COMPANY_EVENT_FIELDS of a company row, as toDto shows them. */
export function companyEventFields(row: CompanyRow): CompanyEventFields {
  return {
    companyName: row.companyName,
    companyAddress: row.companyAddress,
    companyPhone: row.companyPhone,
    website: row.website,
    lowBalanceHours: lowBalanceHoursOf(row),
    overageRate: overageRateOf(row),
  };
}

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
    lowBalanceHours: lowBalanceHoursOf(row),
    thresholdHours: hundredthsToHours(row.lowBalanceHundredths ?? context.defaultThreshold),
    runningLowEmailedAt: isoOrNull(row.runningLowEmailedAt),
    negativeEmailedAt: isoOrNull(row.negativeEmailedAt),
    forecast: context.forecasts.get(row.id) ?? null,
    overageRate: overageRateOf(row),
    plan: planOfRow(row),
  };
}

/** The rows as the list answers them, with the forecasts of all of them read at once. */
async function toDtos(deps: Pick<AppDeps, 'config' | 'clock'>, tx: Tx, rows: CompanyRow[]): Promise<CompanyDto[]> {
  const settings = await readSettings(deps.config, tx);
  const context = { defaultThreshold: settings.lowBalanceHundredths, forecasts: await forecastsOf(deps, tx, rows, settings.timeZone) };
  return rows.map((row) => toDto(row, context));
}

/** SQL: the company's balance is at or below its threshold (its own, or `threshold`, the provider's default). */
export const runningLowSql = (threshold: number | Placeholder) => lte(companies.balanceHundredths, sql`coalesce(${companies.lowBalanceHundredths}, ${threshold})`);

/** The switch 'Only positive hours & open tasks'. */
const hasHoursAndOpenTasks = and(gt(companies.balanceHundredths, 0), gt(companies.openTasks, 0));

/** The Company List's filters (the bulk send's are the same, running low always). */
type CompanyFilter = Pick<CompanyListQuery, 'company' | 'search' | 'positiveOnly' | 'lowOnly'>;

/** A filter's values, or placeholders for them in a prepared query; an absent one filters nothing. */
type FilterValues = { company?: string | Placeholder; pattern?: string | Placeholder; positiveOnly: boolean; threshold?: number | Placeholder };

/** The companies the filter's values keep. */
function filterSql(tx: Tx, values: FilterValues): SQL | undefined {
  const { companies } = tx.t;
  return and(
    values.company === undefined ? undefined : eq(companies.id, values.company),
    values.pattern === undefined ? undefined : tx.syntax.like(companies.companyName, values.pattern),
    values.positiveOnly ? hasHoursAndOpenTasks : undefined,
    values.threshold === undefined ? undefined : runningLowSql(values.threshold),
  );
}

/** The companies the filter keeps; running low is read against the provider's default threshold, read only then. */
async function companyListWhere(deps: Pick<AppDeps, 'config'>, tx: Tx, filter: CompanyFilter): Promise<SQL | undefined> {
  return filterSql(tx, {
    company: filter.company || undefined,
    pattern: filter.search ? containsPattern(filter.search) : undefined,
    positiveOnly: filter.positiveOnly,
    threshold: filter.lowOnly ? (await readSettings(deps.config, tx)).lowBalanceHundredths : undefined,
  });
}

/** What the Company List's SQL depends on: which filters are set, and the sort. */
type CompanyListShape = {
  company: boolean;
  search: boolean;
  positiveOnly: boolean;
  lowOnly: boolean;
  sort: CompanySortKey;
  dir: CompanyListQuery['dir'];
};

/** companyListWhere with placeholders for the values: company, pattern, threshold. */
function companyListShapeWhere(tx: Tx, shape: CompanyListShape): SQL | undefined {
  return filterSql(tx, {
    company: shape.company ? sql.placeholder('company') : undefined,
    pattern: shape.search ? sql.placeholder('pattern') : undefined,
    positiveOnly: shape.positiveOnly,
    threshold: shape.lowOnly ? sql.placeholder('threshold') : undefined,
  });
}

const companyPage = preparedByShape((tx, shape: CompanyListShape) => {
  const columns = companyColumnsOf(tx.t);
  const statement = tx
    .select(columns)
    .from(tx.t.companies)
    .leftJoin(tx.t.plans, eq(tx.t.plans.companyId, tx.t.companies.id))
    .where(companyListShapeWhere(tx, shape))
    .orderBy(...orderOf(shape.dir, companySortColumns(tx.syntax)[shape.sort]))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();
  return plainSelect(statement, columns);
});

const companyCount = preparedByShape((tx, shape: CompanyListShape) => preparedCountUpTo(tx, tx.t.companies, companyListShapeWhere(tx, shape)));

/**
 * The Company List's rows for its search, filters and sort, a slice at a time: figures read from
 * each company's row, and the run-out forecasts of the slice's companies in one more statement.
 */
export function companyListReader(
  deps: Pick<AppDeps, 'config' | 'clock'>,
  tx: Tx,
  query: Omit<CompanyListQuery, 'page' | 'perPage'>,
): ListReader<CompanyDto> {
  const shape: CompanyListShape = {
    company: Boolean(query.company),
    search: Boolean(query.search),
    positiveOnly: query.positiveOnly,
    lowOnly: query.lowOnly,
    sort: query.sort,
    dir: query.dir,
  };
  // running low reads the settings: once, on the reader's first read
  let bound: Promise<Record<string, unknown>> | undefined;
  const values = () =>
    (bound ??= (async () => ({
      company: query.company,
      pattern: query.search && containsPattern(query.search),
      threshold: query.lowOnly ? (await readSettings(deps.config, tx)).lowBalanceHundredths : undefined,
    }))());
  return {
    rows: async (limit, offset) => toDtos(deps, tx, await plainRows(tx, companyPage(tx, shape), { ...(await values()), limit, offset })),
    count: async (atMost) => (await companyCount(tx, shape).execute({ ...(await values()), atMost }))[0]?.total ?? 0,
  };
}

/** One page of the Company List (see companyListReader). */
export async function listCompanies(deps: Pick<AppDeps, 'config' | 'clock'>, tx: Tx, query: CompanyListQuery): Promise<Page<CompanyDto>> {
  return pageOf(query, companyListReader(deps, tx, query));
}

export async function findCompanyRow(tx: Tx, id: string): Promise<CompanyRow> {
  const { companies, plans } = tx.t;
  const [row] = await tx.select(companyColumnsOf(tx.t)).from(companies).leftJoin(plans, eq(plans.companyId, companies.id)).where(eq(companies.id, id));
  if (!row) throw notFound('Company');
  return row;
}

export async function findCompany(deps: Pick<AppDeps, 'config' | 'clock'>, tx: Tx, id: string): Promise<CompanyDto> {
  return companyOfRow(deps, tx, await findCompanyRow(tx, id));
}

/** The company a row read earlier in the transaction (findCompanyRow) stands for, with what the row does not hold. */
export async function companyOfRow(deps: Pick<AppDeps, 'config' | 'clock'>, tx: Tx, row: CompanyRow): Promise<CompanyDto> {
  const [company] = await toDtos(deps, tx, [row]);
  return company!;
}

export type BillingHistory = { invoices: boolean; payments: boolean; timeLogs: boolean };

/** Which kinds of billing records the company has, in one query. */
export async function billingHistoryOf(tx: Tx, companyId: string): Promise<BillingHistory> {
  const { invoices, payments, timeLogs } = tx.t;
  const exists = (table: typeof invoices | typeof payments | typeof timeLogs) =>
    sql<number>`exists (select 1 from ${table} where ${table.companyId} = ${companyId})`;
  const [row] = await tx.select({ invoices: exists(invoices), payments: exists(payments), timeLogs: exists(timeLogs) }).from(sql`(select 1) as one`);
  return { invoices: Boolean(row?.invoices), payments: Boolean(row?.payments), timeLogs: Boolean(row?.timeLogs) };
}

/** Up to COMPANY_OPTIONS_LIMIT companies by name whose name contains the search, plus the one to include. */
export async function companyOptions(tx: Tx, search: string, include: string): Promise<CompanyOption[]> {
  const { companies } = tx.t;
  const options = await tx
    .select({ _id: companies.id, companyName: companies.companyName })
    .from(companies)
    .where(searchAny(search, [companies.companyName], tx.syntax))
    .orderBy(...byName(tx.syntax))
    .limit(COMPANY_OPTIONS_LIMIT);
  if (!include || options.some((option) => option._id === include)) return options;
  const [chosen] = await tx.select({ _id: companies.id, companyName: companies.companyName }).from(companies).where(eq(companies.id, include));
  return chosen ? [chosen, ...options] : options;
}

/** SQL: the company was sent the balance email its balance calls for (negative below 0) since `since`. */
const emailedSince = (since: Date) =>
  sql`coalesce(case when ${companies.balanceHundredths} < 0 then ${companies.negativeEmailedAt} else ${companies.runningLowEmailedAt} end, 0) >= ${since.getTime()}`;

/**
 * The running-low companies that match the list's filter, lowest balance first: how many there are,
 * and up to `limit` of those due an email, with how many such there are. Due: not emailed the kind
 * their balance calls for since `since`, and with an approved user to email. Those without one are
 * left out here, not skipped after the pick, or they would hold their places among the first `limit`
 * at every send and the send would never get past them.
 */
export async function runningLowToEmail(
  deps: Pick<AppDeps, 'config'>,
  tx: Tx,
  filter: BulkBalanceEmailFilter,
  { since, limit }: { since: Date; limit: number },
): Promise<{ matching: number; due: number; companies: { id: string; balanceHundredths: number }[] }> {
  const { companies } = tx.t;
  const where = await companyListWhere(deps, tx, { ...filter, lowOnly: true });
  const due = and(where, sql`not (${emailedSince(since)})`, hasCompanyRecipientsSql);
  const total = async (condition: SQL | undefined) => {
    const [row] = await tx.select({ total: count() }).from(companies).where(condition);
    return row?.total ?? 0;
  };
  const rows = await tx
    .select({ id: companies.id, balanceHundredths: companies.balanceHundredths })
    .from(companies)
    .where(due)
    .orderBy(...orderOf('asc', companySortColumns(tx.syntax).hourBalance))
    .limit(limit);
  return { matching: await total(where), due: await total(due), companies: rows };
}

/** The companies running low, lowest balance (so negative ones) first, with threshold and forecast: the overview's card. */
export async function runningLowCompanies(
  deps: Pick<AppDeps, 'config' | 'clock' | 'db'>,
  query: Pick<ListQuery, 'page' | 'perPage'>,
): Promise<Page<RunningLowCompanyDto>> {
  const { db } = deps;
  const settings = await readSettings(deps.config, db);
  const threshold = settings.lowBalanceHundredths;
  return pageOf(query, {
    rows: async (limit, offset) => {
      const rows = await runningLowPage(db).execute({ threshold, limit, offset });
      const forecasts = await forecastsOf(deps, db, rows, settings.timeZone);
      return rows.map((row) => ({
        _id: row.id,
        companyName: row.companyName,
        hourBalance: hundredthsToHours(row.balanceHundredths),
        thresholdHours: hundredthsToHours(row.lowBalanceHundredths ?? threshold),
        forecast: forecasts.get(row.id) ?? null,
      }));
    },
    count: async (atMost) => (await runningLowCount(db).execute({ threshold, atMost }))[0]?.total ?? 0,
  });
}

const runningLowPage = preparedPer((db) => {
  const { companies } = db.t;
  return db
    .select({
      id: companies.id,
      companyName: companies.companyName,
      balanceHundredths: companies.balanceHundredths,
      lowBalanceHundredths: companies.lowBalanceHundredths,
    })
    .from(companies)
    .where(runningLowSql(sql.placeholder('threshold')))
    .orderBy(...orderOf('asc', companySortColumns(db.syntax).hourBalance))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();
});

const runningLowCount = preparedPer((db) => preparedCountUpTo(db, db.t.companies, runningLowSql(sql.placeholder('threshold'))));
