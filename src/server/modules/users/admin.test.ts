import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, DEFAULT_PASSWORD } from '../../testing/factories.js';
import { companyUserListInput } from '../../../shared/users.js';
import { api, createTestApp, json, linkTokenIn, queuedEmails, signedInUser, type TestApp, type SignedInUser } from '../../testing/app.js';
import { expectIndexedPage, statementPlans } from '../../testing/query-plans.js';
import { restPage, type RestPage } from '../../testing/rest-pages.js';
import { listCompanyUsers } from './admin.js';
import { testEngine } from '../../testing/engine.js';

/** Query plans are SQLite's: on PostgreSQL these tests check the answers only. */
const onSqlite = testEngine() === 'sqlite';

let t: TestApp;
let boss: SignedInUser;
let company: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  t = await createTestApp();
  boss = await signedInUser(t, { role: 'superadmin' });
  company = await createCompany(t.deps.db, { companyName: 'Umbrella' });
});
afterAll(() => t.close());

const userCount = async () => (await t.deps.db.select().from(t.deps.db.t.users)).length;
const sessionsOf = (userId: string) => t.deps.db.select().from(t.deps.db.t.sessions).where(eq(t.deps.db.t.sessions.userId, userId));

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Jill',
  lastName: 'Valentine',
  emailAddress: `jill.${Math.random().toString(36).slice(2)}@umbrella.example.com`,
  company: company.id,
  ...overrides,
});

describe('GET /users (company admin)', () => {
  it("lists the caller's company's users with name, email and role", async () => {
    const other = await createCompany(t.deps.db);
    const { token, user } = await signedInUser(t, { companyId: company.id, role: 'admin', firstName: 'Aaron' });
    const colleague = await createUser(t.deps.db, { companyId: company.id, role: 'viewer', firstName: 'Bea' });
    const stranger = await createUser(t.deps.db, { companyId: other.id });
    const list = json<{ _id: string; role: string }[]>(await api(t.app, token).get('/users'));
    const ids = list.map((row) => row._id);
    expect(ids).toContain(user.id);
    expect(ids).toContain(colleague.id);
    expect(ids).not.toContain(stranger.id);
    expect(list.find((row) => row._id === colleague.id)).toEqual({
      _id: colleague.id,
      firstName: 'Bea',
      lastName: colleague.lastName,
      emailAddress: colleague.emailAddress,
      role: 'viewer',
      approved: true,
    });
  });

  it("pages the company's users by name, and never shows another company's, whatever the query asks", async () => {
    const own = await createCompany(t.deps.db, { companyName: 'Paged Own' });
    const other = await createCompany(t.deps.db, { companyName: 'Paged Other' });
    const person = (firstName: string, lastName: string) => ({ firstName, lastName, emailAddress: `${firstName}@paged.example`, password: null });
    const { token } = await signedInUser(t, { companyId: own.id, role: 'admin', ...person('Ada', 'Zed'), password: DEFAULT_PASSWORD });
    for (const firstName of ['eve', 'Cy', 'Dee', 'Bo']) await createUser(t.deps.db, { companyId: own.id, ...person(firstName, 'Own') });
    for (const firstName of ['Al', 'Cat']) await createUser(t.deps.db, { companyId: other.id, ...person(firstName, 'Other') });
    const names = (page: RestPage<{ firstName: string }>) => page.items.map((user) => user.firstName);

    const first = restPage<{ firstName: string }>(await api(t.app, token).get('/users?per_page=2'));
    expect(names(first)).toEqual(['Ada', 'Bo']);
    expect(first.total).toBe(5);
    expect(names(restPage(await api(t.app, token).get('/users?per_page=2&page=3')))).toEqual(['eve']);

    const askedForOther = restPage<{ firstName: string }>(await api(t.app, token).get(`/users?company=${other.id}`));
    expect(names(askedForOther)).toEqual(['Ada', 'Bo', 'Cy', 'Dee', 'eve']);
    expect(names(restPage(await api(t.app, token).get('/users?search=Other')))).toEqual([]);
    expect(names(restPage(await api(t.app, token).get('/users?search=OWN&sort=firstName&dir=desc')))).toEqual(['eve', 'Dee', 'Cy', 'Bo']);
  });

  it.runIf(onSqlite)("reads the company's users by name on an index, without a sort of its own", async () => {
    const plans = await statementPlans(t.database, () => listCompanyUsers(t.deps, company.id, companyUserListInput.parse({ perPage: 1 })));
    expectIndexedPage(plans, 'users', 'users_company_name_idx');
  });

  it('refuses a page of more than 1000 rows', async () => {
    const { token } = await signedInUser(t, { companyId: company.id, role: 'admin' });
    const response = await api(t.app, token).get('/users?per_page=5000');
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('per_page must be at most 1000.');
  });

  it('is for admins only (403 for a plain user, 401 without a session)', async () => {
    const { token } = await signedInUser(t, { companyId: company.id, role: 'viewer' });
    expect((await api(t.app, token).get('/users')).statusCode).toBe(403);
    expect((await api(t.app).get('/users')).statusCode).toBe(401);
  });
});

