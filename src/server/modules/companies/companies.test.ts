import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  companies,
  packages,
  passwordTokens,
  payments,
  sessions,
  taskHistory,
  tasks,
  users,
} from '../../../../drizzle/schema.js';
import type { CompanyDto } from '../../../shared/companies.js';
import type { Tx } from '../../db.js';
import { newId } from '../../lib/ids.js';
import { api, createTestApp, json, queuedEmails, signedInUser, type TestApp } from '../../testing/app.js';
import { tempDatabase } from '../../testing/database.js';
import { createCompany, createInvoiceRow, createTask, createTimeLogRow, createUser } from '../../testing/factories.js';
import { addInvoiceHours, completeInvoiceHours, recordTimeLogHours } from '../activities/ledger.js';
import { listCompanies } from './queries.js';

let t: TestApp;
let home: ReturnType<typeof createCompany>;
let customer: Awaited<ReturnType<typeof signedInUser>>;
let boss: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  home = createCompany(t.deps.db, { companyName: 'Home Co' });
  customer = await signedInUser(t, { companyId: home.id, role: 'admin' });
  boss = await signedInUser(t, { role: 'superadmin' });
});
afterAll(() => t.close());

const asBoss = () => api(t.app, boss.token);
const companyCount = () => t.deps.db.select().from(companies).all().length;
const companyRow = (id: string) => t.deps.db.select().from(companies).where(eq(companies.id, id)).get();

/** A paid (completed) or unpaid (pending) purchase of hours in the ledger. */
function purchase(tx: Tx, companyId: string, hundredths: number, paid: boolean) {
  const invoice = createInvoiceRow(tx, { companyId, hundredths });
  const now = new Date();
  addInvoiceHours(tx, { companyId, invoiceId: invoice.id, hundredths, description: 'Hours', timeStamp: now, now });
  if (paid) completeInvoiceHours(tx, invoice.id);
  return invoice;
}

function workLogged(tx: Tx, companyId: string, hundredths: number) {
  const log = createTimeLogRow(tx, { companyId, hundredths });
  const now = new Date();
  recordTimeLogHours(tx, { companyId, timeLogId: log.id, hundredths, description: 'Work', timeStamp: now, now });
  return log;
}

function paymentRow(tx: Tx, companyId: string, invoiceId: string) {
  const now = new Date();
  tx.insert(payments).values({ id: newId(), invoiceId, companyId, amountCents: 1000, paymentDate: now, createdAt: now }).run();
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
    const before = companyCount();
    await api(t.app, customer.token).post('/superadmin/companies', { companyName: 'Sneaky' });
    await api(t.app, customer.token).delete(`/superadmin/companies/${home.id}`);
    expect(companyCount()).toBe(before);
    expect(companyRow(home.id)?.companyName).toBe('Home Co');
  });
});

describe('GET /superadmin/companies', () => {
  it('lists every company by name with its balance, pending hours and open tasks', async () => {
    const db = t.deps.db;
    const busy = createCompany(db, { companyName: 'busy Ltd', companyAddress: '1 Road', companyPhone: '555', website: 'https://busy.example' });
    const idle = createCompany(db, { companyName: 'Able Inc' });
    purchase(db, busy.id, 1000, true);
    purchase(db, busy.id, 500, false);
    workLogged(db, busy.id, 250);
    createTask(db, { companyId: busy.id });
    createTask(db, { companyId: busy.id });
    createTask(db, { companyId: busy.id, done: true });
    createTask(db, { companyId: busy.id, deleted: true });

    const list = json<CompanyDto[]>(await asBoss().get('/superadmin/companies'));
    const names = list.map((company) => company.companyName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(names.indexOf('Able Inc')).toBeLessThan(names.indexOf('busy Ltd'));
    expect(list.find((company) => company._id === busy.id)).toEqual({
      _id: busy.id,
      companyName: 'busy Ltd',
      companyAddress: '1 Road',
      companyPhone: '555',
      website: 'https://busy.example',
      hourBalance: 7.5,
      pendingHours: 5,
      openTasks: 2,
    });
    expect(list.find((company) => company._id === idle.id)).toMatchObject({ hourBalance: 0, pendingHours: 0, openTasks: 0 });
  });

  it('shows a negative balance', async () => {
    const overdrawn = createCompany(t.deps.db, { companyName: 'Overdrawn' });
    workLogged(t.deps.db, overdrawn.id, 325);
    const list = json<CompanyDto[]>(await asBoss().get('/superadmin/companies'));
    expect(list.find((company) => company._id === overdrawn.id)?.hourBalance).toBe(-3.25);
  });

  it('reads the list in three queries, however many companies there are', () => {
    const database = tempDatabase();
    const { db, sqlite } = database.open();
    const addCompanies = (howMany: number) => {
      for (let n = 0; n < howMany; n += 1) {
        const company = createCompany(db);
        createTask(db, { companyId: company.id });
        workLogged(db, company.id, 100);
      }
    };
    const statementsToList = () => {
      const prepare = vi.spyOn(sqlite, 'prepare');
      try {
        listCompanies(db);
        return prepare.mock.calls.length;
      } finally {
        prepare.mockRestore();
      }
    };
    try {
      addCompanies(2);
      const forTwo = statementsToList();
      addCompanies(30);
      expect(listCompanies(db)).toHaveLength(32);
      expect(statementsToList()).toBe(forTwo);
      expect(forTwo).toBe(3);
    } finally {
      database.remove();
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
    });
    expect(companyRow(created._id)).toMatchObject({ companyName: 'Wayne Enterprises', createdAt: t.clock.now() });
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
    const before = companyCount();
    const response = await asBoss().post('/superadmin/companies', payload);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
    expect(companyCount()).toBe(before);
  });
});

