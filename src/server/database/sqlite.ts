import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from '../../../drizzle/schema.js';
import { makePrivateFile, makePrivateFolder, narrowIfPresent } from '../lib/private-files.js';
import { BackgroundCheckpoints, HARD_LIMIT_PAGES, SQLITE_DEFAULT_CHECKPOINT_PAGES } from './checkpoints.js';
import { cacheStatements } from '../lib/statement-cache.js';
import { Turns } from '../lib/turns.js';
import { migrationsFolders } from '../paths.js';
import { sqliteSyntax } from './syntax.js';
import { joinsOpen, NESTED_ON_OUTER, type Database as Port, type Tx, type WriteScope } from './port.js';

/*
 * Hourbank on SQLite: one file, two connections. Transactions run one at a time on the writing
 * connection, each taking SQLite's write lock up front (BEGIN IMMEDIATE); a transaction that awaits
 * keeps its turn, so no other request's statements can run inside it or be rolled back with it.
 * Everything else reads through a read-only connection, which sees only committed rows (WAL) and
 * refuses any write made outside a transaction.
 */

export type SqliteDatabase = Port & {
  engine: 'sqlite';
  /** The connections, for the few hot loops and tools that run plain SQLite statements. */
  sqlite: { writer: Database.Database; reader: Database.Database };
};

function connect(file: string, readonly: boolean): Database.Database {
  const connection = cacheStatements(new Database(file, { readonly, fileMustExist: readonly }));
  if (!readonly) {
    connection.pragma('journal_mode = WAL');
    connection.pragma('synchronous = NORMAL');
  }
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  return connection;
}

export function openSqlite(file: string): SqliteDatabase {
  makePrivateFolder(path.dirname(file));
  makePrivateFile(file);
  for (const companion of ['-wal', '-shm']) narrowIfPresent(`${file}${companion}`);
  const writer = connect(file, false);
  migrate(drizzle(writer, { schema }), { migrationsFolder: migrationsFolders.sqlite });
  const reader = connect(file, true);
  // checkpoints run in a worker thread; the writer checkpoints itself only if the WAL grows far (checkpoints.ts)
  writer.pragma(`wal_autocheckpoint = ${HARD_LIMIT_PAGES}`);
  const checkpoints = new BackgroundCheckpoints(file, () => writer.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_CHECKPOINT_PAGES}`));

  const turns = new Turns();
  const open = new AsyncLocalStorage<true>();
  // the writer commits every change, so the reader's data_version moves with each commit (another process's too)
  const changeMark = async () => String(reader.pragma('data_version', { simple: true }));
  // transactions run one at a time, so the callbacks waiting for a commit are those of the open one
  let committed: (() => void)[] = [];
  let commits = 0;
  const view = (connection: Database.Database, transaction: Tx['transaction'], afterCommit: Tx['afterCommit']): Tx => {
    const queries = drizzle(connection, { schema });
    return Object.create(queries, {
      engine: { value: 'sqlite' },
      t: { value: schema },
      syntax: { value: sqliteSyntax },
      rows: { value: async (statement: SQL) => queries.all(statement) },
      run: { value: async (statement: SQL) => void queries.run(statement) },
      changeMark: { value: changeMark },
      transaction: { value: transaction },
      afterCommit: { value: afterCommit },
    }) as Tx;
  };
  // inside a transaction, a nested one joins it (its scope checked as on PostgreSQL, though SQLite
  // writes one transaction at a time whatever the scope)
  let openScope: WriteScope | undefined;
  const inside: Tx = view(
    writer,
    async (work, scope) => {
      joinsOpen(openScope, scope);
      return work(inside);
    },
    (callback) => committed.push(callback),
  );
  // after a commit, a checkpoint (at most every CHECKPOINT_EVERY_MS), in the write turn (checkpoints.ts)
  let checkpointAsked = false;
  const checkpointAfterCommit = () => {
    if (checkpointAsked || !checkpoints.due()) return;
    checkpointAsked = true;
    void turns.take().then(async (handBack) => {
      try {
        await checkpoints.checkpoint();
      } finally {
        checkpointAsked = false;
        handBack();
      }
    });
  };
  const transaction = async <T>(work: (tx: Tx) => Promise<T>, scope?: WriteScope): Promise<T> => {
    if (open.getStore()) throw new Error(NESTED_ON_OUTER);
    const handBack = await turns.take();
    openScope = scope;
    try {
      writer.exec('BEGIN IMMEDIATE');
      try {
        const result = await open.run(true, () => work(inside));
        writer.exec('COMMIT');
        commits += 1;
        checkpointAfterCommit();
        for (const callback of committed) callback();
        return result;
      } catch (error) {
        if (writer.inTransaction) writer.exec('ROLLBACK');
        throw error;
      }
    } finally {
      committed = [];
      openScope = undefined;
      handBack();
    }
  };
  const db = view(reader, transaction, (callback) => callback());

  return {
    db,
    engine: 'sqlite',
    sqlite: { writer, reader },
    commits: () => commits,
    close: async () => {
      // the last transaction in line finishes first
      (await turns.take())();
      await checkpoints.close();
      reader.close();
      writer.close();
    },
  };
}
