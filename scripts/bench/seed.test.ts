import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { createRuntime } from '../../src/server/bootstrap.js';
import { loadConfig } from '../../src/server/config.js';
import { openSqlite } from '../../src/server/database/sqlite.js';
import { settleBlocks } from '../../src/server/modules/activities/blocks.js';
import { unwatchedLedger } from '../../src/server/modules/activities/company-hours.js';
import { benchCalls, COMPANIES_FIRST_PAGE } from './calls.js';
import { captureStatements, replayable } from './capture.js';
import type { Sizes } from './options.js';
import { seedDatabase } from './seed.js';

const TINY: Sizes = { companies: 6, users: 15, tasks: 60, logs: 400, invoices: 80, payments: 72, packages: 6, events: 500 };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-bench-test-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const seeded = await seedDatabase(dataDir, TINY);

function scalar(sql: string): number {
  const sqlite = new Database(seeded.databasePath, { readonly: true });
  try {
    // eslint-disable-next-line no-restricted-syntax -- better-sqlite3's own statement on the seeded file, not a drizzle query
    return (sqlite.prepare(sql).pluck().get() as number) ?? 0;
  } finally {
    sqlite.close();
  }
}

const PAID = `(select coalesce(sum(amount_cents), 0) from payments where payments.invoice_id = invoices.id)`;

