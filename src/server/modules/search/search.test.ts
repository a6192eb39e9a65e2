import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEARCH_QUERY_LENGTH, SEARCH_QUERY_REQUIRED, SEARCH_QUERY_TOO_LONG, searchHitPath, type SearchResult } from '../../../shared/search.js';
import { api, createTestApp, json, signedInUser, type SignedInUser, type TestApp } from '../../testing/app.js';
import { createCompany, createInvoiceRow, createTask, createUser } from '../../testing/factories.js';
import { statementPlans } from '../../testing/query-plans.js';
import { searchInput } from '../../../shared/search.js';
import { search } from './service.js';
import { testEngine } from '../../testing/engine.js';

/** Query plans are SQLite's: on PostgreSQL these tests check the answers only. */
const onSqlite = testEngine() === 'sqlite';

/*
 * The back office's Search over /api and /trpc: the super-admin's alone; companies by name, users
 * by name or email, invoices by number and open tasks by title; a few of each kind with its total,
 * and any kind a page at a time; q bounded.
 */

let t: TestApp;
let boss: SignedInUser;
let customer: SignedInUser;
let acme: Awaited<ReturnType<typeof createCompany>>;
let northwind: Awaited<ReturnType<typeof createCompany>>;
const invoiceIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  boss = await signedInUser(t, { role: 'superadmin', firstName: 'Pat', lastName: 'Provider', emailAddress: 'pat@provider.test' });
  acme = await createCompany(t.deps.db, { companyName: 'Acme Widgets' });
  northwind = await createCompany(t.deps.db, { companyName: 'Northwind Traders' });
  for (let index = 1; index <= 12; index += 1) await createCompany(t.deps.db, { companyName: `Zircon ${String(index).padStart(2, '0')}` });
  customer = await signedInUser(t, { companyId: acme.id, role: 'admin', firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@acme.test' });
  await createUser(t.deps.db, { companyId: northwind.id, firstName: 'Grace', lastName: 'Hopper', emailAddress: 'grace@northwind.test' });
  for (const number of ['2026-0041', '2026-0042', '2025-0042']) {
    invoiceIds[number] = (await createInvoiceRow(t.deps.db, { companyId: northwind.id, invoiceNumber: number, description: `Block ${number}` })).id;
  }
  await createTask(t.deps.db, { companyId: acme.id, title: 'Migrate the billing service', priority: 2 });
  await createTask(t.deps.db, { companyId: northwind.id, title: 'Billing report', priority: 1 });
  await createTask(t.deps.db, { companyId: northwind.id, title: 'Billing export (done)', done: true });
  await createTask(t.deps.db, { companyId: northwind.id, title: 'Billing cleanup (deleted)', deleted: true });
});
afterAll(() => t.close());

const find = async (query: string, token = boss.token) => api(t.app, token).get(`/superadmin/search?${query}`);
const groupsOf = async (query: string) => {
  const response = await find(query);
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries(json<SearchResult>(response).groups.map((group) => [group.kind, group]));
};

