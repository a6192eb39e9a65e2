import { and, eq, sql } from 'drizzle-orm';
import { activities } from '../../../../drizzle/schema.js';
import { BALANCE_ENTRY_STATUS } from '../../../shared/hour-balance.js';
import type { Tx } from '../../db.js';
import { preparedByShape } from '../../lib/prepared.js';

/**
 * Hundredths of an hour each company's time logs used from `from` (inclusive) to `to` (exclusive),
 * positive; a company that used none is missing. One statement for all the companies, reading each
 * company's stretch of activities_timeline_idx between the two instants, never the rest of the ledger.
 */
export function hoursUsedBetween(tx: Tx, companyIds: readonly string[], from: Date, to: Date): Map<string, number> {
  if (companyIds.length === 0) return new Map();
  const rows = usedByCompany(tx, {}).all({ ids: JSON.stringify(companyIds), from: from.getTime(), to: to.getTime() });
  return new Map(rows.map((row) => [row.companyId, row.used]));
}

/* The ids come as one JSON array, so a page of any size runs the one statement compiled once. */
const usedByCompany = preparedByShape((tx, _shape: Record<string, never>) =>
  tx
    .select({ companyId: activities.companyId, used: sql<number>`0 - sum(${activities.hundredths})` })
    .from(activities)
    .where(
      and(
        sql`${activities.companyId} in (select value from json_each(${sql.placeholder('ids')}))`,
        sql`${activities.timeStamp} >= ${sql.placeholder('from')}`,
        sql`${activities.timeStamp} < ${sql.placeholder('to')}`,
        eq(activities.status, BALANCE_ENTRY_STATUS),
        eq(activities.activityType, 'TimeLog'),
      ),
    )
    .groupBy(activities.companyId)
    .prepare(),
);
