import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as postgresTables from '../../drizzle/schema-postgres.js';
import type { Db } from './db.js';
import { copyOrder, CopyRefused, copySqliteToPostgres } from './db-copy.js';
import { openPostgres, type PostgresHandle } from './db-postgres.js';
import { seedDemo } from './demo/seed.js';
import { createTestApp, type TestApp } from './testing/app.js';
import { freshPostgresDatabase } from './testing/postgres.js';
import { testEngine } from './testing/engine.js';

/*
 * npm run db:copy: a provider's SQLite database (the demo portal: companies, users, sessions,
 * invoices paid, partly paid and not, payments, time logs, tasks with history, queued emails,
 * settings) is copied into an empty PostgreSQL database and checked before it is kept.
 */

let source: TestApp;
const targets: { drop: () => Promise<void> }[] = [];
const handles: PostgresHandle[] = [];

beforeAll(async () => {
  source = await createTestApp({}, { engine: 'sqlite' });
  await seedDemo(source.deps);
  // the demo's emails have gone out and left the outbox: one still queued, with an attachment, is copied too
  await source.deps.db.transaction((tx) =>
    source.deps.outbox.enqueue(tx, {
      to: ['billing@example.com'],
      subject: 'Invoice 2026-0001',
      text: 'Attached.',
      html: '<p>Attached.</p>',
      attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', source: 'invoice:abc' }],
    }),
  );
  // a payment reported with its proof: the proof's bytes (a blob) are copied into a bytea
  await source.deps.db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(tx.t.invoices).limit(1);
    await tx.insert(tx.t.reportedPayments).values({ id: 'report-1', invoiceId: invoice!.id, companyId: invoice!.companyId, method: 'ACH', amountCents: 100, paidOn: '2026-03-02', createdAt: new Date() });
    await tx.insert(tx.t.reportedPaymentProofs).values({ reportedPaymentId: 'report-1', contentType: 'application/pdf', size: 9, data: Buffer.from('%PDF-\x00\xff\x01\n', 'latin1') });
  });
});
afterAll(async () => {
  for (const handle of handles) await handle.close();
  for (const target of targets) await target.drop();
  await source?.close();
});

async function emptyTarget(): Promise<PostgresHandle> {
  const target = await freshPostgresDatabase();
  targets.push(target);
  const handle = await openPostgres(target.url);
  handles.push(handle);
  return handle;
}

/** The PostgreSQL database read through the tables' one set of types (drizzle/kit.ts). */
const read = (handle: PostgresHandle) => handle.db as unknown as Db;

const rowsOf = (report: { tables: { table: string; rows: number }[] }) => Object.fromEntries(report.tables.map(({ table, rows }) => [table, rows]));

// the copy reads SQLite and writes PostgreSQL whichever engine the run is on: it runs on the SQLite run
describe.runIf(testEngine() === 'sqlite')('copying SQLite into PostgreSQL', () => {
  it('puts every table after the tables its foreign keys point to', () => {
    const order = copyOrder();
    expect(order.indexOf('companies')).toBeLessThan(order.indexOf('users'));
    expect(order.indexOf('invoices')).toBeLessThan(order.indexOf('activities'));
    expect(order.indexOf('timeLogs')).toBeLessThan(order.indexOf('activities'));
    expect(order.indexOf('tasks')).toBeLessThan(order.indexOf('taskHistory'));
    expect(order.indexOf('activities')).toBeLessThan(order.indexOf('hourBlocks'));
    expect(order.indexOf('plans')).toBeLessThan(order.indexOf('planPeriods'));
    expect(order.indexOf('invoices')).toBeLessThan(order.indexOf('reportedPayments'));
    expect(order.indexOf('reportedPayments')).toBeLessThan(order.indexOf('reportedPaymentProofs'));
    expect(order.indexOf('webhookEndpoints')).toBeLessThan(order.indexOf('webhookDeliveries'));
    // every table once: 21, the webhooks' 2 and the reported payments' 2
    expect(order).toHaveLength(25);
  });

  it('copies every row, checks the figures, and the copy reads back the same', async () => {
    const db = source.deps.db;
    const { companies, invoices, outbox, settings, timeLogs, twoFactor } = db.t;
    const target = await emptyTarget();
    const report = await copySqliteToPostgres(source.config.databasePath, target.db);

    const rows = rowsOf(report);
    expect(rows.companies).toBe((await db.select().from(companies)).length);
    expect(rows.invoices).toBeGreaterThan(0);
    expect(rows.outbox).toBeGreaterThan(0);
    expect(rows.time_logs).toBeGreaterThan(0);
    expect(report.companies).toBe(rows.companies);
    expect(report.invoices).toBe(rows.invoices);

    // values come back as the app reads them: dates, flags, JSON, money
    const [copied] = await read(target).select().from(postgresTables.invoices).orderBy(postgresTables.invoices.id).limit(1);
    const [original] = await db.select().from(invoices).orderBy(invoices.id).limit(1);
    expect(copied).toEqual(original);
    const [email] = await read(target).select().from(postgresTables.outbox).orderBy(postgresTables.outbox.id).limit(1);
    const [originalEmail] = await db.select().from(outbox).orderBy(outbox.id).limit(1);
    expect(email).toEqual(originalEmail);
    expect(await read(target).select().from(postgresTables.settings)).toEqual(await db.select().from(settings));
    expect(await read(target).select().from(postgresTables.twoFactor)).toEqual(await db.select().from(twoFactor));
    expect(await read(target).select().from(postgresTables.reportedPaymentProofs)).toEqual(await db.select().from(db.t.reportedPaymentProofs));

    // rows keep their insertion order, which lists fall back on between rows tied on their sort
    const inInsertionOrder = (from: Db, table: typeof timeLogs) => from.select({ id: table.id }).from(table).orderBy(sql`${table}.rowid`);
    expect(await inInsertionOrder(read(target), postgresTables.timeLogs as unknown as typeof timeLogs)).toEqual(await inInsertionOrder(db, timeLogs));
  });

  it('refuses a target that already holds rows, and changes nothing in it', async () => {
    const target = await emptyTarget();
    await read(target).insert(postgresTables.settings).values({ key: 'existing', value: '"kept"' });
    await expect(copySqliteToPostgres(source.config.databasePath, target.db)).rejects.toThrow(
      new CopyRefused('The target database already holds rows (in settings): db:copy only copies into an empty database.'),
    );
    expect(await read(target).select().from(postgresTables.settings)).toEqual([{ key: 'existing', value: '"kept"' }]);
  });

  it('keeps nothing when the copy does not check out', async () => {
    const db = source.deps.db;
    const { companies } = db.t;
    const [company] = await db.select().from(companies).orderBy(companies.id).limit(1);
    const storeBalance = (balanceHundredths: number) =>
      db.transaction((tx) => tx.update(companies).set({ balanceHundredths }).where(eq(companies.id, company!.id)));
    // a stored figure that its ledger does not add up to
    await storeBalance(company!.balanceHundredths + 1);
    try {
      const target = await emptyTarget();
      await expect(copySqliteToPostgres(source.config.databasePath, target.db)).rejects.toThrow(
        `The copy did not check out, so nothing was kept:\n  company ${company!.id}: balance/pending/open tasks stored as ${company!.balanceHundredths + 1}/${company!.pendingHundredths}/${company!.openTasks}, but its rows come to ${company!.balanceHundredths}/${company!.pendingHundredths}/${company!.openTasks}`,
      );
      expect(await read(target).select().from(postgresTables.companies)).toEqual([]);
    } finally {
      await storeBalance(company!.balanceHundredths);
    }
  });
});
