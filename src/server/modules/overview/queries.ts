import { and, asc, count, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { invoiceBalanceCents } from '../../../../drizzle/schema.js';
import type { Db } from '../../db.js';
import { awaitingApproval } from '../users/queries.js';
import { withinPeriods, type Period } from '../../lib/periods.js';
import { openInvoice } from '../billing/settlement.js';

/*
 * The overview's aggregates, each one statement over an index range: the partial indexes of users
 * awaiting approval and of invoices not paid in full, and the time and date indexes for periods.
 */


export async function awaitingApprovalCount(db: Db): Promise<number> {
  const { users } = db.t;
  const [row] = await db.select({ total: count() }).from(users).where(awaitingApproval(users));
  return row?.total ?? 0;
}

export async function newestAwaitingApproval(db: Db, limit: number) {
  const { companies, users } = db.t;
  return db
    .select({
      _id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      emailAddress: users.emailAddress,
      company: users.companyId,
      companyName: companies.companyName,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(awaitingApproval(users))
    .orderBy(desc(users.createdAt), desc(sql`${users}.rowid`))
    .limit(limit);
}

/** Invoices not paid in full, split by whether a completed payment has come in, and their open balances in cents. */
export async function receivableTotals(db: Db): Promise<{ unpaid: number; partlyPaid: number; openCents: number }> {
  const { invoices } = db.t;
  const [row] = await db
    .select({
      unpaid: sql<number | null>`sum(${db.syntax.oneWhen(sql`${invoices.paidCents} = 0`)})`.mapWith(Number),
      partlyPaid: sql<number | null>`sum(${db.syntax.oneWhen(sql`${invoices.paidCents} > 0`)})`.mapWith(Number),
      openCents: sql<number | null>`sum(${invoiceBalanceCents(invoices)})`.mapWith(Number),
    })
    .from(invoices)
    .where(openInvoice(invoices));
  return { unpaid: row?.unpaid ?? 0, partlyPaid: row?.partlyPaid ?? 0, openCents: row?.openCents ?? 0 };
}

/** Hundredths of an hour logged across every company within the period. */
export async function loggedHundredths(db: Db, period: Period): Promise<number> {
  const { timeLogs } = db.t;
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${timeLogs.hundredths}), 0)`.mapWith(Number) })
    .from(timeLogs)
    .where(withinPeriods(timeLogs.timeStamp, [period]));
  return row?.total ?? 0;
}

export type Invoiced = { sold: number; awaitingPayment: number };

/*
 * One range sum per period: each reads its own slice of the time index and sorts nothing, where
 * one statement grouped by a period expression sorts the whole year's rows in a temporary tree.
 */

/** Hundredths of the invoices dated within the period, and of those not paid in full. */
export async function invoicedHundredths(db: Db, period: Period): Promise<Invoiced> {
  const { invoices } = db.t;
  const [row] = await db
    .select({
      sold: sql<number>`coalesce(sum(${invoices.hundredths}), 0)`.mapWith(Number),
      awaitingPayment: sql<number>`coalesce(sum(case when ${openInvoice(invoices)} then ${invoices.hundredths} else 0 end), 0)`.mapWith(Number),
    })
    .from(invoices)
    .where(withinPeriods(invoices.transactionDate, [period]));
  return { sold: row?.sold ?? 0, awaitingPayment: row?.awaitingPayment ?? 0 };
}

/** Blocks with hours left that expire after `from` and no later than `to` (hour_blocks_due_idx): their count and unused hundredths. */
export async function expiringTotals(db: Db, from: Date, to: Date): Promise<{ blocks: number; unused: number }> {
  const { hourBlocks } = db.t;
  const [row] = await db
    .select({ blocks: count(), unused: sql<number>`coalesce(sum(${hourBlocks.unusedHundredths}), 0)`.mapWith(Number) })
    .from(hourBlocks)
    .where(expiringBetween(db, from, to));
  return { blocks: row?.blocks ?? 0, unused: row?.unused ?? 0 };
}

/** The soonest `limit` of those blocks, with their company's name. */
export async function soonestExpiring(db: Db, from: Date, to: Date, limit: number) {
  const { hourBlocks, companies } = db.t;
  return db
    .select({ company: hourBlocks.companyId, companyName: companies.companyName, unused: hourBlocks.unusedHundredths, expiresAt: hourBlocks.expiresAt })
    .from(hourBlocks)
    .innerJoin(companies, eq(companies.id, hourBlocks.companyId))
    .where(expiringBetween(db, from, to))
    .orderBy(asc(hourBlocks.expiresAt))
    .limit(limit);
}

const expiringBetween = (db: Db, from: Date, to: Date) => {
  const { hourBlocks } = db.t;
  return and(isNull(hourBlocks.expiredAt), gt(hourBlocks.expiresAt, from), lte(hourBlocks.expiresAt, to), gt(hourBlocks.unusedHundredths, 0));
};
