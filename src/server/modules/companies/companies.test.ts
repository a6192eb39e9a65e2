import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedEvents } from '../../testing/events.js';
import { companyListInput, type CompanyDto, type CompanyListQuery } from '../../../shared/companies.js';
import type { Page } from '../../../shared/list.js';
import type { Tx } from '../../db.js';
import { newId } from '../../lib/ids.js';
import { api, createTestApp, json, queuedEmails, signedInUser, type TestApp, type SignedInUser } from '../../testing/app.js';
import { tempDatabase } from '../../testing/database.js';
import { expectIndexedPage, statementPlans, type StatementPlan } from '../../testing/query-plans.js';
import { restPage, type RestPage } from '../../testing/rest-pages.js';
import { createCompany, createInvoiceRow, createTask, createTimeLogRow, createUser } from '../../testing/factories.js';
import { unwatchedLedger, type LedgerDeps } from '../activities/company-hours.js';
import { addInvoiceHours, completeInvoiceHours, recordTimeLogHours } from '../activities/ledger.js';
import { listCompanies } from './queries.js';

let t: TestApp;
let home: Awaited<ReturnType<typeof createCompany>>;
let customer: SignedInUser;
let boss: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  home = await createCompany(t.deps.db, { companyName: 'Home Co' });
  customer = await signedInUser(t, { companyId: home.id, role: 'admin' });
  boss = await signedInUser(t, { role: 'superadmin' });
});
afterAll(() => t.close());

const asBoss = () => api(t.app, boss.token);
const companyCount = async () => (await t.deps.db.select().from(t.deps.db.t.companies)).length;

