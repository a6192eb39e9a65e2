import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../../drizzle/schema-postgres.js';
import { migrationsFolders } from './paths.js';

/*
 * Hourbank on PostgreSQL: a pool of connections to the database DATABASE_URL names, migrated once
 * however many processes start together.
 */

export type PostgresDb = NodePgDatabase<typeof schema>;
export type PostgresHandle = { db: PostgresDb; pool: pg.Pool; close: () => Promise<void> };

const INT8 = 20;
const NUMERIC = 1700;

/**
 * node-postgres hands bigint (counts, sums of integers, epoch milliseconds) and numeric (sums of
 * bigints) back as text, to keep their precision. Every such figure here is a count, cents,
 * hundredths or milliseconds, far inside the integers a double holds exactly, so they are read as
 * numbers, as SQLite hands them back. Set on this pool only, not on node-postgres's shared parsers.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 || oid === NUMERIC ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** Any number fixed for the project: the advisory lock migrations hold, so only one process migrates at a time. */
const MIGRATION_LOCK = 4_774_201;

/**
 * The connection, with JIT compilation off beside the URL's own server options (`?options=`, which
 * would otherwise replace ours). The app's queries are short, but a few (a search over many time
 * ranges) have plan costs high enough for PostgreSQL to compile them first: 400 ms of a 30 ms query
 * in the bench.
 */
function withoutJit(url: string): { connectionString: string; options: string } {
  const parsed = new URL(url);
  const given = parsed.searchParams.get('options');
  parsed.searchParams.delete('options');
  return { connectionString: parsed.toString(), options: [given, '-c jit=off'].filter(Boolean).join(' ') };
}

/** The pool's connections when the options name no other number. */
export const DEFAULT_CONNECTIONS = 10;

export type PostgresOptions = {
  maxConnections?: number;
  /** Hears of an idle connection the server ended (a restart, a failover, a terminated backend). */
  onLostConnection?: (error: Error) => void;
};

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<PostgresHandle> {
  const pool = new pg.Pool({ ...withoutJit(url), types, max: options.maxConnections ?? DEFAULT_CONNECTIONS });
  // node-postgres drops such a connection and opens another for the next query; the error reaches
  // the pool's listeners, and with none it would be thrown and end the process
  pool.on('error', (error) => options.onLostConnection?.(error));
  const close = closingEveryConnection(pool);
  try {
    await migrateOnce(pool);
  } catch (error) {
    await close();
    throw error;
  }
  return { db: drizzle(pool, { schema }), pool, close };
}

/**
 * Ends the pool, answering once every connection it opened has closed: pool.end() answers when it
 * has asked its connections to end, before they have, and a database dropped at that moment (as
 * the tests drop theirs) ends them from the server's side, an error no one would hear.
 */
function closingEveryConnection(pool: pg.Pool): () => Promise<void> {
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
  });
  return async () => {
    const closed = [...open].map((client) => new Promise<void>((resolve) => client.once('end', () => resolve())));
    // a connection that ends while the pool ends it reports nothing worth hearing
    for (const client of open) client.on('error', () => {});
    await pool.end();
    await Promise.all(closed);
  };
}

/**
 * Applies the migrations not yet applied, holding a session advisory lock: a second process
 * starting at the same moment waits for the first, then finds nothing left to apply.
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: migrationsFolders.postgres });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
