import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoices, timeLogs } from '../../../../drizzle/schema.js';
import type { DatabaseHandle, Db } from '../../db.js';
import { MAX_PER_PAGE } from '../../../shared/list.js';
import { AppError } from '../../errors.js';
import { tempDatabase } from '../../testing/database.js';
import { fullScans, statementPlans } from '../../testing/query-plans.js';
import { createCompany, createInvoiceRow, createTimeLogRow } from '../../testing/factories.js';
import { companyHours, hourBalance, pendingHours } from '../../testing/ledger-sums.js';
import {
  activitiesPage,
  addInvoiceHours,
  completeInvoiceHours,
  latestCompletedPurchase,
  recentCompletedActivities,
  recordTimeLogHours,
  removeInvoiceHours,
  removeTimeLogHours,
  reopenInvoiceHours,
  updateInvoiceHours,
  updateTimeLogHours,
} from './ledger.js';

const temp = tempDatabase('hourbank-ledger-');
let handle: DatabaseHandle;
let db: Db;

beforeAll(() => {
  handle = temp.open();
  db = handle.db;
});

afterAll(() => temp.remove());

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

function companyId(): string {
  return createCompany(db).id;
}

const insertInvoice = (company: string) =>
  createInvoiceRow(db, { companyId: company, transactionDate: day(1), createdAt: day(1) }).id;
const insertTimeLog = (company: string) =>
  createTimeLogRow(db, { companyId: company, timeStamp: day(1), createdAt: day(1) }).id;

function buyHours(company: string, hundredths: number, when: Date, description = 'Package') {
  const invoiceId = insertInvoice(company);
  const entry = addInvoiceHours(db, {
    companyId: company,
    invoiceId,
    hundredths,
    description,
    timeStamp: when,
    now: when,
  });
  return { invoiceId, entry };
}

function buyAndPay(company: string, hundredths: number, when: Date, description = 'Package') {
  const bought = buyHours(company, hundredths, when, description);
  completeInvoiceHours(db, bought.invoiceId);
  return bought;
}

function logWork(company: string, hundredths: number, when: Date, description = 'Work') {
  const timeLogId = insertTimeLog(company);
  const entry = recordTimeLogHours(db, {
    companyId: company,
    timeLogId,
    hundredths,
    description,
    timeStamp: when,
    now: when,
  });
  return { timeLogId, entry };
}

function expectAppError(run: () => unknown, code: string) {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(AppError);
  expect((caught as AppError).code).toBe(code);
}

/** The company's whole ledger, as one page as long as any list allows. */
const ledgerOf = (company: string) => activitiesPage(db, company, { page: 1, perPage: MAX_PER_PAGE }).items;

const balances = (company: string) => ({
  balance: hourBalance(db, company),
  pending: pendingHours(db, company),
});

