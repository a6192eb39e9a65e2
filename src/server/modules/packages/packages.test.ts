import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordedEvents } from '../../testing/events.js';
import type { packages } from '../../../../drizzle/schema.js';
import { newId } from '../../lib/ids.js';
import { createCompany, createInvoiceRow } from '../../testing/factories.js';
import { PACKAGE_CATALOGUE_LIMIT, packageListInput } from '../../../shared/packages.js';
import { api, createTestApp, json, signedInUser, type TestApp, type SignedInUser } from '../../testing/app.js';
import { expectIndexedPage, statementPlans } from '../../testing/query-plans.js';
import { restPage, type RestPage } from '../../testing/rest-pages.js';
import { listAllPackages } from './service.js';
import { testEngine } from '../../testing/engine.js';

/** Query plans are SQLite's: on PostgreSQL these tests check the answers only. */
const onSqlite = testEngine() === 'sqlite';

let t: TestApp;
let company: Awaited<ReturnType<typeof createCompany>>;
let other: Awaited<ReturnType<typeof createCompany>>;
let admin: SignedInUser;
let member: SignedInUser;
let otherAdmin: SignedInUser;
let boss: SignedInUser;

const NOW = new Date('2026-03-02T15:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(NOW.getTime() + days * DAY);

type Pkg = { _id: string; description: string; hours: number; rate: number; price: number; company: string | null; companyName: string | null; startDate: string; endDate: string | null };

async function createPackage(fields: Partial<typeof packages.$inferInsert> = {}) {
  const row = { id: newId(), description: 'Package', hundredths: 1000, rateCents: 100000, companyId: null, startDate: daysFromNow(-30), endDate: null, createdAt: NOW, ...fields };
  await t.deps.db.transaction((tx) => tx.insert(tx.t.packages).values(row));
  return row;
}

const storedPackages = () => t.deps.db.select().from(t.deps.db.t.packages);
const count = async () => (await storedPackages()).length;
async function storedPackage(id: string) {
  const { packages } = t.deps.db.t;
  const [row] = await t.deps.db.select().from(packages).where(eq(packages.id, id));
  return row;
}

/** The events recorded of a record, in the order they were written: type, who, company and changes. */
async function eventsOf(subjectId: string) {
  const rows = await recordedEvents(t.deps.db, { subjectId });
  return rows.map(({ type, actorId, companyId, subjectType, changes }) => ({ type, actorId, companyId, subjectType, changes }));
}

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.deps.db, { companyName: 'Globex' });
  other = await createCompany(t.deps.db, { companyName: 'Initech' });
  admin = await signedInUser(t, { companyId: company.id, role: 'admin' });
  member = await signedInUser(t, { companyId: company.id, role: 'member' });
  otherAdmin = await signedInUser(t, { companyId: other.id, role: 'admin' });
  boss = await signedInUser(t, { role: 'superadmin' });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(NOW);
  await t.deps.db.transaction(async (tx) => {
    await tx.update(tx.t.invoices).set({ packageId: null });
    await tx.delete(tx.t.packages);
  });
});

