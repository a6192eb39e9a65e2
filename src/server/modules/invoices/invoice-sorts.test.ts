import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_SORT_KEYS, invoiceStatus, type InvoiceDto, type InvoiceSortKey } from '../../../shared/invoices.js';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';
import { createCompany } from '../../testing/factories.js';
import { paidTotalsOutOfStep } from '../../testing/ledger-sums.js';
import { SORTED_MATCHES_LIMIT } from '../../lib/paging.js';
import { pagePlan, pageStatement, slowSteps, statementPlans, tableScans } from '../../testing/query-plans.js';
import { noCase, rowidsOf, sortedIds, type SortValue } from '../../testing/sort-order.js';
import { sqliteConnections, testEngine } from '../../testing/engine.js';

/** Query plans are SQLite's: on PostgreSQL these tests check the answers only. */
const onSqlite = testEngine() === 'sqlite';

/*
 * Every sort of the invoice lists, both ways: the back office's first page is read in order from an
 * index (no temporary sort, no scan of a table), one company's is found by its index, and each
 * answers the order worked out here from the rows, ties and letter case included.
 */

let t: TestApp;
let boss: string;
let customer: string;
let acmeLower: Awaited<ReturnType<typeof createCompany>>;
let acmeUpper: Awaited<ReturnType<typeof createCompany>>;
let all: InvoiceDto[];
let invoiceRowids: Map<string, number>;
let companyRowids: Map<string, number>;

const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 1);

type Planned = { company: () => string; description: string; hours: number; rate?: number; price?: number; method: string; day: number; payments?: [number, string][]; storedStatus?: string };

beforeAll(async () => {
  t = await createTestApp();
  boss = (await signedInUser(t, { role: 'superadmin' })).token;
  // two companies whose names differ only in case, so the name sort ties them and their rowids decide
  acmeLower = await createCompany(t.deps.db, { companyName: 'acme' });
  const bolt = await createCompany(t.deps.db, { companyName: 'Bolt' });
  acmeUpper = await createCompany(t.deps.db, { companyName: 'Acme' });
  const zed = await createCompany(t.deps.db, { companyName: 'Zed' });
  customer = (await signedInUser(t, { companyId: acmeUpper.id, role: 'admin' })).token;
  // ties in every column: hours, price, balance, description, method, status, date and company name
  const planned: Planned[] = [
    { company: () => acmeLower.id, description: 'Block', hours: 2, rate: 50, method: 'ACH', day: 3, payments: [[50, 'completed']] },
    { company: () => acmeUpper.id, description: 'block', hours: 2, rate: 25, method: 'Check', day: 1 },
    { company: () => bolt.id, description: 'Block', hours: 4, rate: 25, method: 'None', day: 2, payments: [[100, 'completed']] },
    { company: () => acmeLower.id, description: 'Retainer', hours: 1, rate: 100, method: 'ACH', day: 1 },
    { company: () => zed.id, description: 'Audit', hours: 4, rate: 50, method: 'Zelle', day: 3, payments: [[150, 'completed']] },
    { company: () => acmeUpper.id, description: 'Audit', hours: 0, price: 80, method: 'Cash', day: 2, payments: [[80, 'completed']] },
    { company: () => bolt.id, description: 'block', hours: 1, rate: 50, method: 'ACH', day: 2, storedStatus: ' On hold ' },
    { company: () => zed.id, description: 'Retainer', hours: 2, rate: 25, method: 'None', day: 1, storedStatus: '' },
    { company: () => acmeLower.id, description: 'Audit', hours: 2, rate: 50, method: 'Check', day: 2, payments: [[20, 'failed']] },
    { company: () => acmeUpper.id, description: 'Retainer', hours: 4, rate: 25, method: 'Zelle', day: 3, payments: [[30, 'completed'], [20, 'completed']] },
  ];
  for (const plan of planned) {
    const company = plan.company();
    const form = { company, description: plan.description, hours: plan.hours, rate: plan.rate, price: plan.price, selectedPaymentMethod: plan.method, sendInvoiceEmail: false };
    const invoice = json<InvoiceDto>(await api(t.app, boss).post('/superadmin/invoices', { ...form, transactionDate: new Date(start + plan.day * DAY).toISOString() }));
    for (const [amount, status] of plan.payments ?? []) {
      const paid = await api(t.app, boss).post('/superadmin/payments', { company, invoice: invoice._id, amount, status, method: 'ACH', sendEmail: false });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    // statuses written before the app kept them (free text, or blank): shown trimmed, blank as Pending
    if (plan.storedStatus !== undefined) {
      const status = plan.storedStatus;
      await t.deps.db.transaction((tx) => tx.update(tx.t.invoices).set({ status }).where(eq(tx.t.invoices.id, invoice._id)));
    }
  }
  all = json<InvoiceDto[]>(await api(t.app, boss).get('/superadmin/allinvoices?per_page=100'));
  invoiceRowids = await rowidsOf(t.deps.db, 'invoices');
  companyRowids = await rowidsOf(t.deps.db, 'companies');
});
afterAll(() => t.close());

/** What each sort orders by, from what the list shows (and the rowids that break its ties). */
const sortValues: Record<InvoiceSortKey, (row: InvoiceDto) => SortValue[]> = {
  transactionDate: (row) => [row.transactionDate, invoiceRowids.get(row._id)!],
  companyName: (row) => [noCase(row.companyName), companyRowids.get(row.company)!, row.transactionDate, invoiceRowids.get(row._id)!],
  hours: (row) => [row.hours, invoiceRowids.get(row._id)!],
  price: (row) => [row.price, invoiceRowids.get(row._id)!],
  remainingBalance: (row) => [row.remainingBalance, invoiceRowids.get(row._id)!],
  description: (row) => [row.description, invoiceRowids.get(row._id)!],
  selectedPaymentMethod: (row) => [row.selectedPaymentMethod, invoiceRowids.get(row._id)!],
  status: (row) => [invoiceStatus(row).word, invoiceRowids.get(row._id)!],
};

const sorts = INVOICE_SORT_KEYS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const));
const idsAt = async (url: string, token = boss) => json<InvoiceDto[]>(await api(t.app, token).get(url)).map((row) => row._id);

