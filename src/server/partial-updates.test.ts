import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createPackage, createTask, createUser } from './testing/factories.js';
import { api, createTestApp, json, signedInUser, type SignedInUser, type TestApp } from './testing/app.js';

/*
 * Every update changes only the fields it is sent, over both transports: a field left out keeps
 * its value (it used to take the create form's default, so a user sent without a role became an
 * approved admin), null still clears an optional field, and the merged record meets the full rules.
 */

let t: TestApp;
let boss: SignedInUser;
let member: SignedInUser;
let company: Awaited<ReturnType<typeof createCompany>>;
let other: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  t = await createTestApp();
  boss = await signedInUser(t, { role: 'superadmin' });
  company = await createCompany(t.deps.db, { companyName: 'Keep Co', companyAddress: '1 Main St', companyPhone: '555-0100', website: 'keep.example.com', lowBalanceHundredths: 500 });
  other = await createCompany(t.deps.db, { companyName: 'Other Co' });
  member = await signedInUser(t, { companyId: company.id, role: 'member' });
});
afterAll(() => t.close());

const put = (path: string, body: Record<string, unknown>, token = boss.token) => api(t.app, token).put(path, body);

describe('PUT /superadmin/users/{id}', () => {
  it('keeps the role, approval and company a call leaves out', async () => {
    const user = await createUser(t.deps.db, { companyId: company.id, role: 'member', approved: false, firstName: 'Ann' });
    const response = await put(`/superadmin/users/${user.id}`, { firstName: 'Anna' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ firstName: 'Anna', role: 'member', approved: false, company: company.id, emailAddress: user.emailAddress });
    const { users } = t.deps.db.t;
    expect(await t.deps.db.select({ role: users.role, approved: users.approved }).from(users).where(eq(users.id, user.id))).toEqual([{ role: 'member', approved: false }]);
  });

  it('still refuses a bad field and changes nothing', async () => {
    const user = await createUser(t.deps.db, { companyId: company.id, role: 'member', firstName: 'Bea' });
    const response = await put(`/superadmin/users/${user.id}`, { firstName: '', role: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(/First name/);
    const { users } = t.deps.db.t;
    expect(await t.deps.db.select({ firstName: users.firstName, role: users.role }).from(users).where(eq(users.id, user.id))).toEqual([{ firstName: 'Bea', role: 'member' }]);
  });

  it('answers 404 for an unknown user, as before', async () => {
    const response = await put('/superadmin/users/missing', { firstName: 'Nobody' });
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT /superadmin/companies/{id}', () => {
  it('keeps the address, phone, website and threshold a call leaves out; null clears the threshold', async () => {
    const renamed = await put(`/superadmin/companies/${company.id}`, { companyName: 'Keep Co Ltd' });
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed)).toMatchObject({ companyName: 'Keep Co Ltd', companyAddress: '1 Main St', companyPhone: '555-0100', website: 'keep.example.com', lowBalanceHours: 5 });
    const cleared = await put(`/superadmin/companies/${company.id}`, { lowBalanceHours: null });
    expect(json(cleared)).toMatchObject({ companyName: 'Keep Co Ltd', companyAddress: '1 Main St', lowBalanceHours: null });
  });
});

describe('PUT /superadmin/packages/{id}', () => {
  it('keeps hours, rate, dates and company a call leaves out', async () => {
    const pkg = await createPackage(t.deps.db, { description: 'Forty hours', hundredths: 4000, rateCents: 90000, companyId: company.id, endDate: new Date('2099-01-01T00:00:00Z') });
    const response = await put(`/superadmin/packages/${pkg.id}`, { description: 'Forty hours, renamed' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ description: 'Forty hours, renamed', hours: 40, rate: 900, company: company.id, endDate: '2099-01-01T00:00:00.000Z' });
  });
});

describe('task updates', () => {
  it('a customer changes only the priority; the title and description stay', async () => {
    const task = await createTask(t.deps.db, { companyId: company.id, title: 'Fix the login', description: 'Steps to reproduce', priority: 4 });
    const response = await put(`/tasks/${task.id}`, { priority: 2 }, member.token);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ title: 'Fix the login', description: 'Steps to reproduce', priority: 2 });
  });

  it("never reads another company's task for a customer: still a 404", async () => {
    const task = await createTask(t.deps.db, { companyId: other.id, title: 'Theirs', priority: 4 });
    const response = await put(`/tasks/${task.id}`, { priority: 2 }, member.token);
    expect(response.statusCode).toBe(404);
  });

  it('the provider changes only the title over tRPC too', async () => {
    const task = await createTask(t.deps.db, { companyId: company.id, title: 'Old title', description: 'Kept', priority: 7 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/trpc/superadmin.tasks.update',
      headers: { jwttoken: boss.token, 'content-type': 'application/json' },
      payload: { id: task.id, title: 'New title' },
    });
    expect(response.statusCode).toBe(200);
    expect(json<{ result: { data: unknown } }>(response).result.data).toMatchObject({ title: 'New title', description: 'Kept', priority: 7 });
  });
});

describe('invoice, payment and time log updates', () => {
  it('keep what a call leaves out', async () => {
    const invoice = json<{ _id: string }>(
      await api(t.app, boss.token).post('/superadmin/invoices', {
        company: company.id, description: 'Ten hours', hours: 10, rate: 100, selectedPaymentMethod: 'Zelle', transactionDate: '2026-01-05T15:00:00.000Z', sendInvoiceEmail: false,
      }),
    );
    const invoiceAfter = await put(`/superadmin/invoices/${invoice._id}`, { description: 'Ten hours of support' });
    expect(invoiceAfter.statusCode).toBe(200);
    expect(json(invoiceAfter)).toMatchObject({ description: 'Ten hours of support', hours: 10, rate: 100, price: 1000, selectedPaymentMethod: 'Zelle', transactionDate: '2026-01-05T15:00:00.000Z', sendInvoiceEmail: false });

    const payment = json<{ _id: string }>(
      await api(t.app, boss.token).post('/superadmin/payments', {
        company: company.id, invoice: invoice._id, amount: 200, method: 'Check', description: 'Cheque 1001', transactionId: 'CHK-1001', paymentDate: '2026-01-06T15:00:00.000Z', sendEmail: false,
      }),
    );
    const paymentAfter = await put(`/superadmin/payments/${payment._id}`, { amount: 250 });
    expect(paymentAfter.statusCode).toBe(200);
    expect(json(paymentAfter)).toMatchObject({ amount: 250, method: 'Check', description: 'Cheque 1001', transactionId: 'CHK-1001', paymentDate: '2026-01-06T15:00:00.000Z', invoice: { _id: invoice._id } });

    const task = await createTask(t.deps.db, { companyId: company.id, title: 'Logged against' });
    const log = json<{ _id: string }>(
      await api(t.app, boss.token).post('/superadmin/timelogs', {
        company: company.id, timeStamp: '2026-01-07T15:00:00.000Z', invertedHours: 2, description: 'Set up the server', task: task.id, emailClient: false,
      }),
    );
    const logAfter = await put(`/superadmin/timelogs/${log._id}`, { invertedHours: 3 });
    expect(logAfter.statusCode).toBe(200);
    expect(json(logAfter)).toMatchObject({ invertedHours: 3, description: 'Set up the server', task: task.id, timeStamp: '2026-01-07T15:00:00.000Z', company: company.id });
    const invoices = json<{ _id: string; remainingBalance: number }[]>(await api(t.app, boss.token).get(`/superadmin/allinvoices?company=${company.id}`));
    expect(invoices.find((row) => row._id === invoice._id)?.remainingBalance).toBe(750);
  });
});
