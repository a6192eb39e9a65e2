import type Database from 'better-sqlite3';

/**
 * How many compiled statements a connection keeps. The app builds a few hundred distinct SQL texts
 * (each list's shapes of filter and sort); an IN list of n ids is a text of its own, so the cache is
 * bounded and forgets the least recently used.
 */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Makes `sqlite.prepare` answer a statement it compiled before for the same SQL text instead of
 * compiling it again. drizzle prepares every query it runs, and compiling is most of what a small
 * indexed read costs. A cached statement is handed out with its row mode reset (drizzle switches
 * statements to raw mode; the weekly view plucks), and a statement still being iterated is never
 * shared: the caller gets a fresh one. Every statement is compiled with its parameters hidden from
 * the planner (planWithoutValues), so that it stays compiled from one run to the next.
 */
export function cacheStatements(sqlite: Database.Database, size = STATEMENT_CACHE_SIZE): Database.Database {
  const prepareText = sqlite.prepare.bind(sqlite);
  const compile = (source: string) => prepareText(planWithoutValues(source));
  const cache = new Map<string, Database.Statement>();
  const prepare = (source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.busy) {
      cache.delete(source);
      cache.set(source, cached);
      return cached.reader ? cached.raw(false).pluck(false).expand(false) : cached;
    }
    const statement = compile(source);
    if (cached) return statement;
    cache.set(source, statement);
    if (cache.size > size) cache.delete(cache.keys().next().value!);
    return statement;
  };
  sqlite.prepare = prepare as typeof sqlite.prepare;
  return sqlite;
}

/**
 * The statement with each `?` parameter written `+?`, which SQLite reads as the same value, so that
 * its query planner cannot look at the value bound. Where it can (an equality it weighs, a LIMIT, a
 * LIKE pattern, a partial index's condition), SQLite marks the compiled statement to be compiled
 * again once that parameter is bound anew, and better-sqlite3 clears a statement's parameters after
 * each run (sqlite3_clear_bindings), which counts as binding anew: such a statement was compiled on
 * every run, which cost more than the read itself (a signed-in call's session read took nearly
 * three times as long). Query plans therefore never depend on a value: a condition a partial index
 * is made for is written with the index's own constant (equalsConstant in database/syntax.ts).
 * Text in quotes and comments is left as it is.
 */
export function planWithoutValues(sql: string): string {
  let result = '';
  let from = 0;
  for (let at = 0; at < sql.length; at += 1) {
    const char = sql[at]!;
    const closing = QUOTES[char];
    if (closing) at = endOf(sql, at, closing);
    else if (char === '-' && sql[at + 1] === '-') at = lineEnd(sql, at);
    else if (char === '/' && sql[at + 1] === '*') at = commentEnd(sql, at);
    else if (char === '?') {
      result += `${sql.slice(from, at)}+`;
      from = at;
    }
  }
  return result + sql.slice(from);
}

/** What ends a quoted string or name in SQLite's SQL, by what opens it. */
const QUOTES: Record<string, string> = { "'": "'", '"': '"', '`': '`', '[': ']' };

/** The index of the quote that closes the one at `open` (a doubled quote is part of the text). */
function endOf(sql: string, open: number, closing: string): number {
  let at = sql.indexOf(closing, open + 1);
  while (at !== -1 && closing !== ']' && sql[at + 1] === closing) at = sql.indexOf(closing, at + 2);
  return at === -1 ? sql.length : at;
}

function lineEnd(sql: string, start: number): number {
  const at = sql.indexOf('\n', start);
  return at === -1 ? sql.length : at;
}

function commentEnd(sql: string, start: number): number {
  const at = sql.indexOf('*/', start + 2);
  return at === -1 ? sql.length : at + 1;
}
