import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/server/testing/setup.ts'],
    // a throwaway PostgreSQL server for the run (or TEST_DATABASE_URL): the API suites run on both engines
    globalSetup: ['src/server/testing/postgres-global-setup.ts'],
    testTimeout: 20_000,
    pool: 'forks',
  },
});
