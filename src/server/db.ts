import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from '../../drizzle/schema.js';
import { makePrivateFile, makePrivateFolder, narrowIfPresent } from './lib/private-files.js';
import { cacheStatements } from './lib/statement-cache.js';
import { migrationsFolders } from './paths.js';

/** drizzle() keeps the driver as $client, for the few hot loops that run a plain statement many times. */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** What a service receives: the database or a transaction on it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type DatabaseHandle = { db: Db; sqlite: Database.Database; close: () => void };

export function openDatabase(databasePath: string): DatabaseHandle {
  if (databasePath !== ':memory:') {
    makePrivateFolder(path.dirname(databasePath));
    makePrivateFile(databasePath);
    for (const companion of ['-wal', '-shm']) narrowIfPresent(`${databasePath}${companion}`);
  }
  const sqlite = cacheStatements(new Database(databasePath));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsFolders.sqlite });
  return { db, sqlite, close: () => sqlite.close() };
}

/**
 * Runs fn in an IMMEDIATE transaction: the write lock is taken up front, so two writers
 * never both read and then fail to upgrade. better-sqlite3 is synchronous, so fn must be too.
 */
export function inTransaction<T>(db: Db, fn: (tx: Tx) => T): T {
  openTransactions.push(db);
  try {
    return db.transaction(fn, { behavior: 'immediate' });
  } finally {
    openTransactions.pop();
  }
}

/** The databases whose transactions are open, innermost last; being synchronous, they never interleave. */
const openTransactions: Db[] = [];

/** The database a Tx works on: the database itself, or the one whose transaction is open. */
export function databaseOf(tx: Tx): Db | undefined {
  return '$client' in tx ? tx : openTransactions.at(-1);
}
