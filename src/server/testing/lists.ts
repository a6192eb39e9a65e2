import type Database from 'better-sqlite3';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../db.js';

/** The rel -> URL map of a response's RFC 8288 Link header. */
export function linksOf(response: LightMyRequestResponse): Record<string, string> {
  const header = String(response.headers.link ?? '');
  const links: Record<string, string> = {};
  for (const match of header.matchAll(/<([^>]+)>;\s*rel="(\w+)"/g)) links[match[2]!] = match[1]!;
  return links;
}

/** The page numbers the Link header points at, e.g. { first: 1, prev: 1, next: 3, last: 7 }. */
export function linkedPages(response: LightMyRequestResponse): Record<string, number> {
  return Object.fromEntries(Object.entries(linksOf(response)).map(([rel, url]) => [rel, Number(new URL(url, 'http://x').searchParams.get('page'))]));
}

/** The better-sqlite3 connection under drizzle, for raw statements (bulk inserts, plans). */
export function sqliteOf(db: Db): Database.Database {
  return (db as unknown as { $client: Database.Database }).$client;
}

/** SQLite's plan for a statement, one line per step (e.g. 'SEARCH invoices USING INDEX ...'). */
export function queryPlan(db: Db, statement: string, ...params: unknown[]): string[] {
  const rows = sqliteOf(db).prepare(`explain query plan ${statement}`).all(...params) as { detail: string }[];
  return rows.map((row) => row.detail);
}

/** What drizzle would run for a query builder, to hand to queryPlan. */
export function sqlOf(query: { toSQL: () => { sql: string; params: unknown[] } }): [string, ...unknown[]] {
  const { sql, params } = query.toSQL();
  return [sql, ...params];
}
