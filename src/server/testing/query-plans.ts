import type Database from 'better-sqlite3';
import { vi } from 'vitest';
import type { Db } from '../db.js';

/** A statement a call ran, the values bound to it, and how SQLite reads it (EXPLAIN QUERY PLAN's details). */
export type StatementPlan = { sql: string; params: unknown[]; plan: string[] };

type Bound = Omit<StatementPlan, 'plan'>;
type Runner = (...params: unknown[]) => unknown;

/** Wraps a prepared statement so each run records its SQL and the values bound to it. */
function recorded(statement: Database.Statement, ran: Bound[]): Database.Statement {
  const runners = statement as unknown as Record<'all' | 'get' | 'run' | 'iterate', Runner>;
  for (const method of ['all', 'get', 'run', 'iterate'] as const) {
    const original = runners[method].bind(statement);
    runners[method] = (...params) => {
      ran.push({ sql: statement.source, params });
      return original(...params);
    };
  }
  return statement;
}

/**
 * Runs the call and answers every statement it ran with its query plan, so a test (or a bench)
 * can say which index a read uses and that it never scans a whole table.
 */
export async function statementPlans(sqlite: Database.Database, call: () => unknown): Promise<StatementPlan[]> {
  const ran: Bound[] = [];
  const prepare = sqlite.prepare;
  sqlite.prepare = ((source: string) => recorded(prepare.call(sqlite, source), ran)) as typeof sqlite.prepare;
  try {
    await call();
  } finally {
    sqlite.prepare = prepare;
  }
  return ran.map(({ sql, params }) => ({
    sql,
    params,
    plan: (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((step) => step.detail),
  }));
}

/** Plan lines that read every row of a table, or every entry of an index, of the named tables. */
export function fullScans(plans: StatementPlan[], tables: string[]): string[] {
  const scan = new RegExp(`^SCAN (${tables.join('|')})\\b`);
  return plans.flatMap((statement) => statement.plan.filter((line) => scan.test(line)));
}

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
