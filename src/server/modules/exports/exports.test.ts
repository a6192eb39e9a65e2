import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsRecordedBy } from '../../testing/events.js';
import { EXPORT_LISTS } from '../../../shared/exports.js';
import { api, createTestApp, json, signedInUser, type SignedInUser, type TestApp } from '../../testing/app.js';
import { csvObjects } from '../../testing/csv-parse.js';
import { createCompany, createPackage, createTask, createInvoiceRow, createTimeLogRow, createUser, purchasedHours } from '../../testing/factories.js';
import { EXPIRED_DOWNLOAD_LINK, INVALID_DOWNLOAD_LINK } from '../../downloads.js';
import { MAX_RUNNING_DOWNLOADS, TOO_MANY_RUNNING } from '../../download-slots.js';
import { csvChunks } from './csv-stream.js';
import { providerLists } from './provider-lists.js';
import { userRateLimits } from '../../../shared/limits.js';
import { defaultRateLimits, RateLimiter } from '../../rate-limit.js';
import { tamperedSignature } from '../../testing/links.js';

/*
 * The back-office exports over /api: each list's CSV holds exactly the rows its page shows for the
 * same search, company filter and sort, in the same order; only the super-admin gets one, by the
 * jwttoken header or by a signed link that cannot be altered or outlive its five minutes.
 */

let t: TestApp;
let boss: SignedInUser;
let customer: SignedInUser;
let acme: Awaited<ReturnType<typeof createCompany>>;
let globex: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  t = await createTestApp();
  t.deps.rateLimiter = roomyLimiter();
  boss = await signedInUser(t, { role: 'superadmin' });
  acme = await createCompany(t.deps.db, { companyName: 'Acme, "Widgets"' });
  globex = await createCompany(t.deps.db, { companyName: '=HYPERLINK("http://evil","x")' });
  await createCompany(t.deps.db, { companyName: 'Zeta Ltd' });
  customer = await signedInUser(t, { companyId: acme.id, role: 'admin' });
  for (const [index, company] of [acme, globex, acme].entries()) {
    await createTask(t.deps.db, { companyId: company.id, title: `Fix thing ${index}`, priority: index });
    await createPackage(t.deps.db, { description: `Block ${index}`, companyId: index === 1 ? company.id : null, rateCents: 10_000 + index });
    await createTimeLogRow(t.deps.db, { companyId: company.id, description: `-Worked ${index}\nsecond line`, hundredths: 150 + index, timeStamp: new Date(Date.UTC(2026, 1, index + 1, 15)) });
    const invoice = await api(t.app, boss.token).post('/superadmin/invoices', { company: company.id, description: `Hours block ${index}`, price: 100 * (index + 1), sendInvoiceEmail: false });
    await api(t.app, boss.token).post('/superadmin/payments', { company: company.id, invoice: json<{ _id: string }>(invoice)._id, amount: 10 + index, method: 'ACH', description: `Payment ${index}`, sendEmail: false });
  }
  await signedInUser(t, { companyId: globex.id, firstName: 'Grace', emailAddress: 'grace@globex.test' });
  // what each list's switch leaves out: a paid invoice, an approved user, a company without hours
  await createUser(t.deps.db, { companyId: acme.id, firstName: 'Waiting', emailAddress: 'waiting@acme.test', approved: false });
  await purchasedHours(t.deps.db, acme.id, 5_000, 'Paid block', new Date(Date.UTC(2026, 0, 5)));
  await createInvoiceRow(t.deps.db, { companyId: acme.id, description: 'Paid in full', completeStatus: true, status: 'Completed' });
});
afterAll(() => t.close());

