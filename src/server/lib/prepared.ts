import type { Db } from '../db.js';

/**
 * A statement for a hot path, built and compiled once per database and reused: a one-off drizzle
 * query rebuilds its SQL and has SQLite compile it again on every call, which costs more than the
 * lookup itself. Keyed by the database so tests, each with their own, never share statements.
 * better-sqlite3 has one connection, so a statement prepared here also sees an open transaction.
 */
export function preparedPerDb<Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const statements = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
