import { AsyncLocalStorage } from 'node:async_hooks';
import * as pgTables from '../../../drizzle/schema-postgres.js';
import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_CONNECTIONS, openPostgres, type PostgresDb, type PostgresOptions } from '../db-postgres.js';
import { KeyedTurns } from '../lib/turns.js';
import { postgresSyntax } from './syntax.js';
import { joinsOpen, NESTED_ON_OUTER, type Database, type Tx, type WriteScope } from './port.js';

/*
 * Hourbank on PostgreSQL, through the same port as SQLite, and with SQLite's model of writing: one
 * transaction at a time, unless transactions say they write different companies. Each transaction
 * first takes the write turn, a transaction-level advisory lock every process serving the database
 * shares, and holds it until it commits or rolls back; it runs at READ COMMITTED, so each statement
 * sees every transaction that held the turn before. So whatever rule a transaction checks (an
 * invoice not overpaid, a company's stored balance equal to its ledger, a cap on purchases) holds as
 * it does on SQLite, with no lock of its own to forget and nothing refused under contention. A
 * transaction with a scope (port.ts, WriteScope) takes the write turn shared and its own turn's lock
 * alone: those of different turns run at once, those of one turn one at a time, and one with no
 * scope waits for all of them and they for it. Reads outside a transaction wait for no turn.
 * (Serializable transactions were tried first: two processes writing at once had most transactions
 * refused, up to 13 times in a row, on the invoice number and on the small tables' predicate locks.)
 * A deadlock or serialization failure, which the turn leaves to outside writers only, runs the
 * transaction again from the start, a few times at most, after a short random pause.
 */

/** Any number fixed for the project, other than the migrations' lock: the write turn's advisory lock. */
export const WRITE_TURN_LOCK = 4_774_202;
/** The first half of a scope's own advisory lock, its turn's hash the second (a space apart from the one-number locks). */
const SCOPE_LOCKS = 4_774;
const SERIALIZATION_FAILURE = '40001';
const DEADLOCK_DETECTED = '40P01';
const ATTEMPTS = 8;

function isConflict(error: unknown): boolean {
  for (let cause = error; cause instanceof Error || (typeof cause === 'object' && cause !== null); cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === SERIALIZATION_FAILURE || code === DEADLOCK_DETECTED) return true;
    if (!(cause as { cause?: unknown }).cause) break;
  }
  return false;
}

const takeWriteTurn = (scope: WriteScope | undefined) =>
  scope
    ? sql`select pg_advisory_xact_lock_shared(${sql.raw(String(WRITE_TURN_LOCK))}), pg_advisory_xact_lock(${sql.raw(String(SCOPE_LOCKS))}, hashtext(${scope.turn}))`
    : sql`select pg_advisory_xact_lock(${sql.raw(String(WRITE_TURN_LOCK))})`;

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** attempt));

export type PostgresDatabase = Database & { engine: 'postgres' };

const INT8 = 20;
const NUMERIC = 1700;

/**
 * A plain statement's rows, with bigint and numeric columns (counts, sums, epoch milliseconds) read
 * as numbers, as SQLite hands them back. drizzle runs statements with type parsers of its own that
 * fall back to node-postgres's shared ones, not to the pool's, so they come back as text; each
 * such figure here is far inside the integers a double holds exactly.
 */
function numbersRead(result: { rows: Record<string, unknown>[]; fields: { name: string; dataTypeID: number }[] }): never[] {
  const numeric = result.fields.filter((field) => field.dataTypeID === INT8 || field.dataTypeID === NUMERIC).map((field) => field.name);
  if (numeric.length === 0) return result.rows as never[];
  for (const row of result.rows) for (const name of numeric) if (row[name] !== null) row[name] = Number(row[name]);
  return result.rows as never[];
}

export async function openPostgresDatabase(url: string, options: PostgresOptions = {}): Promise<PostgresDatabase> {
  const handle = await openPostgres(url, options);
  const t = pgTables as unknown as Tx['t'];
  const view = (
    queries: PostgresDb | Parameters<Parameters<PostgresDb['transaction']>[0]>[0],
    transaction: Tx['transaction'],
    afterCommit: Tx['afterCommit'],
  ): Tx =>
    Object.create(queries, {
      engine: { value: 'postgres' },
      t: { value: t },
      syntax: { value: postgresSyntax },
      rows: { value: async (statement: SQL) => numbersRead(await queries.execute(statement)) },
      run: { value: async (statement: SQL) => void (await queries.execute(statement)) },
      changeMark: { value: changeMark },
      transaction: { value: transaction },
      afterCommit: { value: afterCommit },
    }) as Tx;
  // the server's current snapshot (lowest running transaction, next to be assigned, those in progress):
  // it differs once any transaction that was running has ended, so a figure computed after reading a
  // mark never misses a commit the mark saw coming. (The write-ahead log's position moves before a
  // commit becomes visible: a figure computed in between was kept under the mark that followed it.)
  const changeMark = async () => String((await handle.pool.query<{ snapshot: string }>('select pg_current_snapshot()::text as snapshot')).rows[0]!.snapshot);

  const open = new AsyncLocalStorage<true>();
  // this process's transactions queue here for their turns, each holding a connection only once
  // it is next: queued on the advisory locks, they would hold the pool's connections while they
  // wait. At most half the pool holds transactions, so reads always find connections.
  const turns = new KeyedTurns(Math.max(1, Math.floor((options.maxConnections ?? DEFAULT_CONNECTIONS) / 2)));
  let commits = 0;
  const transaction = async <T>(work: (tx: Tx) => Promise<T>, scope?: WriteScope): Promise<T> => {
    if (open.getStore()) throw new Error(NESTED_ON_OUTER);
    const handBack = await turns.take(scope?.turn);
    try {
      return await inWriteTurn(work, scope);
    } finally {
      handBack();
    }
  };
  const inWriteTurn = async <T>(work: (tx: Tx) => Promise<T>, scope: WriteScope | undefined): Promise<T> => {
    for (let attempt = 1; ; attempt += 1) {
      const committed: (() => void)[] = [];
      try {
        const result = await handle.db.transaction(
          async (pgTx) => {
            await pgTx.execute(takeWriteTurn(scope));
            const inside: Tx = view(
              pgTx,
              async (nested, nestedScope) => {
                joinsOpen(scope, nestedScope);
                return nested(inside) as never;
              },
              (callback) => committed.push(callback),
            );
            return open.run(true, () => work(inside));
          },
          { isolationLevel: 'read committed' },
        );
        commits += 1;
        for (const callback of committed) callback();
        return result;
      } catch (error) {
        if (attempt >= ATTEMPTS || !isConflict(error)) throw error;
        await pause(attempt);
      }
    }
  };
  return { db: view(handle.db, transaction, (callback) => callback()), engine: 'postgres', commits: () => commits, close: handle.close };
}