/** Writes `count` time logs of the company straight to the table, a minute apart, with ids `<prefix>-<n>` (no ledger entries). */
async function insertTimeLogs(companyId: string, prefix: string, count: number): Promise<void> {
  const start = Date.UTC(2025, 0, 1);
  const rows = Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${index}`,
    companyId,
    timeStamp: new Date(start + index * 60_000),
    hundredths: 100,
    description: `Log ${index}`,
    createdAt: new Date(start),
  }));
  await t.deps.db.transaction(async (tx) => {
    // a thousand rows a statement, well within SQLite's limit on bound values
    for (let from = 0; from < rows.length; from += 1000) await tx.insert(tx.t.timeLogs).values(rows.slice(from, from + 1000));
  });
}

async function deleteTimeLogs(prefix: string): Promise<void> {
  await t.deps.db.transaction((tx) => tx.delete(tx.t.timeLogs).where(like(tx.t.timeLogs.id, `${prefix}-%`)));
}

/** These tests download far more often than a person would; the limit itself has its own test. */
const roomyLimiter = () => new RateLimiter(t.clock, { rules: { ...defaultRateLimits, perUser: { ...userRateLimits, download: { ...userRateLimits.download, limit: 10_000 } } } });

const pagePaths: Record<(typeof EXPORT_LISTS)[number], string> = {
  companies: '/superadmin/companies',
  users: '/superadmin/users',
  packages: '/superadmin/packages',
  tasks: '/superadmin/allopentasks',
  timelogs: '/superadmin/timelogs',
  invoices: '/superadmin/allinvoices',
  payments: '/superadmin/payments',
  events: '/superadmin/events',
};

/** Each list's CSV column and the page field it shows, to compare rows and their order. */
const keyColumns: Record<(typeof EXPORT_LISTS)[number], [string, (row: Record<string, unknown>) => unknown]> = {
  companies: ['Company Name', (row) => row.companyName],
  users: ['Email', (row) => row.emailAddress],
  packages: ['Description', (row) => row.description],
  tasks: ['Title', (row) => row.title],
  timelogs: ['Description', (row) => row.description],
  invoices: ['Invoice', (row) => row.invoiceId],
  payments: ['Description', (row) => row.description],
  events: ['Record Id', (row) => row.subjectId ?? ''],
};

/** What a spreadsheet shows for a cell the export guarded. */
const unguarded = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

async function compareWithPage(list: (typeof EXPORT_LISTS)[number], query: string) {
  const page = await api(t.app, boss.token).get(`${pagePaths[list]}?per_page=1000&${query}`);
  expect(page.statusCode).toBe(200);
  const csv = await api(t.app, boss.token).get(`/superadmin/exports/${list}.csv?${query}`);
  expect(csv.statusCode, csv.body).toBe(200);
  const [column, field] = keyColumns[list];
  expect(csvObjects(csv.body).map((row) => unguarded(row[column]!))).toEqual(json<Record<string, unknown>[]>(page).map(field));
  return csvObjects(csv.body);
}

describe('back-office exports', () => {
  it.each(EXPORT_LISTS)('%s: the same rows in the same order as the list, for its default order and each direction', async (list) => {
    const all = await compareWithPage(list, '');
    expect(all.length).toBeGreaterThan(0);
    await compareWithPage(list, 'dir=asc');
    await compareWithPage(list, 'dir=desc');
    await compareWithPage(list, `company=${globex.id}`);
  });

  it.each([
    ['companies', 'search=acme&sort=hourBalance'],
    ['users', 'search=grace&sort=emailAddress&dir=asc'],
    ['packages', 'search=Block&sort=description&dir=desc'],
    ['tasks', 'search=thing&sort=title&dir=desc'],
    ['timelogs', 'search=Worked&sort=invertedHours&dir=asc&timeZone=UTC'],
    ['invoices', 'search=block&sort=price&dir=asc'],
    ['payments', 'search=payment&sort=amount&dir=desc'],
    ['companies', 'positiveOnly=true'],
    ['companies', 'lowOnly=true'],
    ['users', 'awaitingApproval=true'],
    ['invoices', 'openOnly=true'],
  ] as const)('%s honours %s', async (list, query) => {
    await compareWithPage(list, query);
  });

  it.each([
    ['companies', 'positiveOnly=true'],
    ['companies', 'lowOnly=true'],
    ['users', 'awaitingApproval=true'],
    ['invoices', 'openOnly=true'],
  ] as const)("%s: the list's switch (%s) leaves rows out of the file as it does on screen", async (list, query) => {
    const everything = await compareWithPage(list, '');
    const switched = await compareWithPage(list, query);
    expect(switched.length).toBeGreaterThan(0);
    expect(switched.length).toBeLessThan(everything.length);
  });

  it('writes a UTF-8 CSV attachment named after the list and the day, with a byte-order mark', async () => {
    const response = await api(t.app, boss.token).get('/superadmin/exports/timelogs.csv');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="time-logs-2026-03-02.csv"');
    expect(response.body.startsWith('\uFEFFCompany,DateTime,Hours,Description,Task\r\n')).toBe(true);
  });

  it('writes what the screen shows: date texts, hours as numbers, formula-like text guarded, quotes and newlines kept', async () => {
    const rows = csvObjects((await api(t.app, boss.token).get('/superadmin/exports/timelogs.csv?timeZone=UTC&sort=timeStamp&dir=asc')).body);
    expect(rows[0]).toMatchObject({ DateTime: 'Feb 1, 2026, 3:00 PM', Hours: '1.5', Description: "'-Worked 0\nsecond line" });
    const companies = csvObjects((await api(t.app, boss.token).get('/superadmin/exports/companies.csv')).body);
    expect(companies.map((row) => row['Company Name'])).toContain(`'=HYPERLINK("http://evil","x")`);
    expect(companies.map((row) => row['Company Name'])).toContain('Acme, "Widgets"');
  });

  it("writes an invoice's status as the list shows it: the word, and beside it that it is partly paid", async () => {
    const rows = csvObjects((await api(t.app, boss.token).get(`/superadmin/exports/invoices.csv?company=${acme.id}`)).body);
    const statusOf = (description: string) => rows.find((row) => row.Description === description)?.Status;
    expect([statusOf('Hours block 0'), statusOf('Paid in full')]).toEqual(['Pending (partly paid)', 'Completed']);
  });

  it('refuses a sort the list does not have, with the list\'s own message', async () => {
    const response = await api(t.app, boss.token).get('/superadmin/exports/payments.csv?sort=title');
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(/^sort must be one of: paymentDate/);
    expect((await api(t.app, boss.token).get('/superadmin/exports/nothing.csv')).statusCode).toBe(404);
  });

  it('is the super-admin\'s only', async () => {
    for (const list of EXPORT_LISTS) {
      expect((await api(t.app, customer.token).get(`/superadmin/exports/${list}.csv`)).statusCode).toBe(403);
      expect((await api(t.app).get(`/superadmin/exports/${list}.csv`)).statusCode).toBe(401);
      expect((await api(t.app, customer.token).get(`/superadmin/exports/${list}/link`)).statusCode).toBe(403);
    }
  });
});

