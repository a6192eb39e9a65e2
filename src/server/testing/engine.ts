import Database from 'better-sqlite3';
import pg from 'pg';
import type { OpenedDatabase } from '../bootstrap.js';
import type { Config } from '../config.js';
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

/** A connection of the test app's database of its own, as another server process (or an operator) would open. */
export type OtherConnection = {
  /** Runs a statement of plain SQL that both engines read alike. */
  exec(statement: string): Promise<void>;
  /** The first row a query answers. */
  first<Row>(statement: string, values?: unknown[]): Promise<Row | undefined>;
  close(): Promise<void>;
};

/** Opens another connection to the test app's database, on its engine: none of the app's own state comes with it. */
export async function otherConnection(config: Pick<Config, 'databasePath' | 'databaseUrl'>): Promise<OtherConnection> {
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    return {
      exec: async (statement) => void (await client.query(statement)),
      first: async <Row>(statement: string, values: unknown[] = []) => (await client.query(statement, values)).rows[0] as Row | undefined,
      close: () => client.end(),
    };
  }
  const connection = new Database(config.databasePath);
  connection.pragma('busy_timeout = 5000');
  return {
    exec: async (statement) => void connection.exec(statement),
    first: async <Row>(statement: string, values: unknown[] = []) => connection.prepare(statement.replace(/\$\d+/g, '?')).get(...values) as Row | undefined,
    close: async () => void connection.close(),
  };
}
