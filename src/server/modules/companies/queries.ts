import { and, asc, count, eq, sql } from 'drizzle-orm';
import { companies, invoices, payments, tasks, timeLogs } from '../../../../drizzle/schema.js';
import { COMPANY_OPTIONS_LIMIT, type CompanyDto, type CompanyOption } from '../../../shared/companies.js';
import { searchAny } from '../../lib/paging.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import type { Tx } from '../../db.js';
import { notFound } from '../../errors.js';
import { balancesByCompany, hourBalance, NO_HOURS, pendingHours, type CompanyHours } from '../activities/ledger.js';

const companyColumns = {
  id: companies.id,
  companyName: companies.companyName,
  companyAddress: companies.companyAddress,
  companyPhone: companies.companyPhone,
  website: companies.website,
};
type CompanyRow = { [K in keyof typeof companyColumns]: string };

const isOpenTask = and(eq(tasks.done, false), eq(tasks.deleted, false));
const byName = [asc(sql`${companies.companyName} collate nocase`), asc(companies.id)];

function toDto(row: CompanyRow, hours: CompanyHours, openTasks: number): CompanyDto {
  return {
    _id: row.id,
    companyName: row.companyName,
    companyAddress: row.companyAddress,
    companyPhone: row.companyPhone,
    website: row.website,
    hourBalance: hundredthsToHours(hours.balance),
    pendingHours: hundredthsToHours(hours.pending),
    openTasks,
  };
}

function openTaskCounts(tx: Tx): Map<string, number> {
  const rows = tx
    .select({ companyId: tasks.companyId, open: count() })
    .from(tasks)
    .where(isOpenTask)
    .groupBy(tasks.companyId)
    .all();
  return new Map(rows.map(({ companyId, open }) => [companyId, open]));
}

function openTaskCount(tx: Tx, companyId: string): number {
  return tx.select({ open: count() }).from(tasks).where(and(isOpenTask, eq(tasks.companyId, companyId))).get()?.open ?? 0;
}

/** Every company by name, in three queries however many there are. */
export function listCompanies(tx: Tx): CompanyDto[] {
  const rows = tx.select(companyColumns).from(companies).orderBy(...byName).all();
  const hours = balancesByCompany(tx);
  const openTasks = openTaskCounts(tx);
  return rows.map((row) => toDto(row, hours.get(row.id) ?? NO_HOURS, openTasks.get(row.id) ?? 0));
}

export function findCompanyRow(tx: Tx, id: string): CompanyRow {
  const row = tx.select(companyColumns).from(companies).where(eq(companies.id, id)).get();
  if (!row) throw notFound('Company');
  return row;
}

export function findCompany(tx: Tx, id: string): CompanyDto {
  const row = findCompanyRow(tx, id);
  const hours = { balance: hourBalance(tx, id), pending: pendingHours(tx, id) };
  return toDto(row, hours, openTaskCount(tx, id));
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
