import type { Db } from '../db.js';

/*
 * Figures that read much of the database and change only with it (the provider overview's totals)
 * are kept until the data changes: a write on this connection moves total_changes(), a commit by
 * another connection (a script) moves data_version. Figures by week or month also move with the
 * clock, so a kept figure lasts at most until the clock leaves its minute.
 */

const MINUTE_MS = 60_000;

function changeMark(db: Db): string {
  const sqlite = db.$client;
  const changes = sqlite.prepare('select total_changes()').pluck().get() as number;
  const version = sqlite.pragma('data_version', { simple: true }) as number;
  return `${changes}:${version}`;
}

/** `compute`, answered from its last result while neither the database nor the clock's minute changed. */
export function keptUntilChange<Deps extends { db: Db; clock: { now(): Date } }, T>(compute: (deps: Deps) => T): (deps: Deps) => T {
  const kept = new WeakMap<Db, { mark: string; value: T }>();
  return (deps) => {
    const mark = `${changeMark(deps.db)}:${Math.floor(deps.clock.now().getTime() / MINUTE_MS)}`;
    const last = kept.get(deps.db);
    if (last?.mark === mark) return last.value;
    const value = compute(deps);
    kept.set(deps.db, { mark, value });
    return value;
  };
}
