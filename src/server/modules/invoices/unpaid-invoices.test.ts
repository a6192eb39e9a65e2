import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../testing/factories.js';
import { api, createTestApp, json, signedInUser, type SignedInUser, type TestApp } from '../../testing/app.js';

let t: TestApp;
let boss: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  boss = await signedInUser(t, { role: 'superadmin' });
});
afterAll(() => t.close());

const invoiceFor = async (companyId: string, price: number) =>
  json<{ _id: string }>(await api(t.app, boss.token).post('/superadmin/invoices', { company: companyId, description: 'Block', price, sendInvoiceEmail: false }))._id;
const pay = (companyId: string, invoice: string, amount: number, status = 'completed') =>
  api(t.app, boss.token).post('/superadmin/payments', { company: companyId, invoice, amount, method: 'ACH', status, sendEmail: false });

describe('GET /invoices/unpaid', () => {
  it("counts the caller's company's invoices not paid in full and sums what is still owed", async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Owes Co' });
    const other = await createCompany(t.deps.db, { companyName: 'Elsewhere' });
    const { token } = await signedInUser(t, { companyId: company.id, role: 'admin' });
    expect(json(await api(t.app, token).get('/invoices/unpaid'))).toEqual({ count: 0, openBalance: 0 });

    await invoiceFor(company.id, 1000);
    const partly = await invoiceFor(company.id, 500.5);
    await pay(company.id, partly, 200);
    await pay(company.id, partly, 100, 'failed');
    const paid = await invoiceFor(company.id, 300);
    await pay(company.id, paid, 300);
    await invoiceFor(other.id, 9999);

    expect(json(await api(t.app, token).get('/invoices/unpaid'))).toEqual({ count: 2, openBalance: 1300.5 });
    expect(json(await t.app.inject({ method: 'GET', url: '/trpc/invoices.unpaid', headers: { jwttoken: token } }))).toMatchObject({
      result: { data: { count: 2, openBalance: 1300.5 } },
    });
  });

  it('is for company admins only', async () => {
    const company = await createCompany(t.deps.db);
    const member = await signedInUser(t, { companyId: company.id, role: 'member' });
    expect((await api(t.app, member.token).get('/invoices/unpaid')).statusCode).toBe(403);
    expect((await api(t.app, boss.token).get('/invoices/unpaid')).statusCode).toBe(403);
    expect((await api(t.app).get('/invoices/unpaid')).statusCode).toBe(401);
  });
});