describe('signed export links', () => {
  async function linkFor(query: string): Promise<string> {
    const response = await api(t.app, boss.token).get(`/superadmin/exports/companies/link?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return json<{ url: string }>(response).url;
  }

  it('downloads without the session header, with the search it was issued for', async () => {
    const url = await linkFor('search=zeta');
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(csvObjects(response.body).map((row) => row['Company Name'])).toEqual(['Zeta Ltd']);
  });

  it('refuses a link whose query, path or signature was changed', async () => {
    const url = await linkFor('search=zeta');
    for (const tampered of [url.replace('zeta', 'acme'), url.replace('/companies.csv', '/users.csv'), tamperedSignature(url)]) {
      const response = await t.app.inject({ method: 'GET', url: tampered });
      expect(response.statusCode).toBe(403);
      expect(json(response).message).toBe(INVALID_DOWNLOAD_LINK);
    }
  });

  it('expires after five minutes', async () => {
    const url = await linkFor('');
    t.clock.advance(5 * 60 * 1000);
    const response = await t.app.inject({ method: 'GET', url });
    t.clock.advance(-5 * 60 * 1000);
    expect(response.statusCode).toBe(403);
    expect(json(response).message).toBe(EXPIRED_DOWNLOAD_LINK);
  });

  it('checks the list input when issuing the link', async () => {
    const response = await api(t.app, boss.token).get('/superadmin/exports/companies/link?sort=nope');
    expect(response.statusCode).toBe(400);
  });
});

describe('events', () => {
  /** The export.downloaded events `call` recorded. */
  async function recordedBy(call: () => Promise<{ statusCode: number }>) {
    const { answer, events } = await eventsRecordedBy(t.deps.db, call, { types: ['export.downloaded'] });
    expect(answer.statusCode).toBe(200);
    return events;
  }

  it('records a download by the super-admin the link names, from the address that fetched it, with the list and its filters', async () => {
    const link = await api(t.app, boss.token).get(`/superadmin/exports/users/link?search=grace&company=${globex.id}`);
    const { url } = json<{ url: string }>(link);
    expect(await recordedBy(async () => link)).toEqual([]);
    const [downloaded, ...more] = await recordedBy(() => t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.5' }));
    expect(more).toEqual([]);
    expect(downloaded).toMatchObject({ actorId: boss.user.id, actorLabel: `${boss.user.firstName} ${boss.user.lastName} <${boss.user.emailAddress}>`, ipAddress: '203.0.113.5', companyId: globex.id, subjectType: 'export' });
    expect(downloaded!.changes).toMatchObject({ list: { before: null, after: 'users' }, filters: { before: null, after: { search: 'grace', company: globex.id } } });
  });

  it('records each fetch of a link, and one fetched with the session header, naming no company for a list of every company', async () => {
    const { url } = json<{ url: string }>(await api(t.app, boss.token).get('/superadmin/exports/companies/link'));
    for (let fetch = 0; fetch < 2; fetch += 1) expect(await recordedBy(() => t.app.inject({ method: 'GET', url }))).toHaveLength(1);
    expect(await recordedBy(() => api(t.app, boss.token).get('/superadmin/exports/companies.csv'))).toMatchObject([{ actorId: boss.user.id, companyId: null, changes: { list: { after: 'companies' } } }]);
  });

  it('records nothing for a link refused', async () => {
    const { url } = json<{ url: string }>(await api(t.app, boss.token).get('/superadmin/exports/companies/link'));
    const { answer, events } = await eventsRecordedBy(t.deps.db, () => t.app.inject({ method: 'GET', url: tamperedSignature(url) }));
    expect(answer.statusCode).toBe(403);
    expect(events).toEqual([]);
  });
});

describe('streaming', () => {
  it('sends a large export in chunks as it reads them, not as one body', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Stream Co' });
    await insertTimeLogs(company.id, 'stream', 3500);
    const response = await t.app.inject({ method: 'GET', url: `/api/superadmin/exports/timelogs.csv?company=${company.id}`, headers: { jwttoken: boss.token }, payloadAsStream: true });
    expect(response.statusCode).toBe(200);
    const chunks: Buffer[] = [];
    for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
    // the header line, then one chunk per slice of 1,000 rows
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    expect(csvObjects(Buffer.concat(chunks).toString('utf8'))).toHaveLength(3500);
    await deleteTimeLogs('stream');
  });
});

describe('downloads running at once', () => {
  it(`runs at most ${MAX_RUNNING_DOWNLOADS}; the next waits for one to finish`, async () => {
    t.deps.rateLimiter = roomyLimiter();
    const company = await createCompany(t.deps.db, { companyName: 'Busy Co' });
    await insertTimeLogs(company.id, 'busy', 30_000);
    const start = () => t.app.inject({ method: 'GET', url: '/api/superadmin/exports/timelogs.csv', headers: { jwttoken: boss.token }, payloadAsStream: true });
    // read by nobody yet, so each waits on its reader
    const running = await Promise.all(Array.from({ length: MAX_RUNNING_DOWNLOADS }, start));
    expect(running.map((response) => response.statusCode)).toEqual(Array(MAX_RUNNING_DOWNLOADS).fill(200));
    const refused = await api(t.app, boss.token).get('/superadmin/exports/companies.csv');
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toBe(TOO_MANY_RUNNING);
    for (const response of running) for await (const _chunk of response.stream()) void _chunk;
    expect((await api(t.app, boss.token).get('/superadmin/exports/companies.csv')).statusCode).toBe(200);
    await deleteTimeLogs('busy');
  });
});

describe('rate limit', () => {
  it('counts each export (by link or by header) under the download limit', async () => {
    t.deps.rateLimiter = new RateLimiter(t.clock);
    const { limit } = userRateLimits.download;
    for (let call = 0; call < limit; call += 1) expect((await api(t.app, boss.token).get('/superadmin/exports/companies.csv')).statusCode).toBe(200);
    const refused = await api(t.app, boss.token).get('/superadmin/exports/companies/link');
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toMatch(/^Too many downloads\./);
  });

  it('counts each fetch of a signed link after the first: one link fetched 30 times gives the limit, then 429', async () => {
    t.deps.rateLimiter = new RateLimiter(t.clock);
    const fetcher = await signedInUser(t, { role: 'superadmin' });
    const { url } = json<{ url: string }>(await api(t.app, fetcher.token).get('/superadmin/exports/companies/link'));
    const statuses: number[] = [];
    for (let fetch = 0; fetch < 30; fetch += 1) statuses.push((await t.app.inject({ method: 'GET', url })).statusCode);
    const { limit } = userRateLimits.download;
    expect(statuses).toEqual([...Array<number>(limit).fill(200), ...Array<number>(30 - limit).fill(429)]);
  });
});

describe('slices', () => {
  beforeAll(() => {
    t.deps.rateLimiter = roomyLimiter();
  });

  /** The whole CSV read two rows at a time, so every slice after the first resumes from the one before. */
  async function inTwos(list: (typeof EXPORT_LISTS)[number], query: Record<string, string>): Promise<string> {
    const definition = providerLists[list];
    let text = '';
    const parsed = definition.input.parse(query);
    for await (const chunk of csvChunks(definition.headers, await definition.records(t.deps, parsed, 'UTC'), 2)) text += chunk;
    return text;
  }

  it.each(EXPORT_LISTS.flatMap((list) => ['asc', 'desc'].map((dir) => [list, dir] as const)))(
    '%s (%s): slices of two, resumed by sort keys or offset, make the same file as one read, for every sort',
    async (list, dir) => {
      for (const sort of sortKeysOf(list)) {
        // read before the download: a download served is recorded, as a row of the events list
        const slices = await inTwos(list, { sort, dir });
        const whole = (await api(t.app, boss.token).get(`/superadmin/exports/${list}.csv?sort=${sort}&dir=${dir}&timeZone=UTC`)).body;
        expect(slices, `${list} by ${sort} ${dir}`).toBe(whole);
      }
    },
  );
});

/** The sort keys the list's schema accepts, read from its error message. */
function sortKeysOf(list: (typeof EXPORT_LISTS)[number]): string[] {
  const result = providerLists[list].input.safeParse({ sort: '?' });
  const message = result.success ? '' : result.error.issues[0]!.message;
  return message.replace(/^sort must be one of: /, '').replace(/\.$/, '').split(', ');
}