describe('customer catalogue GET /packages', () => {
  it('offers general and own custom packages whose start has come and end has not passed, custom first, each by hours', async () => {
    const general20 = await createPackage({ description: 'General 20', hundredths: 2000 });
    const general5 = await createPackage({ description: 'General 5', hundredths: 500, rateCents: 12345 });
    const own50 = await createPackage({ description: 'Own 50', hundredths: 5000, companyId: company.id });
    const own10 = await createPackage({ description: 'Own 10', hundredths: 1000, companyId: company.id, endDate: daysFromNow(3) });
    await createPackage({ description: 'Theirs', hundredths: 100, companyId: other.id });
    await createPackage({ description: 'Not yet', startDate: daysFromNow(1) });
    await createPackage({ description: 'Expired', endDate: daysFromNow(-1) });
    const response = await api(t.app, admin.token).get('/packages');
    expect(response.statusCode).toBe(200);
    const list = json<Pkg[]>(response);
    expect(list.map((p) => p._id)).toEqual([own10.id, own50.id, general5.id, general20.id]);
    expect(list[0]).toEqual({
      _id: own10.id, description: 'Own 10', hours: 10, rate: 1000, price: 10000, company: company.id, companyName: 'Globex',
      startDate: daysFromNow(-30).toISOString(), endDate: daysFromNow(3).toISOString(), validityMonths: null, rollover: null,
    });
    expect(list[2]).toMatchObject({ hours: 5, rate: 123.45, price: 617.25, company: null, companyName: null, endDate: null });
  });

  it('follows the clock: a package appears on its start date and leaves once its end date has passed', async () => {
    const pkg = await createPackage({ startDate: daysFromNow(1), endDate: daysFromNow(2) });
    const ids = async () => json<Pkg[]>(await api(t.app, admin.token).get('/packages')).map((p) => p._id);
    expect(await ids()).toEqual([]);
    t.clock.set(daysFromNow(1));
    expect(await ids()).toEqual([pkg.id]);
    t.clock.set(daysFromNow(2));
    expect(await ids()).toEqual([pkg.id]);
    t.clock.set(new Date(daysFromNow(2).getTime() + 1));
    expect(await ids()).toEqual([]);
  });

  it(`offers at most ${PACKAGE_CATALOGUE_LIMIT} packages, the company's own first`, async () => {
    const own = await createPackage({ description: 'Own', companyId: company.id, hundredths: 99_900 });
    for (let n = 0; n < PACKAGE_CATALOGUE_LIMIT; n += 1) await createPackage({ description: `General ${n}`, hundredths: 100 + n });
    const list = json<Pkg[]>(await api(t.app, admin.token).get('/packages'));
    expect(list).toHaveLength(PACKAGE_CATALOGUE_LIMIT);
    expect(list[0]?._id).toBe(own.id);
    expect(list.at(-1)?.description).toBe(`General ${PACKAGE_CATALOGUE_LIMIT - 2}`);
  });

  it('shows another company only its own custom packages', async () => {
    await createPackage({ description: 'Globex only', companyId: company.id });
    const general = await createPackage({ description: 'General' });
    expect(json<Pkg[]>(await api(t.app, otherAdmin.token).get('/packages')).map((p) => p._id)).toEqual([general.id]);
  });

  it('is for company admins: plain users 403, the provider (no company) 403, no session 401', async () => {
    expect((await api(t.app, member.token).get('/packages')).statusCode).toBe(403);
    expect((await api(t.app, boss.token).get('/packages')).statusCode).toBe(403);
    expect((await api(t.app).get('/packages')).statusCode).toBe(401);
  });
});

