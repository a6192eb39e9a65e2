import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedEvents } from '../../testing/events.js';
import { BULK_BALANCE_EMAIL_LIMIT } from '../../../shared/balance-alerts.js';
import { bulkBalanceEmailInput, type CompanyDto, type RunningLowCompanyDto } from '../../../shared/companies.js';
import type { DashboardDto } from '../../../shared/dashboard.js';
import type { InvoiceDto } from '../../../shared/invoices.js';
import type { PaymentDto } from '../../../shared/payments.js';
import type { TimeLogDto } from '../../../shared/timelogs.js';
import { api, createTestApp, json, queuedEmails, signedInUser, type SignedInUser, type TestApp } from '../../testing/app.js';
import { createCompany, createTimeLogRow, createUser } from '../../testing/factories.js';
import { fullScans, pageStatement, statementPlans } from '../../testing/query-plans.js';
import { restPage } from '../../testing/rest-pages.js';
import { recordTimeLogHours } from '../activities/ledger.js';
import { AUTOMATIC } from '../events/service.js';
import { runningLowCompanies, runningLowToEmail } from './queries.js';
import { testEngine } from '../../testing/engine.js';

/** Query plans are SQLite's: on PostgreSQL these tests check the answers only. */
const onSqlite = testEngine() === 'sqlite';

/*
 * The automatic balance alerts through the API: the provider's default threshold is 5 hours
 * (LOW_BALANCE_HOURS unset); the clock stands on Monday 2026-03-02 in New York.
 */

let t: TestApp;
let boss: SignedInUser;
const PROVIDER = 'provider@hourbank.test';

beforeAll(async () => {
  t = await createTestApp();
  boss = await signedInUser(t, { role: 'superadmin' });
});
afterAll(() => t.close());

const asBoss = () => api(t.app, boss.token);
const mark = async () => new Set((await queuedEmails(t.deps)).map((email) => email.id));
const since = async (before: Set<string>) => (await queuedEmails(t.deps)).filter((email) => !before.has(email.id));
/** The subjects without the provider's name, sorted: emails queued in one transaction share their time. */
const subjects = (emails: { subject: string }[]) => emails.map((email) => email.subject.replace(' — Test Provider LLC', '')).sort();
const withSubject = <Email extends { subject: string }>(emails: Email[], start: string) => emails.find((email) => email.subject.startsWith(start));

let serial = 0;

/** A company with an approved admin, an approved member and an unapproved admin. */
async function customer(name = `Alert Co ${(serial += 1)}`) {
  const company = await createCompany(t.deps.db, { companyName: name });
  const admin = await createUser(t.deps.db, { companyId: company.id, role: 'admin' });
  const member = await createUser(t.deps.db, { companyId: company.id, role: 'member' });
  const waiting = await createUser(t.deps.db, { companyId: company.id, role: 'admin', approved: false });
  return { company, admin, member, waiting };
}

/** An invoice for the hours; paid in full unless told, so they count toward the balance. */
async function buy(companyId: string, hours: number, paid = true): Promise<{ invoice: InvoiceDto; payment?: PaymentDto }> {
  const created = await asBoss().post('/superadmin/invoices', { company: companyId, description: 'Block', hours, rate: 100, sendInvoiceEmail: false });
  expect(created.statusCode, created.body).toBe(200);
  const invoice = json<InvoiceDto>(created);
  if (!paid) return { invoice };
  const payment = await asBoss().post('/superadmin/payments', { company: companyId, invoice: invoice._id, amount: hours * 100, method: 'ACH', sendEmail: false });
  expect(payment.statusCode, payment.body).toBe(200);
  return { invoice, payment: json<PaymentDto>(payment) };
}

async function log(companyId: string, hours: number, timeStamp = '2026-03-02T14:00:00.000Z'): Promise<TimeLogDto> {
  const response = await asBoss().post('/superadmin/timelogs', { company: companyId, timeStamp, invertedHours: hours, description: 'Work', emailClient: false });
  expect(response.statusCode, response.body).toBe(200);
  return json<TimeLogDto>(response);
}

async function row(companyId: string) {
  const { companies } = t.deps.db.t;
  const [company] = await t.deps.db.select().from(companies).where(eq(companies.id, companyId));
  return company!;
}

