import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDto } from '../../../shared/invoices.js';
import { PAYMENT_SORT_KEYS, type PaymentDto, type PaymentSortKey } from '../../../shared/payments.js';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';
import { createCompany } from '../../testing/factories.js';
import { pagePlan, pageStatement, slowSteps, statementPlans, tableScans } from '../../testing/query-plans.js';
import { noCase, rowidsOf, sortedIds, type SortValue } from '../../testing/sort-order.js';
import { sqliteConnections, testEngine } from '../../testing/engine.js';

/** Query plans are SQLite's: on PostgreSQL these tests check the answers only. */
const onSqlite = testEngine() === 'sqlite';

/*
 * Every sort of the Payments list, both ways: the first page is read in order from an index (no
 * temporary sort, no scan of a table), one company's is found by its index, and each answers the
 * order worked out here from the rows, ties and letter case included.
 */

let t: TestApp;
let boss: string;
let globexUpper: Awaited<ReturnType<typeof createCompany>>;
let all: PaymentDto[];
let paymentRowids: Map<string, number>;
let companyRowids: Map<string, number>;

type Planned = { company: number; invoice: number; amount: number; method: string; status: string; day: number; description: string };

beforeAll(async () => {
  t = await createTestApp();
  boss = (await signedInUser(t, { role: 'superadmin' })).token;
  // two companies whose names differ only in case, so the name sort ties them and their rowids decide
  const globexLower = await createCompany(t.deps.db, { companyName: 'globex' });
  const initech = await createCompany(t.deps.db, { companyName: 'Initech' });
  globexUpper = await createCompany(t.deps.db, { companyName: 'Globex' });
  const companies = [globexLower, initech, globexUpper];
  const newInvoice = async (company: string) =>
    json<InvoiceDto>(await api(t.app, boss).post('/superadmin/invoices', { company, description: 'Block', price: 1000, sendInvoiceEmail: false }));
  // invoices made out of company order, so invoice numbers do not follow the companies
  const invoices = [await newInvoice(globexUpper.id), await newInvoice(globexLower.id), await newInvoice(initech.id), await newInvoice(globexUpper.id)];
  const companyOfInvoice = [2, 0, 1, 2];
  // ties in every column: amount, method, status, date, invoice and company name
  const planned: Planned[] = [
    { company: 2, invoice: 0, amount: 100, method: 'ACH', status: 'completed', day: 3, description: 'First wire' },
    { company: 0, invoice: 1, amount: 50, method: 'Check', status: 'pending', day: 1, description: 'Cheque' },
    { company: 1, invoice: 2, amount: 100, method: 'Zelle', status: 'completed', day: 2, description: 'Zelle wire' },
    { company: 2, invoice: 0, amount: 50, method: 'ACH', status: 'failed', day: 1, description: 'Bounced' },
    { company: 2, invoice: 3, amount: 200, method: 'Cash', status: 'completed', day: 2, description: 'Cash' },
    { company: 0, invoice: 1, amount: 100, method: 'ACH', status: 'completed', day: 3, description: 'Second wire' },
    { company: 2, invoice: 0, amount: 100, method: 'Check', status: 'refunded', day: 2, description: 'Refund' },
    { company: 1, invoice: 2, amount: 25, method: 'Zelle', status: 'completed', day: 1, description: 'Wire rest' },
  ];
  for (const plan of planned) {
    expect(companyOfInvoice[plan.invoice]).toBe(plan.company);
    const form = { company: companies[plan.company]!.id, invoice: invoices[plan.invoice]!._id, amount: plan.amount, method: plan.method, status: plan.status };
    const response = await api(t.app, boss).post('/superadmin/payments', { ...form, description: plan.description, paymentDate: `2026-03-0${plan.day}T10:00:00Z`, sendEmail: false });
    expect(response.statusCode, response.body).toBe(200);
  }
  all = json<PaymentDto[]>(await api(t.app, boss).get('/superadmin/payments?per_page=100'));
  paymentRowids = await rowidsOf(t.deps.db, 'payments');
  companyRowids = await rowidsOf(t.deps.db, 'companies');
});
afterAll(() => t.close());

/** What each sort orders by, from what the list shows (and the rowids that break its ties). */
const sortValues: Record<PaymentSortKey, (row: PaymentDto) => SortValue[]> = {
  paymentDate: (row) => [row.paymentDate, paymentRowids.get(row._id)!],
  companyName: (row) => [noCase(row.companyName), companyRowids.get(row.company)!, row.paymentDate, paymentRowids.get(row._id)!],
  amount: (row) => [row.amount, paymentRowids.get(row._id)!],
  method: (row) => [row.method, paymentRowids.get(row._id)!],
  invoice: (row) => [row.invoice.invoiceId, paymentRowids.get(row._id)!],
  status: (row) => [row.status, paymentRowids.get(row._id)!],
};

const sorts = PAYMENT_SORT_KEYS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const));
const idsAt = async (url: string) => json<PaymentDto[]>(await api(t.app, boss).get(url)).map((row) => row._id);

it('the fixture has every payment', () => {
  expect(all).toHaveLength(8);
});

