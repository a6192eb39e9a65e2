import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceDto } from '../../../shared/invoices.js';
import type { MonthFiguresDto, ReceivableDto, SignupsDto, WeekHoursDto } from '../../../shared/overview.js';
import { api, createTestApp, json, signedInUser, type SignedInUser, type TestApp } from '../../testing/app.js';
import { createCompany, createTimeLogRow, createUser } from '../../testing/factories.js';
import { fullScans, statementPlans, type StatementPlan } from '../../testing/query-plans.js';
import * as overview from './service.js';
import { testEngine } from '../../testing/engine.js';

/** Query plans are SQLite's: on PostgreSQL these tests check the answers only. */
const onSqlite = testEngine() === 'sqlite';

/*
 * Each test starts from an empty database, since every figure sums the whole provider's data.
 * The provider's time zone is America/New_York; on Sunday 8 March 2026 its clocks go forward.
 */
let t: TestApp;
let boss: SignedInUser;
beforeEach(async () => {
  t = await createTestApp();
  // Wednesday 4 March 2026, 10:00 in New York
  t.clock.set(new Date('2026-03-04T15:00:00Z'));
  boss = await signedInUser(t, { role: 'superadmin' });
});
afterEach(() => t.close());

const get = async <T>(path: string) => {
  const response = await api(t.app, boss.token).get(`/superadmin/overview/${path}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<T>(response);
};

const invoice = async (companyId: string, fields: { hours: number; rate?: number; transactionDate?: string }) => {
  const response = await api(t.app, boss.token).post('/superadmin/invoices', { company: companyId, description: 'Block', rate: 50, sendInvoiceEmail: false, ...fields });
  expect(response.statusCode, response.body).toBe(200);
  return json<InvoiceDto>(response);
};

const pay = async (companyId: string, invoiceId: string, amount: number, status: 'completed' | 'failed' = 'completed') => {
  const response = await api(t.app, boss.token).post('/superadmin/payments', { company: companyId, invoice: invoiceId, amount, method: 'ACH', status, sendEmail: false });
  expect(response.statusCode, response.body).toBe(200);
};

const logAt = (companyId: string, iso: string, hundredths: number) => createTimeLogRow(t.deps.db, { companyId, timeStamp: new Date(iso), hundredths });

describe('GET /superadmin/overview/signups', () => {
  it('counts the users awaiting approval, lists the newest first with their company, and drops one once approved', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Initech' });
    const older = await createUser(t.deps.db, { approved: false, companyId: company.id, firstName: 'Ann', createdAt: new Date('2026-03-01T10:00:00Z') });
    const newer = await createUser(t.deps.db, { approved: false, firstName: 'Bob', createdAt: new Date('2026-03-03T10:00:00Z') });
    await createUser(t.deps.db, { approved: true, companyId: company.id });

    const before = await get<SignupsDto>('signups');
    expect(before.count).toBe(2);
    expect(before.newest.map((user) => [user._id, user.firstName, user.companyName, user.createdAt])).toEqual([
      [newer.id, 'Bob', null, '2026-03-03T10:00:00.000Z'],
      [older.id, 'Ann', 'Initech', '2026-03-01T10:00:00.000Z'],
    ]);

    expect((await api(t.app, boss.token).put(`/superadmin/users/activate/${newer.id}`)).statusCode).toBe(200);
    const after = await get<SignupsDto>('signups');
    expect(after.count).toBe(1);
    expect(after.newest.map((user) => user._id)).toEqual([older.id]);
  });

  it('lists at most five, yet counts them all', async () => {
    for (let n = 0; n < 7; n += 1) await createUser(t.deps.db, { approved: false, password: null });
    const body = await get<SignupsDto>('signups');
    expect(body.count).toBe(7);
    expect(body.newest).toHaveLength(5);
  });
});

describe('GET /superadmin/overview/receivable', () => {
  it('counts unpaid and partly paid invoices and sums their open balances from completed payments only', async () => {
    const company = await createCompany(t.deps.db);
    const unpaid = await invoice(company.id, { hours: 2 }); // $100, nothing paid
    const partly = await invoice(company.id, { hours: 4 }); // $200
    await pay(company.id, partly._id, 50);
    await pay(company.id, partly._id, 100, 'failed');
    const paidInFull = await invoice(company.id, { hours: 1.6 }); // $80
    await pay(company.id, paidInFull._id, 30);
    await pay(company.id, paidInFull._id, 50);
    const onlyFailed = await invoice(company.id, { hours: 1.2 }); // $60
    await pay(company.id, onlyFailed._id, 60, 'failed');
    expect(unpaid.price).toBe(100);

    // open: 100 + (200 - 50) + 60; the failed payments count for nothing
    expect(await get<ReceivableDto>('receivable')).toEqual({ unpaidCount: 2, partlyPaidCount: 1, totalReceivable: 310 });
  });

  it('answers zeros with no invoices', async () => {
    expect(await get<ReceivableDto>('receivable')).toEqual({ unpaidCount: 0, partlyPaidCount: 0, totalReceivable: 0 });
  });
});

describe('GET /superadmin/overview/week', () => {
  it("sums the logs of this Monday-to-Sunday week in the provider's time zone, across a clock change, against the 35-hour target", async () => {
    const company = await createCompany(t.deps.db);
    const other = await createCompany(t.deps.db);
    await logAt(company.id, '2026-03-02T04:59:00Z', 1000); // Sunday 1 March 23:59 EST: last week
    await logAt(company.id, '2026-03-02T05:00:00Z', 250); // Monday 2 March 00:00 EST
    await logAt(other.id, '2026-03-04T12:00:00Z', 725);
    await logAt(company.id, '2026-03-09T03:59:00Z', 100); // Sunday 8 March 23:59 EDT, after the clocks went forward
    await logAt(company.id, '2026-03-09T04:00:00Z', 800); // Monday 9 March 00:00 EDT: next week

    expect(await get<WeekHoursDto>('week')).toEqual({ weekStart: '2026-03-02', weekEnd: '2026-03-08', totalHours: 10.75, targetHours: 35 });
  });
});

describe('GET /superadmin/overview/months', () => {
  it("gives 12 calendar months of the provider's time zone, oldest first, with hours invoiced, logged and awaiting payment", async () => {
    const company = await createCompany(t.deps.db);
    await invoice(company.id, { hours: 3, transactionDate: '2025-04-01T03:59:00Z' }); // 31 March 2025 in New York: before the window
    const april = await invoice(company.id, { hours: 5, transactionDate: '2025-04-01T04:00:00Z' }); // 1 April 2025 00:00 EDT
    await pay(company.id, april._id, 250);
    await invoice(company.id, { hours: 10, transactionDate: '2026-03-01T04:59:00Z' }); // 28 February 23:59 EST
    const march = await invoice(company.id, { hours: 6, transactionDate: '2026-03-01T05:00:00Z' }); // 1 March 00:00 EST
    await pay(company.id, march._id, 100); // partly paid: its hours still await payment
    await logAt(company.id, '2026-02-01T04:59:00Z', 150); // 31 January
    await logAt(company.id, '2026-02-01T05:00:00Z', 275); // 1 February
    await logAt(company.id, '2026-03-04T12:00:00Z', 50);

    const months = await get<MonthFiguresDto[]>('months');
    expect(months.map((month) => month.month)).toEqual([
      '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03',
    ]);
    const figures = Object.fromEntries(months.map(({ month, ...rest }) => [month, rest]));
    expect(figures['2025-04']).toEqual({ soldHours: 5, usedHours: 0, awaitingPaymentHours: 0 });
    expect(figures['2026-01']).toEqual({ soldHours: 0, usedHours: 1.5, awaitingPaymentHours: 0 });
    expect(figures['2026-02']).toEqual({ soldHours: 10, usedHours: 2.75, awaitingPaymentHours: 10 });
    expect(figures['2026-03']).toEqual({ soldHours: 6, usedHours: 0.5, awaitingPaymentHours: 6 });
    expect(figures['2025-10']).toEqual({ soldHours: 0, usedHours: 0, awaitingPaymentHours: 0 });
  });

  it('computes the months again when a new month begins in the provider’s time zone, not as the minutes pass', async () => {
    const monthsShown = async () => (await get<MonthFiguresDto[]>('months')).map((month) => month.month);
    const computations = () => statementPlans(t.database, () => get('months')).then((plans) => plans.filter(({ sql }) => sql.includes('sum(')).length);
    t.clock.set(new Date('2026-04-01T03:30:00Z')); // 31 March, 23:30 in New York
    expect((await monthsShown()).at(-1)).toBe('2026-03');
    t.clock.set(new Date('2026-04-01T03:59:00Z'));
    if (onSqlite) expect(await computations()).toBe(0);
    t.clock.set(new Date('2026-04-01T04:00:00Z')); // 1 April, 00:00 EDT
    expect((await monthsShown()).at(-1)).toBe('2026-04');
  });
});

describe('overview queries', () => {
  it.runIf(onSqlite)('each read an index range, never a whole table, and sort nothing but their groups', async () => {
    await createCompany(t.deps.db);
    const calls = [overview.signupsAwaitingApproval, overview.receivable, overview.hoursThisWeek, overview.monthlyFigures];
    // one call at a time: each traces the statements run while it lasts
    const plans: StatementPlan[] = [];
    for (const call of calls) plans.push(...(await statementPlans(t.database, () => call(t.deps))));
    // the partial indexes hold only the users awaiting approval and the invoices not paid in full: reading them whole is the point
    const partial = /USING (COVERING )?INDEX (users_awaiting_idx|invoices_open_idx)$/;
    expect(fullScans(plans, ['users', 'invoices', 'time_logs', 'payments', 'companies']).filter((line) => !partial.test(line))).toEqual([]);
    const lines = plans.flatMap((statement) => statement.plan).join('\n');
    expect(lines).toMatch(/SCAN users USING COVERING INDEX users_awaiting_idx/);
    expect(lines).toMatch(/SCAN users USING INDEX users_awaiting_idx/);
    expect(lines).toMatch(/SCAN invoices USING INDEX invoices_open_idx/);
    expect(lines).toMatch(/SEARCH time_logs USING COVERING INDEX time_logs_time_hours_idx \(time_stamp>\? AND time_stamp<\?\)/);
    expect(lines).toMatch(/SEARCH invoices USING INDEX invoices_date_idx \(transaction_date>\? AND transaction_date<\?\)/);
    expect(lines).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });
});
