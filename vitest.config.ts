import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/server/testing/setup.ts'],
    testTimeout: 20_000,
    pool: 'forks',
  },
});
