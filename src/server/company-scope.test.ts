import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, json, signedInUser, type TestApp, type SignedInUser } from './testing/app.js';
import { createCompany, createTask } from './testing/factories.js';

/*
 * companyProcedure and companyAdminProcedure: a customer call acts on the caller's own company; the
 * provider, who has none, is refused once the input has passed, and a batch of customer calls on
 * /trpc shares one context without mixing anything up.
 */
let t: TestApp;
let provider: SignedInUser;
let admin: SignedInUser;
let otherTaskId: string;

beforeAll(async () => {
  t = await createTestApp();
  const own = await createCompany(t.deps.db, { companyName: 'Scope Own' });
  const other = await createCompany(t.deps.db, { companyName: 'Scope Other' });
  otherTaskId = (await createTask(t.deps.db, { companyId: other.id, title: 'Theirs' })).id;
  provider = await signedInUser(t, { companyId: null, role: 'superadmin' });
  admin = await signedInUser(t, { companyId: own.id, role: 'admin' });
});
afterAll(() => t.close());

const NO_COMPANY = 'Your account does not belong to a company.';

describe('calls scoped to the caller’s company', () => {
  it('refuse the provider with 403 once the input is valid, and answer a bad input with 400 first', async () => {
    const refused = await api(t.app, provider.token).post('/tasks', { title: 'Mine?', description: '', priority: 1 });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe(NO_COMPANY);
    expect((await api(t.app, provider.token).post('/tasks', {})).statusCode).toBe(400);
    const invoices = await api(t.app, provider.token).get('/invoices');
    expect([invoices.statusCode, json(invoices).message]).toEqual([403, NO_COMPANY]);
  });

  it('reach only the caller’s own company', async () => {
    const edit = await api(t.app, admin.token).put(`/tasks/${otherTaskId}`, { title: 'Taken over', description: '', priority: 1 });
    expect(edit.statusCode).toBe(404);
    const created = json<{ company: string; title: string }>(await api(t.app, admin.token).post('/tasks', { title: 'Ours', description: '', priority: 1 }));
    expect(created.title).toBe('Ours');
    expect(created.company).toBe(admin.user.companyId);
  });

  it('keep each call of a /trpc batch on the caller’s company', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/trpc/users.list,invoices.list,packages.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: {}, 1: {} }))}`,
      headers: { jwttoken: admin.token },
    });
    expect(response.statusCode).toBe(200);
    const [users] = json<{ result: { data: { items: { emailAddress: string }[] } } }[]>(response);
    expect(users!.result.data.items.map((user) => user.emailAddress)).toEqual([admin.user.emailAddress]);
  });
});
