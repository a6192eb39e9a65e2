import { and, asc, count, eq, gte, lt, sql } from 'drizzle-orm';
import { STATEMENT_MAX_LINES, statementTooManyLines } from '../../../shared/exports.js';
import { BALANCE_ENTRY_STATUS, hourShareOf } from '../../../shared/hour-balance.js';
import { centsToDollars, hundredthsToHours } from '../../../shared/hours.js';
import { countsTowardBalance } from '../../../shared/payments.js';
import type { Tx } from '../../db.js';
import { AppError } from '../../errors.js';
import { zoneCalendar } from '../../lib/zone-calendar.js';
import { findCompanyRow } from '../companies/queries.js';
import { statusOfInvoiceRow } from '../invoices/queries.js';

/*
 * A company's statement for a period of calendar days: the balance before it, every ledger entry in
 * it (oldest first) with the balance after, the balance at its end, and the invoices and payments
 * dated in it. Entries count as they stand now: a purchase paid since shows as completed.
 */

export type StatementPeriodDays = { from: string; to: string; timeZone: string };

export type StatementEntry = { timeStamp: Date; description: string; activityType: string; status: string; hours: number; balanceAfter: number };
export type StatementInvoice = { number: string; date: Date; description: string; hours: number; price: number; status: string };
export type StatementPayment = { date: Date; invoiceNumber: string; method: string; status: string; amount: number; counted: boolean };

export type StatementData = {
  company: { name: string; address: string };
  period: StatementPeriodDays;
  openingHours: number;
  closingHours: number;
  entries: StatementEntry[];
  invoices: StatementInvoice[];
  /** Sum of the period's invoice prices. */
  invoicedTotal: number;
  payments: StatementPayment[];
  /** Sum of the period's payments that count (completed). */
  paidTotal: number;
};

const DAY_MS = 86_400_000;
const epochDayOf = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;

/** The period as instants: from the first day's start (inclusive) to the day after the last (exclusive). */
export function periodInstants({ from, to, timeZone }: StatementPeriodDays): { start: Date; end: Date } {
  const calendar = zoneCalendar(timeZone);
  return { start: new Date(calendar.dayStart(epochDayOf(from))), end: new Date(calendar.dayStart(epochDayOf(to) + 1)) };
}

/** Completed hundredths of the company's entries before an instant: the balance then. */
async function balanceBefore(tx: Tx, companyId: string, instant: Date): Promise<number> {
  const { activities } = tx.t;
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${activities.hundredths}), 0)`.mapWith(Number) })
    .from(activities)
    .where(and(eq(activities.companyId, companyId), eq(activities.status, BALANCE_ENTRY_STATUS), lt(activities.timeStamp, instant)));
  return row?.total ?? 0;
}

async function entriesIn(tx: Tx, companyId: string, start: Date, end: Date, opening: number): Promise<{ entries: StatementEntry[]; closing: number }> {
  const { activities } = tx.t;
  let balance = opening;
  const entries: StatementEntry[] = [];
  const rows = await tx
    .select()
    .from(activities)
    .where(and(eq(activities.companyId, companyId), gte(activities.timeStamp, start), lt(activities.timeStamp, end)))
    // the ledger's own order (timeStamp, createdAt, id), oldest first
    .orderBy(asc(activities.timeStamp), asc(activities.createdAt), asc(activities.id));
  for (const row of rows) {
    balance += hourShareOf(row).balance;
    entries.push({
      timeStamp: row.timeStamp,
      description: row.description,
      activityType: row.activityType,
      status: row.status,
      hours: hundredthsToHours(row.hundredths),
      balanceAfter: hundredthsToHours(balance),
    });
  }
  return { entries, closing: balance };
}

async function invoicesIn(tx: Tx, companyId: string, start: Date, end: Date): Promise<StatementInvoice[]> {
  const { invoices } = tx.t;
  const rows = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), gte(invoices.transactionDate, start), lt(invoices.transactionDate, end)))
    .orderBy(asc(invoices.transactionDate), sql`${invoices}.rowid`);
  return rows.map((invoice) => ({
    number: invoice.invoiceNumber,
    date: invoice.transactionDate,
    description: invoice.description,
    hours: hundredthsToHours(invoice.hundredths),
    price: centsToDollars(invoice.priceCents),
    status: statusOfInvoiceRow(invoice).text,
  }));
}

async function paymentsIn(tx: Tx, companyId: string, start: Date, end: Date): Promise<StatementPayment[]> {
  const { invoices, payments } = tx.t;
  const rows = await tx
    .select({ payment: payments, invoiceNumber: invoices.invoiceNumber })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(eq(payments.companyId, companyId), gte(payments.paymentDate, start), lt(payments.paymentDate, end)))
    .orderBy(asc(payments.paymentDate), sql`${payments}.rowid`);
  return rows.map(({ payment, invoiceNumber }) => ({
    date: payment.paymentDate,
    invoiceNumber,
    method: payment.method,
    status: payment.status,
    amount: centsToDollars(payment.amountCents),
    counted: countsTowardBalance(payment.status),
  }));
}

/** The lines a statement of the period prints: its ledger entries, invoices and payments (three counts on the companies' date indexes). */
export async function statementLines(tx: Tx, companyId: string, period: StatementPeriodDays): Promise<number> {
  const { activities, invoices, payments } = tx.t;
  const { start, end } = periodInstants(period);
  const counted = async (
    table: typeof activities | typeof invoices | typeof payments,
    date: typeof activities.timeStamp | typeof invoices.transactionDate | typeof payments.paymentDate,
  ) => {
    const [row] = await tx.select({ lines: count() }).from(table).where(and(eq(table.companyId, companyId), gte(date, start), lt(date, end)));
    return row?.lines ?? 0;
  };
  return (await counted(activities, activities.timeStamp)) + (await counted(invoices, invoices.transactionDate)) + (await counted(payments, payments.paymentDate));
}

/** Refuses (400) a period whose statement would print more lines than a statement holds: the PDF is built whole in memory (docs/limits.md). */
export async function checkStatementLines(tx: Tx, companyId: string, period: StatementPeriodDays): Promise<void> {
  const lines = await statementLines(tx, companyId, period);
  if (lines > STATEMENT_MAX_LINES) throw new AppError('BAD_REQUEST', statementTooManyLines(lines), 'from');
}

const centsSum = (amounts: number[]) => centsToDollars(amounts.reduce((sum, amount) => sum + Math.round(amount * 100), 0));

/** Everything the statement of one company for one period shows, read in one transaction. */
export async function statementData(tx: Tx, companyId: string, period: StatementPeriodDays): Promise<StatementData> {
  const company = await findCompanyRow(tx, companyId);
  // checked again: the period may have grown since its link was issued
  await checkStatementLines(tx, companyId, period);
  const { start, end } = periodInstants(period);
  const opening = await balanceBefore(tx, companyId, start);
  const { entries, closing } = await entriesIn(tx, companyId, start, end, opening);
  const periodInvoices = await invoicesIn(tx, companyId, start, end);
  const periodPayments = await paymentsIn(tx, companyId, start, end);
  return {
    company: { name: company.companyName, address: company.companyAddress },
    period,
    openingHours: hundredthsToHours(opening),
    closingHours: hundredthsToHours(closing),
    entries,
    invoices: periodInvoices,
    invoicedTotal: centsSum(periodInvoices.map((invoice) => invoice.price)),
    payments: periodPayments,
    paidTotal: centsSum(periodPayments.filter((payment) => payment.counted).map((payment) => payment.amount)),
  };
}
