import { defineConfig } from 'vitest/config';

// Browser and whole-process specs: the real server in a child process, driven over HTTP and Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two spec files at a time: each has its own server, database and browser, and most of a
    // browser test is waiting (debounces, transitions, polling), which the other file fills.
    maxWorkers: 2,
  },
});
