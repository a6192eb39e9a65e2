import { Column, is } from 'drizzle-orm';
import type { Tx } from '../db.js';

/*
 * Queries on every call's path, built once per database and run with placeholders: drizzle rebuilds
 * a one-off query's SQL on every call, which costs more than a small indexed read itself. Keyed by
 * the database view the query runs on (the reading connection, or a transaction's), so tests, each
 * with their own database, never share one. On PostgreSQL the query is kept unnamed: it keeps its
 * built SQL, and the server plans it per execution as it does any query.
 */

/**
 * A prepared query per database view and query shape, built on first use. For a list whose SQL
 * depends only on which filters are set and on the sort: `build` puts placeholders where the values go.
 */
export function preparedByShape<Shape extends Record<string, string | boolean>, Statement>(
  build: (db: Tx, shape: Shape) => Statement,
): (db: Tx, shape: Shape) => Statement {
  const byView = new WeakMap<Tx, Map<string, Statement>>();
  return (db, shape) => {
    let statements = byView.get(db);
    if (!statements) byView.set(db, (statements = new Map()));
    const key = Object.values(shape).join('|');
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = build(db, shape)));
    return statement;
  };
}

/** A query of a single shape, built once per database view. */
export function preparedPer<Statement>(build: (db: Tx) => Statement): (db: Tx) => Statement {
  const prepared = preparedByShape((db, _shape: Record<string, never>) => build(db));
  return (db) => prepared(db, {});
}

/** A prepared select as its runners see it: drizzle's execute, and on SQLite its rows as arrays. */
type PreparedSelect<Row> = { execute(values?: Record<string, unknown>): Promise<Row[]> | Row[] };
type SqliteRowsAsArrays = { values(values?: Record<string, unknown>): Promise<unknown[][]> | unknown[][] };

/** A prepared select with the decoder of its rows read as arrays (plainRows). */
export type PlainSelect<Row> = { statement: PreparedSelect<Row>; decode: (raw: unknown[]) => Row };

/** The row of a PlainSelect. */
export type RowOf<Select> = Select extends PlainSelect<infer Row> ? Row : never;

/**
 * The prepared select of `fields` (the object given to its `select`), with a decoder of its rows
 * made once: each field decoded as drizzle decodes it, by its column's mapFromDriverValue, null left
 * null. Only for a flat selection: columns, and SQL that SQLite answers as the value itself (a count,
 * a sum), since an SQL field's own decoder is not drizzle's to give; the tests compare plainRows'
 * rows with execute's.
 */
export function plainSelect<Row>(statement: PreparedSelect<Row>, fields: Record<string, unknown>): PlainSelect<Row> {
  const names = Object.keys(fields);
  const decoders = names.map((name) => {
    const field = fields[name];
    return is(field, Column) ? (value: unknown) => field.mapFromDriverValue(value) : undefined;
  });
  const decode = (raw: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < names.length; index += 1) {
      const value = raw[index];
      const decoder = decoders[index];
      row[names[index]!] = value === null || !decoder ? value : decoder(value);
    }
    return row as Row;
  };
  return { statement, decode };
}

/**
 * The rows of a select on the hottest paths (a list page, the session). On SQLite, read as arrays
 * and decoded by the select's own decoder: drizzle's mapping walks every field of every row
 * generically (entity checks, a path per field, a reduce), some 1,400 instructions a field, half
 * of the companies page service's own JavaScript. On PostgreSQL, drizzle's execute: the round trip
 * is the cost there, and the driver hands back text where SQLite hands back numbers.
 */
export async function plainRows<Row>(tx: Tx, select: PlainSelect<Row>, values: Record<string, unknown>): Promise<Row[]> {
  if (tx.engine !== 'sqlite') return select.statement.execute(values);
  const rows = await (select.statement as unknown as SqliteRowsAsArrays).values(values);
  return rows.map(select.decode);
}
