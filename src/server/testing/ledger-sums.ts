import { and, eq, sql, type SQL } from 'drizzle-orm';
import { activities as activityColumns } from '../../../drizzle/schema.js';
import type { Tx } from '../db.js';
import { countsTowardBalanceSql } from '../modules/billing/settlement.js';

/*
 * The figures summed from the rows themselves: the hours of the ledger, which the figures each
 * company row keeps (and the app reads) must always equal, and the completed payments of each
 * invoice, which its stored paid total must equal. Tests compare the two.
 */

// built once from the schema's columns, which render the same SQL on either engine
const isCompleted = sql`${activityColumns.status} = 'completed'`;
const isPendingTimeAdd = sql`${activityColumns.status} = 'pending' and ${activityColumns.activityType} = 'TimeAdd'`;
// PostgreSQL's sum of integers is a bigint, which drizzle hands back as text
const sumWhere = (condition: SQL) => sql<number>`coalesce(sum(case when ${condition} then ${activityColumns.hundredths} end), 0)`.mapWith(Number);

/** Sum of the company's completed entries, in hundredths. */
export async function hourBalance(tx: Tx, companyId: string): Promise<number> {
  const { activities } = tx.t;
  const [row] = await tx.select({ total: sumWhere(isCompleted) }).from(activities).where(and(eq(activities.companyId, companyId), isCompleted));
  return row?.total ?? 0;
}

/** Sum of the company's pending TimeAdd entries (hours pending activation), in hundredths. */
export async function pendingHours(tx: Tx, companyId: string): Promise<number> {
  const { activities } = tx.t;
  const [row] = await tx.select({ total: sumWhere(isPendingTimeAdd) }).from(activities).where(and(eq(activities.companyId, companyId), isPendingTimeAdd));
  return row?.total ?? 0;
}

type CompanyHours = { balance: number; pending: number };

/** Balance and pending hundredths of one company, summed from its ledger entries. */
export async function companyHours(tx: Tx, companyId: string): Promise<CompanyHours> {
  const { activities } = tx.t;
  const [row] = await tx
    .select({ balance: sumWhere(isCompleted), pending: sumWhere(isPendingTimeAdd) })
    .from(activities)
    .where(eq(activities.companyId, companyId))
    .groupBy(activities.companyId);
  return row ? { balance: row.balance, pending: row.pending } : { balance: 0, pending: 0 };
}

/** Invoices whose stored paid total is not the sum of their completed payments, with both figures: none, when every write settles. */
export async function paidTotalsOutOfStep(tx: Tx): Promise<{ id: string; stored: number; summed: number }[]> {
  const { invoices, payments } = tx.t;
  const summed = sql<number>`(select coalesce(sum(${payments.amountCents}), 0) from ${payments} where ${payments.invoiceId} = ${invoices.id} and ${countsTowardBalanceSql})`.mapWith(Number);
  return tx
    .select({ id: invoices.id, stored: invoices.paidCents, summed })
    .from(invoices)
    .where(sql`${invoices.paidCents} != ${summed}`);
}
