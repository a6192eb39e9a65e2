import { and, eq, sql, type SQL } from 'drizzle-orm';
import { activities } from '../../../drizzle/schema.js';
import type { Tx } from '../db.js';
import { NO_HOURS, type CompanyHours } from '../modules/activities/ledger.js';

/*
 * The hour figures summed from the ledger itself: what the figures each company row keeps (and the
 * app reads) must always equal. Tests compare the two.
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

/** Balance and pending hundredths of one company, summed from its ledger entries. */
export function companyHours(tx: Tx, companyId: string): CompanyHours {
  const row = tx
    .select({ balance: sumWhere(isCompleted), pending: sumWhere(isPendingTimeAdd) })
    .from(activities)
    .where(eq(activities.companyId, companyId))
    .groupBy(activities.companyId)
    .get();
  return row ? { balance: row.balance, pending: row.pending } : NO_HOURS;
}
