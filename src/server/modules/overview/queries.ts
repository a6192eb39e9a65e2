import { count, desc, eq, sql } from 'drizzle-orm';
import { companies, invoices, timeLogs, users } from '../../../../drizzle/schema.js';
import type { Db } from '../../db.js';
import { awaitingApprovalSql } from '../users/queries.js';
import { periodIndexSql, withinPeriods, type Period } from '../../lib/periods.js';
import { openInvoiceSql, paidCentsSql } from '../billing/settlement.js';

/*
 * The overview's aggregates, each one statement over an index range: the partial indexes of users
 * awaiting approval and of invoices not paid in full, and the time and date indexes for periods.
 */


export function awaitingApprovalCount(db: Db): number {
  return db.select({ total: count() }).from(users).where(awaitingApprovalSql).get()?.total ?? 0;
}

export function newestAwaitingApproval(db: Db, limit: number) {
  return db
    .select({
      _id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      emailAddress: users.emailAddress,
      companyName: companies.companyName,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(awaitingApprovalSql)
    .orderBy(desc(users.createdAt), desc(sql`${users}.rowid`))
    .limit(limit)
    .all();
}

/** Invoices not paid in full, split by whether a completed payment has come in, and their open balances in cents. */
export function receivableTotals(db: Db): { unpaid: number; partlyPaid: number; openCents: number } {
  const open = db
    .select({ priceCents: invoices.priceCents, paidCents: sql<number>`${paidCentsSql}`.as('paid_cents') })
    .from(invoices)
    .where(openInvoiceSql)
    .as('open_invoices');
  const row = db
    .select({
      unpaid: sql<number>`coalesce(sum(${open.paidCents} = 0), 0)`,
      partlyPaid: sql<number>`coalesce(sum(${open.paidCents} > 0), 0)`,
      openCents: sql<number>`coalesce(sum(${open.priceCents} - ${open.paidCents}), 0)`,
    })
    .from(open)
    .get();
  return { unpaid: row?.unpaid ?? 0, partlyPaid: row?.partlyPaid ?? 0, openCents: row?.openCents ?? 0 };
}

/** Hundredths of an hour logged across every company within the period. */
export function loggedHundredths(db: Db, period: Period): number {
  const row = db
    .select({ total: sql<number>`coalesce(sum(${timeLogs.hundredths}), 0)` })
    .from(timeLogs)
    .where(withinPeriods(timeLogs.timeStamp, [period]))
    .get();
  return row?.total ?? 0;
}

export type InvoicedPerPeriod = { period: number; sold: number; awaitingPayment: number };

/** Per period (by index): hundredths of the invoices dated in it, and of those not paid in full. */
export function invoicedPerPeriod(db: Db, periods: readonly Period[]): InvoicedPerPeriod[] {
  const period = periodIndexSql(invoices.transactionDate, periods);
  return db
    .select({
      period,
      sold: sql<number>`sum(${invoices.hundredths})`,
      awaitingPayment: sql<number>`sum(case when ${openInvoiceSql} then ${invoices.hundredths} else 0 end)`,
    })
    .from(invoices)
    .where(withinPeriods(invoices.transactionDate, periods))
    .groupBy(period)
    .all();
}

/** Per period (by index): hundredths logged in it across every company. */
export function loggedPerPeriod(db: Db, periods: readonly Period[]): { period: number; used: number }[] {
  const period = periodIndexSql(timeLogs.timeStamp, periods);
  return db
    .select({ period, used: sql<number>`sum(${timeLogs.hundredths})` })
    .from(timeLogs)
    .where(withinPeriods(timeLogs.timeStamp, periods))
    .groupBy(period)
    .all();
}
