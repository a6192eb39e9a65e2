import type Database from 'better-sqlite3';
import type { LightMyRequestResponse } from 'fastify';
import { expect, vi } from 'vitest';
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

/*
 * What the tests of paged lists share: reading a paged REST answer, and the plans SQLite picks for
 * the statements a list call runs (to show that its queries walk an index rather than the table).
 */

/** A Link header's target: its path and its query parameters (in no particular order). */
export type PageLink = { path: string; query: Record<string, string> };
export type RestPage<T> = { items: T[]; total: number; links: Record<string, PageLink> };

/** A paged REST answer: its rows, X-Total-Count, and the Link header's targets by rel. */
export function restPage<T>(response: LightMyRequestResponse): RestPage<T> {
  const header = String(response.headers.link ?? '');
  const links = Object.fromEntries([...header.matchAll(/<([^>]+)>; rel="(\w+)"/g)].map(([, url, rel]) => [rel!, pageLink(url!)]));
  return { items: response.json() as T[], total: Number(response.headers['x-total-count']), links };
}

function pageLink(url: string): PageLink {
  const [path = '', query = ''] = url.split('?');
  return { path, query: Object.fromEntries(new URLSearchParams(query)) };
}

/**
 * The query plan of each statement `run` prepares, in order, one line per step (e.g.
 * 'SEARCH users USING INDEX users_company_idx (company_id=?)'). Parameters are bound as NULL:
 * SQLite chooses a plan without looking at their values.
 */
export function queryPlans(db: Db, run: () => unknown): string[] {
  const sqlite = (db as Db & { $client: Database.Database }).$client;
  const original = sqlite.prepare.bind(sqlite);
  const prepared: string[] = [];
  const prepare = vi.spyOn(sqlite, 'prepare').mockImplementation(((source: string) => {
    prepared.push(source);
    return original(source);
  }) as typeof sqlite.prepare);
  try {
    run();
  } finally {
    prepare.mockRestore();
  }
  return prepared.map((source) => {
    const parameters = (source.match(/\?/g) ?? []).map(() => null);
    const steps = sqlite.prepare(`explain query plan ${source}`).all(...parameters) as { detail: string }[];
    return steps.map((step) => step.detail).join('\n');
  });
}

/**
 * The plans of one list call: its page is read from `table` walking `index` (no sort of its own),
 * with the row's company found by its key when `withCompany`, and at most a count besides.
 */
export function expectIndexedPage(plans: string[], table: string, index: string, { withCompany = false } = {}): void {
  const [rows, ...rest] = plans;
  expect(rest.length, 'statements besides the page and its count').toBeLessThanOrEqual(1);
  expect(rows).toMatch(new RegExp(`(SCAN|SEARCH) ${table} USING (COVERING )?INDEX ${index}\\b`));
  if (withCompany) expect(rows).toMatch(/SEARCH companies USING INDEX sqlite_autoindex_companies_1 \(id=\?\)/);
  expect(rows).not.toMatch(/TEMP B-TREE/);
}
