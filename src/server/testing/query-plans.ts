import type Database from 'better-sqlite3';
import { vi } from 'vitest';
import type { Db } from '../db.js';

/*
 * What SQLite does for the statements a call prepares: the SQL text of each, and its query plan
 * (EXPLAIN QUERY PLAN), so a test can say a list reads an index instead of sorting a table.
 */

/** The better-sqlite3 connection under drizzle, which the Db type does not show. */
export const sqliteOf = (db: Db) => (db as Db & { $client: Database.Database }).$client;

/** The SQL of every statement prepared while `run` runs, in order. */
export async function preparedDuring(db: Db, run: () => unknown): Promise<string[]> {
  const prepare = vi.spyOn(sqliteOf(db), 'prepare');
  try {
    await run();
    return prepare.mock.calls.map(([source]) => String(source));
  } finally {
    prepare.mockRestore();
  }
}

/** The plan's steps of a statement, its parameters bound to null (plans do not depend on them here). */
export function planOf(db: Db, source: string): string[] {
  const sqlite = sqliteOf(db);
  const statement = sqlite.prepare(`EXPLAIN QUERY PLAN ${source}`);
  const parameters = (source.match(/\?/g) ?? []).map(() => null);
  return (statement.all(...parameters) as { detail: string }[]).map((step) => step.detail);
}

/** Steps that read a whole table or sort rows in a temporary tree: what an indexed page avoids. */
export function slowSteps(plan: string[]): string[] {
  return plan.filter((step) => /^SCAN \S+$/.test(step) || step.includes('USE TEMP B-TREE FOR ORDER BY'));
}