describe('invoice hours', () => {
  it('start pending: they count as pending activation, not toward the balance', () => {
    const company = companyId();
    const { entry } = buyHours(company, 1000, day(2), '10 hour package');
    expect(entry).toMatchObject({
      companyId: company,
      activityType: 'TimeAdd',
      status: 'pending',
      hundredths: 1000,
      description: '10 hour package',
    });
    expect(balances(company)).toEqual({ balance: 0, pending: 1000 });
  });

  it('count toward the balance once the invoice is paid, and completing again changes nothing', () => {
    const company = companyId();
    const { invoiceId } = buyHours(company, 1000, day(2));
    completeInvoiceHours(db, invoiceId);
    expect(balances(company)).toEqual({ balance: 1000, pending: 0 });
    expect(completeInvoiceHours(db, invoiceId).status).toBe('completed');
    expect(balances(company)).toEqual({ balance: 1000, pending: 0 });
    expect(ledgerOf(company)).toHaveLength(1);
  });

  it('go back to pending when the invoice is reopened', () => {
    const company = companyId();
    const { invoiceId } = buyAndPay(company, 1000, day(2));
    expect(reopenInvoiceHours(db, invoiceId).status).toBe('pending');
    expect(balances(company)).toEqual({ balance: 0, pending: 1000 });
  });

  it('follow a change of the invoice hours and description, keeping the status', () => {
    const company = companyId();
    const { invoiceId } = buyAndPay(company, 1000, day(2));
    const updated = updateInvoiceHours(db, invoiceId, { hundredths: 1250, description: '12.5 hours' });
    expect(updated).toMatchObject({ hundredths: 1250, description: '12.5 hours', status: 'completed' });
    expect(balances(company)).toEqual({ balance: 1250, pending: 0 });
  });

  it('move to another company and date when the invoice does', () => {
    const from = companyId();
    const to = companyId();
    const { invoiceId } = buyHours(from, 500, day(2));
    updateInvoiceHours(db, invoiceId, { hundredths: 500, description: 'Moved', companyId: to, timeStamp: day(9) });
    expect(balances(from)).toEqual({ balance: 0, pending: 0 });
    expect(balances(to)).toEqual({ balance: 0, pending: 500 });
    expect(ledgerOf(to)[0]?.timeStamp).toBe(day(9).toISOString());
  });

  it('leave fields that are not given as they are', () => {
    const company = companyId();
    const { invoiceId } = buyHours(company, 500, day(2), 'Original');
    expect(updateInvoiceHours(db, invoiceId, {})).toMatchObject({ hundredths: 500, description: 'Original' });
    expect(updateInvoiceHours(db, invoiceId, { description: 'Renamed' })).toMatchObject({
      hundredths: 500,
      description: 'Renamed',
    });
  });

  it('are removed with the invoice, which can then be deleted', () => {
    const company = companyId();
    const { invoiceId } = buyAndPay(company, 1000, day(2));
    removeInvoiceHours(db, invoiceId);
    expect(balances(company)).toEqual({ balance: 0, pending: 0 });
    expect(ledgerOf(company)).toEqual([]);
    db.delete(invoices).where(eq(invoices.id, invoiceId)).run();
  });

  it('refuse negative or fractional hundredths', () => {
    const company = companyId();
    const invoiceId = insertInvoice(company);
    const input = { companyId: company, invoiceId, description: '', timeStamp: day(2), now: day(2) };
    expectAppError(() => addInvoiceHours(db, { ...input, hundredths: -1 }), 'BAD_REQUEST');
    expectAppError(() => addInvoiceHours(db, { ...input, hundredths: 1.5 }), 'BAD_REQUEST');
    addInvoiceHours(db, { ...input, hundredths: 100 });
    expectAppError(() => updateInvoiceHours(db, invoiceId, { hundredths: -100 }), 'BAD_REQUEST');
  });

  it('are NOT_FOUND for an invoice without an entry, including one already removed', () => {
    const company = companyId();
    const neverAdded = insertInvoice(company);
    const { invoiceId: removed } = buyHours(company, 100, day(2));
    removeInvoiceHours(db, removed);
    for (const invoiceId of [neverAdded, removed, 'no-such-invoice']) {
      expectAppError(() => completeInvoiceHours(db, invoiceId), 'NOT_FOUND');
      expectAppError(() => reopenInvoiceHours(db, invoiceId), 'NOT_FOUND');
      expectAppError(() => updateInvoiceHours(db, invoiceId, { hundredths: 1 }), 'NOT_FOUND');
      expectAppError(() => updateInvoiceHours(db, invoiceId, {}), 'NOT_FOUND');
      expectAppError(() => removeInvoiceHours(db, invoiceId), 'NOT_FOUND');
    }
  });
});

