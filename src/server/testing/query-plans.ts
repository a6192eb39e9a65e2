import type Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { Engine } from '../database/port.js';
import type { SqliteDatabase } from '../database/sqlite.js';

/*
 * What SQLite does for the statements a call runs: the SQL of each, the values bound to it and its
 * query plan (EXPLAIN QUERY PLAN), so a test can say a list walks an index instead of sorting or
 * scanning a table. The database is passed whole (a test app's `database`, or an opened temp
 * database): its statements run on two SQLite connections, the writer's and the reader's, and both
 * are traced.
 */

/** A statement a call ran, the values bound to it, and how SQLite reads it (the plan's steps). */
export type StatementPlan = { sql: string; params: unknown[]; plan: string[] };

type Bound = Omit<StatementPlan, 'plan'>;
type Runner = (...params: unknown[]) => unknown;

/** A database whose statements' plans can be read: one opened on SQLite, with its connections. */
export type PlannedDatabase = { engine: Engine; sqlite?: SqliteDatabase['sqlite'] };

/** The database's SQLite connections; plans are SQLite's, so a database on another engine is refused. */
export function sqliteOf(database: PlannedDatabase): SqliteDatabase['sqlite'] {
  if (database.engine !== 'sqlite' || !database.sqlite) throw new Error(`Query plans are read on SQLite only, not on ${database.engine}.`);
  return database.sqlite;
}

/** The plan's steps of a statement, its parameters bound to null unless given (SQLite plans without their values). */
export function planOf(database: PlannedDatabase, sql: string, params: unknown[] = (sql.match(/\?/g) ?? []).map(() => null)): string[] {
  const steps = sqliteOf(database).reader.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
  return steps.map((step) => step.detail);
}

const RUNNERS = ['all', 'get', 'run', 'iterate'] as const;

/**
 * Runs the call and answers every statement it ran on this database (on either of its connections),
 * in order, with its query plan: those it prepared and those prepared before (cached), since every
 * statement's runs are traced while the call lasts.
 */
export async function statementPlans(database: PlannedDatabase, call: () => unknown): Promise<StatementPlan[]> {
  const { writer, reader } = sqliteOf(database);
  const prototype = Object.getPrototypeOf(reader.prepare('select 1')) as Record<(typeof RUNNERS)[number], Runner>;
  const originals = Object.fromEntries(RUNNERS.map((method) => [method, prototype[method]])) as Record<(typeof RUNNERS)[number], Runner>;
  const ran: Bound[] = [];
  for (const method of RUNNERS) {
    prototype[method] = function (this: Database.Statement, ...params: unknown[]) {
      if (this.database === reader || this.database === writer) ran.push({ sql: this.source, params });
      return originals[method].apply(this, params);
    };
  }
  try {
    await call();
  } finally {
    Object.assign(prototype, originals);
  }
  return ran.map(({ sql, params }) => ({ sql, params, plan: planOf(database, sql, params) }));
}

/** The statement that reads a page of `table`: the first select from it (or joining it) with an order and a limit. */
export function pageStatement(plans: StatementPlan[], table: string): StatementPlan {
  const page = plans.find(({ sql }) => sql.startsWith('select') && new RegExp(`(from|join) "${table}"`).test(sql) && sql.includes('order by') && sql.includes('limit'));
  if (!page) throw new Error(`No page of ${table} among: ${plans.map(({ sql }) => sql).join('\n')}`);
  return page;
}

/** Plan lines that read every row of a table, or every entry of an index, of the named tables. */
export function fullScans(plans: StatementPlan[], tables: string[]): string[] {
  const scan = new RegExp(`^SCAN (${tables.join('|')})\\b`);
  return plans.flatMap((statement) => statement.plan.filter((line) => scan.test(line)));
}

/**
 * The statements besides the reads of the provider's settings, which any call may make (a time zone,
 * a threshold): each must be one row found by its key.
 */
export function withoutSettingsReads(plans: StatementPlan[]): StatementPlan[] {
  const settingsReads = plans.filter((plan) => plan.sql.includes('from "settings"'));
  for (const read of settingsReads) expect(read.plan.join('\n')).toMatch(/^SEARCH settings USING INDEX sqlite_autoindex_settings_1 \(key=\?\)$/);
  return plans.filter((plan) => !settingsReads.includes(plan));
}

/** The plan of the page of `table` that the call reads (see pageStatement). */
export async function pagePlan(database: PlannedDatabase, table: string, call: () => unknown): Promise<string[]> {
  return pageStatement(await statementPlans(database, call), table).plan;
}

const readsWholeTable = (step: string) => /^SCAN \S+$/.test(step);

/** Steps that read every row of a table: what a page found through an index avoids, even one that sorts its few rows. */
export function tableScans(plan: string[]): string[] {
  return plan.filter(readsWholeTable);
}

/** Steps that read a whole table or sort rows in a temporary tree: what an indexed page avoids. */
export function slowSteps(plan: string[]): string[] {
  return plan.filter((step) => readsWholeTable(step) || step.includes('USE TEMP B-TREE FOR ORDER BY'));
}

/**
 * The plans of one list call: its page is read from `table` walking `index` (no sort of its own),
 * with the row's company found by its key when `withCompany`, and at most a count besides.
 */
export function expectIndexedPage(plans: StatementPlan[], table: string, index: string, { withCompany = false } = {}): void {
  const [page, ...rest] = withoutSettingsReads(plans);
  expect(rest.length, 'statements besides the page and its count').toBeLessThanOrEqual(1);
  const rows = page?.plan.join('\n');
  expect(rows).toMatch(new RegExp(`(SCAN|SEARCH) ${table} USING (COVERING )?INDEX ${index}\\b`));
  if (withCompany) expect(rows).toMatch(/SEARCH companies USING INDEX sqlite_autoindex_companies_1 \(id=\?\)/);
  expect(rows).not.toMatch(/TEMP B-TREE/);
}
