import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsRecordedBy } from '../../testing/events.js';
import { STATEMENT_FROM_AFTER_TO, STATEMENT_IN_FUTURE, STATEMENT_MAX_LINES, STATEMENT_TOO_LONG, statementTooManyLines } from '../../../shared/exports.js';
import { userRateLimits } from '../../../shared/limits.js';
import { COMPANY_DOWNLOAD_RUNNING } from '../../download-slots.js';
import { INVALID_DOWNLOAD_LINK } from '../../downloads.js';
import { defaultRateLimits, RateLimiter } from '../../rate-limit.js';
import { api, createTestApp, json, signedInAt, signedInUser, type SignedInUser, type TestApp } from '../../testing/app.js';
import { csvObjects } from '../../testing/csv-parse.js';
import { createCompany, createInvoiceRow, purchasedHours, workedHours } from '../../testing/factories.js';
import { sqliteConnections, testEngine } from '../../testing/engine.js';

/** Query plans are SQLite's: on PostgreSQL these tests check the answers only. */
const onSqlite = testEngine() === 'sqlite';

/*
 * A company's own downloads: its ledger as CSV (any of its users), its statement as PDF (its
 * admins), each only ever of the caller's company. The PDF is read back with pdftotext.
 */

let t: TestApp;
let acme: Awaited<ReturnType<typeof createCompany>>;
let admin: SignedInUser;
let member: SignedInUser;
let otherAdmin: SignedInUser;
let boss: SignedInUser;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  t.deps.rateLimiter = new RateLimiter(t.clock, { rules: { ...defaultRateLimits, perUser: { ...userRateLimits, download: { ...userRateLimits.download, limit: 10_000 } } } });
  acme = await createCompany(t.deps.db, { companyName: 'Acme Corp', companyAddress: '1 Main St\nSpringfield' });
  const other = await createCompany(t.deps.db, { companyName: 'Other Co' });
  admin = await signedInUser(t, { companyId: acme.id, role: 'admin' });
  member = await signedInUser(t, { companyId: acme.id, role: 'member' });
  otherAdmin = await signedInUser(t, { companyId: other.id, role: 'admin' });
  boss = await signedInUser(t, { role: 'superadmin' });
  const db = t.deps.db;
  await purchasedHours(db, acme.id, 1000, 'January purchase', at('2026-01-05T15:00:00Z'));
  await workedHours(db, acme.id, 200, 'January work', at('2026-01-20T15:00:00Z'));
  // 1 February 02:00 UTC is still 31 January in New York (APP_TIMEZONE): before the period
  await workedHours(db, acme.id, 25, 'Late January work', at('2026-02-01T02:00:00Z'));
  await purchasedHours(db, acme.id, 500, 'February purchase', at('2026-02-03T15:00:00Z'));
  await workedHours(db, acme.id, 150, '=February work', at('2026-02-10T15:00:00Z'));
  await purchasedHours(db, acme.id, 400, 'February unpaid purchase', at('2026-02-12T15:00:00Z'), false);
  await workedHours(db, acme.id, 300, 'March work', at('2026-03-01T15:00:00Z'));
  await workedHours(db, other.id, 700, 'Other company work', at('2026-02-11T15:00:00Z'));
  const invoice = await api(t.app, boss.token).post('/superadmin/invoices', { company: acme.id, description: 'Consulting block', price: 1250.5, transactionDate: '2026-02-15T15:00:00Z', sendInvoiceEmail: false });
  const invoiceId = json<{ _id: string }>(invoice)._id;
  await api(t.app, boss.token).post('/superadmin/payments', { company: acme.id, invoice: invoiceId, amount: 200, method: 'Zelle', paymentDate: '2026-02-16T15:00:00Z', sendEmail: false });
  await api(t.app, boss.token).post('/superadmin/payments', { company: acme.id, invoice: invoiceId, amount: 50, method: 'Check', status: 'bounced', paymentDate: '2026-02-17T15:00:00Z', sendEmail: false });
  await api(t.app, boss.token).post('/superadmin/invoices', { company: acme.id, description: 'March invoice', price: 99, transactionDate: '2026-03-01T15:00:00Z', sendInvoiceEmail: false });
});
afterAll(() => t.close());

