import type { OpenedDatabase } from '../bootstrap.js';
import type { SqliteDatabase } from '../database/sqlite.js';

/*
 * Which engine a test run uses: the SQLite file unless HOURBANK_TEST_ENGINE=postgres (the
 * `postgres` project of vitest.config.ts sets it), in which case every test app gets a fresh
 * database on the run's PostgreSQL server.
 */

export type TestEngine = 'sqlite' | 'postgres';

export function testEngine(): TestEngine {
  return process.env.HOURBANK_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

/** The SQLite connections of a database, for tests about SQLite itself (its plans, its files); refused on PostgreSQL. */
export function sqliteConnections(database: OpenedDatabase): SqliteDatabase['sqlite'] {
  if (database.engine !== 'sqlite') throw new Error('This test reads SQLite itself: it belongs to the SQLite run only.');
  return database.sqlite;
}
