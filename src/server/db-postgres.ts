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

export async function openPostgres(url: string, options: { maxConnections?: number } = {}): Promise<PostgresHandle> {
  const pool = new pg.Pool({ ...withoutJit(url), types, max: options.maxConnections ?? 10 });
  try {
    await migrateOnce(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db: drizzle(pool, { schema }), pool, close: () => pool.end() };
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