describe('activities CSV', () => {
  it("holds the caller's whole ledger, newest first, with the balances the Activities page shows", async () => {
    const response = await api(t.app, member.token).get('/activities/export.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="activities-acme-corp-2026-03-02.csv"');
    const rows = csvObjects(response.body);
    const page = json<{ allActivities: { description: string; runningHourBalance: number }[] }>(await api(t.app, member.token).get('/activities?per_page=1000'));
    expect(rows.map((row) => [row.Description!.replace(/^'/, ''), Number(row.Balance)])).toEqual(page.allActivities.map((entry) => [entry.description, entry.runningHourBalance]));
    expect(rows.some((row) => row.Description === 'Other company work')).toBe(false);
    expect(rows.find((row) => row.Description === "'=February work")).toMatchObject({ Date: 'Feb 10, 2026', Type: 'TimeLog', Status: 'completed', Hours: '-1.5' });
  });

  it('by signed link: the link names the caller\'s company and cannot be turned to another', async () => {
    const { url } = json<{ url: string }>(await api(t.app, otherAdmin.token).get('/activities/export/link'));
    const response = await t.app.inject({ method: 'GET', url });
    expect(csvObjects(response.body).map((row) => row.Description)).toEqual(['Other company work']);
    const decoded = decodeURIComponent(url);
    const company = /"company":"([^"]+)"/.exec(decoded)![1]!;
    const tampered = url.replace(encodeURIComponent(company), encodeURIComponent(acme.id));
    expect(tampered).not.toBe(url);
    const refused = await t.app.inject({ method: 'GET', url: tampered });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe(INVALID_DOWNLOAD_LINK);
  });

  it('is refused to the provider, who has no company, and to anyone signed out', async () => {
    expect((await api(t.app, boss.token).get('/activities/export.csv')).statusCode).toBe(403);
    expect((await api(t.app).get('/activities/export.csv')).statusCode).toBe(401);
  });

  it('a signed customer link does not open a provider export', async () => {
    const { url } = json<{ url: string }>(await api(t.app, admin.token).get('/activities/export/link'));
    const moved = url.replace('/api/activities/export.csv', '/api/superadmin/exports/companies.csv');
    expect((await t.app.inject({ method: 'GET', url: moved })).statusCode).toBe(403);
  });
});

function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

async function statement(token: string, query: string) {
  return t.app.inject({ method: 'GET', url: `/api/activities/statement.pdf?${query}`, headers: { jwttoken: token } });
}

describe('statement PDF', () => {
  it('shows the opening balance, the period\'s entries with running balances, the closing balance, invoices and payments', async () => {
    const response = await statement(admin.token, 'from=2026-02-01&to=2026-02-28');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="statement-acme-corp-2026-02-01-to-2026-02-28.pdf"');
    const text = pdfText(response.rawPayload);
    // opening: 10 bought - 2 - 0.25 worked before 1 February (New York); closing: + 5 - 1.5, the unpaid purchase not counted
    expect(text).toMatch(/Opening balance\s+7\.75 hours/);
    expect(text).toMatch(/Hours added\s+5\b/);
    expect(text).toMatch(/Hours used\s+1\.5\b/);
    expect(text).toMatch(/Closing balance\s+11\.25 hours/);
    expect(text).toMatch(/February purchase\s+TimeAdd\s+5\s+12\.75/);
    expect(text).toMatch(/=February work\s+TimeLog\s+-1\.5\s+11\.25/);
    expect(text).toMatch(/February unpaid purchase\s+TimeAdd \(pending\)\s+4\s+11\.25/);
    for (const outside of ['January purchase', 'January work', 'Late January work', 'March work', 'March invoice', 'Other company work']) expect(text).not.toContain(outside);
    // the status as every invoice list shows it, the partial state beside it
    expect(text).toMatch(/Consulting block\s+0\s+Pending \(partly paid\)\s+\$1,250\.50/);
    expect(text).toMatch(/Total invoiced\s+\$1,250\.50/);
    expect(text).toMatch(/Zelle\s+completed\s+\$200/);
    expect(text).toMatch(/Check\s+bounced\s+\$50/);
    expect(text).toMatch(/Total paid \(completed payments\)\s+\$200/);
    expect(text).toContain('Feb 1, 2026 to Feb 28, 2026');
  });

  it('agrees with the ledger: the opening and closing balances are the running balances at the period\'s edges', async () => {
    const page = json<{ allActivities: { description: string; runningHourBalance: number }[] }>(await api(t.app, admin.token).get('/activities?per_page=1000'));
    const balanceAfter = (description: string) => page.allActivities.find((entry) => entry.description === description)!.runningHourBalance;
    const text = pdfText((await statement(admin.token, 'from=2026-02-01&to=2026-02-28')).rawPayload);
    expect(Number(/Opening balance\s+([\d.-]+)/.exec(text)![1])).toBe(balanceAfter('Late January work'));
    expect(Number(/Closing balance\s+([\d.-]+)/.exec(text)![1])).toBe(balanceAfter('February unpaid purchase'));
  });

  it('runs over pages for a long period, repeating the table header', async () => {
    const busy = await createCompany(t.deps.db, { companyName: 'Busy Co' });
    const busyAdmin = await signedInUser(t, { companyId: busy.id, role: 'admin' });
    await purchasedHours(t.deps.db, busy.id, 100_000, 'Big block', at('2025-01-01T15:00:00Z'));
    for (let day = 0; day < 120; day += 1) await workedHours(t.deps.db, busy.id, 50, `Daily work ${day}`, new Date(Date.UTC(2025, 0, 2, 15) + day * 86_400_000));
    const text = pdfText((await statement(busyAdmin.token, 'from=2025-01-01&to=2025-12-31')).rawPayload);
    expect(text).toMatch(/Page 3 of \d/);
    expect(text.match(/DATE\s+DESCRIPTION\s+TYPE\s+HOURS\s+BALANCE/g)!.length).toBeGreaterThan(1);
    expect(text).toMatch(/Daily work 119\s+TimeLog\s+-0\.5\s+940/);
    expect(text).toMatch(/Closing balance\s+940 hours/);
  });

  it.each([
    ['from=2026-02-10&to=2026-02-01', STATEMENT_FROM_AFTER_TO],
    ['from=2020-01-01&to=2025-06-01', STATEMENT_TOO_LONG],
    ['from=2026-03-01&to=2026-03-03', STATEMENT_IN_FUTURE],
    ['from=2026-02-30&to=2026-03-01', 'The start date is not a calendar date: 2026-02-30 does not exist.'],
    ['from=02/01/2026&to=2026-03-01', 'The start date must be a date (YYYY-MM-DD).'],
  ])('refuses %s', async (query, message) => {
    const response = await statement(admin.token, query);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
  });

  it('is for company admins: a plain member and the provider are refused', async () => {
    expect((await statement(member.token, 'from=2026-02-01&to=2026-02-28')).statusCode).toBe(403);
    expect((await statement(boss.token, 'from=2026-02-01&to=2026-02-28')).statusCode).toBe(403);
    expect((await api(t.app, member.token).get('/activities/statement/link?from=2026-02-01&to=2026-02-28')).statusCode).toBe(403);
  });

  it('by signed link, without the session header', async () => {
    const { url } = json<{ url: string }>(await api(t.app, admin.token).get('/activities/statement/link?from=2026-02-01&to=2026-03-02'));
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).toContain('March work');
  });
});

describe('downloads running at once', () => {
  it.runIf(onSqlite)("holds a company to one download at a time without stopping other companies' or the provider's", async () => {
    const busy = await createCompany(t.deps.db, { companyName: 'Busy Ledger' });
    const busyUser = await signedInUser(t, { companyId: busy.id, role: 'member' });
    const { writer } = sqliteConnections(t.database);
    const insert = writer.prepare(
      "insert into activities (id, company_id, activity_type, status, hundredths, description, time_stamp, created_at) values (?, ?, 'TimeLog', 'completed', -100, ?, ?, ?)",
    );
    writer.transaction(() => {
      for (let index = 0; index < 30_000; index += 1) insert.run(`busy-${index}`, busy.id, `Entry ${index}`, Date.UTC(2025, 0, 1) + index * 60_000, Date.UTC(2025, 0, 1));
    })();
    const csvOf = (token: string) => t.app.inject({ method: 'GET', url: '/api/activities/export.csv', headers: { jwttoken: token }, payloadAsStream: true });
    // read by nobody yet, so it waits on its reader
    const running = await csvOf(busyUser.token);
    expect(running.statusCode).toBe(200);

    const again = await api(t.app, busyUser.token).get('/activities/export.csv');
    expect(again.statusCode).toBe(429);
    expect(json(again).message).toBe(COMPANY_DOWNLOAD_RUNNING);
    expect((await api(t.app, otherAdmin.token).get('/activities/export.csv')).statusCode).toBe(200);
    expect((await api(t.app, boss.token).get('/superadmin/exports/companies.csv')).statusCode).toBe(200);

    for await (const _chunk of running.stream()) void _chunk;
    expect((await api(t.app, busyUser.token).get('/activities/export.csv')).statusCode).toBe(200);
    writer.exec("delete from activities where id like 'busy-%'");
  });
});

describe('events', () => {
  /** The events of `type` that `call` recorded. */
  async function recordedBy(type: string, call: () => Promise<{ statusCode: number }>) {
    const { answer, events } = await eventsRecordedBy(t.deps.db, call, { types: [type] });
    expect(answer.statusCode).toBe(200);
    return events;
  }

  it('records a statement downloaded by the admin its link names, from the address that fetched it, with the company and period', async () => {
    const link = await api(t.app, admin.token).get('/activities/statement/link?from=2026-02-01&to=2026-02-28');
    expect(await recordedBy('statement.downloaded', async () => link)).toEqual([]);
    const { url } = json<{ url: string }>(link);
    const recorded = await recordedBy('statement.downloaded', () => t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.6' }));
    expect(recorded).toMatchObject([
      { actorId: admin.user.id, ipAddress: '203.0.113.6', companyId: acme.id, subjectType: 'statement', changes: { from: { before: null, after: '2026-02-01' }, to: { before: null, after: '2026-02-28' } } },
    ]);
  });

  it("records the activities CSV downloaded by the user, of the user's company", async () => {
    const recorded = await recordedBy('export.downloaded', () => api(t.app, member.token).get('/activities/export.csv'));
    expect(recorded).toMatchObject([{ actorId: member.user.id, companyId: acme.id, subjectType: 'export', changes: { list: { before: null, after: 'activities' } } }]);
  });
});

describe('a signed link fetched again and again', () => {
  it.each([
    ['the activities CSV', '/activities/export/link'],
    ['a statement', '/activities/statement/link?from=2026-02-01&to=2026-02-28'],
  ])('%s: each fetch after the first counts as a download, so one link fetched 30 times gives the limit, then 429', async (_file, linkPath) => {
    const roomy = t.deps.rateLimiter;
    t.deps.rateLimiter = new RateLimiter(t.clock);
    try {
      const fetcher = await signedInUser(t, { companyId: acme.id, role: 'admin' });
      const { url } = json<{ url: string }>(await api(t.app, fetcher.token).get(linkPath));
      const answers = [];
      for (let fetch = 0; fetch < 30; fetch += 1) answers.push(await t.app.inject({ method: 'GET', url }));
      const { limit } = userRateLimits.download;
      // the link call counted the first fetch
      expect(answers.map((answer) => answer.statusCode)).toEqual([...Array<number>(limit).fill(200), ...Array<number>(30 - limit).fill(429)]);
      expect(json(answers.at(-1)!).message).toMatch(/^Too many downloads\. Please try again in \d+ minutes?\.$/);
      expect((await api(t.app, fetcher.token).get(linkPath)).statusCode).toBe(429);
    } finally {
      t.deps.rateLimiter = roomy;
    }
  });
});

describe('statement size', () => {
  it.runIf(onSqlite)(`holds at most ${STATEMENT_MAX_LINES.toLocaleString('en-US')} entries, invoices and payments: a longer period is refused with a message, also by a link issued before it grew`, async () => {
    const long = await createCompany(t.deps.db, { companyName: 'Long Ledger' });
    const longAdmin = await signedInUser(t, { companyId: long.id, role: 'admin' });
    const { writer } = sqliteConnections(t.database);
    const insert = writer.prepare(
      "insert into activities (id, company_id, activity_type, status, hundredths, description, time_stamp, created_at) values (?, ?, 'TimeLog', 'completed', -10, ?, ?, ?)",
    );
    writer.transaction(() => {
      for (let index = 0; index < STATEMENT_MAX_LINES - 1; index += 1) insert.run(`long-${index}`, long.id, `Entry ${index}`, Date.UTC(2025, 0, 2) + index * 3_600_000, Date.UTC(2025, 0, 2));
    })();
    await createInvoiceRow(t.deps.db, { companyId: long.id, description: 'The last line that fits', transactionDate: at('2025-12-01T15:00:00Z') });
    const year = '/activities/statement/link?from=2025-01-01&to=2025-12-31';
    const issued = await api(t.app, longAdmin.token).get(year);
    expect(issued.statusCode, issued.body).toBe(200);

    await createInvoiceRow(t.deps.db, { companyId: long.id, description: 'One line too many', transactionDate: at('2025-12-02T15:00:00Z') });
    const refused = await api(t.app, longAdmin.token).get(year);
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toBe(statementTooManyLines(STATEMENT_MAX_LINES + 1));
    for (const late of [await t.app.inject({ method: 'GET', url: json<{ url: string }>(issued).url }), await statement(longAdmin.token, 'from=2025-01-01&to=2025-12-31')]) {
      expect(late.statusCode).toBe(400);
      expect(json(late).message).toBe(statementTooManyLines(STATEMENT_MAX_LINES + 1));
    }
    expect((await api(t.app, longAdmin.token).get('/activities/statement/link?from=2025-01-01&to=2025-06-30')).statusCode).toBe(200);
    writer.prepare('delete from activities where company_id = ?').run(long.id);
  });
});

describe('expiries and rollovers in the downloads', () => {
  it('appear as their own lines, in the statement of their period and in the CSV', async () => {
    const blocky = await createCompany(t.deps.db, { companyName: 'Blocky Co' });
    // a 10-hour quarterly block, half its unused hours rolling over for a month; 2 hours used
    await purchasedHours(t.deps.db, blocky.id, 1_000, 'Quarterly block', at('2026-01-05T15:00:00Z'), true, {
      expiresAt: at('2026-04-05T04:00:00Z'),
      rollover: { limit: 50, unit: 'percent', expiresAt: at('2026-05-05T04:00:00Z') },
    });
    await workedHours(t.deps.db, blocky.id, 200, 'January work', at('2026-01-20T15:00:00Z'));
    const previous = t.clock.now();
    try {
      const blockyAdmin = await signedInAt(t, '2026-06-01T15:00:00Z', { companyId: blocky.id, role: 'admin' });
      const response = await statement(blockyAdmin.token, 'from=2026-04-01&to=2026-05-31');
      expect(response.statusCode, response.body).toBe(200);
      const text = pdfText(response.rawPayload);
      expect(text).toMatch(/Opening balance\s+8 hours/);
      // 8 unused on 5 April: 4 expire, 4 roll over; those 4 expire unused on 5 May
      expect(text).toMatch(/Unused hours expired\s+Expired\s+-4\s+4\b/);
      expect(text).toMatch(/Unused hours rolled over into a new block\s+Rollover\s+-4\s+0\b/);
      expect(text).toMatch(/Hours rolled over from an expired block\s+Rollover\s+4\s+4\b/);
      expect(text).toMatch(/Unused hours expired\s+Expired\s+-4\s+0\b/);
      expect(text).toMatch(/Closing balance\s+0 hours/);

      const rows = csvObjects((await api(t.app, blockyAdmin.token).get('/activities/export.csv')).body);
      expect(rows.map((row) => [row.Date, row.Type, row.Description, row.Hours, row.Balance])).toEqual([
        ['May 5, 2026', 'Expired', 'Unused hours expired', '-4', '0'],
        ['Apr 5, 2026', 'Rollover', 'Hours rolled over from an expired block', '4', '4'],
        ['Apr 5, 2026', 'Rollover', 'Unused hours rolled over into a new block', '-4', '0'],
        ['Apr 5, 2026', 'Expired', 'Unused hours expired', '-4', '4'],
        ['Jan 20, 2026', 'TimeLog', 'January work', '-2', '8'],
        ['Jan 5, 2026', 'TimeAdd', 'Quarterly block', '10', '10'],
      ]);
    } finally {
      t.clock.set(previous);
    }
  });
});