describe('super-admin user administration', () => {
  it.each([
    ['POST', '/superadmin/users'],
    ['PUT', '/superadmin/users/x'],
    ['DELETE', '/superadmin/users/x'],
  ] as const)('%s %s is for the super-admin only', async (method, url) => {
    const { token } = await signedInUser(t, { companyId: company.id, role: 'admin' });
    expect((await t.app.inject({ method, url: `/api${url}`, headers: { jwttoken: token } })).statusCode).toBe(403);
    expect((await t.app.inject({ method, url: `/api${url}` })).statusCode).toBe(401);
  });

  it('creates a user without a password, role admin and approved by default', async () => {
    const payload = newUser();
    const response = await api(t.app, boss.token).post('/superadmin/users', payload);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ emailAddress: payload.emailAddress, company: company.id, companyName: 'Umbrella', role: 'admin', approved: true, hasPassword: false });
  });

  it.each([
    [{ firstName: '' }, 'First name is required.'],
    [{ lastName: ' ' }, 'Last name is required.'],
    [{ emailAddress: 'jill@' }, 'Enter a valid email address.'],
    [{ company: '' }, 'Company is required.'],
  ])('refuses %j and writes nothing', async (overrides, message) => {
    const before = await userCount();
    const response = await api(t.app, boss.token).post('/superadmin/users', newUser(overrides));
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it('refuses an unknown company and a taken email in any letter case', async () => {
    expect((await api(t.app, boss.token).post('/superadmin/users', newUser({ company: 'nope' }))).statusCode).toBe(404);
    const taken = await createUser(t.deps.db, { companyId: company.id });
    const response = await api(t.app, boss.token).post('/superadmin/users', newUser({ emailAddress: taken.emailAddress.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('An account with this email address already exists.');
  });

  it('lets a super-admin be created without a company', async () => {
    const response = await api(t.app, boss.token).post('/superadmin/users', newUser({ company: null, role: 'superadmin' }));
    expect(json(response)).toMatchObject({ company: null, role: 'superadmin' });
  });

  it('updates a user, moving them to another company', async () => {
    const user = await createUser(t.deps.db, { companyId: company.id });
    const other = await createCompany(t.deps.db, { companyName: 'Tricell' });
    const response = await api(t.app, boss.token).put(`/superadmin/users/${user.id}`, newUser({ emailAddress: user.emailAddress, company: other.id, role: 'viewer', approved: false }));
    expect(json(response)).toMatchObject({ _id: user.id, companyName: 'Tricell', role: 'viewer', approved: false, hasPassword: true });
  });

  it('an unapproved user loses their sessions at once', async () => {
    const { token, user } = await signedInUser(t, { companyId: company.id });
    await api(t.app, boss.token).put(`/superadmin/users/${user.id}`, newUser({ emailAddress: user.emailAddress, approved: false }));
    expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(401);
  });

  it('removing approval ends the user\'s sessions for good: approving them again does not bring them back', async () => {
    const { token, user } = await signedInUser(t, { companyId: company.id });
    const withApproval = (approved: boolean) => newUser({ emailAddress: user.emailAddress, approved });
    expect((await api(t.app, boss.token).put(`/superadmin/users/${user.id}`, withApproval(false))).statusCode).toBe(200);
    expect(await sessionsOf(user.id)).toEqual([]);
    expect((await api(t.app, boss.token).put(`/superadmin/users/activate/${user.id}`)).statusCode).toBe(200);
    expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(401);
    expect((await api(t.app, boss.token).put(`/superadmin/users/${user.id}`, withApproval(true))).statusCode).toBe(200);
    expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(401);
  });

  it('a save that keeps the user approved keeps their sessions', async () => {
    const { token, user } = await signedInUser(t, { companyId: company.id });
    const response = await api(t.app, boss.token).put(`/superadmin/users/${user.id}`, newUser({ emailAddress: user.emailAddress, role: 'viewer', approved: true }));
    expect(response.statusCode).toBe(200);
    expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(200);
  });

  it.each(['set-password', 'reset'] as const)('a new email address ends the %s link mailed to the old one; a change of letter case does not', async (kind) => {
    const user = await createUser(t.deps.db, { companyId: company.id });
    const mailLink = async () => {
      const seen = new Set((await queuedEmails(t.deps)).map((email) => email.id));
      const response =
        kind === 'reset'
          ? await api(t.app).post('/account/forgot-password', { emailAddress: user.emailAddress })
          : await api(t.app, boss.token).put(`/superadmin/users/sendsetpassword/${user.id}`);
      expect(response.statusCode).toBe(200);
      const [email, ...more] = (await queuedEmails(t.deps)).filter((queued) => !seen.has(queued.id));
      expect(more).toEqual([]);
      return linkTokenIn(email!.textBody);
    };
    const setPassword = (token: string) => api(t.app).post('/account/reset-password', { token, newPassword: 'taken over 1' });
    const changeTo = (emailAddress: string) => api(t.app, boss.token).put(`/superadmin/users/${user.id}`, { emailAddress });

    const kept = await mailLink();
    expect((await changeTo(user.emailAddress.toUpperCase())).statusCode).toBe(200);
    expect((await setPassword(kept)).statusCode).toBe(200);

    const mailedToOld = await mailLink();
    expect((await changeTo(`moved.${Math.random().toString(36).slice(2)}@umbrella.example.com`)).statusCode).toBe(200);
    const refused = await setPassword(mailedToOld);
    expect([refused.statusCode, json(refused).message]).toEqual([
      400,
      'This link is no longer valid: a newer link has been sent, or the password or email address has been changed since. Please use the newest link, or request a new one.',
    ]);
  });

  it('will not let the super-admin lock themselves out', async () => {
    const response = await api(t.app, boss.token).put(`/superadmin/users/${boss.user.id}`, newUser({ emailAddress: boss.user.emailAddress, role: 'admin' }));
    expect(response.statusCode).toBe(409);
    expect((await api(t.app, boss.token).delete(`/superadmin/users/${boss.user.id}`)).statusCode).toBe(409);
  });

  it('deletes a user with their sessions; 404 afterwards', async () => {
    const { user } = await signedInUser(t, { companyId: company.id });
    expect((await api(t.app, boss.token).delete(`/superadmin/users/${user.id}`)).statusCode).toBe(200);
    expect(await sessionsOf(user.id)).toEqual([]);
    expect((await api(t.app, boss.token).delete(`/superadmin/users/${user.id}`)).statusCode).toBe(404);
    expect((await api(t.app, boss.token).put(`/superadmin/users/${user.id}`, newUser())).statusCode).toBe(404);
  });
});

describe('events of the super-admin user administration', () => {
  /** The events about a user, as stored. */
  const eventsAbout = (userId: string) => t.deps.db.select().from(t.deps.db.t.events).where(eq(t.deps.db.t.events.subjectId, userId));

  it('records a user created whole, by the super-admin, of their company', async () => {
    const payload = newUser({ role: 'member' });
    const { _id } = json<{ _id: string }>(await api(t.app, boss.token).post('/superadmin/users', payload));
    expect(await eventsAbout(_id)).toMatchObject([{ type: 'user.created', actorId: boss.user.id, companyId: company.id, subjectType: 'user' }]);
    expect((await eventsAbout(_id))[0]!.changes).toEqual({
      firstName: { before: null, after: 'Jill' },
      lastName: { before: null, after: 'Valentine' },
      emailAddress: { before: null, after: payload.emailAddress },
      mobile: { before: null, after: '' },
      company: { before: null, after: company.id },
      role: { before: null, after: 'member' },
      approved: { before: null, after: true },
    });
  });

  it('records exactly the fields an update changed, before and after, never the password hash; a save that changes nothing records nothing', async () => {
    const user = await createUser(t.deps.db, { companyId: company.id, firstName: 'Jill', lastName: 'Valentine', role: 'admin' });
    const other = await createCompany(t.deps.db, { companyName: 'Tricell' });
    const change = { firstName: 'Jill', lastName: 'Redfield', emailAddress: user.emailAddress, company: other.id, role: 'admin', approved: false };
    expect((await api(t.app, boss.token).put(`/superadmin/users/${user.id}`, change)).statusCode).toBe(200);
    const [updated, ...more] = await eventsAbout(user.id);
    expect(more).toEqual([]);
    expect(updated).toMatchObject({ type: 'user.updated', actorId: boss.user.id, companyId: other.id });
    expect(updated!.changes).toEqual({
      lastName: { before: 'Valentine', after: 'Redfield' },
      company: { before: company.id, after: other.id },
      approved: { before: true, after: false },
    });
    expect(JSON.stringify(updated)).not.toMatch(/argon2|passwordHash|hasPassword/);

    expect((await api(t.app, boss.token).put(`/superadmin/users/${user.id}`, { lastName: 'Redfield' })).statusCode).toBe(200);
    expect(await eventsAbout(user.id)).toHaveLength(1);
  });

  it('records a user deleted with their fields as they were', async () => {
    const user = await createUser(t.deps.db, { companyId: company.id, role: 'member' });
    expect((await api(t.app, boss.token).delete(`/superadmin/users/${user.id}`)).statusCode).toBe(200);
    const [deleted] = await eventsAbout(user.id);
    expect(deleted).toMatchObject({ type: 'user.deleted', actorId: boss.user.id, companyId: company.id });
    expect(deleted!.changes).toMatchObject({ emailAddress: { before: user.emailAddress, after: null }, role: { before: 'member', after: null }, approved: { before: true, after: null } });
    expect(JSON.stringify(deleted)).not.toContain(DEFAULT_PASSWORD);
  });
});
