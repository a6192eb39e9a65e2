import type { Db, Tx } from '../db.js';

/*
 * Statements for hot paths, built and compiled once per database and reused: a one-off drizzle
 * query rebuilds its SQL on every call, which costs more than a small indexed read itself. Keyed by
 * the database, so tests, each with their own, never share statements. better-sqlite3 has one
 * connection, so a statement prepared here also sees an open transaction.
 */

/**
 * A prepared query per database and query shape, built on first use. For a list whose SQL depends
 * only on which filters are set and on the sort: `build` puts placeholders where the values go.
 */
export function preparedByShape<Shape extends Record<string, string | boolean>, Statement>(
  build: (db: Tx, shape: Shape) => Statement,
): (db: Tx, shape: Shape) => Statement {
  const byDatabase = new WeakMap<Tx, Map<string, Statement>>();
  return (db, shape) => {
    let statements = byDatabase.get(db);
    if (!statements) byDatabase.set(db, (statements = new Map()));
    const key = Object.values(shape).join('|');
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = build(db, shape)));
    return statement;
  };
}

/** A statement of a single shape, built and compiled once per database. */
export function preparedPerDb<Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const prepared = preparedByShape((db, _shape: Record<string, never>) => build(db as Db));
  return (db) => prepared(db, {});
}

type Decoder = { mapFromDriverValue: (value: unknown) => unknown };
type PreparedSelect = { all: (placeholders?: Record<string, unknown>) => unknown[]; values: (placeholders?: Record<string, unknown>) => unknown[][] };

/**
 * The rows of a prepared select of plain columns (`columns`, the object handed to select()), read
 * as arrays and turned into objects with each column's decoder looked up once: drizzle's own
 * mapping looks them up again for every value, which costs a page of 25 rows half as much again
 * as SQLite's work. Only for a flat selection of columns, in the order select() was given them.
 */
export function mappedRows<Prepared extends PreparedSelect>(
  prepared: Prepared,
  columns: Record<string, Decoder>,
): (placeholders?: Record<string, unknown>) => ReturnType<Prepared['all']> {
  const keys = Object.keys(columns);
  const decoders = Object.values(columns).map((column) => column.mapFromDriverValue.bind(column));
  return (placeholders) =>
    prepared.values(placeholders).map((values) => {
      const row: Record<string, unknown> = {};
      for (let index = 0; index < keys.length; index += 1) {
        const value = values[index];
        row[keys[index]!] = value === null ? null : decoders[index]!(value);
      }
      return row;
    }) as ReturnType<Prepared['all']>;
}
