import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_RANGE_FROM_AFTER_TO } from '../../../shared/date-range.js';
import { api, createTestApp, json, signedInUser, type SignedInUser, type TestApp } from '../../testing/app.js';
import { testEngine } from '../../testing/engine.js';
import { csvObjects } from '../../testing/csv-parse.js';
import { createCompany, createInvoiceRow, createTimeLogRow } from '../../testing/factories.js';
import { statementPlans } from '../../testing/query-plans.js';
import { restPage } from '../../testing/rest-pages.js';
import { listTimeLogs } from '../timelogs/queries.js';
import { listPayments } from '../payments/queries.js';
import { timeLogListInput } from '../../../shared/timelogs.js';
import { paymentListInput } from '../../../shared/payments.js';
import { newId } from '../../lib/ids.js';

/*
 * The date filters of Time Logs, Invoices and Payments: from and to are calendar days of the
 * provider's time zone (America/New_York in these tests), both included, on /trpc and /api, and the
 * CSV export of each list holds the same rows. A range out of order or a day that does not exist is
 * a 400 that says so.
 */

let t: TestApp;
let boss: SignedInUser;
let acme: Awaited<ReturnType<typeof createCompany>>;
let globex: Awaited<ReturnType<typeof createCompany>>;

/** Instants around the edges of March 2 to March 3, 2026 in New York (UTC-5 then). */
const AT = {
  beforeStart: new Date('2026-03-02T04:59:59.999Z'), // Mar 1, 23:59:59.999 in New York
  start: new Date('2026-03-02T05:00:00.000Z'), // Mar 2, 00:00 in New York
  middle: new Date('2026-03-02T23:30:00.000Z'), // Mar 2, 18:30 in New York, Mar 2 in UTC too
  lateUtcNextDay: new Date('2026-03-04T03:00:00.000Z'), // Mar 3, 22:00 in New York, Mar 4 in UTC
  end: new Date('2026-03-04T04:59:59.999Z'), // Mar 3, 23:59:59.999 in New York
  afterEnd: new Date('2026-03-04T05:00:00.000Z'), // Mar 4, 00:00 in New York
};
type Moment = keyof typeof AT;
const INSIDE: Moment[] = ['start', 'middle', 'lateUtcNextDay', 'end'];

/** Rows of each list, one per moment, described by the moment's name. */
const ids: Record<'timelogs' | 'invoices' | 'payments', Record<string, Moment>> = { timelogs: {}, invoices: {}, payments: {} };

beforeAll(async () => {
  t = await createTestApp();
  boss = await signedInUser(t, { role: 'superadmin' });
  acme = await createCompany(t.deps.db, { companyName: 'Acme' });
  globex = await createCompany(t.deps.db, { companyName: 'Globex' });
  for (const [moment, at] of Object.entries(AT) as [Moment, Date][]) {
    for (const company of [acme, globex]) {
      const log = await createTimeLogRow(t.deps.db, { companyId: company.id, timeStamp: at, hundredths: 100, description: moment });
      ids.timelogs[log.id] = moment;
      const invoice = await createInvoiceRow(t.deps.db, { companyId: company.id, transactionDate: at, description: moment, priceCents: 100_000 });
      ids.invoices[invoice.id] = moment;
      const paymentId = newId();
      await t.deps.db.transaction((tx) =>
        tx.insert(tx.t.payments).values({ id: paymentId, invoiceId: invoice.id, companyId: company.id, amountCents: 100, status: 'pending', method: 'ACH', paymentDate: at, description: moment, createdAt: at }),
      );
      ids.payments[paymentId] = moment;
    }
  }
});
afterAll(() => t.close());

const LISTS = [
  { list: 'timelogs', path: '/superadmin/timelogs', procedure: 'superadmin.timelogs.list' },
  { list: 'invoices', path: '/superadmin/allinvoices', procedure: 'superadmin.invoices.list' },
  { list: 'payments', path: '/superadmin/payments', procedure: 'superadmin.payments.list' },
] as const;

const momentsOf = (list: keyof typeof ids, rows: { _id: string }[]) => rows.map((row) => ids[list][row._id]).sort();
const twice = (moments: Moment[]) => [...moments, ...moments].sort();

async function trpcList(procedure: string, input: object) {
  const response = await t.app.inject({ url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: { jwttoken: boss.token } });
  return response;
}

