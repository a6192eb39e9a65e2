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
 * shared: the caller gets a fresh one.
 */
export function cacheStatements(sqlite: Database.Database, size = STATEMENT_CACHE_SIZE): Database.Database {
  const compile = sqlite.prepare.bind(sqlite);
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
