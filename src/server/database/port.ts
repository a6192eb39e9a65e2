import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type * as schema from '../../../drizzle/schema.js';
import type { Tables } from '../../../drizzle/tables.js';

/*
 * The database as every service sees it, on either engine. Statements are drizzle's query builders,
 * awaited (`await tx.select()…`); the tables come from the database (`tx.t.companies`), so the
 * engine's own tables are used. Both are typed as SQLite's (drizzle/kit.ts): each query is written
 * and checked once. Writes happen only inside `transaction`: SQLite refuses them elsewhere (its
 * reading connection is read-only), and a transaction is where the ledger's rules hold together.
 */

export type Engine = 'sqlite' | 'postgres';

type SqliteQueries = BetterSQLite3Database<typeof schema>;

/** drizzle's builders, without SQLite's synchronous runners and its own transaction. */
export type Queries = Omit<SqliteQueries, 'transaction' | '$client' | 'run' | 'get' | 'all' | 'values' | 'batch'>;

export type Tx = Queries & {
  readonly engine: Engine;
  readonly t: Tables;
  /**
   * Runs `work` in a transaction and answers what it answered; a thrown error rolls it back. Inside
   * a transaction, a nested call joins it. On PostgreSQL the transaction is serializable and `work`
   * is run again (up to a few times) when PostgreSQL refuses it for a conflicting one: it must do
   * nothing but database work.
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
};

export type Database = {
  /** Statements outside a transaction (reads), and the way into one. */
  db: Tx;
  engine: Engine;
  close(): Promise<void>;
};
