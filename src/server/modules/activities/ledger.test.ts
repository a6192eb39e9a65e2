import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db, Tx } from '../../db.js';
import type { SqliteDatabase } from '../../database/sqlite.js';
import { MAX_PER_PAGE } from '../../../shared/list.js';
import { AppError } from '../../errors.js';
import { tempDatabase } from '../../testing/database.js';
import { fullScans, statementPlans } from '../../testing/query-plans.js';
import { createCompany, createInvoiceRow, createTimeLogRow } from '../../testing/factories.js';
import { companyHours, hourBalance, pendingHours } from '../../testing/ledger-sums.js';
import { unwatchedLedger, type LedgerDeps } from './company-hours.js';
import * as ledger from './ledger.js';
import { activitiesPage, latestCompletedPurchase, recentCompletedActivities } from './ledger.js';

const temp = tempDatabase('hourbank-ledger-');
let handle: SqliteDatabase;
let db: Db;

beforeAll(() => {
  handle = temp.open();
  db = handle.db;
});

afterAll(() => temp.remove());

/** A ledger write as a service makes it: in a transaction of its own; no one here watches the balances. */
function written<Args extends unknown[], Result>(write: (deps: LedgerDeps, tx: Tx, ...args: Args) => Promise<Result>) {
  return (...args: Args) => db.transaction((tx) => write(unwatchedLedger, tx, ...args));
}

const addInvoiceHours = written(ledger.addInvoiceHours);
const completeInvoiceHours = written(ledger.completeInvoiceHours);
const reopenInvoiceHours = written(ledger.reopenInvoiceHours);
const updateInvoiceHours = written(ledger.updateInvoiceHours);
const removeInvoiceHours = written(ledger.removeInvoiceHours);
const recordTimeLogHours = written(ledger.recordTimeLogHours);
const updateTimeLogHours = written(ledger.updateTimeLogHours);
const removeTimeLogHours = written(ledger.removeTimeLogHours);

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

async function companyId(): Promise<string> {
  return (await createCompany(db)).id;
}

const insertInvoice = async (company: string) =>
  (await createInvoiceRow(db, { companyId: company, transactionDate: day(1), createdAt: day(1) })).id;
const insertTimeLog = async (company: string) =>
  (await createTimeLogRow(db, { companyId: company, timeStamp: day(1), createdAt: day(1) })).id;

async function buyHours(company: string, hundredths: number, when: Date, description = 'Package') {
  const invoiceId = await insertInvoice(company);
  const entry = await addInvoiceHours({
    companyId: company,
    invoiceId,
    hundredths,
    description,
    timeStamp: when,
    now: when,
  });
  return { invoiceId, entry };
}

async function buyAndPay(company: string, hundredths: number, when: Date, description = 'Package') {
  const bought = await buyHours(company, hundredths, when, description);
  await completeInvoiceHours(bought.invoiceId);
  return bought;
}

async function logWork(company: string, hundredths: number, when: Date, description = 'Work') {
  const timeLogId = await insertTimeLog(company);
  const entry = await recordTimeLogHours({
    companyId: company,
    timeLogId,
    hundredths,
    description,
    timeStamp: when,
    now: when,
  });
  return { timeLogId, entry };
}

