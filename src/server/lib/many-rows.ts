import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/*
 * Writing many rows in few statements: inserts a chunk of rows at a time (a few hundred parameters
 * each, well inside either engine's limit), and an update that sets each row its own value in one
 * statement, chosen by the row's key.
 */

/** Calls `write` with the rows `size` at a time, one after another. */
export async function inChunks<Row>(rows: readonly Row[], size: number, write: (chunk: Row[]) => Promise<unknown>): Promise<void> {
  for (let at = 0; at < rows.length; at += size) await write(rows.slice(at, at + size));
}

/**
 * A value per row for an update of many rows: `(case key when ? then ? … else otherwise end)`. An
 * `otherwise` of a type (0, not null) gives the values that type on PostgreSQL.
 */
export function valueByKey(key: SQLWrapper, pairs: readonly (readonly [string, string | number])[], otherwise: SQL): SQL {
  return sql`(case ${key} ${sql.join(pairs.map(([row, value]) => sql`when ${row} then ${value}`), sql` `)} else ${otherwise} end)`;
}