/** The balance_email.sent events of a company, in the order they were written: who sent it, from where, and the change. */
async function balanceEmailEvents(companyId: string) {
  const rows = await recordedEvents(t.deps.db, { companyId, types: ['balance_email.sent'] });
  return rows.map(({ actorId, actorLabel, ipAddress, subjectId, changes }) => ({ actorId, actorLabel, ipAddress, subjectId, changes }));
}

/** Sets a company's stored figures directly, as if the ledger had moved them. */
async function setCompany(db: TestApp['deps']['db'], companyId: string, figures: { balanceHundredths: number; lowBalanceHundredths?: number }) {
  await db.transaction((tx) => tx.update(tx.t.companies).set(figures).where(eq(tx.t.companies.id, companyId)));
}

async function outboxCount() {
  return (await t.deps.db.select().from(t.deps.db.t.outbox)).length;
}

describe('the running-low alert', () => {
  it('emails the company admins and the provider once when a time log takes the balance from above the threshold to it', async () => {
    const { company, admin, member, waiting } = await customer('Crossing Co');
    await buy(company.id, 24);
    // 16 hours over the 8 weeks before this one: 2 hours a week
    await log(company.id, 16, '2026-02-10T15:00:00.000Z');
    const before = await mark();
    await log(company.id, 0.5);
    expect(await since(before)).toEqual([]);

    await log(company.id, 2.5);
    const emails = await since(before);
    expect(subjects(emails)).toEqual(['Crossing Co is running low on hours', 'Your hour balance is running low']);
    const toAdmins = withSubject(emails, 'Your hour balance');
    const toProvider = withSubject(emails, 'Crossing Co');
    expect(toAdmins!.toAddresses).toBe(admin.emailAddress);
    expect(toAdmins!.toAddresses).not.toContain(member.emailAddress);
    expect(toAdmins!.toAddresses).not.toContain(waiting.emailAddress);
    expect(toAdmins!.textBody).toContain('is running low: 5 hours left.');
    // 5 hours at 2 a week last 17.5 days from Monday March 2
    expect(toAdmins!.textBody).toContain('At your recent pace of 2 hours a week, your hours last until about Mar 19, 2026.');
    expect(toProvider!.toAddresses).toBe(PROVIDER);
    expect(toProvider!.textBody).toContain("Crossing Co's hour balance is 5 hours, at or below its running-low threshold of 5 hours.");
    expect(toProvider!.textBody).toContain('At its recent pace of 2 hours a week, its hours last until about Mar 19, 2026.');
    expect(toProvider!.textBody).toContain('Its admin was sent the running-low balance email.');
    expect(await row(company.id)).toMatchObject({ balanceAlert: 'runningLow', runningLowEmailedAt: t.clock.now() });
    // the app's own doing, not the provider's whose time log raised it
    expect(await balanceEmailEvents(company.id)).toEqual([
      { actorId: null, actorLabel: AUTOMATIC.actorLabel, ipAddress: null, subjectId: company.id, changes: { runningLowEmailedAt: { before: null, after: t.clock.now().toISOString() } } },
    ]);
  });

  it('sends nothing more while the balance stays at or below the threshold', async () => {
    const { company } = await customer();
    await buy(company.id, 10);
    await log(company.id, 6);
    const before = await mark();
    await log(company.id, 1);
    await log(company.id, 2);
    expect(await since(before)).toEqual([]);
  });

  it('re-arms once a payment lifts the balance above the threshold, and alerts on the next fall', async () => {
    const { company } = await customer();
    await buy(company.id, 6);
    await log(company.id, 2);
    await buy(company.id, 10);
    expect((await row(company.id)).balanceAlert).toBeNull();
    const before = await mark();
    await log(company.id, 10);
    expect(subjects(await since(before))).toEqual([`${(await row(company.id)).companyName} is running low on hours`, 'Your hour balance is running low']);
  });

  it("follows the company's own threshold instead of the provider's", async () => {
    const { company } = await customer('Own Threshold Co');
    const updated = await asBoss().put(`/superadmin/companies/${company.id}`, { companyName: 'Own Threshold Co', lowBalanceHours: 12.5 });
    expect(json<CompanyDto>(updated)).toMatchObject({ lowBalanceHours: 12.5, thresholdHours: 12.5 });
    await buy(company.id, 20);
    const before = await mark();
    await log(company.id, 7.5);
    expect(subjects(await since(before))).toEqual(['Own Threshold Co is running low on hours', 'Your hour balance is running low']);
    expect(withSubject(await since(before), 'Own Threshold Co')!.textBody).toContain('at or below its running-low threshold of 12.5 hours');
  });

  it('alerts when editing a time log takes the balance down, and re-arms when deleting it gives the hours back', async () => {
    const { company } = await customer();
    await buy(company.id, 10);
    const entry = await log(company.id, 1);
    let before = await mark();
    const edited = await asBoss().put(`/superadmin/timelogs/${entry._id}`, { company: company.id, timeStamp: entry.timeStamp, invertedHours: 6, description: 'More work', emailClient: false });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(subjects(await since(before))).toContain('Your hour balance is running low');

    expect((await asBoss().delete(`/superadmin/timelogs/${entry._id}`)).statusCode).toBe(200);
    expect(await row(company.id)).toMatchObject({ balanceHundredths: 1000, balanceAlert: null });
    before = await mark();
    await log(company.id, 5);
    expect(subjects(await since(before))).toContain('Your hour balance is running low');
  });

  it('alerts when deleting a payment reopens its invoice and the hours stop counting', async () => {
    const { company } = await customer();
    await buy(company.id, 4);
    const { payment } = await buy(company.id, 10);
    const before = await mark();
    expect((await asBoss().delete(`/superadmin/payments/${payment!._id}`)).statusCode).toBe(200);
    expect((await row(company.id)).balanceHundredths).toBe(400);
    expect(subjects(await since(before))).toContain('Your hour balance is running low');
  });

  it('sends nothing when the transaction that made the change fails', async () => {
    const { company } = await customer();
    await buy(company.id, 10);
    const before = await mark();
    const outboxRows = await outboxCount();
    await expect(
      t.deps.db.transaction(async (tx) => {
        const entry = await createTimeLogRow(tx, { companyId: company.id, hundredths: 800 });
        const now = t.clock.now();
        await recordTimeLogHours(t.deps, tx, { companyId: company.id, timeLogId: entry.id, hundredths: 800, description: 'Work', timeStamp: now, now });
        throw new Error('the write failed after the ledger changed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await since(before)).toEqual([]);
    expect(await outboxCount()).toBe(outboxRows);
    expect(await row(company.id)).toMatchObject({ balanceHundredths: 1000, balanceAlert: null, runningLowEmailedAt: null });
    expect(await balanceEmailEvents(company.id)).toEqual([]);
  });

  it('tells the provider even when the company has no admin to email', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Adminless Co' });
    await createUser(t.deps.db, { companyId: company.id, role: 'member' });
    await buy(company.id, 10);
    const before = await mark();
    await log(company.id, 6);
    const emails = await since(before);
    expect(subjects(emails)).toEqual(['Adminless Co is running low on hours']);
    expect(emails[0]!.textBody).toContain('The company has no approved admin to email, so nobody there was told.');
    expect(await row(company.id)).toMatchObject({ balanceAlert: 'runningLow', runningLowEmailedAt: null });
    // no one at the company was emailed
    expect(await balanceEmailEvents(company.id)).toEqual([]);
  });
});

describe('the negative-balance alert', () => {
  it('sends the negative email once, not again until the balance has risen above the threshold', async () => {
    const { company, admin } = await customer('Overdrawn Co');
    await buy(company.id, 2);
    let before = await mark();
    await log(company.id, 3);
    const emails = await since(before);
    // straight from above nothing to below 0: only the negative email
    expect(subjects(emails)).toEqual(['Overdrawn Co has a negative hour balance', 'Your hour balance is negative']);
    const toAdmins = withSubject(emails, 'Your hour balance');
    expect(toAdmins!.toAddresses).toBe(admin.emailAddress);
    expect(toAdmins!.textBody).toContain('is negative: -1 hour.');

    before = await mark();
    await log(company.id, 1);
    await buy(company.id, 3); // back to 1 hour: still below the threshold
    await log(company.id, 2);
    expect(await since(before)).toEqual([]);

    await buy(company.id, 10); // 9 hours: above the threshold again
    before = await mark();
    await log(company.id, 10);
    expect(subjects(await since(before))).toEqual(['Overdrawn Co has a negative hour balance', 'Your hour balance is negative']);
  });
});

describe('the Company List and its balance emails', () => {
  it('shows when each balance email was last sent, by hand or automatically', async () => {
    const { company } = await customer('Last Sent Co');
    await buy(company.id, 10);
    await log(company.id, 11); // the automatic negative email
    t.clock.advance(60 * 60 * 1000);
    expect((await asBoss().put(`/superadmin/companies/email/runningLow/${company.id}`)).statusCode).toBe(200);
    const [listed] = restPage<CompanyDto>(await asBoss().get('/superadmin/companies?search=Last%20Sent%20Co')).items;
    expect(listed).toMatchObject({
      runningLowEmailedAt: t.clock.now().toISOString(),
      negativeEmailedAt: new Date(t.clock.now().getTime() - 60 * 60 * 1000).toISOString(),
    });
  });

  it('lists only the running-low companies with lowOnly, negative ones included', async () => {
    const low = await customer('Filter Low');
    const negative = await customer('Filter Negative');
    const fine = await customer('Filter Fine');
    await buy(low.company.id, 3);
    await log(negative.company.id, 1);
    await buy(fine.company.id, 30);
    const names = restPage<CompanyDto>(await asBoss().get('/superadmin/companies?search=Filter&lowOnly=true')).items.map((c) => c.companyName);
    expect(names).toEqual(['Filter Low', 'Filter Negative']);
  });

  it('emails every running-low company of the filter once, skipping those emailed that kind within 24 hours', async () => {
    const start = t.clock.now();
    const low = await customer('Bulk Low');
    const negative = await customer('Bulk Negative');
    const fine = await customer('Bulk Fine');
    const recent = await customer('Bulk Recent');
    const other = await customer('Elsewhere Low');
    await buy(low.company.id, 3);
    await log(negative.company.id, 2); // the automatic negative email goes out now
    await buy(fine.company.id, 30);
    await buy(recent.company.id, 1);
    await buy(other.company.id, 1);
    expect((await asBoss().put(`/superadmin/companies/email/runningLow/${recent.company.id}`)).statusCode).toBe(200);

    let before = await mark();
    const response = await asBoss().post('/superadmin/companies/email-running-low', { search: 'Bulk' });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toEqual({
      sent: 1,
      skipped: 2,
      remaining: 0,
      message: 'Balance emails were sent to 1 company. 2 companies skipped: emailed within the last 24 hours or without approved users.',
    });
    const emails = await since(before);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('Your hour balance is running low — Test Provider LLC');
    expect(emails[0]!.textBody).toContain('Hello Bulk Low team');
    expect(emails[0]!.toAddresses.split(', ').sort()).toEqual([low.admin.emailAddress, low.member.emailAddress].sort());
    // each email recorded as the provider's who sent it; the negative company's automatic one as the app's own
    const byBoss = { actorId: boss.user.id, actorLabel: `${boss.user.firstName} ${boss.user.lastName} <${boss.user.emailAddress}>`, ipAddress: '127.0.0.1' };
    expect(await balanceEmailEvents(low.company.id)).toEqual([{ ...byBoss, subjectId: low.company.id, changes: { runningLowEmailedAt: { before: null, after: start.toISOString() } } }]);
    expect((await balanceEmailEvents(recent.company.id)).map((event) => event.actorId)).toEqual([boss.user.id]);
    expect((await balanceEmailEvents(negative.company.id)).map((event) => event.actorLabel)).toEqual([AUTOMATIC.actorLabel]);
    expect(await balanceEmailEvents(fine.company.id)).toEqual([]);

    expect(json(await asBoss().post('/superadmin/companies/email-running-low', { search: 'Bulk' }))).toMatchObject({ sent: 0, skipped: 3 });
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    before = await mark();
    expect(json(await asBoss().post('/superadmin/companies/email-running-low', { search: 'Bulk' }))).toMatchObject({ sent: 3, skipped: 0 });
    // a negative balance gets the negative email
    const opening = (email: { subject: string; textBody: string }) => `${email.subject.split(' — ')[0]}: ${email.textBody.split('\n')[0]}`;
    expect((await since(before)).map(opening).sort()).toEqual([
      'Your hour balance is negative: Hello Bulk Negative team,',
      'Your hour balance is running low: Hello Bulk Low team,',
      'Your hour balance is running low: Hello Bulk Recent team,',
    ]);
    t.clock.set(start);
  });

  it('gets through every due company however many have no approved user, emailing each with one exactly once', async () => {
    const withBalance = async (companyName: string, balanceHundredths: number) => {
      const company = await createCompany(t.deps.db, { companyName });
      await setCompany(t.deps.db, company.id, { balanceHundredths });
      return company;
    };
    // more than one send's worth of companies no one can be emailed at, all lower than the rest so they come first
    const unreachable = BULK_BALANCE_EMAIL_LIMIT + 1;
    for (let n = 0; n < unreachable; n += 1) {
      const company = await withBalance(`Stall Nobody ${n}`, 100);
      if (n % 2 === 0) await createUser(t.deps.db, { companyId: company.id, approved: false, password: null });
    }
    const reachable = new Map<string, string>();
    for (let n = 0; n < BULK_BALANCE_EMAIL_LIMIT + 5; n += 1) {
      const company = await withBalance(`Stall Staffed ${n}`, 200);
      reachable.set((await createUser(t.deps.db, { companyId: company.id, password: null })).emailAddress, company.id);
    }

    const before = await mark();
    const answers: { sent: number; skipped: number; remaining: number; message: string }[] = [];
    do {
      const response = await asBoss().post('/superadmin/companies/email-running-low', { search: 'Stall' });
      expect(response.statusCode, response.body).toBe(200);
      answers.push(json(response));
    } while (answers.at(-1)!.remaining > 0 && answers.length < 4);

    expect(answers).toEqual([
      {
        sent: 200,
        skipped: 201,
        remaining: 5,
        message: 'Balance emails were sent to 200 companies. 201 companies skipped: emailed within the last 24 hours or without approved users. 5 companies left; send again to email them.',
      },
      { sent: 5, skipped: 401, remaining: 0, message: 'Balance emails were sent to 5 companies. 401 companies skipped: emailed within the last 24 hours or without approved users.' },
    ]);
    const recipients = (await since(before)).map((email) => email.toAddresses);
    expect(recipients.sort()).toEqual([...reachable.keys()].sort());
    for (const companyId of reachable.values()) expect((await row(companyId)).runningLowEmailedAt).toEqual(t.clock.now());
  });

  it('refuses a filter that is not the list\'s (400) and sends nothing', async () => {
    const before = await mark();
    const response = await asBoss().post('/superadmin/companies/email-running-low', { positiveOnly: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(await since(before)).toEqual([]);
  });
});

describe("the company dialog's threshold", () => {
  it.each([
    [-1, 'Low-balance threshold must be 0 or more.'],
    [10_000.5, 'Low-balance threshold must be at most 10000.'],
    [1.234, 'Low-balance threshold must have at most 2 decimals.'],
    ['many', 'Low-balance threshold must be a number.'],
  ])('refuses %s (400) and changes nothing', async (lowBalanceHours, message) => {
    const company = await createCompany(t.deps.db, { companyName: 'Strict Co' });
    const response = await asBoss().put(`/superadmin/companies/${company.id}`, { companyName: 'Strict Co', lowBalanceHours });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
    expect((await row(company.id)).lowBalanceHundredths).toBeNull();
  });

  it('re-arms the alerts when a lower threshold leaves the balance above it, and sends nothing by itself', async () => {
    const { company } = await customer('Rearm Co');
    await buy(company.id, 10);
    await log(company.id, 6);
    expect((await row(company.id)).balanceAlert).toBe('runningLow');
    const before = await mark();
    await asBoss().put(`/superadmin/companies/${company.id}`, { companyName: 'Rearm Co', lowBalanceHours: 2 });
    expect((await row(company.id)).balanceAlert).toBeNull();
    await asBoss().put(`/superadmin/companies/${company.id}`, { companyName: 'Rearm Co', lowBalanceHours: 8 });
    expect(await since(before)).toEqual([]);
  });
});

describe('GET /superadmin/companies/running-low', () => {
  it('lists the running-low companies lowest balance first, with threshold and forecast', async () => {
    const fresh = await createTestApp();
    try {
      const bossThere = await signedInUser(fresh, { role: 'superadmin' });
      const make = (companyName: string) => createCompany(fresh.deps.db, { companyName });
      const deep = await make('Deep');
      const edge = await make('Edge');
      await make('Empty');
      const rich = await make('Rich');
      await setCompany(fresh.deps.db, deep.id, { balanceHundredths: -300 });
      await setCompany(fresh.deps.db, edge.id, { balanceHundredths: 500 });
      await setCompany(fresh.deps.db, rich.id, { balanceHundredths: 4000, lowBalanceHundredths: 5000 });
      const page = restPage<RunningLowCompanyDto>(await api(fresh.app, bossThere.token).get('/superadmin/companies/running-low?per_page=3'));
      expect(page.total).toBe(4);
      expect(page.items).toEqual([
        { _id: deep.id, companyName: 'Deep', hourBalance: -3, thresholdHours: 5, forecast: null },
        { _id: expect.any(String), companyName: 'Empty', hourBalance: 0, thresholdHours: 5, forecast: null },
        { _id: edge.id, companyName: 'Edge', hourBalance: 5, thresholdHours: 5, forecast: null },
      ]);
    } finally {
      await fresh.close();
    }
  });
});

describe('the running-low reads', () => {
  it.runIf(onSqlite)('walk the balance index from the lowest balance, never sorting, look up users by company and read the forecasts on the timeline index', async () => {
    const fresh = await createTestApp();
    try {
      for (let n = 0; n < 40; n += 1) {
        const company = await createCompany(fresh.deps.db, { companyName: `Plan ${n}` });
        await setCompany(fresh.deps.db, company.id, { balanceHundredths: n * 50 - 300 });
      }
      const overview = await statementPlans(fresh.database, () => runningLowCompanies(fresh.deps, { page: 1, perPage: 10 }));
      const bulk = await statementPlans(fresh.database, () =>
        runningLowToEmail(fresh.deps, fresh.deps.db, bulkBalanceEmailInput.parse({}), { since: new Date(0), limit: 200 }),
      );
      for (const plans of [overview, bulk]) {
        const page = pageStatement(plans, 'companies');
        expect(page.plan.join('\n')).toMatch(/SCAN companies USING INDEX companies_balance_idx/);
        expect(plans.flatMap((plan) => plan.plan).join('\n')).not.toMatch(/TEMP B-TREE|SCAN activities/);
      }
      // the bulk send's test for an approved user looks up each company's users on their index, never all users
      expect(pageStatement(bulk, 'companies').plan).toContain('SEARCH users EXISTS USING INDEX users_company_idx (company_id=?)');
      expect(fullScans(bulk, ['users'])).toEqual([]);
      const usage = overview.find((plan) => plan.sql.includes('from "activities"'));
      expect(usage?.plan.join('\n')).toMatch(/SEARCH activities USING COVERING INDEX activities_timeline_idx \(company_id=\? AND time_stamp>\? AND time_stamp<\?\)/);
    } finally {
      await fresh.close();
    }
  });
});

describe('the customer dashboard forecast', () => {
  it("tells the customer how long the hours last at the company's recent pace", async () => {
    const { company } = await customer('Pace Co');
    const user = await signedInUser(t, { companyId: company.id, role: 'member' });
    await buy(company.id, 40);
    await log(company.id, 20, '2026-01-20T15:00:00.000Z');
    const dashboard = json<DashboardDto>(await api(t.app, user.token).get('/dashboard'));
    // 20 hours left at 2.5 a week: 56 days
    expect(dashboard.forecast).toEqual({ hoursPerWeek: 2.5, runsOutOn: '2026-04-27', expiring: null });
  });

  it('has no forecast without recent use', async () => {
    const { company } = await customer('Idle Co');
    const user = await signedInUser(t, { companyId: company.id, role: 'member' });
    await buy(company.id, 10);
    await log(company.id, 2, '2025-10-01T15:00:00.000Z');
    expect(json<DashboardDto>(await api(t.app, user.token).get('/dashboard')).forecast).toBeNull();
  });
});
