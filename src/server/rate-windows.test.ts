import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase, type OpenedDatabase } from './bootstrap.js';
import { RateLimiter } from './rate-limit.js';
import { databaseWindows, memoryWindows, type RateWindows } from './rate-windows.js';
import { createTestApp, type TestApp } from './testing/app.js';
import { TestClock } from './testing/clock.js';
import { testEngine } from './testing/engine.js';

/*
 * The rate limits' windows: in one process's memory, and in the database, where the app counts on
 * PostgreSQL (the store works on either engine). On PostgreSQL, two processes (two pools, each with
 * its own limiter) count the same calls together; SQLite serves one process.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const MINUTE = 60_000;

const stores: { name: string; windows: () => RateWindows }[] = [
  { name: 'memory', windows: () => memoryWindows() },
  { name: 'database', windows: () => databaseWindows(t.deps.db) },
];

describe.each(stores)('rate windows in $name', ({ windows }) => {
  it('counts hits in a window, starts a new one once it has ended, and peeks without counting', async () => {
    const store = windows();
    const key = `test|${Math.random()}`;
    expect(await store.peek(key, 1_000)).toBeUndefined();
    expect(await store.hit(key, MINUTE, 1_000)).toEqual({ startedAt: 1_000, count: 1 });
    expect(await store.hit(key, MINUTE, 2_000)).toEqual({ startedAt: 1_000, count: 2 });
    expect(await store.peek(key, 30_000)).toEqual({ startedAt: 1_000, count: 2 });
    expect(await store.hit(key, MINUTE, 60_999)).toEqual({ startedAt: 1_000, count: 3 });
    expect(await store.peek(key, 61_000)).toBeUndefined();
    expect(await store.hit(key, MINUTE, 61_000)).toEqual({ startedAt: 61_000, count: 1 });
    expect(await store.peek(key, 61_500)).toEqual({ startedAt: 61_000, count: 1 });
  });

  it('keeps keys apart', async () => {
    const store = windows();
    const [a, b] = [`a|${Math.random()}`, `b|${Math.random()}`];
    await store.hit(a, MINUTE, 0);
    await store.hit(a, MINUTE, 0);
    expect(await store.hit(b, MINUTE, 0)).toEqual({ startedAt: 0, count: 1 });
  });
});

describe.runIf(testEngine() === 'postgres')('two processes on one database', () => {
  let second: OpenedDatabase;
  beforeAll(async () => {
    // another process on the same database: its own connections
    second = await openConfiguredDatabase(t.config);
  });
  afterAll(() => second?.close());

  it('count one user against one limit: the 31st task change a minute is refused whichever process takes it', async () => {
    const clock = new TestClock();
    const here = new RateLimiter(clock, { windows: databaseWindows(t.deps.db) });
    const there = new RateLimiter(clock, { windows: databaseWindows(second.db) });
    const userId = `user-${Math.random()}`;
    for (let call = 0; call < 30; call += 1) await (call % 2 === 0 ? here : there).consumeByUser('task-change', userId);
    await expect(there.consumeByUser('task-change', userId)).rejects.toThrow(/Too many task changes/);
    await expect(here.consumeByUser('task-change', userId)).rejects.toThrow(/Too many task changes/);
  });

  it('count many calls at once exactly: every hit is counted once', async () => {
    const a = databaseWindows(t.deps.db);
    const b = databaseWindows(second.db);
    const key = `burst|${Math.random()}`;
    const counts = await Promise.all(Array.from({ length: 40 }, (_, call) => (call % 2 === 0 ? a : b).hit(key, MINUTE, 5_000)));
    expect(counts.map(({ count }) => count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect(await a.peek(key, 5_000)).toEqual({ startedAt: 5_000, count: 40 });
  });
});
