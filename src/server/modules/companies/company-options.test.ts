import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_OPTIONS_LIMIT, type CompanyOption } from '../../../shared/companies.js';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';
import { createCompany } from '../../testing/factories.js';

let t: TestApp;
let boss: string;
let admin: string;
let zeta: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  t = await createTestApp();
  await t.deps.db.transaction(async (tx) => {
    for (let i = 0; i < 80; i += 1) await createCompany(tx, { companyName: `Acme ${String(i).padStart(2, '0')}` });
  });
  zeta = await createCompany(t.deps.db, { companyName: 'Zeta 100%' });
  boss = (await signedInUser(t, { role: 'superadmin' })).token;
  admin = (await signedInUser(t, { companyId: zeta.id, role: 'admin' })).token;
});
afterAll(() => t.close());

const options = async (query = '') => json<CompanyOption[]>(await api(t.app, boss).get(`/superadmin/companies/options${query}`));

describe('GET /superadmin/companies/options', () => {
  it('offers the first companies by name, never every company', async () => {
    const first = await options();
    expect(first).toHaveLength(COMPANY_OPTIONS_LIMIT);
    expect(first[0]).toEqual({ _id: expect.any(String), companyName: 'Acme 00' });
    expect(first.map((option) => option.companyName)).toEqual([...first.map((option) => option.companyName)].sort());
  });

  it('narrows by a case-insensitive part of the name, with % matching itself', async () => {
    expect((await options('?search=acme%207')).map((option) => option.companyName)).toEqual(Array.from({ length: 10 }, (_, i) => `Acme 7${i}`));
    expect((await options('?search=0%25')).map((option) => option.companyName)).toEqual(['Zeta 100%']);
  });

  it('always includes the chosen company, so its name can show', async () => {
    expect((await options(`?include=${zeta.id}`))[0]).toEqual({ _id: zeta.id, companyName: 'Zeta 100%' });
    expect((await options(`?search=acme&include=${zeta.id}`)).some((option) => option._id === zeta.id)).toBe(true);
    expect(await options('?search=nothing-like-it&include=unknown')).toEqual([]);
  });

  it('is for the super-admin only', async () => {
    expect((await api(t.app, admin).get('/superadmin/companies/options')).statusCode).toBe(403);
    expect((await api(t.app).get('/superadmin/companies/options')).statusCode).toBe(401);
  });
});
