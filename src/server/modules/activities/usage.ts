import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { activities } from '../../../../drizzle/schema.js';
import { BALANCE_ENTRY_STATUS } from '../../../shared/hour-balance.js';
import type { Tx } from '../../db.js';

/**
 * Hundredths of an hour each company's time logs used from `from` (inclusive) to `to` (exclusive),
 * positive; a company that used none is missing. One statement for all the companies, reading each
 * company's stretch of activities_timeline_idx between the two instants, never the rest of the ledger.
 */
export function hoursUsedBetween(tx: Tx, companyIds: readonly string[], from: Date, to: Date): Map<string, number> {
  if (companyIds.length === 0) return new Map();
  const rows = tx
    .select({ companyId: activities.companyId, used: sql<number>`0 - sum(${activities.hundredths})` })
    .from(activities)
    .where(
      and(
        inArray(activities.companyId, [...companyIds]),
        gte(activities.timeStamp, from),
        lt(activities.timeStamp, to),
        eq(activities.status, BALANCE_ENTRY_STATUS),
        eq(activities.activityType, 'TimeLog'),
      ),
    )
    .groupBy(activities.companyId)
    .all();
  return new Map(rows.map((row) => [row.companyId, row.used]));
}
