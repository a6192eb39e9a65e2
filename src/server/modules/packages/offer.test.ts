import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, json, signedInUser, type TestApp, type SignedInUser } from '../../testing/app.js';
import { createCompany, createPackage } from '../../testing/factories.js';

/*
 * The catalogue, the package detail and the purchase all ask the one offer rule: a package is
 * listed, shown and sold to a company for exactly the same set of packages at any instant.
 */
let t: TestApp;
let admin: SignedInUser;
let companyId: string;

const NOW = new Date('2026-03-02T15:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  companyId = (await createCompany(t.deps.db, { companyName: 'Offer Co' })).id;
  admin = await signedInUser(t, { companyId, role: 'admin' });
});
afterAll(() => t.close());

describe('the offer rule, shared by the catalogue, the detail and the purchase', () => {
  it('offers a package from its start instant through its end instant, general or the company’s own, never another’s', async () => {
    const other = (await createCompany(t.deps.db)).id;
    const cases = {
      startsNow: await createPackage(t.deps.db, { description: 'starts now', startDate: NOW }, NOW),
      startsLater: await createPackage(t.deps.db, { description: 'starts in 1 ms', startDate: at(1) }, NOW),
      endsNow: await createPackage(t.deps.db, { description: 'ends now', startDate: at(-1000), endDate: NOW }, NOW),
      ended: await createPackage(t.deps.db, { description: 'ended 1 ms ago', startDate: at(-1000), endDate: at(-1) }, NOW),
      own: await createPackage(t.deps.db, { description: 'own', startDate: at(-1000), companyId }, NOW),
      theirs: await createPackage(t.deps.db, { description: 'theirs', startDate: at(-1000), companyId: other }, NOW),
    };
    const listed = new Set(json<{ _id: string }[]>(await api(t.app, admin.token).get('/packages')).map((p) => p._id));
    const verdicts: Record<string, [boolean, boolean, boolean]> = {};
    for (const [name, pkg] of Object.entries(cases)) {
      const detail = await api(t.app, admin.token).get(`/packages/${pkg.id}`);
      const bought = await api(t.app, admin.token).post('/invoices/purchase', { packageId: pkg.id, paymentOption: 'ACH' });
      verdicts[name] = [listed.has(pkg.id), detail.statusCode === 200, bought.statusCode === 200];
    }
    expect(verdicts).toEqual({
      startsNow: [true, true, true],
      startsLater: [false, false, false],
      endsNow: [true, true, true],
      ended: [false, false, false],
      own: [true, true, true],
      theirs: [false, false, false],
    });
  });
});