describe('PUT /superadmin/companies/{id}', () => {
  it('changes the dialog fields, keeps the rest and answers with the list shape', async () => {
    const company = createCompany(t.deps.db, { companyName: 'Old Name', projectDescription: 'From sign-up' });
    purchase(t.deps.db, company.id, 300, true);
    createTask(t.deps.db, { companyId: company.id });
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
    });
    expect(companyRow(company.id)).toMatchObject({ projectDescription: 'From sign-up', createdAt: company.createdAt });
  });

  it('answers an unknown id with 404', async () => {
    const response = await asBoss().put('/superadmin/companies/nope', { companyName: 'Ghost' });
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Company not found.');
    expect(t.deps.db.select().from(companies).where(eq(companies.companyName, 'Ghost')).all()).toEqual([]);
  });

  it('refuses a blank name and changes nothing', async () => {
    const company = createCompany(t.deps.db, { companyName: 'Keeps Name' });
    const response = await asBoss().put(`/superadmin/companies/${company.id}`, { companyName: ' ', website: 'https://changed.example' });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Company name is required.');
    expect(companyRow(company.id)).toMatchObject({ companyName: 'Keeps Name', website: company.website });
  });
});

describe('DELETE /superadmin/companies/{id}', () => {
  it.each([
    ['invoices', (tx: Tx, companyId: string) => void createInvoiceRow(tx, { companyId })],
    ['payments', (tx: Tx, companyId: string) => paymentRow(tx, companyId, createInvoiceRow(tx, { companyId: home.id }).id)],
    ['time logs', (tx: Tx, companyId: string) => void createTimeLogRow(tx, { companyId })],
  ])('refuses (409) a company with %s and keeps everything', async (kind, addRecord) => {
    const company = createCompany(t.deps.db, { companyName: `Has ${kind}` });
    const user = await createUser(t.deps.db, { companyId: company.id });
    addRecord(t.deps.db, company.id);
    const response = await asBoss().delete(`/superadmin/companies/${company.id}`);
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe(`Has ${kind} cannot be deleted because it has ${kind}. Delete those first if they were entered by mistake.`);
    expect(companyRow(company.id)).toBeDefined();
    expect(t.deps.db.select().from(users).where(eq(users.id, user.id)).get()).toBeDefined();
  });

  it('names every kind of record the company has', async () => {
    const company = createCompany(t.deps.db, { companyName: 'Busy Books' });
    const invoice = purchase(t.deps.db, company.id, 100, true);
    paymentRow(t.deps.db, company.id, invoice.id);
    workLogged(t.deps.db, company.id, 50);
    const response = await asBoss().delete(`/superadmin/companies/${company.id}`);
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('Busy Books cannot be deleted because it has invoices, payments and time logs. Delete those first if they were entered by mistake.');
  });

  it('deletes the company with its users, sessions, tokens, tasks, history and custom packages', async () => {
    const db = t.deps.db;
    const doomed = createCompany(db, { companyName: 'Doomed' });
    const member = await signedInUser(t, { companyId: doomed.id, role: 'member' });
    const pending = await createUser(db, { companyId: doomed.id, approved: false });
    const now = new Date();
    db.insert(passwordTokens).values({ id: newId(), userId: pending.id, purpose: 'set-password', createdAt: now, expiresAt: now }).run();
    const task = createTask(db, { companyId: doomed.id });
    db.insert(taskHistory).values({ id: newId(), taskId: task.id, changedField: 'title', oldValue: 'a', newValue: 'b', userId: member.user.id, creationDate: now }).run();
    db.insert(packages).values({ id: newId(), description: 'Custom', companyId: doomed.id, startDate: now, createdAt: now }).run();
    const keptTask = createTask(db, { companyId: home.id });
    const keptPackage = newId();
    db.insert(packages).values({ id: keptPackage, description: 'General', startDate: now, createdAt: now }).run();

    const response = await asBoss().delete(`/superadmin/companies/${doomed.id}`);
    expect(response.statusCode).toBe(200);
    expect(companyRow(doomed.id)).toBeUndefined();
    expect(db.select().from(users).where(eq(users.companyId, doomed.id)).all()).toEqual([]);
    expect(db.select().from(sessions).where(eq(sessions.userId, member.user.id)).all()).toEqual([]);
    expect(db.select().from(passwordTokens).where(eq(passwordTokens.userId, pending.id)).all()).toEqual([]);
    expect(db.select().from(tasks).where(eq(tasks.companyId, doomed.id)).all()).toEqual([]);
    expect(db.select().from(taskHistory).where(eq(taskHistory.taskId, task.id)).all()).toEqual([]);
    expect(db.select().from(packages).where(eq(packages.companyId, doomed.id)).all()).toEqual([]);
    expect(db.select().from(tasks).where(eq(tasks.id, keptTask.id)).get()).toBeDefined();
    expect(db.select().from(packages).where(eq(packages.id, keptPackage)).get()).toBeDefined();
    expect((await api(t.app, member.token).get('/tasks')).statusCode).toBe(401);
    expect((await api(t.app, customer.token).get('/tasks')).statusCode).toBe(200);
  });

  it('answers an unknown id with 404', async () => {
    const response = await asBoss().delete('/superadmin/companies/nope');
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Company not found.');
  });
});