describe.each(sorts)('sorted by %s %s', (sort, dir) => {
  const query = `sort=${sort}&dir=${dir}&per_page=100`;

  it('reads the first page in order from an index, and answers the right order', async () => {
    const url = `/superadmin/payments?${query}`;
    if (onSqlite) {
      expect(slowSteps(await pagePlan(t.database, 'payments', () => api(t.app, boss).get(url)))).toEqual([]);
    }
    expect(await idsAt(url)).toEqual(sortedIds(all, sortValues[sort], dir));
  });

  it('one company’s payments are found by the company’s index', async () => {
    const url = `/superadmin/payments?company=${globexUpper.id}&${query}`;
    if (onSqlite) {
      const plan = await pagePlan(t.database, 'payments', () => api(t.app, boss).get(url));
      expect(plan.join('\n')).toMatch(/SEARCH payments USING INDEX payments_company_idx \(company_id=\?\)/);
      expect(tableScans(plan)).toEqual([]);
    }
    expect(await idsAt(url)).toEqual(sortedIds(all.filter((row) => row.company === globexUpper.id), sortValues[sort], dir));
  });

  it('a search keeps the order', async () => {
    const matching = all.filter((row) => row.description.toLowerCase().includes('wire'));
    expect(await idsAt(`/superadmin/payments?search=WIRE&${query}`)).toEqual(sortedIds(matching, sortValues[sort], dir));
  });
});

describe('sorted by another table’s column', () => {
  it('by company name, walks companies by name and each one’s payments by date', async () => {
    if (onSqlite) {
      const plan = await pagePlan(t.database, 'payments', () => api(t.app, boss).get('/superadmin/payments?sort=companyName'));
      expect(plan.slice(0, 2)).toEqual(['SCAN companies USING INDEX companies_name_nocase_idx', 'SEARCH payments USING INDEX payments_company_idx (company_id=?)']);
    }
    const names = json<PaymentDto[]>(await api(t.app, boss).get('/superadmin/payments?sort=companyName&dir=asc')).map((row) => row.companyName);
    expect(names).toEqual(['globex', 'globex', 'Globex', 'Globex', 'Globex', 'Globex', 'Initech', 'Initech']);
  });

  it('by invoice, walks invoices by number and each one’s payments in the order they were made', async () => {
    if (onSqlite) {
      const plan = await pagePlan(t.database, 'payments', () => api(t.app, boss).get('/superadmin/payments?sort=invoice'));
      expect(plan.slice(0, 2)).toEqual(['SCAN invoices USING INDEX invoices_invoice_number_unique', 'SEARCH payments USING INDEX payments_invoice_idx (invoice_id=?)']);
    }
    const page = json<PaymentDto[]>(await api(t.app, boss).get('/superadmin/payments?sort=invoice&dir=asc'));
    expect(page.map((row) => row.description)).toEqual(['First wire', 'Bounced', 'Refund', 'Cheque', 'Second wire', 'Zelle wire', 'Wire rest', 'Cash']);
  });
});

describe('under a search', () => {
  it.runIf(onSqlite)('walks the sort’s index when the matches are many, and sorts them when they are few', async () => {
    // pending payments, which count toward nothing, so the invoices' paid totals stay as they are
    const [first] = all;
    const { writer } = sqliteConnections(t.database);
    const insert = writer.prepare('insert into payments (id, invoice_id, company_id, amount_cents, description, status, payment_date, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)');
    writer.transaction(() => {
      for (let n = 0; n < 2_500; n += 1) insert.run(`bulk-${n}`, first!.invoice._id, first!.company, n, 'Bulk', 'pending', Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 1));
    })();
    const planOfPage = (query: string) => pagePlan(t.database, 'payments', () => api(t.app, boss).get(`/superadmin/payments?${query}`));
    expect((await planOfPage('search=bulk&sort=amount'))[0]).toBe('SCAN payments USING INDEX payments_amount_idx');
    expect((await planOfPage('search=bulk&sort=invoice'))[0]).toBe('SCAN invoices USING INDEX invoices_invoice_number_unique');
    for (const sort of ['amount', 'invoice', 'companyName']) expect(await planOfPage(`search=wire&sort=${sort}`)).toContain('USE TEMP B-TREE FOR ORDER BY');
    const amounts = json<PaymentDto[]>(await api(t.app, boss).get('/superadmin/payments?search=bulk&sort=amount&dir=desc&per_page=3')).map((row) => row.amount);
    expect(amounts).toEqual([24.99, 24.98, 24.97]);
  });

  it.runIf(onSqlite)('finds a search’s few matches in the descriptions’ own index past the empty ones, not the whole table, and reads the page by their rowids', async () => {
    const plans = await statementPlans(t.database, () => api(t.app, boss).get('/superadmin/payments?search=wire'));
    expect(plans[plans.findIndex(({ sql }) => sql.includes('like'))]!.plan).toEqual(['SEARCH payments USING COVERING INDEX payments_description_idx (description>?)']);
    expect(pageStatement(plans, 'payments').plan.join('\n')).toMatch(/SEARCH payments USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  });
});
