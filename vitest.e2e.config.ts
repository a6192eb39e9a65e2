import { defineConfig } from 'vitest/config';

// Browser and whole-process specs: the real server in a child process, driven over HTTP and Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
