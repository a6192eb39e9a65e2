import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageDto } from '../../../shared/packages.js';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';
import { createCompany, createPackage } from '../../testing/factories.js';

let t: TestApp;
let boss: string;
let globex: Awaited<ReturnType<typeof createCompany>>;
let initech: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  t = await createTestApp();
  globex = await createCompany(t.deps.db, { companyName: 'Globex' });
  initech = await createCompany(t.deps.db, { companyName: 'Initech' });
  await createPackage(t.deps.db, { description: 'General 10' });
  await createPackage(t.deps.db, { description: 'Globex custom', companyId: globex.id });
  await createPackage(t.deps.db, { description: 'Initech custom', companyId: initech.id });
  boss = (await signedInUser(t, { role: 'superadmin' })).token;
});
afterAll(() => t.close());

describe('GET /superadmin/packages/choices', () => {
  it("offers general packages and the company's own, never another company's", async () => {
    const response = await api(t.app, boss).get(`/superadmin/packages/choices?company=${globex.id}`);
    expect(response.statusCode).toBe(200);
    expect(json<PackageDto[]>(response).map((pkg) => pkg.description)).toEqual(['General 10', 'Globex custom']);
  });

  it('needs a company', async () => {
    const response = await api(t.app, boss).get('/superadmin/packages/choices');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/id is required/i);
  });
});