describe('the fixture', () => {
  it('has the ties the sorts must break, and stores each invoice’s paid total', async () => {
    expect(all).toHaveLength(10);
    expect(new Set(all.map((row) => invoiceStatus(row).text))).toEqual(new Set(['Completed', 'Pending (partly paid)', 'Pending', 'On hold']));
    expect(all.filter((row) => row.remainingBalance === 50)).toHaveLength(6);
    expect(await paidTotalsOutOfStep(t.deps.db)).toEqual([]);
  });
});

describe.each(sorts)('sorted by %s %s', (sort, dir) => {
  const query = `sort=${sort}&dir=${dir}&per_page=100`;

  it('the back office reads the first page in order from an index, and answers the right order', async () => {
    const url = `/superadmin/allinvoices?${query}`;
    if (onSqlite) {
      expect(slowSteps(await pagePlan(t.database, 'invoices', () => api(t.app, boss).get(url)))).toEqual([]);
    }
    expect(await idsAt(url)).toEqual(sortedIds(all, sortValues[sort], dir));
  });

  it('one company’s invoices, for the back office and for the customer, are found by the company’s index', async () => {
    const expected = sortedIds(all.filter((row) => row.company === acmeUpper.id), sortValues[sort], dir);
    for (const [url, token] of [[`/superadmin/allinvoices?company=${acmeUpper.id}&${query}`, boss], [`/invoices?${query}`, customer]] as const) {
      // the page itself, or the probe whose few matches the page then reads by rowid
      if (onSqlite) {
        const plans = await statementPlans(t.database, () => api(t.app, token).get(url));
        const plan = pageStatement(plans, 'invoices').plan;
        expect(plans.map((statement) => statement.plan.join('\n')).join('\n')).toMatch(/SEARCH invoices USING (COVERING )?INDEX invoices_company_idx \(company_id=\?\)/);
        expect(plan.join('\n')).toMatch(/invoices_company_idx \(company_id=\?\)|SEARCH invoices USING INTEGER PRIMARY KEY \(rowid=\?\)/);
        expect(tableScans(plan)).toEqual([]);
      }
      expect(await idsAt(url, token)).toEqual(expected);
    }
  });

  it('a search keeps the order', async () => {
    const matching = all.filter((row) => row.description.toLowerCase().includes('block'));
    expect(await idsAt(`/superadmin/allinvoices?search=BLOCK&${query}`)).toEqual(sortedIds(matching, sortValues[sort], dir));
  });
});

describe('sorted by company name', () => {
  it.runIf(onSqlite)('walks companies by name and each one’s invoices by date, sorting nothing', async () => {
    const plan = await pagePlan(t.database, 'invoices', () => api(t.app, boss).get('/superadmin/allinvoices?sort=companyName'));
    expect(plan).toEqual(['SCAN companies USING INDEX companies_name_nocase_idx', 'SEARCH invoices USING INDEX invoices_company_idx (company_id=?)']);
  });

  it('keeps names that differ only in case together, the older company first', async () => {
    const names = json<InvoiceDto[]>(await api(t.app, boss).get('/superadmin/allinvoices?sort=companyName&dir=asc')).map((row) => row.companyName);
    expect(names).toEqual(['acme', 'acme', 'acme', 'Acme', 'Acme', 'Acme', 'Bolt', 'Bolt', 'Zed', 'Zed']);
  });
});

describe('one company with more invoices than a page sorts', () => {
  it.runIf(onSqlite)('walks the sort’s own index, checking the company invoice by invoice, and answers the same order', async () => {
    const big = await createCompany(t.deps.db, { companyName: 'Big' });
    const token = (await signedInUser(t, { companyId: big.id, role: 'admin' })).token;
    const { writer } = sqliteConnections(t.database);
    const insert = writer.prepare(
      "insert into invoices (id, invoice_number, company_id, description, hundredths, rate_cents, price_cents, transaction_date, created_at) values (?, ?, ?, 'Hours', ?, 100, ?, ?, 0)",
    );
    const count = SORTED_MATCHES_LIMIT + 1;
    writer.transaction(() => {
      for (let n = 0; n < count; n += 1) insert.run(`big-${n}`, `BIG-${n}`, big.id, (n * 37) % 500, ((n * 37) % 500) * 100, start + n * 1000);
    })();
    const plan = await pagePlan(t.database, 'invoices', () => api(t.app, token).get('/invoices?sort=hours&dir=desc&per_page=25'));
    expect(plan.join('\n')).toMatch(/SCAN invoices USING INDEX invoices_hours_idx/);
    expect(slowSteps(plan)).toEqual([]);
    const hours = json<InvoiceDto[]>(await api(t.app, token).get('/invoices?sort=hours&dir=desc&per_page=25')).map((row) => row.hours);
    expect(hours).toEqual(Array.from({ length: count }, (_row, n) => ((n * 37) % 500) / 100).sort((a, b) => b - a).slice(0, 25));
    // the back office's company filter goes the same way
    const filtered = await pagePlan(t.database, 'invoices', () => api(t.app, boss).get(`/superadmin/allinvoices?company=${big.id}&sort=price&dir=asc`));
    expect(filtered.join('\n')).toMatch(/SCAN invoices USING INDEX invoices_price_idx/);
  });
});
