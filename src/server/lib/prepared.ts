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