describe('GET /superadmin/search', () => {
  it('finds a company by part of its name, ignoring case, with its own page as the place it opens', async () => {
    const { companies } = await groupsOf('q=wind');
    expect(companies!.items).toEqual([{ _id: northwind.id, title: 'Northwind Traders', detail: 'Balance 0 hours', company: northwind.id }]);
    expect(searchHitPath('companies', companies!.items[0]!)).toBe(`/companies/${northwind.id}`);
  });

  it('finds a user by name or by email, with their company', async () => {
    const byName = (await groupsOf('q=ace%20hop')).users!;
    expect(byName.items.map((hit) => hit.title)).toEqual(['Grace Hopper']);
    expect(byName.items[0]!.detail).toBe('grace@northwind.test · Northwind Traders');
    const byEmail = (await groupsOf('q=ADA@acme')).users!;
    expect(byEmail.items.map((hit) => [hit._id, hit.company])).toEqual([[customer.user.id, acme.id]]);
    expect(searchHitPath('users', byEmail.items[0]!)).toBe(`/allusers?id=${customer.user.id}`);
  });

  it('finds invoices by number, newest number first, and not by description', async () => {
    const invoices = (await groupsOf('q=0042')).invoices!;
    expect(invoices.items.map((hit) => hit.title)).toEqual(['2026-0042', '2025-0042']);
    expect(invoices.items[0]).toMatchObject({ _id: invoiceIds['2026-0042'], detail: 'Northwind Traders · Block 2026-0042', company: northwind.id });
    expect((await groupsOf('q=Block')).invoices!.total).toBe(0);
  });

  it('finds open tasks by title, by priority; done and deleted ones are left out', async () => {
    const tasks = (await groupsOf('q=billing')).tasks!;
    expect(tasks.items.map((hit) => hit.title)).toEqual(['Billing report', 'Migrate the billing service']);
    expect(tasks.total).toBe(2);
    expect(tasks.items[0]!.detail).toBe('Northwind Traders · priority 1');
  });

  it('answers every kind in a fixed order, each with a few hits and its total', async () => {
    const response = await find('q=zircon');
    const { groups } = json<SearchResult>(response);
    expect(groups.map((group) => group.kind)).toEqual(['companies', 'users', 'invoices', 'tasks']);
    expect(groups[0]!.items.map((hit) => hit.title)).toEqual(['Zircon 01', 'Zircon 02', 'Zircon 03', 'Zircon 04', 'Zircon 05']);
    expect(groups[0]!.total).toBe(12);
    expect(groups.slice(1).map((group) => group.total)).toEqual([0, 0, 0]);
  });

  it('pages one kind for "Show more"', async () => {
    const second = (await groupsOf('q=zircon&kind=companies&page=2&per_page=5')).companies!;
    expect(second.items.map((hit) => hit.title)).toEqual(['Zircon 06', 'Zircon 07', 'Zircon 08', 'Zircon 09', 'Zircon 10']);
    expect(second.total).toBe(12);
    const groups = json<SearchResult>(await find('q=zircon&kind=companies&page=3&per_page=5')).groups;
    expect(groups.map((group) => [group.kind, group.items.length])).toEqual([['companies', 2]]);
    const refused = await find('q=zircon&per_page=51');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toBe('per_page must be at most 50.');
  });

  it('takes % and _ as themselves', async () => {
    expect((await groupsOf('q=%25')).companies!.total).toBe(0);
    expect((await groupsOf('q=2026_0042')).invoices!.total).toBe(0);
  });

  it(`bounds q: 1 to ${MAX_SEARCH_QUERY_LENGTH} characters, else a 400 that says so`, async () => {
    expect((await find(`q=${'z'.repeat(MAX_SEARCH_QUERY_LENGTH)}`)).statusCode).toBe(200);
    for (const [query, message] of [
      [`q=${'z'.repeat(MAX_SEARCH_QUERY_LENGTH + 1)}`, SEARCH_QUERY_TOO_LONG],
      ['q=%20%20', SEARCH_QUERY_REQUIRED],
      ['', SEARCH_QUERY_REQUIRED],
      ['q=a&kind=packages', 'kind must be one of: companies, users, invoices, tasks.'],
    ]) {
      const response = await find(query!);
      expect(response.statusCode, query).toBe(400);
      expect(json(response).message, query).toBe(message);
    }
  });

  it("is the super-admin's alone, on /api and /trpc", async () => {
    expect((await find('q=acme', customer.token)).statusCode).toBe(403);
    expect((await api(t.app).get('/superadmin/search?q=acme')).statusCode).toBe(401);
    const overTrpc = (token: string) => t.app.inject({ url: `/trpc/superadmin.search.find?input=${encodeURIComponent(JSON.stringify({ q: 'acme' }))}`, headers: { jwttoken: token } });
    expect((await overTrpc(customer.token)).statusCode).toBe(403);
    const answer = await overTrpc(boss.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().result.data.groups[0].items[0].title).toBe('Acme Widgets');
  });

  it.runIf(onSqlite)('reads each page in the order of an index, never sorting the matches', async () => {
    const plans = await statementPlans(t.database, () => search(t.deps, searchInput.parse({ q: 'a' })));
    const pages = plans.filter(({ sql }) => sql.includes('order by'));
    expect(pages).toHaveLength(4);
    for (const page of pages) expect(page.plan.join('\n'), page.sql).not.toMatch(/TEMP B-TREE/);
  });
});

describe('the lists a hit opens, narrowed to its row by id', () => {
  it('users, invoices and open tasks keep the one row, and their CSV too; an unknown id keeps none', async () => {
    const task = json<SearchResult>(await find('q=billing%20report')).groups[3]!.items[0]!;
    const cases = [
      { path: '/superadmin/users', list: 'users', id: customer.user.id },
      { path: '/superadmin/allinvoices', list: 'invoices', id: invoiceIds['2026-0042']! },
      { path: '/superadmin/allopentasks', list: 'tasks', id: task._id },
    ];
    for (const { path, list, id } of cases) {
      const page = await api(t.app, boss.token).get(`${path}?id=${id}`);
      expect(json<{ _id: string }[]>(page).map((row) => row._id), path).toEqual([id]);
      expect(page.headers['x-total-count']).toBe('1');
      expect(json<unknown[]>(await api(t.app, boss.token).get(`${path}?id=nope`))).toEqual([]);
      const csv = await api(t.app, boss.token).get(`/superadmin/exports/${list}.csv?id=${id}`);
      expect(csv.body.trim().split('\r\n'), list).toHaveLength(2);
    }
  });
});
