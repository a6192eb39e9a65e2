import { and, count, eq, gt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { companies, invoices, payments, timeLogs } from '../../../../drizzle/schema.js';
import {
  COMPANY_OPTIONS_LIMIT,
  type CompanyDto,
  type CompanyListQuery,
  type CompanyOption,
  type CompanySortKey,
} from '../../../shared/companies.js';
import type { Page } from '../../../shared/list.js';
import { containsPattern, orderOf, pageOf, searchAny, searchAnyPlaceholder, type ListReader } from '../../lib/paging.js';
import { mappedRows, preparedByShape } from '../../lib/prepared.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import type { Tx } from '../../db.js';
import { notFound } from '../../errors.js';

const companyColumns = {
  id: companies.id,
  companyName: companies.companyName,
  companyAddress: companies.companyAddress,
  companyPhone: companies.companyPhone,
  website: companies.website,
  balanceHundredths: companies.balanceHundredths,
  pendingHundredths: companies.pendingHundredths,
  openTasks: companies.openTasks,
};

const rowid = sql`${companies}.rowid`;
/** Names sort without regard to letter case (the index companies_name_nocase_idx serves it). */
const nameNoCase = sql`${companies.companyName} collate nocase`;

/** What each sortable column sorts by; rowid breaks ties in the same direction, so one index serves each. */
const companySortColumns: Record<CompanySortKey, (SQL | AnyColumn)[]> = {
  companyName: [nameNoCase, rowid],
  hourBalance: [companies.balanceHundredths, rowid],
  openTasks: [companies.openTasks, rowid],
};
const byName = orderOf('asc', companySortColumns.companyName);

function toDto(row: Pick<typeof companies.$inferSelect, keyof typeof companyColumns>): CompanyDto {
  return {
    _id: row.id,
    companyName: row.companyName,
    companyAddress: row.companyAddress,
    companyPhone: row.companyPhone,
    website: row.website,
    hourBalance: hundredthsToHours(row.balanceHundredths),
    pendingHours: hundredthsToHours(row.pendingHundredths),
    openTasks: row.openTasks,
  };
}

/** The switch 'Only positive hours & open tasks'. */
const hasHoursAndOpenTasks = and(gt(companies.balanceHundredths, 0), gt(companies.openTasks, 0));

/** What the Company List's SQL depends on: which filters are set, and the sort. */
type CompanyListShape = { company: boolean; search: boolean; positiveOnly: boolean; sort: CompanySortKey; dir: CompanyListQuery['dir'] };

function companyListWhere(shape: CompanyListShape): SQL | undefined {
  return and(
    shape.company ? eq(companies.id, sql.placeholder('company')) : undefined,
    shape.search ? searchAnyPlaceholder([companies.companyName]) : undefined,
    shape.positiveOnly ? hasHoursAndOpenTasks : undefined,
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

const companyCount = preparedByShape((tx, shape: CompanyListShape) =>
  tx.select({ total: count() }).from(companies).where(companyListWhere(shape)).prepare(),
);

/** The Company List's rows for its search, filters and sort, a slice at a time. */
export function companyListReader(tx: Tx, query: Omit<CompanyListQuery, 'page' | 'perPage'>): ListReader<CompanyDto> {
  const shape = { company: Boolean(query.company), search: Boolean(query.search), positiveOnly: query.positiveOnly, sort: query.sort, dir: query.dir };
  const values = { company: query.company, pattern: query.search && containsPattern(query.search) };
  return {
    rows: (limit, offset) => companyPage(tx, shape)({ ...values, limit, offset }).map(toDto),
    count: () => companyCount(tx, shape).get(values)?.total ?? 0,
  };
}

/** One page of the Company List, its figures read from each company's row. */
export function listCompanies(tx: Tx, query: CompanyListQuery): Page<CompanyDto> {
  return pageOf(query, companyListReader(tx, query));
}

export function findCompanyRow(tx: Tx, id: string) {
  const row = tx.select(companyColumns).from(companies).where(eq(companies.id, id)).get();
  if (!row) throw notFound('Company');
  return row;
}

export function findCompany(tx: Tx, id: string): CompanyDto {
  return toDto(findCompanyRow(tx, id));
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
