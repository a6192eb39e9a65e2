import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './postgres-cluster.js';

/*
 * The unit and API tests' PostgreSQL: TEST_DATABASE_URL when it is given (a server the tests may
 * create and drop databases on), otherwise a throwaway cluster started for this run. Each test file
 * makes its own databases on it (testing/postgres.ts).
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  const cluster = given ? undefined : await startThrowawayPostgres();
  project.provide('postgresUrl', given ?? cluster!.url);
  return () => cluster?.stop();
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- vitest's context is extended by declaration merging, which takes an interface
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