describe('package detail GET /packages/{id}', () => {
  it('answers name, price and description to a company admin it is offered to', async () => {
    const pkg = await createPackage({ description: '20 hours of support', hundredths: 2050, rateCents: 15000, companyId: company.id });
    const response = await api(t.app, admin.token).get(`/packages/${pkg.id}`);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ name: '20 hours of support', price: 3075, description: '20 hours of support', _id: pkg.id, hours: 20.5, rate: 150, validityMonths: null, rollover: null });
  });

  it('follows the catalogue rule: plain users and the provider get the same 403 as on GET /packages', async () => {
    const own = await createPackage({ companyId: company.id });
    const general = await createPackage();
    for (const caller of [member, boss]) {
      const list = await api(t.app, caller.token).get('/packages');
      for (const id of [own.id, general.id]) {
        const detail = await api(t.app, caller.token).get(`/packages/${id}`);
        expect([detail.statusCode, json(detail).message]).toEqual([list.statusCode, json(list).message]);
        expect(detail.statusCode).toBe(403);
      }
    }
  });

  it('answers 404 for another company’s custom package, one not on offer and an unknown id', async () => {
    const theirs = await createPackage({ companyId: other.id });
    const future = await createPackage({ startDate: daysFromNow(1) });
    const expired = await createPackage({ endDate: daysFromNow(-1) });
    for (const id of [theirs.id, future.id, expired.id, 'nope']) {
      const response = await api(t.app, admin.token).get(`/packages/${id}`);
      expect(response.statusCode).toBe(404);
      expect(json(response).message).toBe('Package not found.');
    }
  });

  it('answers a company admin for a package exactly when its catalogue lists it', async () => {
    const ownCustom = await createPackage({ companyId: other.id });
    const theirs = await createPackage({ companyId: company.id });
    const ended = await createPackage({ companyId: other.id, endDate: daysFromNow(-1) });
    const listed = new Set(json<{ _id: string }[]>(await api(t.app, otherAdmin.token).get('/packages')).map((pkg) => pkg._id));
    for (const pkg of [ownCustom, theirs, ended]) {
      const detail = await api(t.app, otherAdmin.token).get(`/packages/${pkg.id}`);
      expect(detail.statusCode, `package ${pkg.id}`).toBe(listed.has(pkg.id) ? 200 : 404);
    }
    expect(listed.has(ownCustom.id)).toBe(true);
  });

  it('needs a session', async () => {
    const pkg = await createPackage();
    expect((await api(t.app).get(`/packages/${pkg.id}`)).statusCode).toBe(401);
  });
});

