import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { allInvoiceListInput, invoiceListInput, type InvoiceDto } from '../../../shared/invoices.js';
import { newId } from '../../lib/ids.js';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';
import { createCompany, createInvoiceRow } from '../../testing/factories.js';
import { FEW_DISTINCT_VALUES } from '../../lib/paging.js';
import { pagePlan, planOf, statementPlans } from '../../testing/query-plans.js';
import { restPage } from '../../testing/rest-pages.js';
import { invoicePageQuery } from './queries.js';
import { sqliteConnections, testEngine } from '../../testing/engine.js';

/** Query plans are SQLite's: on PostgreSQL these tests check the answers only. */
const onSqlite = testEngine() === 'sqlite';

let t: TestApp;
let boss: string;
let globexAdmin: string;
let globex: Awaited<ReturnType<typeof createCompany>>;
let initech: Awaited<ReturnType<typeof createCompany>>;

const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  t = await createTestApp();
  globex = await createCompany(t.deps.db, { companyName: 'Globex' });
  initech = await createCompany(t.deps.db, { companyName: 'Initech' });
  // 30 invoices a day apart, alternating companies; every third has a payment (its paid total stored as settlement would).
  await t.deps.db.transaction(async (tx) => {
    for (let i = 0; i < 30; i += 1) {
      const invoice = await createInvoiceRow(tx, {
        companyId: i % 2 === 0 ? globex.id : initech.id,
        description: i === 7 ? 'Migration 100% done_now' : `Support block ${i}`,
        priceCents: (i + 1) * 1000,
        hundredths: (i + 1) * 100,
        paidCents: i % 3 === 0 ? 500 : 0,
        transactionDate: new Date(start + i * DAY),
      });
      if (i % 3 === 0) {
        await tx.insert(tx.t.payments).values({ id: newId(), invoiceId: invoice.id, companyId: invoice.companyId, amountCents: 500, paymentDate: new Date(start + i * DAY), createdAt: new Date() });
      }
    }
  });
  boss = (await signedInUser(t, { role: 'superadmin' })).token;
  globexAdmin = (await signedInUser(t, { companyId: globex.id, role: 'admin' })).token;
});
afterAll(() => t.close());

const list = async (query: string, token = boss) => {
  const response = await api(t.app, token).get(`/superadmin/allinvoices${query}`);
  return { response, rows: response.statusCode === 200 ? json<InvoiceDto[]>(response) : [] };
};

