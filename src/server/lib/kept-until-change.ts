import type { Db } from '../db.js';

/*
 * Figures that read much of the database and change only with it (the provider overview's totals)
 * are kept until the data changes: the database's change mark moves with every commit, by this
 * process or another. A figure that also moves with the clock says which part of it (its clock
 * part: the month a monthly figure ends in); by default a kept figure lasts at most until the
 * clock leaves its minute. What is kept is the computation itself, from its start: requests that
 * arrive while it runs (twenty clients after a change) wait for that one computation instead of
 * each starting its own; one that fails is dropped, so the next request tries again.
 */

const MINUTE_MS = 60_000;

type MarkedDeps = { db: Db; clock: { now(): Date } };

/** What of the clock a kept figure depends on, as text: it is computed again when that changes. */
export type ClockPart<Deps extends MarkedDeps> = (deps: Deps) => string | Promise<string>;

/** The clock's minute: the default clock part. */
const clockMinute: ClockPart<MarkedDeps> = (deps) => String(Math.floor(deps.clock.now().getTime() / MINUTE_MS));

/** For a figure the clock does not move (a sum over the data alone). */
export const clockFree: ClockPart<MarkedDeps> = () => '';

/** `compute`, answered from its last (or running) computation while neither the database nor the clock part changed. */
export function keptUntilChange<Deps extends MarkedDeps, T>(compute: (deps: Deps) => Promise<T>, clockPart: ClockPart<Deps> = clockMinute): (deps: Deps) => Promise<T> {
  const keyed = keptPerInputUntilChange((deps: Deps, _input: null) => compute(deps), () => '', clockPart);
  return (deps) => keyed(deps, null);
}

/** How many inputs' results keptPerInputUntilChange keeps per database; the oldest kept goes first. */
export const KEPT_INPUTS = 32;

/**
 * keptUntilChange for a computation with an input (a page of a report): the results of the last
 * KEPT_INPUTS inputs, by `keyOf`, each answered again (or awaited, while it runs) while neither the
 * database nor the clock part changed. A computation that throws keeps nothing.
 */
export function keptPerInputUntilChange<Deps extends MarkedDeps, Input, T>(
  compute: (deps: Deps, input: Input) => Promise<T>,
  keyOf: (input: Input) => string,
  clockPart: ClockPart<Deps> = clockMinute,
): (deps: Deps, input: Input) => Promise<T> {
  const kept = new WeakMap<Db, Map<string, { mark: string; value: Promise<T> }>>();
  return async (deps, input) => {
    const mark = `${await deps.db.changeMark()}:${await clockPart(deps)}`;
    let results = kept.get(deps.db);
    if (!results) kept.set(deps.db, (results = new Map()));
    const key = keyOf(input);
    const last = results.get(key);
    if (last?.mark === mark) return last.value;
    const entry = { mark, value: compute(deps, input) };
    results.delete(key);
    results.set(key, entry);
    if (results.size > KEPT_INPUTS) results.delete(results.keys().next().value!);
    // a failed computation is forgotten, unless a newer one has taken its place meanwhile
    entry.value.catch(() => {
      if (results.get(key) === entry) results.delete(key);
    });
    return entry.value;
  };
}
