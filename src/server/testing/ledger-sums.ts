import { and, eq, sql, type SQL } from 'drizzle-orm';
import { activities, invoices, payments } from '../../../drizzle/schema.js';
import type { Tx } from '../db.js';
import { countsTowardBalanceSql } from '../modules/billing/settlement.js';

/*
 * The figures summed from the rows themselves: the hours of the ledger, which the figures each
 * company row keeps (and the app reads) must always equal, and the completed payments of each
 * invoice, which its stored paid total must equal. Tests compare the two.
 */

const isCompleted = sql`${activities.status} = 'completed'`;
const isPendingTimeAdd = sql`${activities.status} = 'pending' and ${activities.activityType} = 'TimeAdd'`;
const sumWhere = (condition: SQL) => sql<number>`coalesce(sum(case when ${condition} then ${activities.hundredths} end), 0)`;

/** Sum of the company's completed entries, in hundredths. */
export function hourBalance(tx: Tx, companyId: string): number {
  const row = tx.select({ total: sumWhere(isCompleted) }).from(activities).where(and(eq(activities.companyId, companyId), isCompleted)).get();
  return row?.total ?? 0;
}

/** Sum of the company's pending TimeAdd entries (hours pending activation), in hundredths. */
export function pendingHours(tx: Tx, companyId: string): number {
  const row = tx.select({ total: sumWhere(isPendingTimeAdd) }).from(activities).where(and(eq(activities.companyId, companyId), isPendingTimeAdd)).get();
  return row?.total ?? 0;
}

type CompanyHours = { balance: number; pending: number };

/** Balance and pending hundredths of one company, summed from its ledger entries. */
export function companyHours(tx: Tx, companyId: string): CompanyHours {
  const row = tx
    .select({ balance: sumWhere(isCompleted), pending: sumWhere(isPendingTimeAdd) })
    .from(activities)
    .where(eq(activities.companyId, companyId))
    .groupBy(activities.companyId)
    .get();
  return row ? { balance: row.balance, pending: row.pending } : { balance: 0, pending: 0 };
}

/** Invoices whose stored paid total is not the sum of their completed payments, with both figures: none, when every write settles. */
export function paidTotalsOutOfStep(tx: Tx): { id: string; stored: number; summed: number }[] {
  const summed = sql<number>`(select coalesce(sum(${payments.amountCents}), 0) from ${payments} where ${payments.invoiceId} = ${invoices.id} and ${countsTowardBalanceSql})`;
  return tx
    .select({ id: invoices.id, stored: invoices.paidCents, summed })
    .from(invoices)
    .where(sql`${invoices.paidCents} != ${summed}`)
    .all();
}
