import type { SQL } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type * as schema from '../../../drizzle/schema.js';
import type { Tables } from '../../../drizzle/tables.js';
import type { Syntax } from './syntax.js';

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
  /** What the engine spells its own way in a query (syntax.ts). */
  readonly syntax: Syntax;
  /** The rows of a plain SQL statement, each an object keyed by the names the statement gives its columns. */
  rows<Row>(statement: SQL): Promise<Row[]>;
  /** Runs a plain SQL statement that answers no rows (an `insert … select`). */
  run(statement: SQL): Promise<void>;
  /**
   * A mark that moves whenever anything is committed to the database, by this process or another;
   * figures computed from the whole database are kept while it stays the same.
   */
  changeMark(): Promise<string>;
  /**
   * Calls `callback` once the open transaction has committed (never, if it rolls back); outside a
   * transaction, at once. For work that must see the transaction's rows, such as waking the outbox.
   */
  afterCommit(callback: () => void): void;
  /**
   * Runs `work` in a transaction and answers what it answered; a thrown error rolls it back. Inside
   * a transaction, a nested call joins it. Transactions run one at a time on either engine (on
   * PostgreSQL across every process serving the database), except that on PostgreSQL transactions
   * that name different turns (`scope`) run at once; see WriteScope. On PostgreSQL `work` may be run
   * again (up to a few times) when the server refuses it for a deadlock: it must do nothing but
   * database work.
   */
  transaction<T>(work: (tx: Tx) => Promise<T>, scope?: WriteScope): Promise<T>;
};

/**
 * What a transaction writes, when it is less than anything: `turn` names the rows whose rules it
 * keeps (companyTurn: one company's ledger, tasks, invoices and payments), and it writes nothing
 * whose rules reach beyond them (no invoice number, no setting, no user, no other company). Such a
 * transaction waits only for those of the same turn and for the transactions that name none; on
 * SQLite, which writes one transaction at a time anyway, the scope changes nothing.
 */
export type WriteScope = { turn: string };

/** The turn of one company's rows. */
export const companyTurn = (companyId: string): WriteScope => ({ turn: `company:${companyId}` });

export type Database = {
  /** Statements outside a transaction (reads), and the way into one. */
  db: Tx;
  engine: Engine;
  /** How many transactions this process has committed on the database: a count that moves with each of its own writes. */
  commits(): number;
  close(): Promise<void>;
};

/**
 * Refused: a transaction begun on the database from inside another. On SQLite it would wait for the
 * open one, that is for itself; on PostgreSQL it would commit apart from it.
 */
export const NESTED_ON_OUTER = 'A transaction was begun on the database inside another one; begin it on the open transaction (tx.transaction) instead.';

/**
 * Refused: a transaction joined from inside one of a narrower turn. It would write beyond what the
 * open transaction waited for.
 */
export const NESTED_BEYOND_TURN = 'A transaction was joined from inside one that names a narrower turn; name the same turn, or none on the outer one.';

/** A nested transaction joins the open one when it names the same turn, or the open one names none. */
export function joinsOpen(open: WriteScope | undefined, nested: WriteScope | undefined): void {
  if (open && open.turn !== nested?.turn) throw new Error(NESTED_BEYOND_TURN);
}
