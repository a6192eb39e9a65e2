import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolders } from '../../paths.js';
import type { CompanyDto } from '../../../shared/companies.js';
import { api, createTestApp, json, signedInUser, type TestApp, type SignedInUser } from '../../testing/app.js';
import { createCompany } from '../../testing/factories.js';
import { restPage } from '../../testing/rest-pages.js';

/*
 * The figures a company's row keeps for the Company List (hour balance, pending hours, open tasks)
 * follow every change made through the API, and the migration that added them filled them in.
 * That they equal the ledger's sums after any sequence of ledger writes is the ledger's property test.
 */

let t: TestApp;
let boss: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  boss = await signedInUser(t, { role: 'superadmin' });
});
afterAll(() => t.close());

const asBoss = () => api(t.app, boss.token);

async function figuresOf(companyName: string) {
  const [company] = restPage<CompanyDto>(await asBoss().get(`/superadmin/companies?search=${encodeURIComponent(companyName)}`)).items;
  return { hourBalance: company?.hourBalance, pendingHours: company?.pendingHours, openTasks: company?.openTasks };
}

describe('open tasks', () => {
  it('follow tasks added, done and deleted by the provider and by the customer, and tasks closed by a time log', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Task Figures Co' });
    const customer = await signedInUser(t, { companyId: company.id, role: 'admin' });
    const added = async () => json<{ _id: string }>(await asBoss().post('/superadmin/tasks', { company: company.id, title: 'Provider task' }))._id;

    const first = await added();
    const second = await added();
    const own = json<{ _id: string }>(await api(t.app, customer.token).post('/tasks', { title: 'Customer task' }))._id;
    expect((await figuresOf('Task Figures Co')).openTasks).toBe(3);

    await asBoss().put(`/superadmin/tasks/markdone/${first}?emailClient=false`);
    expect((await figuresOf('Task Figures Co')).openTasks).toBe(2);
    await api(t.app, customer.token).delete(`/tasks/${own}`);
    expect((await figuresOf('Task Figures Co')).openTasks).toBe(1);
    await asBoss().put(`/superadmin/tasks/${second}`, { title: 'Renamed' });
    expect((await figuresOf('Task Figures Co')).openTasks).toBe(1);

    const log = { company: company.id, timeStamp: new Date().toISOString(), invertedHours: 1, description: 'Work' };
    await asBoss().post('/superadmin/timelogs', { ...log, task: 'new', newTaskTitle: 'Logged task', closeTask: false });
    expect((await figuresOf('Task Figures Co')).openTasks).toBe(2);
    const response = await asBoss().post('/superadmin/timelogs', { ...log, task: second, closeTask: true, emailClient: false });
    expect(response.statusCode).toBe(200);
    expect(await figuresOf('Task Figures Co')).toEqual({ hourBalance: -2, pendingHours: 0, openTasks: 1 });
  });
});

describe('hours', () => {
  it('follow invoices, payments and time logs: bought hours are pending until paid, and a removed payment makes them pending again', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Hour Figures Co' });
    const invoice = json<{ _id: string }>(
      await asBoss().post('/superadmin/invoices', { company: company.id, description: '10 hours', hours: 10, rate: 100, price: 1000, sendInvoiceEmail: false }),
    );
    expect(await figuresOf('Hour Figures Co')).toMatchObject({ hourBalance: 0, pendingHours: 10 });

    const payment = { company: company.id, invoice: invoice._id, amount: 1000, method: 'ACH', status: 'completed', paymentDate: new Date().toISOString(), sendEmail: false };
    expect((await asBoss().post('/superadmin/payments', payment)).statusCode).toBe(200);
    expect(await figuresOf('Hour Figures Co')).toMatchObject({ hourBalance: 10, pendingHours: 0 });

    const log = json<{ _id: string }>(
      await asBoss().post('/superadmin/timelogs', { company: company.id, timeStamp: new Date().toISOString(), invertedHours: 2.5, description: 'Work' }),
    );
    expect((await figuresOf('Hour Figures Co')).hourBalance).toBe(7.5);
    await asBoss().put(`/superadmin/timelogs/${log._id}`, { company: company.id, timeStamp: new Date().toISOString(), invertedHours: 4, description: 'Work' });
    expect((await figuresOf('Hour Figures Co')).hourBalance).toBe(6);

    const { payments } = t.deps.db.t;
    const [paid] = await t.deps.db.select({ id: payments.id }).from(payments).where(eq(payments.invoiceId, invoice._id));
    expect((await asBoss().delete(`/superadmin/payments/${paid?.id}`)).statusCode).toBe(200);
    expect(await figuresOf('Hour Figures Co')).toMatchObject({ hourBalance: -4, pendingHours: 10 });
  });
});

describe('the migration that added them', () => {
  it('fills them from the ledger and the tasks already there', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-figures-'));
    const sqlite = new Database(path.join(folder, 'old.db'));
    try {
      const migrations = migrationsFolders.sqlite;
      migrate(drizzle(sqlite), { migrationsFolder: firstMigrationOnly(migrations, folder) });
      const now = Date.now();
      sqlite.prepare('insert into companies (id, company_name, created_at) values (?, ?, ?), (?, ?, ?)').run('busy', 'Busy', now, 'idle', 'Idle', now);
      const entry = sqlite.prepare('insert into activities (id, company_id, activity_type, status, hundredths, time_stamp, created_at) values (?, ?, ?, ?, ?, ?, ?)');
      entry.run('a1', 'busy', 'TimeAdd', 'completed', 1000, now, now);
      entry.run('a2', 'busy', 'TimeAdd', 'pending', 500, now, now);
      entry.run('a3', 'busy', 'TimeLog', 'completed', -250, now, now);
      const task = sqlite.prepare('insert into tasks (id, company_id, title, done, deleted, creation_date, time_stamp) values (?, ?, ?, ?, ?, ?, ?)');
      task.run('t1', 'busy', 'Open', 0, 0, now, now);
      task.run('t2', 'busy', 'Done', 1, 0, now, now);
      task.run('t3', 'busy', 'Deleted', 0, 1, now, now);

      migrate(drizzle(sqlite), { migrationsFolder: migrations });
      // a plain better-sqlite3 statement on the migrated file ({}: no parameters to bind)
      const figures = sqlite.prepare('select id, balance_hundredths, pending_hundredths, open_tasks from companies order by id').all({});
      expect(figures).toEqual([
        { id: 'busy', balance_hundredths: 750, pending_hundredths: 500, open_tasks: 1 },
        { id: 'idle', balance_hundredths: 0, pending_hundredths: 0, open_tasks: 0 },
      ]);
    } finally {
      sqlite.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** A copy of the migrations folder that holds only the first migration (the schema before the figures). */
function firstMigrationOnly(migrations: string, folder: string): string {
  const copy = path.join(folder, 'migrations');
  fs.cpSync(migrations, copy, { recursive: true });
  const journalPath = path.join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  fs.writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }));
  return copy;
}
