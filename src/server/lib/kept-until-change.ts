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

type MarkedDeps = { db: Db; clock: { now(): Date } };

const markOf = (deps: MarkedDeps) => `${changeMark(deps.db)}:${Math.floor(deps.clock.now().getTime() / MINUTE_MS)}`;

/** `compute`, answered from its last result while neither the database nor the clock's minute changed. */
export function keptUntilChange<Deps extends MarkedDeps, T>(compute: (deps: Deps) => T): (deps: Deps) => T {
  const kept = new WeakMap<Db, { mark: string; value: T }>();
  return (deps) => {
    const mark = markOf(deps);
    const last = kept.get(deps.db);
    if (last?.mark === mark) return last.value;
    const value = compute(deps);
    kept.set(deps.db, { mark, value });
    return value;
  };
}

/** How many inputs' results keptPerInputUntilChange keeps per database; the oldest kept goes first. */
export const KEPT_INPUTS = 32;

/**
 * keptUntilChange for a computation with an input (a page of a report): the results of the last
 * KEPT_INPUTS inputs, by `keyOf`, each answered again while neither the database nor the clock's
 * minute changed. A computation that throws keeps nothing.
 */
export function keptPerInputUntilChange<Deps extends MarkedDeps, Input, T>(
  compute: (deps: Deps, input: Input) => T,
  keyOf: (input: Input) => string,
): (deps: Deps, input: Input) => T {
  const kept = new WeakMap<Db, Map<string, { mark: string; value: T }>>();
  return (deps, input) => {
    const mark = markOf(deps);
    let results = kept.get(deps.db);
    if (!results) kept.set(deps.db, (results = new Map()));
    const key = keyOf(input);
    const last = results.get(key);
    if (last?.mark === mark) return last.value;
    const value = compute(deps, input);
    results.delete(key);
    results.set(key, { mark, value });
    if (results.size > KEPT_INPUTS) results.delete(results.keys().next().value!);
    return value;
  };
}
