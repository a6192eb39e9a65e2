import { copySqliteToPostgres } from '../../src/server/db-copy.js';
import { openPostgres } from '../../src/server/db-postgres.js';
import { newId } from '../../src/server/lib/ids.js';
import { databaseUrlOn, onServer, startThrowawayPostgres } from '../../src/server/testing/postgres-cluster.js';

/*
 * The bench on PostgreSQL: the seeded SQLite file is copied (and checked, as `npm run db:copy` does)
 * into a new database made for the run, on the server --db names or on a throwaway cluster of this
 * machine's PostgreSQL, and the database is dropped at the end. The rows are the SQLite run's, so
 * the two engines are measured on the same data.
 */

export type PostgresTarget = {
  /** The run's database, as DATABASE_URL. */
  url: string;
  /** The server's version, e.g. "15.14". */
  version: string;
  /** The database's size on disk, in bytes. */
  sizeBytes: number;
  copyMs: number;
  remove: () => Promise<void>;
};

export async function postgresTarget(serverUrl: string | undefined, sqliteFile: string, progress: (line: string) => void): Promise<PostgresTarget> {
  const cluster = serverUrl ? undefined : await startThrowawayPostgres({ durable: true });
  const server = serverUrl ?? cluster!.url;
  const name = `hourbank_bench_${newId().toLowerCase()}`;
  const remove = async () => {
    try {
      await onServer(server, `drop database if exists "${name}" with (force)`);
    } finally {
      cluster?.stop();
    }
  };
  try {
    await onServer(server, `create database "${name}"`);
    const url = databaseUrlOn(server, name);
    const started = performance.now();
    const target = await openPostgres(url);
    try {
      await copySqliteToPostgres(sqliteFile, target.db, (line) => progress(`copying into PostgreSQL: ${line}`));
      // fresh statistics for the planner, as autovacuum would gather them soon after a bulk load
      await target.pool.query('vacuum analyze');
      const { rows } = await target.pool.query<{ version: string; size: string }>(
        "select current_setting('server_version') as version, pg_database_size(current_database())::text as size",
      );
      return { url, version: rows[0]!.version, sizeBytes: Number(rows[0]!.size), copyMs: performance.now() - started, remove };
    } finally {
      await target.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
}
