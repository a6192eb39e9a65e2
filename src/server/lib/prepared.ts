import type { Tx } from '../db.js';

/*
 * Queries on every call's path, built once per database and run with placeholders: drizzle rebuilds
 * a one-off query's SQL on every call, which costs more than a small indexed read itself. Keyed by
 * the database view the query runs on (the reading connection, or a transaction's), so tests, each
 * with their own database, never share one. On PostgreSQL the query is kept unnamed: it keeps its
 * built SQL, and the server plans it per execution as it does any query.
 */

export function preparedPer<Statement>(build: (db: Tx) => Statement): (db: Tx) => Statement {
  const built = new WeakMap<Tx, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}