describe('the bench seed', () => {
  it('writes the sizes asked for, each time log and invoice with its hours entry', () => {
    expect(seeded.counts).toMatchObject({ companies: 6, users: 15, tasks: 60, time_logs: 400, invoices: 80, payments: 72, packages: 6 });
    expect(scalar(`select count(*) from activities where activity_type in ('TimeLog', 'TimeAdd')`)).toBe(480);
    expect(scalar(`select count(*) from activities where activity_type = 'TimeLog' and hundredths < 0 and time_log_id is not null`)).toBe(400);
    expect(scalar(`select count(*) from activities where activity_type = 'TimeAdd' and invoice_id is not null`)).toBe(80);
  });

  it('keeps invoices, their payments and their hours entries in step', () => {
    expect(scalar(`select count(*) from invoices where ${PAID} > price_cents`)).toBe(0);
    expect(scalar(`select count(*) from invoices where ${PAID} != paid_cents`)).toBe(0);
    expect(scalar(`select count(*) from invoices where (${PAID} >= price_cents) != complete_status`)).toBe(0);
    expect(scalar(`select count(*) from invoices where complete_status = 1`)).toBeGreaterThan(0);
    expect(scalar(`select count(*) from invoices where complete_status = 0`)).toBeGreaterThan(0);
    expect(scalar(`select count(*) from activities join invoices on invoices.id = activities.invoice_id where (activities.status = 'completed') != invoices.complete_status`)).toBe(0);
  });

  it("keeps every company's stored balance, pending hours and open tasks equal to its ledger and tasks", () => {
    const ledger = (status: string, type = '') =>
      `coalesce((select sum(hundredths) from activities where activities.company_id = companies.id and status = '${status}'${type && ` and activity_type = '${type}'`}), 0)`;
    expect(scalar(`select count(*) from companies where balance_hundredths != ${ledger('completed')}`)).toBe(0);
    expect(scalar(`select count(*) from companies where pending_hundredths != ${ledger('pending', 'TimeAdd')}`)).toBe(0);
    expect(scalar(`select count(*) from companies where open_tasks != (select count(*) from tasks where tasks.company_id = companies.id and done = 0 and deleted = 0)`)).toBe(0);
    expect(scalar(`select count(*) from companies where balance_hundredths != 0`)).toBeGreaterThan(0);
    expect(scalar(`select count(*) from companies where open_tasks > 0`)).toBeGreaterThan(0);
  });

  it.each([
    { table: 'time_logs', index: 'time_log_words', columns: ['description'], kept: '1 = 1' },
    { table: 'tasks', index: 'task_words', columns: ['title', 'description'], kept: 'done = 0 and deleted = 0' },
  ])('indexes the texts of $table for search ($kept), and leaves the trigger that indexes new rows', ({ table, index, columns, kept }) => {
    const sqlite = new Database(seeded.databasePath, { readonly: true });
    try {
      const count = (sql: string, ...params: unknown[]) => sqlite.prepare(sql).pluck().get(...params) as number;
      // eslint-disable-next-line no-restricted-syntax -- better-sqlite3's own statement on the seeded file, not a drizzle query
      const word = (sqlite.prepare(`select ${columns[0]} from ${table} where length(${columns[0]}) >= 6 and ${kept} limit 1`).pluck().get() as string).slice(0, 6);
      const holds = columns.map((column) => `instr(lower(${column}), lower(?)) > 0`).join(' or ');
      expect(count(`select count(*) from ${index} where ${index} match ?`, `"${word.replace(/"/g, '""')}"`)).toBe(
        count(`select count(*) from ${table} where (${holds}) and ${kept}`, ...columns.map(() => word)),
      );
      expect(count(`select count(*) from sqlite_master where type = 'trigger' and name = ?`, `${index}_insert`)).toBe(1);
    } finally {
      sqlite.close();
    }
  });

  it('gives half the paid purchases a quarterly block, written as the services leave it: settling every company changes nothing', async () => {
    expect(scalar(`select count(*) from hour_blocks where rolled_from_id is null`)).toBeGreaterThan(0);
    expect(scalar(`select count(*) from hour_blocks where rolled_from_id is not null`)).toBeGreaterThan(0);
    expect(scalar(`select count(*) from activities where activity_type = 'Expired'`)).toBeGreaterThan(0);
    expect(scalar(`select count(*) from plans`)).toBeGreaterThan(0);
    const database = openSqlite(seeded.databasePath);
    try {
      const { db } = database;
      const before = { entries: await db.select().from(db.t.activities).orderBy(db.t.activities.id), blocks: await db.select().from(db.t.hourBlocks).orderBy(db.t.hourBlocks.id) };
      const now = new Date();
      for (const companyId of seeded.companyIds) await db.transaction((tx) => settleBlocks({ ...unwatchedLedger, clock: { now: () => now } }, tx, companyId, now));
      expect({ entries: await db.select().from(db.t.activities).orderBy(db.t.activities.id), blocks: await db.select().from(db.t.hourBlocks).orderBy(db.t.hourBlocks.id) }).toEqual(before);
    } finally {
      await database.close();
    }
  });

  it('leaves the invoice number sequence past every number handed out', () => {
    expect(
      scalar(`select count(*) from invoice_number_sequence s where s.last_number != (select count(*) from invoices where invoice_number like s.year || '-%')`),
    ).toBe(0);
  });

  it('is read by the app: every call the bench times answers (the dashboard may not exist yet)', async () => {
    const { deps, database } = await createRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    const app = await buildApp(deps);
    try {
      for (const call of benchCalls(seeded.customer.companyId, seeded.events)) {
        const token = call.as === 'superAdmin' ? seeded.superAdmin.token : seeded.customer.token;
        const response = await app.inject({ method: 'GET', url: call.path, headers: { jwttoken: token } });
        const allowed = call.kind === 'dashboard' ? [200, 404] : [200];
        expect(allowed, `${call.path}: ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(response.statusCode);
      }
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("records the SQL the project runs for a call, to replay on the bare server", async () => {
    const captures = await captureStatements(dataDir, [{ name: 'companies', path: COMPANIES_FIRST_PAGE, token: seeded.superAdmin.token }]);
    const capture = captures.get('companies')!;
    expect(capture.status).toBe(200);
    expect(capture.statements.some((statement) => /from "companies"/.test(statement.sql))).toBe(true);
    expect(capture.statements.some((statement) => /from "sessions"/.test(statement.sql))).toBe(true);
    expect(replayable(capture)).toBeUndefined();
  });
});