async function companyRow(id: string) {
  const { companies } = t.deps.db.t;
  const [row] = await t.deps.db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/*
 * Ledger entries written for a test: the app's own (its balance alerts hear of them, as of any
 * write), or a bare database's, which no one watches.
 */

/** A paid (completed) or unpaid (pending) purchase of hours in the ledger. */
async function purchase(db: Tx, companyId: string, hundredths: number, paid: boolean, ledger: LedgerDeps = t.deps) {
  return db.transaction(async (tx) => {
    const invoice = await createInvoiceRow(tx, { companyId, hundredths });
    const now = new Date();
    await addInvoiceHours(ledger, tx, { companyId, invoiceId: invoice.id, hundredths, description: 'Hours', timeStamp: now, now });
    if (paid) await completeInvoiceHours(ledger, tx, invoice.id);
    return invoice;
  });
}

async function workLogged(db: Tx, companyId: string, hundredths: number, ledger: LedgerDeps = t.deps) {
  return db.transaction(async (tx) => {
    const log = await createTimeLogRow(tx, { companyId, hundredths });
    const now = new Date();
    await recordTimeLogHours(ledger, tx, { companyId, timeLogId: log.id, hundredths, description: 'Work', timeStamp: now, now });
    return log;
  });
}

/** The events of the company, in the order they were written: type, who, and the changes. */
async function eventsOf(companyId: string) {
  const rows = await recordedEvents(t.deps.db, { companyId });
  return rows.map(({ type, actorId, subjectType, subjectId, changes }) => ({ type, actorId, subjectType, subjectId, changes }));
}

async function paymentRow(db: Tx, companyId: string, invoiceId: string) {
  const now = new Date();
  await db.transaction((tx) => tx.insert(tx.t.payments).values({ id: newId(), invoiceId, companyId, amountCents: 1000, paymentDate: now, createdAt: now }));
}

describe('roles', () => {
  it.each([
    ['GET', '/superadmin/companies'],
    ['POST', '/superadmin/companies'],
    ['PUT', '/superadmin/companies/x'],
    ['DELETE', '/superadmin/companies/x'],
    ['PUT', '/superadmin/companies/email/runningLow/x'],
  ] as const)('%s %s refuses customers (403) and strangers (401)', async (method, url) => {
    const asCustomer = await t.app.inject({ method, url: `/api${url}`, headers: { jwttoken: customer.token } });
    expect(asCustomer.statusCode).toBe(403);
    expect((await t.app.inject({ method, url: `/api${url}` })).statusCode).toBe(401);
  });

  it('writes nothing for a customer', async () => {
    const before = await companyCount();
    await api(t.app, customer.token).post('/superadmin/companies', { companyName: 'Sneaky' });
    await api(t.app, customer.token).delete(`/superadmin/companies/${home.id}`);
    expect(await companyCount()).toBe(before);
    expect((await companyRow(home.id))?.companyName).toBe('Home Co');
  });
});

describe('GET /superadmin/companies', () => {
  const listed = async (query: string) => restPage<CompanyDto>(await asBoss().get(`/superadmin/companies?${query}`));
  const namesOf = (page: RestPage<CompanyDto>) => page.items.map((company) => company.companyName);

  /** Companies named `${prefix} 01`, `${prefix} 02`, ... */
  const numbered = async (prefix: string, howMany: number) => {
    const made: Awaited<ReturnType<typeof createCompany>>[] = [];
    for (let i = 0; i < howMany; i += 1) made.push(await createCompany(t.deps.db, { companyName: `${prefix} ${String(i + 1).padStart(2, '0')}` }));
    return made;
  };

  it('lists companies by name, whatever the letter case, with their balance, pending hours and open tasks', async () => {
    const db = t.deps.db;
    const busy = await createCompany(db, { companyName: 'busy Figures', companyAddress: '1 Road', companyPhone: '555', website: 'https://busy.example' });
    const idle = await createCompany(db, { companyName: 'Able Figures' });
    const zeta = await createCompany(db, { companyName: 'Zeta Figures' });
    await purchase(db, busy.id, 1000, true);
    await purchase(db, busy.id, 500, false);
    await workLogged(db, busy.id, 250);
    await createTask(db, { companyId: busy.id });
    await createTask(db, { companyId: busy.id });
    await createTask(db, { companyId: busy.id, done: true });
    await createTask(db, { companyId: busy.id, deleted: true });

    const page = await listed('search=figures');
    expect(namesOf(page)).toEqual(['Able Figures', 'busy Figures', 'Zeta Figures']);
    expect(page.total).toBe(3);
    expect(page.items[1]).toEqual({
      _id: busy.id,
      companyName: 'busy Figures',
      companyAddress: '1 Road',
      companyPhone: '555',
      website: 'https://busy.example',
      hourBalance: 7.5,
      pendingHours: 5,
      openTasks: 2,
      lowBalanceHours: null,
      thresholdHours: 5,
      runningLowEmailedAt: null,
      negativeEmailedAt: null,
      overageRate: null,
      plan: null,
      forecast: null,
    });
    expect(page.items[0]).toMatchObject({ _id: idle.id, hourBalance: 0, pendingHours: 0, openTasks: 0 });
    expect(page.items[2]?._id).toBe(zeta.id);
  });

  it('shows a negative balance', async () => {
    const overdrawn = await createCompany(t.deps.db, { companyName: 'Overdrawn' });
    await workLogged(t.deps.db, overdrawn.id, 325);
    const page = await listed('search=overdrawn');
    expect(page.items.map((company) => company.hourBalance)).toEqual([-3.25]);
  });

  it('answers one page as an array, with the total in X-Total-Count and the other pages in Link', async () => {
    await numbered('Paged', 12);
    const page = await listed('search=paged&per_page=5&page=2');
    expect(namesOf(page)).toEqual(['Paged 06', 'Paged 07', 'Paged 08', 'Paged 09', 'Paged 10']);
    expect(page.total).toBe(12);
    const linkTo = (page: number) => ({ path: '/api/superadmin/companies', query: { search: 'paged', page: String(page), per_page: '5' } });
    expect(page.links).toEqual({ first: linkTo(1), prev: linkTo(1), next: linkTo(3), last: linkTo(3) });
    expect(namesOf(await listed('search=paged&per_page=5&page=3'))).toEqual(['Paged 11', 'Paged 12']);
  });

  it('answers { items, total } on tRPC', async () => {
    const input = encodeURIComponent(JSON.stringify({ search: 'paged', perPage: 3, page: 4 }));
    const response = await t.app.inject({ method: 'GET', url: `/trpc/superadmin.companies.list?input=${input}`, headers: { jwttoken: boss.token } });
    const page = response.json().result.data as Page<CompanyDto>;
    expect(page.total).toBe(12);
    expect(page.items.map((company) => company.companyName)).toEqual(['Paged 10', 'Paged 11', 'Paged 12']);
  });

  it.each([
    ['per_page=1001', 'per_page must be at most 1000.'],
    ['per_page=0', 'per_page must be 1 or more.'],
    ['page=0', 'page must be 1 or more.'],
    ['sort=website', 'sort must be one of: companyName, hourBalance, openTasks.'],
    ['dir=up', 'dir must be asc or desc.'],
    ['positiveOnly=yes', 'positiveOnly must be true or false.'],
    [`search=${'x'.repeat(201)}`, 'Search must be at most 200 characters.'],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const response = await asBoss().get(`/superadmin/companies?${query}`);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
  });

  it('searches the name, case-insensitively, anywhere in it, taking % and _ literally', async () => {
    for (const companyName of ['Search 100% Club', 'Search 100 Club', 'Search under_score', 'Search underscore', 'Elsewhere']) {
      await createCompany(t.deps.db, { companyName });
    }
    expect(namesOf(await listed('search=SEARCH 100'))).toEqual(['Search 100 Club', 'Search 100% Club']);
    expect(namesOf(await listed('search=100%25'))).toEqual(['Search 100% Club']);
    expect(namesOf(await listed('search=der_s'))).toEqual(['Search under_score']);
    expect(namesOf(await listed('search=  ELSEWHERE  '))).toEqual(['Elsewhere']);
  });

  it("keeps, with positiveOnly, the companies with hours above 0 and an open task ('Only positive hours & open tasks')", async () => {
    const db = t.deps.db;
    const both = await createCompany(db, { companyName: 'Switch both' });
    await purchase(db, both.id, 500, true);
    await createTask(db, { companyId: both.id });
    const hoursOnly = await createCompany(db, { companyName: 'Switch hours only' });
    await purchase(db, hoursOnly.id, 500, true);
    await createTask(db, { companyId: hoursOnly.id, done: true });
    const tasksOnly = await createCompany(db, { companyName: 'Switch tasks only' });
    await createTask(db, { companyId: tasksOnly.id });
    const negative = await createCompany(db, { companyName: 'Switch negative' });
    await workLogged(db, negative.id, 100);
    await createTask(db, { companyId: negative.id });
    const pendingOnly = await createCompany(db, { companyName: 'Switch pending' });
    await purchase(db, pendingOnly.id, 500, false);
    await createTask(db, { companyId: pendingOnly.id });

    const filtered = await listed('search=switch&positiveOnly=true');
    expect(namesOf(filtered)).toEqual(['Switch both']);
    expect(filtered.total).toBe(1);
    expect((await listed('search=switch&positiveOnly=false')).total).toBe(5);
  });

  it('sorts by name, hour balance or open tasks, either way, equal values in the order they were added', async () => {
    const db = t.deps.db;
    const figures = { 'Sort A': [300, 2], 'Sort b': [-150, 0], 'Sort C': [300, 5], 'Sort D': [1000, 1] } as const;
    for (const [companyName, [balance, openTasks]] of Object.entries(figures)) {
      const company = await createCompany(db, { companyName });
      if (balance > 0) await purchase(db, company.id, balance, true);
      else await workLogged(db, company.id, -balance);
      for (let n = 0; n < openTasks; n += 1) await createTask(db, { companyId: company.id });
    }
    const sorted = async (sort: string, dir: string) => namesOf(await listed(`search=sort &sort=${sort}&dir=${dir}`));
    expect(await sorted('companyName', 'desc')).toEqual(['Sort D', 'Sort C', 'Sort b', 'Sort A']);
    expect(await sorted('hourBalance', 'asc')).toEqual(['Sort b', 'Sort A', 'Sort C', 'Sort D']);
    expect(await sorted('hourBalance', 'desc')).toEqual(['Sort D', 'Sort C', 'Sort A', 'Sort b']);
    expect(await sorted('openTasks', 'desc')).toEqual(['Sort C', 'Sort A', 'Sort D', 'Sort b']);
    expect(await sorted('openTasks', 'asc')).toEqual(['Sort b', 'Sort D', 'Sort A', 'Sort C']);
  });

  /** The page's hours used for the forecasts: one statement, each company's stretch of the ledger's timeline index. */
  function expectUsageRead(usage: StatementPlan | undefined) {
    expect(usage?.sql).toContain('from "activities"');
    expect(usage?.plan.join('\n')).toMatch(/SEARCH activities USING COVERING INDEX activities_timeline_idx \(company_id=\? AND time_stamp>\? AND time_stamp<\?\)/);
    expect(usage?.plan.join('\n')).not.toMatch(/TEMP B-TREE|SCAN activities/);
  }

  it('reads a page in two statements on the indexes, with no sort of its own, and the forecasts in two more, however many companies there are', async () => {
    const database = tempDatabase();
    const opened = database.open();
    const { db } = opened;
    try {
      for (let n = 0; n < 60; n += 1) {
        const company = await createCompany(db);
        await createTask(db, { companyId: company.id });
        await workLogged(db, company.id, 100 + n, unwatchedLedger);
      }
      const plansOf = (input: Partial<CompanyListQuery>) => statementPlans(opened, () => listCompanies(t.deps, db, companyListInput.parse({ perPage: 25, ...input })));
      const cases: [Partial<CompanyListQuery>, string][] = [
        [{}, 'companies_name_nocase_idx'],
        [{ sort: 'companyName', dir: 'desc', positiveOnly: true }, 'companies_name_nocase_idx'],
        [{ sort: 'hourBalance', dir: 'desc' }, 'companies_balance_idx'],
        [{ sort: 'hourBalance', positiveOnly: true }, 'companies_balance_idx'],
        [{ sort: 'openTasks' }, 'companies_open_tasks_idx'],
      ];
      const readsUsage = (plan: StatementPlan) => plan.sql.includes('from "activities"');
      const readsBlocks = (plan: StatementPlan) => plan.sql.includes('from "hour_blocks"');
      const readsLedger = (plan: StatementPlan) => readsUsage(plan) || readsBlocks(plan);
      expect((await plansOf({})).filter(readsUsage)).toHaveLength(1);
      for (const [input, index] of cases) {
        const plans = await plansOf(input);
        expectIndexedPage(plans.filter((plan) => !readsLedger(plan)), 'companies', index);
        // one read of the hours used and one of the blocks for the whole page; none when the page is empty
        const usage = plans.filter(readsUsage);
        expect(usage.length).toBeLessThanOrEqual(1);
        if (usage[0]) expectUsageRead(usage[0]);
        const blocks = plans.filter(readsBlocks);
        expect(blocks.length).toBe(usage.length);
        if (blocks[0]) expect(blocks[0].plan.join('\n')).toMatch(/SEARCH hour_blocks USING INDEX hour_blocks_company_idx \(company_id=\?\)/);
      }
      // running low compares each company's own threshold, so no index narrows it: the page walks the sort's index and checks each row
      const lowPlans = await plansOf({ lowOnly: true, sort: 'hourBalance' });
      expectIndexedPage(lowPlans.filter((plan) => !readsLedger(plan)), 'companies', 'companies_balance_idx');
    } finally {
      await database.remove();
    }
  });
});

describe('POST /superadmin/companies', () => {
  it('creates a company with trimmed fields and answers with the list shape', async () => {
    const response = await asBoss().post('/superadmin/companies', {
      _id: '',
      companyName: '  Wayne Enterprises ',
      companyAddress: ' 1007 Mountain Drive ',
      companyPhone: '555-0199',
      website: 'https://wayne.example',
      hourBalance: 99,
      openTasks: 7,
    });
    expect(response.statusCode).toBe(200);
    const created = json<CompanyDto>(response);
    expect(created).toEqual({
      _id: expect.any(String),
      companyName: 'Wayne Enterprises',
      companyAddress: '1007 Mountain Drive',
      companyPhone: '555-0199',
      website: 'https://wayne.example',
      hourBalance: 0,
      pendingHours: 0,
      openTasks: 0,
      lowBalanceHours: null,
      thresholdHours: 5,
      runningLowEmailedAt: null,
      negativeEmailedAt: null,
      overageRate: null,
      plan: null,
      forecast: null,
    });
    expect(await companyRow(created._id)).toMatchObject({ companyName: 'Wayne Enterprises', createdAt: t.clock.now() });
  });

  it('needs only a name; a null or missing _id is a new company', async () => {
    const bare = json<CompanyDto>(await asBoss().post('/superadmin/companies', { companyName: 'Bare' }));
    expect(bare).toMatchObject({ companyName: 'Bare', companyAddress: '', companyPhone: '', website: '' });
    const nulls = await asBoss().post('/superadmin/companies', { _id: null, companyName: 'Nulls', website: null });
    expect(json(nulls)).toMatchObject({ companyName: 'Nulls', website: '' });
  });

  it.each([
    { case: 'a missing name', payload: {}, message: 'Company name is required.' },
    { case: 'a blank name', payload: { companyName: '   ' }, message: 'Company name is required.' },
    { case: 'a name that is not text', payload: { companyName: 42 }, message: 'Company name is required.' },
    { case: 'a name over 200 characters', payload: { companyName: 'x'.repeat(201) }, message: 'Company name must be at most 200 characters.' },
    { case: 'an address over 500 characters', payload: { companyName: 'A', companyAddress: 'x'.repeat(501) }, message: 'Company address must be at most 500 characters.' },
    { case: 'a phone over 50 characters', payload: { companyName: 'A', companyPhone: 'x'.repeat(51) }, message: 'Company phone must be at most 50 characters.' },
    { case: 'a website over 500 characters', payload: { companyName: 'A', website: 'x'.repeat(501) }, message: 'Website must be at most 500 characters.' },
    { case: 'a website that is not text', payload: { companyName: 'A', website: 7 }, message: 'Website must be text.' },
    { case: 'an _id', payload: { companyName: 'A', _id: 'abc' }, message: 'A new company has no _id yet; change an existing one with PUT /superadmin/companies/{id}.' },
  ])('refuses $case with a message and writes nothing', async ({ payload, message }) => {
    const before = await companyCount();
    const response = await asBoss().post('/superadmin/companies', payload);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
    expect(await companyCount()).toBe(before);
  });
});

describe('PUT /superadmin/companies/{id}', () => {
  it('changes the dialog fields, keeps the rest and answers with the list shape', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Old Name', projectDescription: 'From sign-up' });
    await purchase(t.deps.db, company.id, 300, true);
    await createTask(t.deps.db, { companyId: company.id });
    const response = await asBoss().put(`/superadmin/companies/${company.id}`, {
      _id: 'ignored-body-id',
      companyName: 'New Name ',
      companyAddress: '',
      companyPhone: '555-0123',
      website: 'https://new.example',
      hourBalance: 1000,
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      _id: company.id,
      companyName: 'New Name',
      companyAddress: '',
      companyPhone: '555-0123',
      website: 'https://new.example',
      hourBalance: 3,
      pendingHours: 0,
      openTasks: 1,
      lowBalanceHours: null,
      thresholdHours: 5,
      runningLowEmailedAt: null,
      negativeEmailedAt: null,
      overageRate: null,
      plan: null,
      forecast: null,
    });
    expect(await companyRow(company.id)).toMatchObject({ projectDescription: 'From sign-up', createdAt: company.createdAt });
  });

  it('answers an unknown id with 404', async () => {
    const response = await asBoss().put('/superadmin/companies/nope', { companyName: 'Ghost' });
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Company not found.');
    const { companies } = t.deps.db.t;
    expect(await t.deps.db.select().from(companies).where(eq(companies.companyName, 'Ghost'))).toEqual([]);
  });

  it('refuses a blank name and changes nothing', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Keeps Name' });
    const response = await asBoss().put(`/superadmin/companies/${company.id}`, { companyName: ' ', website: 'https://changed.example' });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Company name is required.');
    expect(await companyRow(company.id)).toMatchObject({ companyName: 'Keeps Name', website: company.website });
  });
});

