import Database from 'better-sqlite3';
import { count, getTableColumns, getTableName, sql } from 'drizzle-orm';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as postgresTables from '../../drizzle/schema-postgres.js';
import * as sqliteTables from '../../drizzle/schema.js';
import type { Tables } from '../../drizzle/tables.js';
import { countText } from '../shared/format.js';
import { COUNTING_PAYMENT_STATUS } from '../shared/payments.js';
import type { Db } from './db.js';
import type { PostgresDb } from './db-postgres.js';

/*
 * Moving a provider from SQLite to PostgreSQL (npm run db:copy): every row of every table, copied
 * in the order the foreign keys need, inside one PostgreSQL transaction that is committed only when
 * the copy checks out: the same row count in every table, every company's stored balance, pending
 * hours and open tasks the same as the source's and equal to the target's own ledger and tasks,
 * and every invoice's stored paid total the same as the source's and equal to its counted payments.
 * A failed check rolls the copy back, leaving the target empty. It refuses a target with rows.
 * The SQLite file is read on a read-only connection of its own, in one read transaction, so every
 * table is read as it stood when the copy began; it must be at the current schema (opening it with
 * openSqlite migrates it).
 */

type TableName = keyof Tables;
type Source = BetterSQLite3Database<typeof sqliteTables>;

/** Rows read and written per statement: PostgreSQL takes at most 65,535 parameters in one. */
const BATCH_ROWS = 1_000;

export type CopyReport = { tables: { table: string; rows: number }[]; companies: number; invoices: number };

export class CopyRefused extends Error {}

/** The tables in an order where every table comes after the tables its foreign keys point to. */
export function copyOrder(): TableName[] {
  const byName = new Map(tableNames().map((name) => [getTableName(sqliteTables[name] as SQLiteTable), name]));
  const done: TableName[] = [];
  const visit = (name: TableName, path: TableName[]) => {
    if (done.includes(name)) return;
    if (path.includes(name)) throw new Error(`The foreign keys go round in a circle: ${[...path, name].join(' → ')}`);
    for (const key of getTableConfig(sqliteTables[name] as SQLiteTable).foreignKeys) {
      const target = byName.get(getTableName(key.reference().foreignTable))!;
      if (target !== name) visit(target, [...path, name]);
    }
    done.push(name);
  };
  for (const name of tableNames()) visit(name, []);
  return done;
}

function tableNames(): TableName[] {
  const { invoiceBalanceCents: _balance, invoiceStatusWordSql: _status, ...tables } = sqliteTables;
  return Object.keys(tables) as TableName[];
}

/** Copies the SQLite file into the empty PostgreSQL database and checks the copy; throws CopyRefused or a check's failure, leaving the target as it was. */
export async function copySqliteToPostgres(sourceFile: string, target: PostgresDb, log: (line: string) => void = () => {}): Promise<CopyReport> {
  const connection = new Database(sourceFile, { readonly: true, fileMustExist: true });
  try {
    // one read transaction: every table is read as it stood when the copy began
    connection.exec('begin');
    return await copyInto(drizzle(connection, { schema: sqliteTables }), target, log);
  } finally {
    if (connection.inTransaction) connection.exec('rollback');
    connection.close();
  }
}

async function copyInto(source: Source, target: PostgresDb, log: (line: string) => void): Promise<CopyReport> {
  const order = copyOrder();
  const filled: string[] = [];
  for (const name of order) {
    const table = postgresTables[name] as unknown as SQLiteTable;
    const rows = await target.execute<{ found: boolean }>(sql`select exists (select 1 from ${table}) as found`);
    if (rows.rows[0]?.found) filled.push(getTableName(table));
  }
  if (filled.length > 0) {
    throw new CopyRefused(`The target database already holds rows (in ${filled.join(', ')}): db:copy only copies into an empty database.`);
  }

  return target.transaction(async (tx) => {
    const copied: CopyReport['tables'] = [];
    for (const name of order) {
      const rows = await copyTable(source, tx as unknown as PostgresDb, name);
      copied.push({ table: getTableName(sqliteTables[name] as SQLiteTable), rows });
      log(`${getTableName(sqliteTables[name] as SQLiteTable)}: ${countText(rows, 'row')}`);
    }
    const checked = await checkCopy(source, tx as unknown as PostgresDb, copied);
    return { tables: copied, ...checked };
  });
}

/**
 * Copies a table in rowid order: PostgreSQL numbers the rows it is given in the order they come
 * (its rowid, drizzle/kit.ts), so rows tied on a list's sort keep the order they had.
 */
