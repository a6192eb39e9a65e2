import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db-postgres.js';
import { newId } from '../lib/ids.js';
import { databaseUrlOn, onServer, startThrowawayPostgres } from './postgres-cluster.js';

/*
 * The unit and API tests' PostgreSQL: TEST_DATABASE_URL when it is given (a server the tests may
 * create and drop databases on), otherwise a throwaway cluster started for this run. Each test file
 * makes its own databases on it (testing/postgres.ts), as copies of a template database migrated
 * once here: a copy takes a fraction of the time of migrating a new database.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  const cluster = given ? undefined : await startThrowawayPostgres();
  const serverUrl = given ?? cluster!.url;
  const template = `hourbank_template_${newId().toLowerCase()}`;
  await onServer(serverUrl, `create database "${template}"`);
  await (await openPostgres(databaseUrlOn(serverUrl, template))).close();
  project.provide('postgresUrl', serverUrl);
  project.provide('postgresTemplate', template);
  return async () => {
    if (cluster) cluster.stop();
    else await onServer(serverUrl, `drop database if exists "${template}" with (force)`);
  };
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- vitest's context is extended by declaration merging, which takes an interface
  export interface ProvidedContext {
    postgresUrl: string;
    /** A database every migration has been applied to, which freshPostgresDatabase copies. */
    postgresTemplate: string;
  }
}
