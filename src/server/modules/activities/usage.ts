import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { BALANCE_ENTRY_STATUS } from '../../../shared/hour-balance.js';
import type { Tx } from '../../db.js';
import { plainRows, plainSelect, preparedPer } from '../../lib/prepared.js';

/**
 * Hundredths of an hour each company's time logs used from `from` (inclusive) to `to` (exclusive),
 * positive; a company that used none is missing. One statement for all the companies, reading each
 * company's stretch of activities_timeline_idx between the two instants, never the rest of the ledger.
 */
export async function hoursUsedBetween(tx: Tx, companyIds: readonly string[], from: Date, to: Date): Promise<Map<string, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await plainRows(tx, usedByCompany(tx), { ids: tx.syntax.valueList(companyIds), from: from.getTime(), to: to.getTime() });
  return new Map(rows.map((row) => [row.companyId, row.used]));
}

/* The ids are bound as one value, so a page of any size runs the one statement built once. */
const usedByCompany = preparedPer((tx) => {
  const { activities } = tx.t;
  // SQLite answers the sum as a number; mapWith(Number) reads PostgreSQL's bigint text
  const fields = { companyId: activities.companyId, used: sql<number>`0 - sum(${activities.hundredths})`.mapWith(Number) };
  const statement = tx
    .select(fields)
    .from(activities)
    .where(
      and(
        tx.syntax.inPlaceholder(activities.companyId, sql.placeholder('ids')),
        gte(activities.timeStamp, sql.placeholder('from')),
        lt(activities.timeStamp, sql.placeholder('to')),
        eq(activities.status, BALANCE_ENTRY_STATUS),
        eq(activities.activityType, 'TimeLog'),
      ),
    )
    .groupBy(activities.companyId)
    .prepare();
  return plainSelect(statement, fields);
});