async function copyTable(source: Source, target: PostgresDb, name: TableName): Promise<number> {
  const from = sqliteTables[name] as SQLiteTable;
  const into = postgresTables[name] as unknown as SQLiteTable;
  const rowid = sql<number>`${from}.rowid`;
  let copied = 0;
  for (let after = Number.MIN_SAFE_INTEGER; ; ) {
    const batch = await source
      .select({ row: getTableColumns(from), rowid })
      .from(from)
      .where(sql`${rowid} > ${after}`)
      .orderBy(rowid)
      .limit(BATCH_ROWS);
    if (batch.length === 0) return copied;
    await target.insert(into as never).values(batch.map(({ row }) => row) as never);
    copied += batch.length;
    after = batch.at(-1)!.rowid;
  }
}

type Figures = { stored: string; counted: string };

/** What the copy is checked against, as either engine computes it from its own rows (one grouped statement per figure). */
async function figuresOf(db: Pick<Db, 'select'>, t: Tables) {
  const { companies: company, activities: entry, tasks: task, invoices: invoice, payments: payment } = t;
  const stored = await db
    .select({ id: company.id, balance: company.balanceHundredths, pending: company.pendingHundredths, openTasks: company.openTasks })
    .from(company);
  const ledger = await db
    .select({
      id: entry.companyId,
      balance: sql<number>`sum(case when ${entry.status} = 'completed' then ${entry.hundredths} else 0 end)`,
      pending: sql<number>`sum(case when ${entry.status} = 'pending' and ${entry.activityType} = 'TimeAdd' then ${entry.hundredths} else 0 end)`,
    })
    .from(entry)
    .groupBy(entry.companyId);
  const open = await db
    .select({ id: task.companyId, count: sql<number>`count(*)` })
    .from(task)
    .where(sql`not ${task.done} and not ${task.deleted}`)
    .groupBy(task.companyId);
  const paid = await db.select({ id: invoice.id, stored: invoice.paidCents }).from(invoice);
  const counted = await db
    .select({ id: payment.invoiceId, total: sql<number>`sum(${payment.amountCents})` })
    .from(payment)
    .where(sql`lower(trim(${payment.status})) = ${COUNTING_PAYMENT_STATUS}`)
    .groupBy(payment.invoiceId);

  const sums = new Map(ledger.map((row) => [row.id, row]));
  const openCounts = new Map(open.map((row) => [row.id, Number(row.count)]));
  const companies = new Map<string, Figures>(
    stored.map((row) => {
      const sum = sums.get(row.id);
      return [
        row.id,
        {
          stored: `${row.balance}/${row.pending}/${row.openTasks}`,
          counted: `${Number(sum?.balance ?? 0)}/${Number(sum?.pending ?? 0)}/${openCounts.get(row.id) ?? 0}`,
        },
      ];
    }),
  );
  const totals = new Map(counted.map((row) => [row.id, Number(row.total)]));
  const invoices = new Map<string, Figures>(paid.map((row) => [row.id, { stored: String(row.stored), counted: String(totals.get(row.id) ?? 0) }]));
  return { companies, invoices };
}

async function checkCopy(source: Source, target: PostgresDb, copied: CopyReport['tables']) {
  const problems: string[] = [];
  for (const { table, rows } of copied) {
    const [sourceRows] = await source.select({ n: count() }).from(sql`${sql.identifier(table)}`);
    const targetRows = await target.execute<{ n: number }>(sql`select count(*) as n from ${sql.identifier(table)}`);
    const inSource = sourceRows!.n;
    if (inSource !== rows || Number(targetRows.rows[0]!.n) !== rows) problems.push(`${table}: ${inSource} rows in SQLite, ${targetRows.rows[0]!.n} in PostgreSQL`);
  }
  const before = await figuresOf(source, sqliteTables as unknown as Tables);
  const after = await figuresOf(target as unknown as Pick<Db, 'select'>, postgresTables as unknown as Tables);
  compare('company', 'balance/pending/open tasks', before.companies, after.companies, problems);
  compare('invoice', 'paid cents', before.invoices, after.invoices, problems);
  if (problems.length > 0) {
    const shown = problems.slice(0, 20).join('\n  ');
    throw new Error(`The copy did not check out, so nothing was kept:\n  ${shown}${problems.length > 20 ? `\n  …and ${problems.length - 20} more` : ''}`);
  }
  return { companies: after.companies.size, invoices: after.invoices.size };
}

/** Each of the target's figures must be the source's, and the target's stored figure its own count. */
function compare(kind: string, what: string, source: Map<string, Figures>, target: Map<string, Figures>, problems: string[]): void {
  for (const [id, copied] of target) {
    const original = source.get(id);
    if (!original) problems.push(`${kind} ${id} is in PostgreSQL but not in SQLite`);
    else if (original.stored !== copied.stored) problems.push(`${kind} ${id}: ${what} ${original.stored} in SQLite, ${copied.stored} in PostgreSQL`);
    if (copied.stored !== copied.counted) problems.push(`${kind} ${id}: ${what} stored as ${copied.stored}, but its rows come to ${copied.counted}`);
  }
  for (const id of source.keys()) if (!target.has(id)) problems.push(`${kind} ${id} is in SQLite but not in PostgreSQL`);
}