describe('DELETE /superadmin/companies/{id}', () => {
  it.each([
    ['invoices', async (tx: Tx, companyId: string) => void (await createInvoiceRow(tx, { companyId }))],
    ['payments', async (tx: Tx, companyId: string) => await paymentRow(tx, companyId, (await createInvoiceRow(tx, { companyId: home.id })).id)],
    ['time logs', async (tx: Tx, companyId: string) => void (await createTimeLogRow(tx, { companyId }))],
  ])('refuses (409) a company with %s and keeps everything', async (kind, addRecord) => {
    const company = await createCompany(t.deps.db, { companyName: `Has ${kind}` });
    const user = await createUser(t.deps.db, { companyId: company.id });
    await addRecord(t.deps.db, company.id);
    const response = await asBoss().delete(`/superadmin/companies/${company.id}`);
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe(`Has ${kind} cannot be deleted because it has ${kind}. Delete those first if they were entered by mistake.`);
    expect(await companyRow(company.id)).toBeDefined();
    const { users } = t.deps.db.t;
    expect(await t.deps.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });

  it('names every kind of record the company has', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Busy Books' });
    const invoice = await purchase(t.deps.db, company.id, 100, true);
    await paymentRow(t.deps.db, company.id, invoice.id);
    await workLogged(t.deps.db, company.id, 50);
    const response = await asBoss().delete(`/superadmin/companies/${company.id}`);
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('Busy Books cannot be deleted because it has invoices, payments and time logs. Delete those first if they were entered by mistake.');
  });

  it('deletes the company with its users, sessions, tokens, tasks, history and custom packages', async () => {
    const db = t.deps.db;
    const doomed = await createCompany(db, { companyName: 'Doomed' });
    const member = await signedInUser(t, { companyId: doomed.id, role: 'member' });
    const pending = await createUser(db, { companyId: doomed.id, approved: false });
    const now = new Date();
    const { packages, passwordTokens, sessions, taskHistory, tasks, users } = db.t;
    await db.transaction((tx) => tx.insert(passwordTokens).values({ id: newId(), userId: pending.id, purpose: 'set-password', createdAt: now, expiresAt: now }));
    const task = await createTask(db, { companyId: doomed.id });
    await db.transaction(async (tx) => {
      await tx.insert(taskHistory).values({ id: newId(), taskId: task.id, changedField: 'title', oldValue: 'a', newValue: 'b', userId: member.user.id, creationDate: now });
      await tx.insert(packages).values({ id: newId(), description: 'Custom', companyId: doomed.id, startDate: now, createdAt: now });
    });
    const keptTask = await createTask(db, { companyId: home.id });
    const keptPackage = newId();
    await db.transaction((tx) => tx.insert(packages).values({ id: keptPackage, description: 'General', startDate: now, createdAt: now }));

    const response = await asBoss().delete(`/superadmin/companies/${doomed.id}`);
    expect(response.statusCode).toBe(200);
    expect(await companyRow(doomed.id)).toBeUndefined();
    expect(await db.select().from(users).where(eq(users.companyId, doomed.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual([]);
    expect(await db.select().from(passwordTokens).where(eq(passwordTokens.userId, pending.id))).toEqual([]);
    expect(await db.select().from(tasks).where(eq(tasks.companyId, doomed.id))).toEqual([]);
    expect(await db.select().from(taskHistory).where(eq(taskHistory.taskId, task.id))).toEqual([]);
    expect(await db.select().from(packages).where(eq(packages.companyId, doomed.id))).toEqual([]);
    expect(await db.select().from(tasks).where(eq(tasks.id, keptTask.id))).toHaveLength(1);
    expect(await db.select().from(packages).where(eq(packages.id, keptPackage))).toHaveLength(1);
    expect((await api(t.app, member.token).get('/tasks')).statusCode).toBe(401);
    expect((await api(t.app, customer.token).get('/tasks')).statusCode).toBe(200);
  });

  it('answers an unknown id with 404', async () => {
    const response = await asBoss().delete('/superadmin/companies/nope');
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Company not found.');
  });
});

describe('the events of companies', () => {
  it('a company added, changed and deleted is recorded with its dialog fields as they were and became; a change of nothing, not at all', async () => {
    const created = json<CompanyDto>(await asBoss().post('/superadmin/companies', { companyName: 'Evented Co', website: 'https://evented.example', lowBalanceHours: 2.5 }));
    const fields = { companyName: 'Evented Co', companyAddress: '', companyPhone: '', website: 'https://evented.example', lowBalanceHours: 2.5, overageRate: null };
    await asBoss().put(`/superadmin/companies/${created._id}`, { companyName: 'Evented Co Ltd', overageRate: 120 });
    await asBoss().put(`/superadmin/companies/${created._id}`, { companyName: 'Evented Co Ltd' });
    expect((await asBoss().delete(`/superadmin/companies/${created._id}`)).statusCode).toBe(200);
    const by = { actorId: boss.user.id, subjectType: 'company', subjectId: created._id };
    expect(await eventsOf(created._id)).toEqual([
      // what was created or deleted is recorded whole, but for its empty fields
      { type: 'company.created', ...by, changes: Object.fromEntries(Object.entries(fields).filter(([, after]) => after !== null).map(([field, after]) => [field, { before: null, after }])) },
      { type: 'company.updated', ...by, changes: { companyName: { before: 'Evented Co', after: 'Evented Co Ltd' }, overageRate: { before: null, after: 120 } } },
      { type: 'company.deleted', ...by, changes: Object.fromEntries(Object.entries({ ...fields, companyName: 'Evented Co Ltd', overageRate: 120 }).map(([field, before]) => [field, { before, after: null }])) },
    ]);
  });

  it('a refused change records nothing: a billed company kept (409), a blank name (400), a balance email to no one (409)', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Refused Co' });
    await createInvoiceRow(t.deps.db, { companyId: company.id });
    expect((await asBoss().delete(`/superadmin/companies/${company.id}`)).statusCode).toBe(409);
    expect((await asBoss().put(`/superadmin/companies/${company.id}`, { companyName: ' ' })).statusCode).toBe(400);
    expect((await asBoss().put(`/superadmin/companies/email/runningLow/${company.id}`)).statusCode).toBe(409);
    expect(await eventsOf(company.id)).toEqual([]);
  });

  it('a balance email sent by hand is recorded as the provider’s, with when that kind went out before', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Reminded Co' });
    await createUser(t.deps.db, { companyId: company.id });
    expect((await asBoss().put(`/superadmin/companies/email/runningLow/${company.id}`)).statusCode).toBe(200);
    const first = t.clock.now().toISOString();
    t.clock.advance(60_000);
    expect((await asBoss().put(`/superadmin/companies/email/runningLow/${company.id}`)).statusCode).toBe(200);
    const sent = { type: 'balance_email.sent', actorId: boss.user.id, subjectType: 'company', subjectId: company.id };
    expect(await eventsOf(company.id)).toEqual([
      { ...sent, changes: { runningLowEmailedAt: { before: null, after: first } } },
      { ...sent, changes: { runningLowEmailedAt: { before: first, after: t.clock.now().toISOString() } } },
    ]);
  });
});

describe('PUT /superadmin/companies/email/{kind}/{companyId}', () => {
  /** The emails to an address, leaving out those queued before (the automatic alerts of the setup). */
  const emailsTo = async (address: string, before = new Set<string>()) =>
    (await queuedEmails(t.deps)).filter((email) => !before.has(email.id) && email.toAddresses.includes(address));

  async function companyWithUsers(name: string) {
    const company = await createCompany(t.deps.db, { companyName: name });
    const first = await createUser(t.deps.db, { companyId: company.id });
    const second = await createUser(t.deps.db, { companyId: company.id, role: 'member' });
    const unapproved = await createUser(t.deps.db, { companyId: company.id, approved: false });
    return { company, recipients: [first.emailAddress, second.emailAddress], unapproved };
  }

  it('emails a running-low reminder with the balance to the approved users', async () => {
    const { company, recipients, unapproved } = await companyWithUsers('Low Co');
    await purchase(t.deps.db, company.id, 1000, true);
    await workLogged(t.deps.db, company.id, 650);
    const before = new Set((await queuedEmails(t.deps)).map((email) => email.id));
    const response = await asBoss().put(`/superadmin/companies/email/runningLow/${company.id}`);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: 'A running-low balance email was sent to 2 users of Low Co.' });
    const [email, ...others] = await emailsTo(recipients[0]!, before);
    expect(others).toEqual([]);
    expect(email?.toAddresses.split(', ').sort()).toEqual([...recipients].sort());
    expect(email?.toAddresses).not.toContain(unapproved.emailAddress);
    expect(email?.subject).toBe('Your hour balance is running low — Test Provider LLC');
    expect(email?.textBody).toContain('Hello Low Co team,');
    expect(email?.textBody).toContain('Your prepaid hour balance with Test Provider LLC is running low: 3.5 hours left.');
    expect(email?.textBody).toContain('Buy more hours: http://hourbank.test/packages');
    expect(email?.textBody).not.toContain('pending');
    expect(email?.htmlBody).toContain('href="http://hourbank.test/packages"');
  });

  it('emails a negative-balance reminder, mentioning hours waiting for payment', async () => {
    const { company, recipients } = await companyWithUsers('Negative Co');
    await workLogged(t.deps.db, company.id, 225);
    await purchase(t.deps.db, company.id, 1000, false);
    const response = await asBoss().put(`/superadmin/companies/email/negative/${company.id}`);
    expect(response.statusCode).toBe(200);
    expect(json(response).message).toBe('A negative balance email was sent to 2 users of Negative Co.');
    const [email] = await emailsTo(recipients[1]!);
    expect(email?.subject).toBe('Your hour balance is negative — Test Provider LLC');
    expect(email?.textBody).toContain('Your prepaid hour balance with Test Provider LLC is negative: -2.25 hours.');
    expect(email?.textBody).toContain('10 hours you bought will become active as soon as we verify your payment.');
    expect(email?.textBody).toContain('Buy more hours: http://hourbank.test/packages');
    expect(email?.textBody).toContain('— Test Provider LLC');
  });

  it('refuses any other kind (400) and queues nothing', async () => {
    const { company } = await companyWithUsers('Kind Co');
    const before = (await queuedEmails(t.deps)).length;
    const response = await asBoss().put(`/superadmin/companies/email/positive/${company.id}`);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('The email kind must be runningLow or negative.');
    expect(await queuedEmails(t.deps)).toHaveLength(before);
  });

  it('answers an unknown company with 404', async () => {
    const response = await asBoss().put('/superadmin/companies/email/negative/nope');
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Company not found.');
  });

  it('refuses (409) a company without approved users and queues nothing', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Lonely Co' });
    await createUser(t.deps.db, { companyId: company.id, approved: false });
    const before = (await queuedEmails(t.deps)).length;
    const response = await asBoss().put(`/superadmin/companies/email/runningLow/${company.id}`);
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('Lonely Co has no approved users to email. Approve one of its users first.');
    expect(await queuedEmails(t.deps)).toHaveLength(before);
  });
});
