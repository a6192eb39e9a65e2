import { inject } from 'vitest';
import { newId } from '../lib/ids.js';
import { databaseUrlOn, onServer } from './postgres-cluster.js';

/**
 * A new database on the tests' PostgreSQL server (postgres-global-setup.ts), and a way to drop it:
 * migrated and without rows (a copy of the run's template), or with `{ migrated: false }` empty, for
 * tests of the migrations themselves.
 */
export async function freshPostgresDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = inject('postgresUrl');
  const name = `hourbank_test_${newId().toLowerCase()}`;
  const template = options.migrated === false ? '' : ` template "${inject('postgresTemplate')}"`;
  await onServer(serverUrl, `create database "${name}"${template}`);
  return { url: databaseUrlOn(serverUrl, name), drop: async () => void (await onServer(serverUrl, `drop database if exists "${name}" with (force)`)) };
}

