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
