import { defineConfig } from 'vitest/config';

// Browser and whole-process specs: the real server in a child process, driven over HTTP and Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A bare expect.poll waits 10 s, not vitest's 1 s: a first page load on a loaded CI machine
    // (two spec files, each with a server and a browser, on two cores) can take longer than 1 s.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    // Two spec files at a time: each has its own server, database and browser, and most of a
    // browser test is waiting (debounces, transitions, polling), which the other file fills.
    maxWorkers: 2,
    // Each worker keeps the modules it imported from one spec file to the next (the server's, for
    // the factories): 69 s of imports in a 662 s run. Each file still has its own server and browser.
    isolate: false,
  },
});