describe('GET /superadmin/allinvoices', () => {
  it('answers the first page newest first, with the total and links to the other pages', async () => {
    const { response, rows } = await list('?per_page=10');
    expect(response.statusCode).toBe(200);
    expect(rows.map((row) => row.description)).toEqual(Array.from({ length: 10 }, (_, i) => (29 - i === 7 ? 'Migration 100% done_now' : `Support block ${29 - i}`)));
    expect(response.headers['x-total-count']).toBe('30');
    expect(restPage(response).pages).toEqual({ first: 1, next: 2, last: 3 });
  });

  it('answers later pages with prev and next, keeping the other query parameters in the links', async () => {
    const { response, rows } = await list(`?page=2&per_page=10&company=${globex.id}`);
    expect(rows.map((row) => row.companyName)).toEqual(Array(5).fill('Globex'));
    expect(response.headers['x-total-count']).toBe('15');
    expect(restPage(response).pages).toEqual({ first: 1, prev: 1, last: 2 });
    expect(String(response.headers.link)).toContain(`company=${globex.id}`);
  });

  it('carries each invoice’s payments and balance', async () => {
    const { rows } = await list('?sort=transactionDate&dir=asc&per_page=4');
    expect(rows.map((row) => [row.payments.length, row.remainingBalance])).toEqual([
      [1, 5],
      [0, 20],
      [0, 30],
      [1, 35],
    ]);
  });

  it('searches the description, with % and _ matching themselves', async () => {
    expect((await list('?search=100%25%20done_')).rows.map((row) => row.description)).toEqual(['Migration 100% done_now']);
    expect((await list('?search=SUPPORT%20BLOCK%202')).rows.map((row) => row.description)).toEqual(
      ['Support block 29', 'Support block 28', 'Support block 27', 'Support block 26', 'Support block 25', 'Support block 24', 'Support block 23', 'Support block 22', 'Support block 21', 'Support block 20', 'Support block 2'],
    );
    expect((await list('?search=%25%25')).rows).toEqual([]);
  });

  it('sorts by each column it offers', async () => {
    expect((await list('?sort=price&dir=desc&per_page=2')).rows.map((row) => row.price)).toEqual([300, 290]);
    expect((await list('?sort=companyName&dir=asc&per_page=1')).rows[0]!.companyName).toBe('Globex');
    expect((await list('?sort=remainingBalance&dir=asc&per_page=2')).rows.map((row) => row.remainingBalance)).toEqual([5, 20]);
    expect((await list('?sort=hours&dir=asc&per_page=1')).rows[0]!.hours).toBe(1);
  });

  it('refuses bad paging with a clear message', async () => {
    const tooMany = await list('?per_page=1001');
    expect(tooMany.response.statusCode).toBe(400);
    expect(tooMany.response.json().message).toMatch(/per_page must be at most 1000/);
    expect((await list('?page=0')).response.json().message).toMatch(/page must be 1 or more/);
    expect((await list('?sort=password')).response.statusCode).toBe(400);
    expect((await list(`?search=${'x'.repeat(201)}`)).response.statusCode).toBe(400);
  });

  it('answers an empty page past the end, still with the total', async () => {
    const { response, rows } = await list('?page=9&per_page=10');
    expect(rows).toEqual([]);
    expect(response.headers['x-total-count']).toBe('30');
    expect(restPage(response).pages).toEqual({ first: 1, prev: 3, last: 3 });
  });

  it.runIf(onSqlite)('reads the default page through an index, without sorting the table', () => {
    const planOfQuery = (query: { toSQL: () => { sql: string; params: unknown[] } }) => planOf(t.database, query.toSQL().sql, query.toSQL().params);
    const plan = planOfQuery(invoicePageQuery(t.deps.db, invoiceListInput.parse({}), { limit: 25, offset: 0 }));
    expect(plan.join('\n')).toMatch(/SCAN invoices USING INDEX invoices_date_idx/);
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
    const forCompany = planOfQuery(invoicePageQuery(t.deps.db, invoiceListInput.parse({}), { limit: 25, offset: 0 }, { companyId: globex.id }));
    expect(forCompany.join('\n')).toMatch(/SEARCH invoices USING INDEX invoices_company_idx \(company_id=\?\)/);
    expect(forCompany.join('\n')).not.toMatch(/TEMP B-TREE/);
  });
});

describe('GET /superadmin/allinvoices?openOnly=true', () => {
  it('keeps the invoices not paid in full, newest first, on the partial index of open invoices', async () => {
    const hooli = await createCompany(t.deps.db, { companyName: 'Hooli' });
    const open = await createInvoiceRow(t.deps.db, { companyId: hooli.id, priceCents: 100, transactionDate: new Date(start + 40 * DAY) });
    const partly = await createInvoiceRow(t.deps.db, { companyId: hooli.id, priceCents: 100, paidCents: 40, transactionDate: new Date(start + 41 * DAY) });
    await createInvoiceRow(t.deps.db, { companyId: hooli.id, priceCents: 100, status: 'Completed', completeStatus: true, transactionDate: new Date(start + 42 * DAY) });
    const response = await api(t.app, boss).get(`/superadmin/allinvoices?company=${hooli.id}&openOnly=true`);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<InvoiceDto[]>(response).map((row) => row._id)).toEqual([partly.id, open.id]);
    expect((await api(t.app, boss).get('/superadmin/allinvoices?openOnly=maybe')).statusCode).toBe(400);

    if (onSqlite) {
      const plan = planOf(t.database, ...Object.values(invoicePageQuery(t.deps.db, allInvoiceListInput.parse({ openOnly: true }), { limit: 50, offset: 0 }).toSQL()) as [string, unknown[]]);
      expect(plan.join('\n')).toMatch(/SCAN invoices USING INDEX invoices_open_idx/);
      expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
    }
    // the other tests count the 30 invoices made above
    await t.deps.db.transaction((tx) => tx.delete(tx.t.invoices).where(eq(tx.t.invoices.companyId, hooli.id)));
  });
});

describe('GET /invoices (customer)', () => {
  it('answers only the caller’s company, ignoring a company filter for another', async () => {
    const response = await api(t.app, globexAdmin).get(`/invoices?company=${initech.id}&per_page=100`);
    expect(response.statusCode).toBe(200);
    const rows = json<InvoiceDto[]>(response);
    expect(rows).toHaveLength(15);
    expect(new Set(rows.map((row) => row.company))).toEqual(new Set([globex.id]));
    expect(response.headers['x-total-count']).toBe('15');
  });
});