describe('time log hours', () => {
  it('are completed at once and take the time worked off the balance', () => {
    const company = companyId();
    buyAndPay(company, 1000, day(2));
    const { entry } = logWork(company, 150, day(3), 'Fixed the build');
    expect(entry).toMatchObject({
      activityType: 'TimeLog',
      status: 'completed',
      hundredths: -150,
      description: 'Fixed the build',
    });
    expect(balances(company)).toEqual({ balance: 850, pending: 0 });
  });

  it('may take the balance below zero', () => {
    const company = companyId();
    logWork(company, 300, day(3));
    expect(hourBalance(db, company)).toBe(-300);
  });

  it('record zero hours as zero, not negative zero', () => {
    const company = companyId();
    const { entry } = logWork(company, 0, day(3));
    expect(Object.is(entry.hundredths, 0)).toBe(true);
    expect(Object.is(ledgerOf(company)[0]?.hours, 0)).toBe(true);
  });

  it('follow an edit of the hours, description, date and company', () => {
    const from = companyId();
    const to = companyId();
    const { timeLogId } = logWork(from, 150, day(3));
    const updated = updateTimeLogHours(db, timeLogId, {
      hundredths: 225,
      description: 'Edited',
      timeStamp: day(5),
      companyId: to,
    });
    expect(updated).toMatchObject({ hundredths: -225, description: 'Edited', status: 'completed', companyId: to });
    expect(updated.timeStamp.toISOString()).toBe(day(5).toISOString());
    expect(hourBalance(db, from)).toBe(0);
    expect(hourBalance(db, to)).toBe(-225);
  });

  it('leave fields that are not given as they are', () => {
    const company = companyId();
    const { timeLogId } = logWork(company, 150, day(3), 'Original');
    expect(updateTimeLogHours(db, timeLogId, { description: 'Renamed' })).toMatchObject({
      hundredths: -150,
      description: 'Renamed',
    });
  });

  it('are removed with the time log, which can then be deleted', () => {
    const company = companyId();
    buyAndPay(company, 1000, day(2));
    const { timeLogId } = logWork(company, 150, day(3));
    removeTimeLogHours(db, timeLogId);
    expect(hourBalance(db, company)).toBe(1000);
    expect(ledgerOf(company).map((a) => a.activityType)).toEqual(['TimeAdd']);
    db.delete(timeLogs).where(eq(timeLogs.id, timeLogId)).run();
  });

  it('refuse negative or fractional hundredths', () => {
    const company = companyId();
    const timeLogId = insertTimeLog(company);
    const input = { companyId: company, timeLogId, description: '', timeStamp: day(2), now: day(2) };
    expectAppError(() => recordTimeLogHours(db, { ...input, hundredths: -150 }), 'BAD_REQUEST');
    expectAppError(() => recordTimeLogHours(db, { ...input, hundredths: 0.5 }), 'BAD_REQUEST');
    recordTimeLogHours(db, { ...input, hundredths: 150 });
    expectAppError(() => updateTimeLogHours(db, timeLogId, { hundredths: -150 }), 'BAD_REQUEST');
    expect(hourBalance(db, company)).toBe(-150);
  });

  it('are NOT_FOUND for a time log without an entry, including one already removed', () => {
    const company = companyId();
    const neverRecorded = insertTimeLog(company);
    const { timeLogId: removed } = logWork(company, 100, day(3));
    removeTimeLogHours(db, removed);
    for (const timeLogId of [neverRecorded, removed, 'no-such-log']) {
      expectAppError(() => updateTimeLogHours(db, timeLogId, { hundredths: 1 }), 'NOT_FOUND');
      expectAppError(() => updateTimeLogHours(db, timeLogId, {}), 'NOT_FOUND');
      expectAppError(() => removeTimeLogHours(db, timeLogId), 'NOT_FOUND');
    }
  });

  it('are not reachable through the invoice functions, nor invoice hours through the time log ones', () => {
    const company = companyId();
    const { timeLogId } = logWork(company, 100, day(3));
    const { invoiceId } = buyHours(company, 100, day(3));
    expectAppError(() => completeInvoiceHours(db, timeLogId), 'NOT_FOUND');
    expectAppError(() => removeTimeLogHours(db, invoiceId), 'NOT_FOUND');
    expect(balances(company)).toEqual({ balance: -100, pending: 100 });
  });
});