describe('PUT /superadmin/companies/email/{kind}/{companyId}', () => {
  const emailsTo = (address: string) => queuedEmails(t.deps).filter((email) => email.toAddresses.includes(address));

  async function companyWithUsers(name: string) {
    const company = createCompany(t.deps.db, { companyName: name });
    const first = await createUser(t.deps.db, { companyId: company.id });
    const second = await createUser(t.deps.db, { companyId: company.id, role: 'member' });
    const unapproved = await createUser(t.deps.db, { companyId: company.id, approved: false });
    return { company, recipients: [first.emailAddress, second.emailAddress], unapproved };
  }

  it('emails a running-low reminder with the balance to the approved users', async () => {
    const { company, recipients, unapproved } = await companyWithUsers('Low Co');
    purchase(t.deps.db, company.id, 1000, true);
    workLogged(t.deps.db, company.id, 650);
    const response = await asBoss().put(`/superadmin/companies/email/runningLow/${company.id}`);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: 'A running-low balance email was sent to 2 users of Low Co.' });
    const [email, ...others] = emailsTo(recipients[0]!);
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
    workLogged(t.deps.db, company.id, 225);
    purchase(t.deps.db, company.id, 1000, false);
    const response = await asBoss().put(`/superadmin/companies/email/negative/${company.id}`);
    expect(response.statusCode).toBe(200);
    expect(json(response).message).toBe('A negative balance email was sent to 2 users of Negative Co.');
    const [email] = emailsTo(recipients[1]!);
    expect(email?.subject).toBe('Your hour balance is negative — Test Provider LLC');
    expect(email?.textBody).toContain('Your prepaid hour balance with Test Provider LLC is negative: -2.25 hours.');
    expect(email?.textBody).toContain('10 hours you bought will become active as soon as we verify your payment.');
    expect(email?.textBody).toContain('Buy more hours: http://hourbank.test/packages');
    expect(email?.textBody).toContain('— Test Provider LLC');
  });

  it('refuses any other kind (400) and queues nothing', async () => {
    const { company } = await companyWithUsers('Kind Co');
    const before = queuedEmails(t.deps).length;
    const response = await asBoss().put(`/superadmin/companies/email/positive/${company.id}`);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('The email kind must be runningLow or negative.');
    expect(queuedEmails(t.deps)).toHaveLength(before);
  });

  it('answers an unknown company with 404', async () => {
    const response = await asBoss().put('/superadmin/companies/email/negative/nope');
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Company not found.');
  });

  it('refuses (409) a company without approved users and queues nothing', async () => {
    const company = createCompany(t.deps.db, { companyName: 'Lonely Co' });
    await createUser(t.deps.db, { companyId: company.id, approved: false });
    const before = queuedEmails(t.deps).length;
    const response = await asBoss().put(`/superadmin/companies/email/runningLow/${company.id}`);
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('Lonely Co has no approved users to email. Approve one of its users first.');
    expect(queuedEmails(t.deps)).toHaveLength(before);
  });
});