async function expectAppError(run: () => Promise<unknown>, code: string) {
  let caught: unknown;
  try {
    await run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(AppError);
  expect((caught as AppError).code).toBe(code);
}

/** The company's whole ledger, as one page as long as any list allows. */
const ledgerOf = async (company: string) => (await activitiesPage(db, company, { page: 1, perPage: MAX_PER_PAGE })).items;

const balances = async (company: string) => ({
  balance: await hourBalance(db, company),
  pending: await pendingHours(db, company),
});

describe('invoice hours', () => {
  it('start pending: they count as pending activation, not toward the balance', async () => {
    const company = await companyId();
    const { entry } = await buyHours(company, 1000, day(2), '10 hour package');
    expect(entry).toMatchObject({
      companyId: company,
      activityType: 'TimeAdd',
      status: 'pending',
      hundredths: 1000,
      description: '10 hour package',
    });
    expect(await balances(company)).toEqual({ balance: 0, pending: 1000 });
  });

  it('count toward the balance once the invoice is paid, and completing again changes nothing', async () => {
    const company = await companyId();
    const { invoiceId } = await buyHours(company, 1000, day(2));
    await completeInvoiceHours(invoiceId);
    expect(await balances(company)).toEqual({ balance: 1000, pending: 0 });
    expect((await completeInvoiceHours(invoiceId)).status).toBe('completed');
    expect(await balances(company)).toEqual({ balance: 1000, pending: 0 });
    expect(await ledgerOf(company)).toHaveLength(1);
  });

  it('go back to pending when the invoice is reopened', async () => {
    const company = await companyId();
    const { invoiceId } = await buyAndPay(company, 1000, day(2));
    expect((await reopenInvoiceHours(invoiceId)).status).toBe('pending');
    expect(await balances(company)).toEqual({ balance: 0, pending: 1000 });
  });

  it('follow a change of the invoice hours and description, keeping the status', async () => {
    const company = await companyId();
    const { invoiceId } = await buyAndPay(company, 1000, day(2));
    const updated = await updateInvoiceHours(invoiceId, { hundredths: 1250, description: '12.5 hours' });
    expect(updated).toMatchObject({ hundredths: 1250, description: '12.5 hours', status: 'completed' });
    expect(await balances(company)).toEqual({ balance: 1250, pending: 0 });
  });

  it('move to another company and date when the invoice does', async () => {
    const from = await companyId();
    const to = await companyId();
    const { invoiceId } = await buyHours(from, 500, day(2));
    await updateInvoiceHours(invoiceId, { hundredths: 500, description: 'Moved', companyId: to, timeStamp: day(9) });
    expect(await balances(from)).toEqual({ balance: 0, pending: 0 });
    expect(await balances(to)).toEqual({ balance: 0, pending: 500 });
    expect((await ledgerOf(to))[0]?.timeStamp).toBe(day(9).toISOString());
  });

  it('leave fields that are not given as they are', async () => {
    const company = await companyId();
    const { invoiceId } = await buyHours(company, 500, day(2), 'Original');
    expect(await updateInvoiceHours(invoiceId, {})).toMatchObject({ hundredths: 500, description: 'Original' });
    expect(await updateInvoiceHours(invoiceId, { description: 'Renamed' })).toMatchObject({
      hundredths: 500,
      description: 'Renamed',
    });
  });

  it('are removed with the invoice, which can then be deleted', async () => {
    const company = await companyId();
    const { invoiceId } = await buyAndPay(company, 1000, day(2));
    await removeInvoiceHours(invoiceId);
    expect(await balances(company)).toEqual({ balance: 0, pending: 0 });
    expect(await ledgerOf(company)).toEqual([]);
    await db.transaction((tx) => tx.delete(tx.t.invoices).where(eq(tx.t.invoices.id, invoiceId)));
  });

  it('refuse negative or fractional hundredths', async () => {
    const company = await companyId();
    const invoiceId = await insertInvoice(company);
    const input = { companyId: company, invoiceId, description: '', timeStamp: day(2), now: day(2) };
    await expectAppError(() => addInvoiceHours({ ...input, hundredths: -1 }), 'BAD_REQUEST');
    await expectAppError(() => addInvoiceHours({ ...input, hundredths: 1.5 }), 'BAD_REQUEST');
    await addInvoiceHours({ ...input, hundredths: 100 });
    await expectAppError(() => updateInvoiceHours(invoiceId, { hundredths: -100 }), 'BAD_REQUEST');
  });

  it('are NOT_FOUND for an invoice without an entry, including one already removed', async () => {
    const company = await companyId();
    const neverAdded = await insertInvoice(company);
    const { invoiceId: removed } = await buyHours(company, 100, day(2));
    await removeInvoiceHours(removed);
    for (const invoiceId of [neverAdded, removed, 'no-such-invoice']) {
      await expectAppError(() => completeInvoiceHours(invoiceId), 'NOT_FOUND');
      await expectAppError(() => reopenInvoiceHours(invoiceId), 'NOT_FOUND');
      await expectAppError(() => updateInvoiceHours(invoiceId, { hundredths: 1 }), 'NOT_FOUND');
      await expectAppError(() => updateInvoiceHours(invoiceId, {}), 'NOT_FOUND');
      await expectAppError(() => removeInvoiceHours(invoiceId), 'NOT_FOUND');
    }
  });
});

describe('time log hours', () => {
  it('are completed at once and take the time worked off the balance', async () => {
    const company = await companyId();
    await buyAndPay(company, 1000, day(2));
    const { entry } = await logWork(company, 150, day(3), 'Fixed the build');
    expect(entry).toMatchObject({
      activityType: 'TimeLog',
      status: 'completed',
      hundredths: -150,
      description: 'Fixed the build',
    });
    expect(await balances(company)).toEqual({ balance: 850, pending: 0 });
  });

  it('may take the balance below zero', async () => {
    const company = await companyId();
    await logWork(company, 300, day(3));
    expect(await hourBalance(db, company)).toBe(-300);
  });

  it('record zero hours as zero, not negative zero', async () => {
    const company = await companyId();
    const { entry } = await logWork(company, 0, day(3));
    expect(Object.is(entry.hundredths, 0)).toBe(true);
    expect(Object.is((await ledgerOf(company))[0]?.hours, 0)).toBe(true);
  });

  it('follow an edit of the hours, description, date and company', async () => {
    const from = await companyId();
    const to = await companyId();
    const { timeLogId } = await logWork(from, 150, day(3));
    const updated = await updateTimeLogHours(timeLogId, {
      hundredths: 225,
      description: 'Edited',
      timeStamp: day(5),
      companyId: to,
    });
    expect(updated).toMatchObject({ hundredths: -225, description: 'Edited', status: 'completed', companyId: to });
    expect(updated.timeStamp.toISOString()).toBe(day(5).toISOString());
    expect(await hourBalance(db, from)).toBe(0);
    expect(await hourBalance(db, to)).toBe(-225);
  });

  it('leave fields that are not given as they are', async () => {
    const company = await companyId();
    const { timeLogId } = await logWork(company, 150, day(3), 'Original');
    expect(await updateTimeLogHours(timeLogId, { description: 'Renamed' })).toMatchObject({
      hundredths: -150,
      description: 'Renamed',
    });
  });

  it('are removed with the time log, which can then be deleted', async () => {
    const company = await companyId();
    await buyAndPay(company, 1000, day(2));
    const { timeLogId } = await logWork(company, 150, day(3));
    await removeTimeLogHours(timeLogId);
    expect(await hourBalance(db, company)).toBe(1000);
    expect((await ledgerOf(company)).map((a) => a.activityType)).toEqual(['TimeAdd']);
    await db.transaction((tx) => tx.delete(tx.t.timeLogs).where(eq(tx.t.timeLogs.id, timeLogId)));
  });

  it('refuse negative or fractional hundredths', async () => {
    const company = await companyId();
    const timeLogId = await insertTimeLog(company);
    const input = { companyId: company, timeLogId, description: '', timeStamp: day(2), now: day(2) };
    await expectAppError(() => recordTimeLogHours({ ...input, hundredths: -150 }), 'BAD_REQUEST');
    await expectAppError(() => recordTimeLogHours({ ...input, hundredths: 0.5 }), 'BAD_REQUEST');
    await recordTimeLogHours({ ...input, hundredths: 150 });
    await expectAppError(() => updateTimeLogHours(timeLogId, { hundredths: -150 }), 'BAD_REQUEST');
    expect(await hourBalance(db, company)).toBe(-150);
  });

  it('are NOT_FOUND for a time log without an entry, including one already removed', async () => {
    const company = await companyId();
    const neverRecorded = await insertTimeLog(company);
    const { timeLogId: removed } = await logWork(company, 100, day(3));
    await removeTimeLogHours(removed);
    for (const timeLogId of [neverRecorded, removed, 'no-such-log']) {
      await expectAppError(() => updateTimeLogHours(timeLogId, { hundredths: 1 }), 'NOT_FOUND');
      await expectAppError(() => updateTimeLogHours(timeLogId, {}), 'NOT_FOUND');
      await expectAppError(() => removeTimeLogHours(timeLogId), 'NOT_FOUND');
    }
  });

  it('are not reachable through the invoice functions, nor invoice hours through the time log ones', async () => {
    const company = await companyId();
    const { timeLogId } = await logWork(company, 100, day(3));
    const { invoiceId } = await buyHours(company, 100, day(3));
    await expectAppError(() => completeInvoiceHours(timeLogId), 'NOT_FOUND');
    await expectAppError(() => removeTimeLogHours(invoiceId), 'NOT_FOUND');
    expect(await balances(company)).toEqual({ balance: -100, pending: 100 });
  });
});

describe('activitiesPage', () => {
  it('lists newest first with the balance after each entry, pending entries carrying it unchanged', async () => {
    const company = await companyId();
    // recorded out of order on purpose: the listing follows timeStamp, not insertion
    await logWork(company, 200, day(4), 'Second log');
    await buyHours(company, 500, day(3), 'Unpaid package');
    await buyAndPay(company, 1000, day(1), 'Paid package');
    await logWork(company, 150, day(2), 'First log');
    await buyHours(company, 300, day(5), 'Latest unpaid');

    expect(await ledgerOf(company)).toEqual([
      {
        id: expect.any(String),
        description: 'Latest unpaid',
        hours: 3,
        status: 'pending',
        activityType: 'TimeAdd',
        timeStamp: day(5).toISOString(),
        runningHourBalance: 6.5,
      },
      expect.objectContaining({ description: 'Second log', hours: -2, status: 'completed', runningHourBalance: 6.5 }),
      expect.objectContaining({ description: 'Unpaid package', hours: 5, status: 'pending', runningHourBalance: 8.5 }),
      expect.objectContaining({ description: 'First log', hours: -1.5, activityType: 'TimeLog', runningHourBalance: 8.5 }),
      expect.objectContaining({ description: 'Paid package', hours: 10, status: 'completed', runningHourBalance: 10 }),
    ]);
  });

  it('gives a pending entry that comes first a balance of zero', async () => {
    const company = await companyId();
    await buyHours(company, 500, day(1), 'Unpaid');
    await buyAndPay(company, 200, day(2), 'Paid');
    expect((await ledgerOf(company)).map((a) => [a.description, a.runningHourBalance])).toEqual([
      ['Paid', 2],
      ['Unpaid', 0],
    ]);
  });

  it('recomputes the running balance when an earlier entry is paid, reopened or edited', async () => {
    const company = await companyId();
    const { invoiceId } = await buyHours(company, 1000, day(1), 'Package');
    const { timeLogId } = await logWork(company, 100, day(2), 'Log');
    const runningBalances = async () => (await ledgerOf(company)).map((a) => a.runningHourBalance);
    expect(await runningBalances()).toEqual([-1, 0]);
    await completeInvoiceHours(invoiceId);
    expect(await runningBalances()).toEqual([9, 10]);
    await updateTimeLogHours(timeLogId, { hundredths: 325 });
    expect(await runningBalances()).toEqual([6.75, 10]);
    await updateTimeLogHours(timeLogId, { timeStamp: day(0) });
    expect(await runningBalances()).toEqual([6.75, -3.25]);
    await reopenInvoiceHours(invoiceId);
    expect(await runningBalances()).toEqual([-3.25, -3.25]);
  });

  it('orders entries with the same timeStamp by creation time', async () => {
    const company = await companyId();
    // five entries so that a random id order matching creation order by chance is unlikely (1 in 120)
    for (const created of [3, 1, 5, 2, 4]) {
      const timeLogId = await insertTimeLog(company);
      const input = { companyId: company, timeLogId, hundredths: created * 100, description: `Made ${created}` };
      await recordTimeLogHours({ ...input, timeStamp: day(10), now: day(created) });
    }
    const listed = await ledgerOf(company);
    expect(listed.map((a) => a.description)).toEqual(['Made 5', 'Made 4', 'Made 3', 'Made 2', 'Made 1']);
    expect(listed.map((a) => a.runningHourBalance)).toEqual([-15, -10, -6, -3, -1]);
  });

  it('is empty for a company without entries', async () => {
    expect(await ledgerOf(await companyId())).toEqual([]);
  });

  it('cuts the ledger into pages: each is its slice of the whole, running balances included, with the total', async () => {
    const company = await companyId();
    for (let n = 1; n <= 23; n += 1) {
      // every third entry shares its day with the one before, so ties fall across page edges
      const when = day(Math.ceil(n / 3) + (n % 3 === 0 ? 0 : 1));
      if (n % 4 === 0) await buyHours(company, n * 10, when, `Entry ${n}`);
      else await (n % 5 === 0 ? buyAndPay : logWork)(company, n * 10, when, `Entry ${n}`);
    }
    const whole = await ledgerOf(company);
    expect(whole).toHaveLength(23);
    const pages = await Promise.all([1, 2, 3, 4, 5].map((page) => activitiesPage(db, company, { page, perPage: 5 })));
    expect(pages.map((page) => page.total)).toEqual([23, 23, 23, 23, 23]);
    expect(pages.map((page) => page.items.length)).toEqual([5, 5, 5, 5, 3]);
    expect(pages.flatMap((page) => page.items)).toEqual(whole);
    expect((await activitiesPage(db, company, { page: 2, perPage: 7 })).items).toEqual(whole.slice(7, 14));
    expect(await activitiesPage(db, company, { page: 6, perPage: 5 })).toEqual({ items: [], total: 23 });
  });

  it('reads the page, the stored balance and the entries before the page in one statement (one snapshot), and counts only a longer ledger', async () => {
    const company = await companyId();
    for (let n = 1; n <= 20; n += 1) await (n % 3 === 0 ? buyAndPay : logWork)(company, n * 10, day(n));
    const statementsFor = async (page: number, perPage: number) => {
      const prepare = vi.spyOn(handle.sqlite.reader, 'prepare');
      try {
        await activitiesPage(db, company, { page, perPage });
        return prepare.mock.calls.length;
      } finally {
        prepare.mockRestore();
      }
    };
    expect(await statementsFor(1, 25)).toBe(1);
    expect(await statementsFor(1, 5)).toBe(2);
    expect(await statementsFor(3, 5)).toBe(2);
  });

  it('reads the page and the newer entries on activities_timeline_idx and the balance from the company row, never sorting', async () => {
    const company = await companyId();
    for (let n = 1; n <= 12; n += 1) await (n % 4 === 0 ? buyAndPay : logWork)(company, n * 10, day(n));
    const plans = await statementPlans(handle, () => activitiesPage(db, company, { page: 2, perPage: 5 }));
    const lines = plans.flatMap((statement) => statement.plan);
    expect(lines).toContain('SEARCH activities USING INDEX activities_timeline_idx (company_id=?)');
    expect(lines).toContain('SEARCH activities USING COVERING INDEX activities_timeline_idx (company_id=?)');
    expect(lines).toContain('SEARCH companies USING INDEX sqlite_autoindex_companies_1 (id=?)');
    expect(fullScans(plans, ['activities'])).toEqual([]);
    expect(lines.filter((line) => line.includes('TEMP B-TREE'))).toEqual([]);
  });
});

describe('tenancy', () => {
  it("never counts or lists another company's entries", async () => {
    const mine = await companyId();
    const theirs = await companyId();
    await buyAndPay(mine, 1000, day(1), 'Mine');
    await buyAndPay(theirs, 4000, day(2), 'Theirs paid');
    await buyHours(theirs, 700, day(3), 'Theirs pending');
    await logWork(theirs, 300, day(4), 'Their work');

    expect(await balances(mine)).toEqual({ balance: 1000, pending: 0 });
    expect(await balances(theirs)).toEqual({ balance: 3700, pending: 700 });
    expect((await ledgerOf(mine)).map((a) => [a.description, a.runningHourBalance])).toEqual([['Mine', 10]]);
    expect((await recentCompletedActivities(db, mine, 3, await hourBalance(db, mine))).map((a) => a.description)).toEqual(['Mine']);
    expect(await latestCompletedPurchase(db, mine)).toBe(1000);
  });
});

describe('companyHours', () => {
  it("gives the company's balance and pending hours, and nothing of the others", async () => {
    const paying = await companyId();
    const waiting = await companyId();
    const empty = await companyId();
    await buyAndPay(paying, 1000, day(1));
    await logWork(paying, 250, day(2));
    await buyHours(paying, 300, day(3));
    await buyHours(waiting, 800, day(1));
    await logWork(waiting, 100, day(2));

    expect(await companyHours(db, paying)).toEqual({ balance: 750, pending: 300 });
    expect(await companyHours(db, waiting)).toEqual({ balance: -100, pending: 800 });
    expect(await companyHours(db, empty)).toEqual({ balance: 0, pending: 0 });
    for (const company of [paying, waiting, empty]) expect(await companyHours(db, company)).toEqual(await balances(company));
  });

  it('reads both sums with one statement on activities_hours_idx alone', async () => {
    const company = await companyId();
    await buyAndPay(company, 100, day(1));
    const plans = await statementPlans(handle, () => companyHours(db, company));
    expect(plans.map((statement) => statement.plan)).toEqual([['SEARCH activities USING COVERING INDEX activities_hours_idx (company_id=?)']]);
  });
});

describe('dashboard reads', () => {
  it('recentCompletedActivities gives the latest completed entries, newest first, with their balances', async () => {
    const company = await companyId();
    await buyAndPay(company, 1000, day(1), 'Package');
    await logWork(company, 100, day(2), 'First');
    await logWork(company, 200, day(3), 'Second');
    await buyHours(company, 500, day(4), 'Unpaid');
    await logWork(company, 50, day(5), 'Third');

    const recent = await recentCompletedActivities(db, company, 3, await hourBalance(db, company));
    expect(recent.map((a) => [a.description, a.hours, a.runningHourBalance])).toEqual([
      ['Third', -0.5, 6.5],
      ['Second', -2, 7],
      ['First', -1, 9],
    ]);
    const listed = (await ledgerOf(company)).filter((a) => a.status === 'completed');
    expect(recent).toEqual(listed.slice(0, 3));
    expect(await recentCompletedActivities(db, company, 3, await hourBalance(db, company))).toEqual(recent);
    expect(await recentCompletedActivities(db, company, 10, await hourBalance(db, company))).toEqual(listed);
  });

  it('recentCompletedActivities is empty for a company without completed entries', async () => {
    const company = await companyId();
    await buyHours(company, 500, day(1));
    expect(await recentCompletedActivities(db, company, 3, await hourBalance(db, company))).toEqual([]);
  });

  it('latestCompletedPurchase is the most recent paid package, ignoring unpaid ones and time logs', async () => {
    const company = await companyId();
    expect(await latestCompletedPurchase(db, company)).toBe(0);
    await buyHours(company, 900, day(9));
    await logWork(company, 100, day(8));
    expect(await latestCompletedPurchase(db, company)).toBe(0);
    await buyAndPay(company, 2000, day(5));
    await buyAndPay(company, 1000, day(1));
    expect(await latestCompletedPurchase(db, company)).toBe(2000);
  });
});