describe('activitiesPage', () => {
  it('lists newest first with the balance after each entry, pending entries carrying it unchanged', () => {
    const company = companyId();
    // recorded out of order on purpose: the listing follows timeStamp, not insertion
    logWork(company, 200, day(4), 'Second log');
    buyHours(company, 500, day(3), 'Unpaid package');
    buyAndPay(company, 1000, day(1), 'Paid package');
    logWork(company, 150, day(2), 'First log');
    buyHours(company, 300, day(5), 'Latest unpaid');

    expect(ledgerOf(company)).toEqual([
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

  it('gives a pending entry that comes first a balance of zero', () => {
    const company = companyId();
    buyHours(company, 500, day(1), 'Unpaid');
    buyAndPay(company, 200, day(2), 'Paid');
    expect(ledgerOf(company).map((a) => [a.description, a.runningHourBalance])).toEqual([
      ['Paid', 2],
      ['Unpaid', 0],
    ]);
  });

  it('recomputes the running balance when an earlier entry is paid, reopened or edited', () => {
    const company = companyId();
    const { invoiceId } = buyHours(company, 1000, day(1), 'Package');
    const { timeLogId } = logWork(company, 100, day(2), 'Log');
    const runningBalances = () => ledgerOf(company).map((a) => a.runningHourBalance);
    expect(runningBalances()).toEqual([-1, 0]);
    completeInvoiceHours(db, invoiceId);
    expect(runningBalances()).toEqual([9, 10]);
    updateTimeLogHours(db, timeLogId, { hundredths: 325 });
    expect(runningBalances()).toEqual([6.75, 10]);
    updateTimeLogHours(db, timeLogId, { timeStamp: day(0) });
    expect(runningBalances()).toEqual([6.75, -3.25]);
    reopenInvoiceHours(db, invoiceId);
    expect(runningBalances()).toEqual([-3.25, -3.25]);
  });

  it('orders entries with the same timeStamp by creation time', () => {
    const company = companyId();
    // five entries so that a random id order matching creation order by chance is unlikely (1 in 120)
    for (const created of [3, 1, 5, 2, 4]) {
      const timeLogId = insertTimeLog(company);
      const input = { companyId: company, timeLogId, hundredths: created * 100, description: `Made ${created}` };
      recordTimeLogHours(db, { ...input, timeStamp: day(10), now: day(created) });
    }
    const listed = ledgerOf(company);
    expect(listed.map((a) => a.description)).toEqual(['Made 5', 'Made 4', 'Made 3', 'Made 2', 'Made 1']);
    expect(listed.map((a) => a.runningHourBalance)).toEqual([-15, -10, -6, -3, -1]);
  });

  it('is empty for a company without entries', () => {
    expect(ledgerOf(companyId())).toEqual([]);
  });

  it('cuts the ledger into pages: each is its slice of the whole, running balances included, with the total', () => {
    const company = companyId();
    for (let n = 1; n <= 23; n += 1) {
      // every third entry shares its day with the one before, so ties fall across page edges
      const when = day(Math.ceil(n / 3) + (n % 3 === 0 ? 0 : 1));
      if (n % 4 === 0) buyHours(company, n * 10, when, `Entry ${n}`);
      else (n % 5 === 0 ? buyAndPay : logWork)(company, n * 10, when, `Entry ${n}`);
    }
    const whole = ledgerOf(company);
    expect(whole).toHaveLength(23);
    const pages = [1, 2, 3, 4, 5].map((page) => activitiesPage(db, company, { page, perPage: 5 }));
    expect(pages.map((page) => page.total)).toEqual([23, 23, 23, 23, 23]);
    expect(pages.map((page) => page.items.length)).toEqual([5, 5, 5, 5, 3]);
    expect(pages.flatMap((page) => page.items)).toEqual(whole);
    expect(activitiesPage(db, company, { page: 2, perPage: 7 }).items).toEqual(whole.slice(7, 14));
    expect(activitiesPage(db, company, { page: 6, perPage: 5 })).toEqual({ items: [], total: 23 });
  });

  it('reads the page and the stored balance, the entries before the page only past page 1, and counts only a longer ledger', () => {
    const company = companyId();
    for (let n = 1; n <= 20; n += 1) (n % 3 === 0 ? buyAndPay : logWork)(company, n * 10, day(n));
    const statementsFor = (page: number, perPage: number) => {
      const prepare = vi.spyOn(handle.sqlite, 'prepare');
      try {
        activitiesPage(db, company, { page, perPage });
        return prepare.mock.calls.length;
      } finally {
        prepare.mockRestore();
      }
    };
    expect(statementsFor(1, 25)).toBe(2);
    expect(statementsFor(1, 5)).toBe(3);
    expect(statementsFor(3, 5)).toBe(4);
  });

  it('reads the page and the newer entries on activities_timeline_idx and the balance from the company row, never sorting', async () => {
    const company = companyId();
    for (let n = 1; n <= 12; n += 1) (n % 4 === 0 ? buyAndPay : logWork)(company, n * 10, day(n));
    const plans = await statementPlans(db, () => activitiesPage(db, company, { page: 2, perPage: 5 }));
    const lines = plans.flatMap((statement) => statement.plan);
    expect(lines).toContain('SEARCH activities USING INDEX activities_timeline_idx (company_id=?)');
    expect(lines).toContain('SEARCH activities USING COVERING INDEX activities_timeline_idx (company_id=?)');
    expect(lines).toContain('SEARCH companies USING INDEX sqlite_autoindex_companies_1 (id=?)');
    expect(fullScans(plans, ['activities'])).toEqual([]);
    expect(lines.filter((line) => line.includes('TEMP B-TREE'))).toEqual([]);
  });
});

describe('tenancy', () => {
  it("never counts or lists another company's entries", () => {
    const mine = companyId();
    const theirs = companyId();
    buyAndPay(mine, 1000, day(1), 'Mine');
    buyAndPay(theirs, 4000, day(2), 'Theirs paid');
    buyHours(theirs, 700, day(3), 'Theirs pending');
    logWork(theirs, 300, day(4), 'Their work');

    expect(balances(mine)).toEqual({ balance: 1000, pending: 0 });
    expect(balances(theirs)).toEqual({ balance: 3700, pending: 700 });
    expect(ledgerOf(mine).map((a) => [a.description, a.runningHourBalance])).toEqual([['Mine', 10]]);
    expect(recentCompletedActivities(db, mine, 3, hourBalance(db, mine)).map((a) => a.description)).toEqual(['Mine']);
    expect(latestCompletedPurchase(db, mine)).toBe(1000);
  });
});

describe('companyHours', () => {
  it("gives the company's balance and pending hours, and nothing of the others", () => {
    const paying = companyId();
    const waiting = companyId();
    const empty = companyId();
    buyAndPay(paying, 1000, day(1));
    logWork(paying, 250, day(2));
    buyHours(paying, 300, day(3));
    buyHours(waiting, 800, day(1));
    logWork(waiting, 100, day(2));

    expect(companyHours(db, paying)).toEqual({ balance: 750, pending: 300 });
    expect(companyHours(db, waiting)).toEqual({ balance: -100, pending: 800 });
    expect(companyHours(db, empty)).toEqual({ balance: 0, pending: 0 });
    for (const company of [paying, waiting, empty]) expect(companyHours(db, company)).toEqual(balances(company));
  });

  it('reads both sums with one statement on activities_hours_idx alone', async () => {
    const company = companyId();
    buyAndPay(company, 100, day(1));
    const plans = await statementPlans(db, () => companyHours(db, company));
    expect(plans.map((statement) => statement.plan)).toEqual([['SEARCH activities USING COVERING INDEX activities_hours_idx (company_id=?)']]);
  });
});

describe('dashboard reads', () => {
  it('recentCompletedActivities gives the latest completed entries, newest first, with their balances', () => {
    const company = companyId();
    buyAndPay(company, 1000, day(1), 'Package');
    logWork(company, 100, day(2), 'First');
    logWork(company, 200, day(3), 'Second');
    buyHours(company, 500, day(4), 'Unpaid');
    logWork(company, 50, day(5), 'Third');

    const recent = recentCompletedActivities(db, company, 3, hourBalance(db, company));
    expect(recent.map((a) => [a.description, a.hours, a.runningHourBalance])).toEqual([
      ['Third', -0.5, 6.5],
      ['Second', -2, 7],
      ['First', -1, 9],
    ]);
    const listed = ledgerOf(company).filter((a) => a.status === 'completed');
    expect(recent).toEqual(listed.slice(0, 3));
    expect(recentCompletedActivities(db, company, 3, hourBalance(db, company))).toEqual(recent);
    expect(recentCompletedActivities(db, company, 10, hourBalance(db, company))).toEqual(listed);
  });

  it('recentCompletedActivities is empty for a company without completed entries', () => {
    const company = companyId();
    buyHours(company, 500, day(1));
    expect(recentCompletedActivities(db, company, 3, hourBalance(db, company))).toEqual([]);
  });

  it('latestCompletedPurchase is the most recent paid package, ignoring unpaid ones and time logs', () => {
    const company = companyId();
    expect(latestCompletedPurchase(db, company)).toBe(0);
    buyHours(company, 900, day(9));
    logWork(company, 100, day(8));
    expect(latestCompletedPurchase(db, company)).toBe(0);
    buyAndPay(company, 2000, day(5));
    buyAndPay(company, 1000, day(1));
    expect(latestCompletedPurchase(db, company)).toBe(2000);
  });
});