describe('at the size that used to break it', () => {
  it.runIf(onSqlite)('answers a page of 40,000 invoices (more than SQLite binds in one statement)', async () => {
    const { writer } = sqliteConnections(t.database);
    const insert = writer.prepare(
      'insert into invoices (id, invoice_number, company_id, description, price_cents, transaction_date, created_at) values (?, ?, ?, ?, ?, ?, ?)',
    );
    writer.transaction(() => {
      for (let i = 0; i < 40_000; i += 1) insert.run(newId(), `B-${i}`, initech.id, 'Bulk', 100, start - (i + 1) * 60_000, start);
    })();
    const { response, rows } = await list('?per_page=1000&page=2');
    expect(response.statusCode).toBe(200);
    expect(rows).toHaveLength(1000);
    // counted up to the cap (10,000 past the page's block), then said to be a lower bound
    expect([response.headers['x-total-count'], response.headers['x-total-count-capped']]).toEqual(['10000', 'true']);
    expect(response.rawPayload.length).toBeLessThan(1024 * 1024);
    const last = await list('?per_page=1000&page=41');
    expect([last.rows.length, last.response.headers['x-total-count'], last.response.headers['x-total-count-capped']]).toEqual([30, '40030', undefined]);
  });

  it.runIf(onSqlite)('under a search, walks the sort’s index when the matches are many and sorts them when they are few', async () => {
    const planOfPage = (query: string) => pagePlan(t.database, 'invoices', () => list(query));
    expect(await planOfPage(`?search=bulk&sort=price`)).toEqual(['SCAN invoices USING INDEX invoices_price_idx', 'SEARCH companies USING INDEX sqlite_autoindex_companies_1 (id=?)']);
    expect((await planOfPage(`?search=bulk&sort=companyName`))[0]).toBe('SCAN companies USING INDEX companies_name_nocase_idx');
    // a walk would read all 40,030 invoices to find these few
    for (const sort of ['price', 'companyName']) expect(await planOfPage(`?search=block%202&sort=${sort}`)).toContain('USE TEMP B-TREE FOR ORDER BY');
    expect((await list('?search=block%202&sort=price&dir=asc')).rows.map((row) => row.price)).toEqual([30, 210, 220, 230, 240, 250, 260, 270, 280, 290, 300]);
    expect((await list('?search=bulk&sort=price&per_page=3')).rows.map((row) => row.description)).toEqual(['Bulk', 'Bulk', 'Bulk']);
  });
});

describe('a search of the invoice descriptions, which repeat (they are the packages’ descriptions)', () => {
  it.runIf(onSqlite)('finds the descriptions that contain the text among their distinct values, and reads no invoice when none does', async () => {
    // no invoice is checked by LIKE: the probe and the page are asked for nothing (0 = 1), which SQLite answers without reading
    const plans = await statementPlans(t.database, () => list('?search=zzqx'));
    expect(plans.some(({ sql }) => /"description" like/.test(sql))).toBe(false);
    expect(plans.filter(({ sql }) => /from "invoices"/.test(sql) && !sql.startsWith('with recursive')).every(({ sql }) => sql.includes('0 = 1'))).toBe(true);
    expect((await list('?search=zzqx')).rows).toEqual([]);
    const bulk = await list('?search=BULK&per_page=3');
    expect([bulk.rows.map((row) => row.description), bulk.response.headers['x-total-count']]).toEqual([['Bulk', 'Bulk', 'Bulk'], '10000']);
  });

  it.runIf(onSqlite)('searches row by row once the descriptions have more than FEW_DISTINCT_VALUES distinct values', async () => {
    const { writer } = sqliteConnections(t.database);
    const insert = writer.prepare(
      'insert into invoices (id, invoice_number, company_id, description, price_cents, transaction_date, created_at) values (?, ?, ?, ?, ?, ?, ?)',
    );
    writer.transaction(() => {
      for (let i = 0; i <= FEW_DISTINCT_VALUES; i += 1) insert.run(newId(), `U-${i}`, globex.id, `Unique job ${i}`, 100, start - i * 1000, start);
    })();
    const found = await list('?search=job%20100&per_page=100');
    expect(found.rows.map((row) => row.description).sort()).toEqual(['Unique job 100', 'Unique job 1000']);
    const plans = await statementPlans(t.database, () => list('?search=zzqx'));
    expect(plans.map(({ sql }) => sql).some((sql) => /"description" like/.test(sql))).toBe(true);
  });
});
