import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { BALANCE_ENTRY_STATUS } from '../../../shared/hour-balance.js';
import type { Tx } from '../../db.js';

/**
 * Hundredths of an hour each company's time logs used from `from` (inclusive) to `to` (exclusive),
 * positive; a company that used none is missing. One statement for all the companies, reading each
 * company's stretch of activities_timeline_idx between the two instants, never the rest of the ledger.
 * The ids come as one JSON array, so a page of any size runs the one SQL text.
 */
export async function hoursUsedBetween(tx: Tx, companyIds: readonly string[], from: Date, to: Date): Promise<Map<string, number>> {
  if (companyIds.length === 0) return new Map();
  const { activities } = tx.t;
  const rows = await tx
    .select({ companyId: activities.companyId, used: sql<number>`0 - sum(${activities.hundredths})`.mapWith(Number) })
    .from(activities)
    .where(
      and(
        tx.syntax.inValues(activities.companyId, companyIds),
        gte(activities.timeStamp, from),
        lt(activities.timeStamp, to),
        eq(activities.status, BALANCE_ENTRY_STATUS),
        eq(activities.activityType, 'TimeLog'),
      ),
    )
    .groupBy(activities.companyId);
  return new Map(rows.map((row) => [row.companyId, row.used]));
}
