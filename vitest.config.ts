import { defineConfig } from 'vitest/config';

/*
 * The unit and API tests, twice over the server: on SQLite (every test, as the app runs by default)
 * and on PostgreSQL (the server's and the scripts' tests again, each test app on a fresh database of
 * a throwaway PostgreSQL server, or TEST_DATABASE_URL's). A test about one engine's own workings
 * (SQLite's query plans, its files) runs on that engine's project only (src/server/testing/engine.ts).
 */
export default defineConfig({
  test: {
    environment: 'node',
    setupFiles: ['src/server/testing/setup.ts'],
    globalSetup: ['src/server/testing/postgres-global-setup.ts'],
    testTimeout: 20_000,
    pool: 'forks',
    // Two test files at a time (vitest's default leaves one of two cores idle), and each worker keeps
    // the modules it imported from one file to the next: importing the server's modules afresh for
    // every one of some 220 files took 149 s of a 381 s run, now 121 s in all. Nothing a test needs
    // is module state: each test app has its own database, and what is kept is kept per database.
    maxWorkers: 2,
    isolate: false,
    projects: [
      { extends: true, test: { name: 'sqlite', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'postgres', include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'], env: { HOURBANK_TEST_ENGINE: 'postgres' } },
      },
    ],
  },
});