describe('super-admin packages', () => {
  it('lists every package, by rate, highest first', async () => {
    const cheap = await createPackage({ rateCents: 5000 });
    const dear = await createPackage({ rateCents: 200000, companyId: other.id });
    const expired = await createPackage({ rateCents: 100000, endDate: daysFromNow(-5) });
    const response = await api(t.app, boss.token).get('/superadmin/packages');
    expect(response.statusCode).toBe(200);
    const list = json<Pkg[]>(response);
    expect(list.map((p) => p._id)).toEqual([dear.id, expired.id, cheap.id]);
    expect(list[0]).toMatchObject({ rate: 2000, hours: 10, price: 20000, company: other.id, companyName: 'Initech' });
  });

  const listed = async (query: string) => restPage<Pkg>(await api(t.app, boss.token).get(`/superadmin/packages?${query}`));
  const descriptions = (page: RestPage<Pkg>) => page.items.map((p) => p.description);

  it('pages the list, with X-Total-Count and Link, and refuses a page of more than 1000', async () => {
    for (let n = 1; n <= 7; n += 1) await createPackage({ description: `Rate ${n}`, rateCents: n * 1000 });
    const page = await listed('per_page=3&page=2');
    expect(descriptions(page)).toEqual(['Rate 4', 'Rate 3', 'Rate 2']);
    expect(page.total).toBe(7);
    const linkTo = (n: number) => ({ path: '/api/superadmin/packages', query: { page: String(n), per_page: '3' } });
    expect(page.links).toEqual({ first: linkTo(1), prev: linkTo(1), next: linkTo(3), last: linkTo(3) });
    const tooMany = await api(t.app, boss.token).get('/superadmin/packages?per_page=1001');
    expect(tooMany.statusCode).toBe(400);
    expect(json(tooMany).message).toBe('per_page must be at most 1000.');
  });

  it("searches the description, case-insensitively, and filters by company: that company's custom packages", async () => {
    await createPackage({ description: 'Support Hours', companyId: company.id });
    await createPackage({ description: 'support retainer', companyId: other.id });
    await createPackage({ description: 'General SUPPORT' });
    await createPackage({ description: 'Training', companyId: company.id });
    expect(descriptions(await listed('search=SUPPORT&sort=description&dir=asc'))).toEqual(['General SUPPORT', 'Support Hours', 'support retainer']);
    expect(descriptions(await listed(`company=${company.id}&sort=description&dir=asc`))).toEqual(['Support Hours', 'Training']);
    expect(descriptions(await listed(`company=${company.id}&search=support`))).toEqual(['Support Hours']);
  });

  it('sorts by each column, either way; a general package and an open end come last going up', async () => {
    await createPackage({ description: 'b middle', hundredths: 2000, rateCents: 5000, companyId: other.id, startDate: daysFromNow(-20), endDate: daysFromNow(20) });
    await createPackage({ description: 'A cheap', hundredths: 500, rateCents: 10000, startDate: daysFromNow(-10), endDate: null });
    await createPackage({ description: 'C dear', hundredths: 1000, rateCents: 30000, companyId: company.id, startDate: daysFromNow(-30), endDate: daysFromNow(5) });
    const sorted = async (sort: string, dir = 'asc') => descriptions(await listed(`sort=${sort}&dir=${dir}`));
    expect(await sorted('rate', 'desc')).toEqual(['C dear', 'A cheap', 'b middle']);
    expect(await sorted('rate')).toEqual(['b middle', 'A cheap', 'C dear']);
    expect(await sorted('description')).toEqual(['A cheap', 'b middle', 'C dear']);
    expect(await sorted('hours')).toEqual(['A cheap', 'C dear', 'b middle']);
    expect(await sorted('price')).toEqual(['A cheap', 'b middle', 'C dear']);
    expect(await sorted('price', 'desc')).toEqual(['C dear', 'b middle', 'A cheap']);
    expect(await sorted('companyName')).toEqual(['C dear', 'b middle', 'A cheap']);
    expect(await sorted('companyName', 'desc')).toEqual(['A cheap', 'b middle', 'C dear']);
    expect(await sorted('startDate')).toEqual(['C dear', 'b middle', 'A cheap']);
    expect(await sorted('endDate')).toEqual(['C dear', 'b middle', 'A cheap']);
    expect(await sorted('endDate', 'desc')).toEqual(['A cheap', 'b middle', 'C dear']);
  });

  it.runIf(onSqlite)('reads the default page, all companies or one, on an index without a sort of its own, with its company in the same query', async () => {
    const plans = (input: object) => statementPlans(t.database, () => listAllPackages(t.deps, packageListInput.parse({ perPage: 2, ...input })));
    expectIndexedPage(await plans({}), 'packages', 'packages_rate_idx', { withCompany: true });
    expectIndexedPage(await plans({ company: company.id }), 'packages', 'packages_company_idx', { withCompany: true });
  });

  it('creates a general package with rate 1000, hours 0 and start date now by default', async () => {
    const response = await api(t.app, boss.token).post('/superadmin/packages', { description: '  Starter  ' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ description: 'Starter', hours: 0, rate: 1000, price: 0, company: null, companyName: null, startDate: NOW.toISOString(), endDate: null });
    expect(await count()).toBe(1);
  });

  it('creates a custom package with every field, ignoring the form’s display fields', async () => {
    const response = await api(t.app, boss.token).post('/superadmin/packages', {
      _id: '', description: 'Globex block', hours: 12.5, rate: 150.5, price: 1, companyName: 'x',
      startDate: '2026-04-01', endDate: '2026-06-30T23:59:59Z', company: company.id,
    });
    expect(response.statusCode).toBe(200);
    const created = json<Pkg>(response);
    expect(created).toMatchObject({ description: 'Globex block', hours: 12.5, rate: 150.5, price: 1881.25, company: company.id, companyName: 'Globex', startDate: '2026-04-01T00:00:00.000Z', endDate: '2026-06-30T23:59:59.000Z' });
    const row = await storedPackage(created._id);
    expect(row).toMatchObject({ hundredths: 1250, rateCents: 15050, companyId: company.id });
  });

  it('treats an empty company and empty end date as none', async () => {
    const response = await api(t.app, boss.token).post('/superadmin/packages', { description: 'General', company: '', endDate: '' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ company: null, endDate: null });
  });

  it.each([
    [{}, 'Description is required.'],
    [{ description: '' }, 'Description is required.'],
    [{ description: 'x', hours: -1 }, 'Hours must be 0 or more.'],
    [{ description: 'x', hours: 'lots' }, 'Hours must be a number.'],
    [{ description: 'x', rate: -5 }, 'Rate must be 0 or more.'],
    [{ description: 'x', rate: 'free' }, 'Rate must be a number.'],
    [{ description: 'x', startDate: 'tomorrow' }, 'Start date must be a date, such as 2026-03-02 or 2026-03-02T15:00:00Z.'],
    [{ description: 'x', endDate: '31/12/2026' }, 'End date must be a date, such as 2026-03-02 or 2026-03-02T15:00:00Z.'],
    [{ description: 'x', startDate: '2026-05-01', endDate: '2026-04-30' }, 'The end date cannot be before the start date.'],
    [{ description: 'x', endDate: '2026-03-01' }, 'The end date cannot be before the start date.'],
  ])('refuses %j with 400 %s and writes nothing', async (payload, message) => {
    const response = await api(t.app, boss.token).post('/superadmin/packages', payload);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
    expect(json<{ message: string }>(response).message).toMatch(/\.$/);
    expect(await count()).toBe(0);
  });

  it('names the field each refusal is about, so the dialog shows it there', async () => {
    for (const [payload, field] of [
      [{ description: '' }, 'description'],
      [{ description: 'x', hours: -1 }, 'hours'],
      [{ description: 'x', startDate: '2026-05-01', endDate: '2026-04-30' }, 'endDate'],
    ] as const) {
      const response = await api(t.app, boss.token).post('/superadmin/packages', payload);
      expect(json<{ fieldErrors?: Record<string, string[]> }>(response).fieldErrors).toEqual({ [field]: [json(response).message] });
    }
  });

  it('refuses an unknown company with 404 and writes nothing', async () => {
    const response = await api(t.app, boss.token).post('/superadmin/packages', { description: 'x', company: 'no-such-company' });
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Company not found.');
    expect(await count()).toBe(0);
  });

  it('updates every field it is sent; omitted ones stay and null clears the end date and company', async () => {
    const pkg = await createPackage({ description: 'Old', companyId: company.id, startDate: daysFromNow(-10) });
    const response = await api(t.app, boss.token).put(`/superadmin/packages/${pkg.id}`, {
      _id: pkg.id, description: 'New', hours: 40, rate: 900, company: other.id, endDate: daysFromNow(10).toISOString(),
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      _id: pkg.id, description: 'New', hours: 40, rate: 900, price: 36000, company: other.id, companyName: 'Initech',
      startDate: daysFromNow(-10).toISOString(), endDate: daysFromNow(10).toISOString(), validityMonths: null, rollover: null,
    });
    const general = await api(t.app, boss.token).put(`/superadmin/packages/${pkg.id}`, { description: 'New', company: null, endDate: null });
    expect(json(general)).toMatchObject({ company: null, companyName: null, endDate: null, hours: 40, rate: 900, startDate: daysFromNow(-10).toISOString() });
  });

  it('refuses a bad update with the message and changes nothing', async () => {
    const pkg = await createPackage({ description: 'Keep', startDate: daysFromNow(-10) });
    const before = await storedPackage(pkg.id);
    for (const [payload, status, message] of [
      [{ description: '' }, 400, 'Description is required.'],
      [{ description: 'x', hours: -2 }, 400, 'Hours must be 0 or more.'],
      [{ description: 'x', endDate: daysFromNow(-11).toISOString() }, 400, 'The end date cannot be before the start date.'],
      [{ description: 'x', company: 'missing' }, 404, 'Company not found.'],
    ] as const) {
      const response = await api(t.app, boss.token).put(`/superadmin/packages/${pkg.id}`, payload);
      expect(response.statusCode).toBe(status);
      expect(json(response).message).toBe(message);
    }
    expect(await storedPackage(pkg.id)).toEqual(before);
  });

  it('answers 404 for an unknown package on update and delete', async () => {
    for (const response of [
      await api(t.app, boss.token).put('/superadmin/packages/nope', { description: 'x' }),
      await api(t.app, boss.token).delete('/superadmin/packages/nope'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(json(response).message).toBe('Package not found.');
    }
  });

  it('deletes a package; invoices keep their numbers and lose the link', async () => {
    const pkg = await createPackage();
    const invoice = await createInvoiceRow(t.deps.db, { companyId: company.id, packageId: pkg.id, description: 'Package', hundredths: 1000, rateCents: 100000, priceCents: 1000000 });
    const response = await api(t.app, boss.token).delete(`/superadmin/packages/${pkg.id}`);
    expect(response.statusCode).toBe(200);
    expect(await count()).toBe(0);
    const { invoices } = t.deps.db.t;
    const [kept] = await t.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(kept).toMatchObject({ packageId: null, description: 'Package', hundredths: 1000, rateCents: 100000, priceCents: 1000000 });
  });

  it('records a package added, changed and deleted with its fields as they were and became; a change of nothing, or a refused one, not at all', async () => {
    const created = json<Pkg>(await api(t.app, boss.token).post('/superadmin/packages', { description: 'Evented', hours: 10, rate: 100, company: company.id }));
    await api(t.app, boss.token).put(`/superadmin/packages/${created._id}`, { description: 'Evented', hours: 12, company: null });
    await api(t.app, boss.token).put(`/superadmin/packages/${created._id}`, { description: 'Evented', hours: 12 });
    expect((await api(t.app, boss.token).put(`/superadmin/packages/${created._id}`, { description: '' })).statusCode).toBe(400);
    expect((await api(t.app, boss.token).delete(`/superadmin/packages/${created._id}`)).statusCode).toBe(200);
    // what was deleted is recorded whole, but for its empty fields
    const whole = { description: 'Evented', hours: 12, rate: 100, price: 1200, company: null, startDate: NOW.toISOString(), endDate: null, validityMonths: null, rollover: null };
    const by = { actorId: boss.user.id, subjectType: 'package' };
    expect(await eventsOf(created._id)).toEqual([
      { type: 'package.created', ...by, companyId: company.id, changes: expect.objectContaining({ hours: { before: null, after: 10 }, price: { before: null, after: 1000 }, company: { before: null, after: company.id } }) },
      // a package made general concerns the company it was for
      { type: 'package.updated', ...by, companyId: company.id, changes: { hours: { before: 10, after: 12 }, price: { before: 1000, after: 1200 }, company: { before: company.id, after: null } } },
      { type: 'package.deleted', ...by, companyId: null, changes: Object.fromEntries(Object.entries(whole).filter(([, before]) => before !== null).map(([field, before]) => [field, { before, after: null }])) },
    ]);
  });

  it('refuses company users with 403 and callers without a session with 401, writing nothing', async () => {
    const pkg = await createPackage({ description: 'Untouched' });
    for (const [token, status] of [[admin.token, 403], [member.token, 403], [undefined, 401]] as const) {
      const client = api(t.app, token);
      expect((await client.get('/superadmin/packages')).statusCode).toBe(status);
      expect((await client.post('/superadmin/packages', { description: 'x' })).statusCode).toBe(status);
      expect((await client.put(`/superadmin/packages/${pkg.id}`, { description: 'x' })).statusCode).toBe(status);
      expect((await client.delete(`/superadmin/packages/${pkg.id}`)).statusCode).toBe(status);
    }
    expect(await storedPackages()).toMatchObject([{ id: pkg.id, description: 'Untouched' }]);
  });
});