describe.each(LISTS)('the date range of $list', ({ list, path, procedure }) => {
  it('keeps the rows of the days from and to, both whole days of the provider’s zone, on /api', async () => {
    const response = await api(t.app, boss.token).get(`${path}?from=2026-03-02&to=2026-03-03&per_page=100`);
    expect(response.statusCode, response.body).toBe(200);
    const page = restPage(response);
    expect(momentsOf(list, page.items)).toEqual(twice(INSIDE));
    expect(page.total).toBe(8);
  });

  it('on /trpc too, with a company, a page size and either end left open', async () => {
    const both = await trpcList(procedure, { from: '2026-03-02', to: '2026-03-03', company: acme.id, perPage: 3 });
    expect(both.statusCode, both.body).toBe(200);
    const { items, total } = both.json().result.data as { items: { _id: string }[]; total: number };
    expect(items).toHaveLength(3);
    expect(total).toBe(4);
    const sinceMarch3 = (await trpcList(procedure, { from: '2026-03-03', perPage: 100 })).json().result.data.items;
    expect(momentsOf(list, sinceMarch3)).toEqual(twice(['lateUtcNextDay', 'end', 'afterEnd']));
    const untilMarch1 = (await trpcList(procedure, { to: '2026-03-01', perPage: 100 })).json().result.data.items;
    expect(momentsOf(list, untilMarch1)).toEqual(twice(['beforeStart']));
  });

  it('keeps one day when from is to', async () => {
    const page = restPage(await api(t.app, boss.token).get(`${path}?from=2026-03-02&to=2026-03-02&company=${globex.id}`));
    expect(momentsOf(list, page.items)).toEqual(['middle', 'start']);
  });

  it('answers from after to, a day that does not exist and a text that is no date with a 400 that says so', async () => {
    const cases: [string, string][] = [
      ['from=2026-03-03&to=2026-03-02', DATE_RANGE_FROM_AFTER_TO],
      ['from=2026-02-30', 'from is not a calendar date: 2026-02-30 does not exist.'],
      ['to=yesterday', 'to must be a date (YYYY-MM-DD).'],
      ['to=2026-3-2', 'to must be a date (YYYY-MM-DD).'],
      ['from=0001-01-01', 'from must be a day from 1900-01-01 to 2999-12-31.'],
    ];
    for (const [query, message] of cases) {
      const response = await api(t.app, boss.token).get(`${path}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(json(response).message, query).toBe(message);
      const overTrpc = await trpcList(procedure, Object.fromEntries(new URLSearchParams(query)));
      expect(overTrpc.statusCode, query).toBe(400);
      expect(overTrpc.json().error.message, query).toBe(message);
    }
  });

  it('is honoured by the CSV export, over the header and through a signed link', async () => {
    const direct = await api(t.app, boss.token).get(`/superadmin/exports/${list}.csv?from=2026-03-02&to=2026-03-03&company=${acme.id}&timeZone=UTC`);
    expect(direct.statusCode, direct.body).toBe(200);
    const rows = csvObjects(direct.body);
    expect(rows).toHaveLength(4);
    const link = await api(t.app, boss.token).get(`/superadmin/exports/${list}/link?from=2026-03-03&to=2026-03-03`);
    expect(link.statusCode, link.body).toBe(200);
    const viaLink = await t.app.inject({ url: json<{ url: string }>(link).url });
    expect(viaLink.statusCode).toBe(200);
    expect(csvObjects(viaLink.body)).toHaveLength(4); // lateUtcNextDay and end, of both companies
    const refused = await api(t.app, boss.token).get(`/superadmin/exports/${list}/link?from=2026-03-04&to=2026-03-03`);
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toBe(DATE_RANGE_FROM_AFTER_TO);
  });
});

describe('the days of a range follow the provider’s zone', () => {
  it('reads the same days differently in another APP_TIMEZONE', async () => {
    const tokyo = await createTestApp({ APP_TIMEZONE: 'Asia/Tokyo' });
    try {
      const company = await createCompany(tokyo.deps.db, { companyName: 'Tokyo Co' });
      // 2026-03-02T16:00Z is March 3, 01:00 in Tokyo and still March 2 in New York and UTC
      const log = await createTimeLogRow(tokyo.deps.db, { companyId: company.id, timeStamp: new Date('2026-03-02T16:00:00Z'), hundredths: 100 });
      const list = async (from: string) => (await listTimeLogs(tokyo.deps.db, timeLogListInput.parse({ from, to: from }), 'UTC', tokyo.config.timeZone)).items.map((row) => row._id);
      expect(await list('2026-03-03')).toEqual([log.id]);
      expect(await list('2026-03-02')).toEqual([]);
    } finally {
      await tokyo.close();
    }
  });
});

describe('a date range reads its rows through the date indexes', () => {
  it.runIf(testEngine() === 'sqlite')('time logs by time_logs_time_idx, or time_logs_company_idx with a company', async () => {
    const all = await statementPlans(t.database, () => listTimeLogs(t.deps.db, timeLogListInput.parse({ from: '2026-03-02', to: '2026-03-03' }), 'UTC', 'America/New_York'));
    expect(all[0]!.plan.join('\n')).toMatch(/SEARCH time_logs USING (COVERING )?INDEX time_logs_time_idx \(time_stamp>\? AND time_stamp<\?\)/);
    const one = await statementPlans(t.database, () =>
      listTimeLogs(t.deps.db, timeLogListInput.parse({ from: '2026-03-02', to: '2026-03-03', company: acme.id }), 'UTC', 'America/New_York'),
    );
    expect(one.map(({ plan }) => plan.join('\n')).join('\n')).toMatch(/SEARCH time_logs USING INDEX time_logs_company_idx \(company_id=\? AND time_stamp>\? AND time_stamp<\?\)/);
  });

  it.runIf(testEngine() === 'sqlite')('payments by payments_date_idx in the default order', async () => {
    const plans = await statementPlans(t.database, () => listPayments(t.deps.db, paymentListInput.parse({ from: '2026-03-02', perPage: 2 }), 'America/New_York'));
    const page = plans.find(({ sql }) => sql.includes('order by'))!;
    expect(page.plan.join('\n')).toMatch(/SEARCH payments USING INDEX payments_date_idx \(payment_date>\?\)/);
    expect(plans.every(({ plan }) => !plan.some((step) => /^SCAN payments$/.test(step)))).toBe(true);
  });
});
