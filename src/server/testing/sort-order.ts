import { sql } from 'drizzle-orm';
import type { Db } from '../db.js';

/*
 * The order a sorted list must answer, worked out by the test from the rows themselves: each row's
 * sort values compared one after another, ties broken by a rowid as the list does, the whole order
 * reversed for desc (the rowid makes every row's values unique, so desc is exactly asc backwards).
 */

export type SortValue = string | number;

/** Text folded as SQLite's NOCASE collation folds it: ASCII capitals only. */
export const noCase = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** Each row's rowid in `table`, by id: the tie-breaker of every list sort. */
export async function rowidsOf(db: Db, table: string): Promise<Map<string, number>> {
  const rows = await db.rows<{ id: string; rowid: number }>(sql`select id, rowid as rowid from ${sql.identifier(table)}`);
  // PostgreSQL hands a bigint back as text through drizzle
  return new Map(rows.map((row) => [row.id, Number(row.rowid)]));
}

// SQLite's BINARY collation compares UTF-16 code units for the ASCII text the tests use, as < does
const compareValues = (a: SortValue, b: SortValue) => (a < b ? -1 : a > b ? 1 : 0);

function compareRows(a: SortValue[], b: SortValue[]): number {
  for (let index = 0; index < a.length; index += 1) {
    const order = compareValues(a[index]!, b[index]!);
    if (order !== 0) return order;
  }
  return 0;
}

/** The rows' ids in the order of their sort values, ascending or descending. */
export function sortedIds<T extends { _id: string }>(rows: T[], valuesOf: (row: T) => SortValue[], dir: 'asc' | 'desc'): string[] {
  const ascending = rows
    .map((row) => ({ id: row._id, values: valuesOf(row) }))
    .sort((a, b) => compareRows(a.values, b.values))
    .map((row) => row.id);
  return dir === 'asc' ? ascending : ascending.reverse();
}
