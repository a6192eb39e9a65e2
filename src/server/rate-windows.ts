import { and, eq, not, sql } from 'drizzle-orm';
import type { Tx } from './db.js';

/*
 * Where the rate limits count: fixed windows, one per key (an action and who made it). One process
 * counts in its memory; several processes on one database (PostgreSQL) count in the database, so a
 * client spreading its calls over the processes meets the same limits as one that does not.
 */

/** A window as counted: when it started and how many attempts it holds. */
export type WindowCount = { startedAt: number; count: number };

export type RateWindows = {
  /** Counts one attempt under `key` in its window of `windowMs` (a new one once the last has ended); answers the window after counting. */
  hit(key: string, windowMs: number, now: number): Promise<WindowCount>;
  /** The window under `key` while it runs, counting nothing. */
  peek(key: string, now: number): Promise<WindowCount | undefined>;
};

type Window = WindowCount & { windowMs: number };

/** Windows are swept once there are this many (memory), or every this many hits (database). */
const SWEEP_EVERY = 10_000;

const runs = (window: Window, now: number) => now - window.startedAt < window.windowMs;

/** The windows of a single process, in its memory: a restart forgives everyone, which is acceptable for throttling. */
export function memoryWindows(): RateWindows {
  const windows = new Map<string, Window>();
  const sweep = (now: number) => {
    if (windows.size < SWEEP_EVERY) return;
    for (const [key, window] of windows) if (!runs(window, now)) windows.delete(key);
  };
  return {
    hit: async (key, windowMs, now) => {
      sweep(now);
      const current = windows.get(key);
      if (current && runs(current, now)) {
        current.count += 1;
        return { startedAt: current.startedAt, count: current.count };
      }
      windows.set(key, { startedAt: now, count: 1, windowMs });
      return { startedAt: now, count: 1 };
    },
    peek: async (key, now) => {
      const window = windows.get(key);
      return window && runs(window, now) ? { startedAt: window.startedAt, count: window.count } : undefined;
    },
  };
}

/**
 * The windows in the database's rate_windows table, shared by every process on it. A hit is one
 * upsert that starts a new window or counts in the running one, in a transaction of its own in its
 * key's turn (port.ts, WriteScope): the attempt counts whatever the call then does, and hits of
 * different keys do not wait for each other. Ended windows are deleted every SWEEP_EVERY hits.
 */
export function databaseWindows(db: Tx): RateWindows {
  const { rateWindows } = db.t;
  let hits = 0;
  const ended = (now: number) => sql`${rateWindows.startedAt} + ${rateWindows.windowMs} <= ${now}`;
  return {
    hit: (key, windowMs, now) => {
      // a hit writes its own key's row, in that key's turn; a sweep writes every key's, in the whole turn
      const sweeps = ++hits % SWEEP_EVERY === 0;
      return db.transaction(async (tx) => {
        if (sweeps) await tx.delete(rateWindows).where(ended(now));
        const [window] = await tx
          .insert(rateWindows)
          .values({ key, startedAt: new Date(now), windowMs, count: 1 })
          .onConflictDoUpdate({
            target: rateWindows.key,
            set: {
              count: sql`case when ${ended(now)} then 1 else ${rateWindows.count} + 1 end`,
              startedAt: sql`case when ${ended(now)} then ${now} else ${rateWindows.startedAt} end`,
              windowMs: sql`case when ${ended(now)} then ${windowMs} else ${rateWindows.windowMs} end`,
            },
          })
          .returning({ startedAt: rateWindows.startedAt, count: rateWindows.count });
        return { startedAt: window!.startedAt.getTime(), count: window!.count };
      }, sweeps ? undefined : { turn: `rate:${key}` });
    },
    peek: async (key, now) => {
      const [window] = await db
        .select({ startedAt: rateWindows.startedAt, windowMs: rateWindows.windowMs, count: rateWindows.count })
        .from(rateWindows)
        .where(and(eq(rateWindows.key, key), not(ended(now))));
      return window && { startedAt: window.startedAt.getTime(), count: window.count };
    },
  };
}

