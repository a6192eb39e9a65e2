import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from '../../testing/factories.js';
import { userListInput } from '../../../shared/users.js';
import { api, createTestApp, json, linkTokenIn, queuedEmails, signedInUser, type TestApp } from '../../testing/app.js';
import { expectIndexedPage, statementPlans } from '../../testing/query-plans.js';
import { restPage, type RestPage } from '../../testing/rest-pages.js';
import { listAllUsers } from './service.js';
import { testEngine } from '../../testing/engine.js';

/** Query plans are SQLite's: on PostgreSQL these tests check the answers only. */
const onSqlite = testEngine() === 'sqlite';

let t: TestApp;
let superToken: string;
let adminToken: string;
let plainToken: string;

beforeAll(async () => {
  t = await createTestApp();
  superToken = (await signedInUser(t, { role: 'superadmin' })).token;
  const company = await createCompany(t.deps.db);
  adminToken = (await signedInUser(t, { role: 'admin', companyId: company.id })).token;
  plainToken = (await signedInUser(t, { role: 'member', companyId: company.id })).token;
});
afterAll(() => t.close());

const calls = [
  ['GET', '/superadmin/users'],
  ['PUT', '/superadmin/users/activate/anything'],
  ['PUT', '/superadmin/users/sendsetpassword/anything'],
  ['PUT', '/superadmin/users/reset-two-factor/anything'],
  // the former path, kept for one release
  ['PUT', '/superadmin/users/resettwofactor/anything'],
] as const;

describe('super-admin user calls: roles', () => {
  it.each(calls)('%s %s answers 401 without a session', async (method, url) => {
    const response = await t.app.inject({ method, url: `/api${url}` });
    expect(response.statusCode).toBe(401);
  });

  it.each(calls)('%s %s answers 403 to a company admin and a plain user', async (method, url) => {
    for (const token of [adminToken, plainToken]) {
      const response = await t.app.inject({ method, url: `/api${url}`, headers: { jwttoken: token } });
      expect(response.statusCode).toBe(403);
      expect(json(response).message).toBe('You do not have permission to do this.');
    }
  });
});

describe('GET /superadmin/users', () => {
  it('lists every user with company name, newest first', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Listed Co' });
    t.clock.advance(1000);
    const older = await createUser(t.deps.db, { companyId: company.id, createdAt: t.clock.now() });
    t.clock.advance(1000);
    const newer = await createUser(t.deps.db, { companyId: company.id, createdAt: t.clock.now(), approved: false });
    const list = json<Record<string, unknown>[]>(await api(t.app, superToken).get('/superadmin/users'));
    const ids = list.map((user) => user._id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((user) => user._id === newer.id)).toEqual({
      _id: newer.id,
      firstName: newer.firstName,
      lastName: newer.lastName,
      emailAddress: newer.emailAddress,
      company: company.id,
      companyName: 'Listed Co',
      role: 'admin',
      approved: false,
      hasPassword: true,
      twoFactorEnabled: false,
      createdAt: newer.createdAt.toISOString(),
    });
  });
});

describe('GET /superadmin/users: paging, search, company filter and sort', () => {
  type Row = { _id: string; firstName: string; lastName: string; emailAddress: string; companyName: string | null };
  const listed = async (query: string) => restPage<Row>(await api(t.app, superToken).get(`/superadmin/users?${query}`));
  const firstNames = (page: RestPage<Row>) => page.items.map((user) => user.firstName);

  /** A company with users made a minute apart, in the order given: [firstName, lastName, email, role, approved]. */
  async function staffed(companyName: string, people: [string, string, string, string?, boolean?][]) {
    const company = await createCompany(t.deps.db, { companyName });
    const start = Date.UTC(2026, 0, 1);
    for (const [index, [firstName, lastName, emailAddress, role = 'admin', approved = true]] of people.entries()) {
      await createUser(t.deps.db, { companyId: company.id, firstName, lastName, emailAddress, role, approved, createdAt: new Date(start + index * 60_000), password: null });
    }
    return company;
  }

  it("pages one company's users, newest first, with X-Total-Count and Link", async () => {
    const company = await staffed('Paging People', [1, 2, 3, 4, 5, 6, 7].map((n) => [`P${n}`, 'Pager', `p${n}@paging.example`]));
    const page = await listed(`company=${company.id}&per_page=3&page=2`);
    expect(firstNames(page)).toEqual(['P4', 'P3', 'P2']);
    expect(page.total).toBe(7);
    const linkTo = (n: number) => ({ path: '/api/superadmin/users', query: { company: company.id, page: String(n), per_page: '3' } });
    expect(page.links).toEqual({ first: linkTo(1), prev: linkTo(1), next: linkTo(3), last: linkTo(3) });
    expect(page.items.every((user) => user.companyName === 'Paging People')).toBe(true);
  });

  it('refuses a page of more than 1000 rows', async () => {
    const response = await api(t.app, superToken).get('/superadmin/users?per_page=1001');
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('per_page must be at most 1000.');
  });

  it('searches first name, last name, the whole name and email, case-insensitively, but not the company', async () => {
    const company = await staffed('Zebra Searchers', [
      ['Quentin', 'Alpha', 'q.alpha@search.example'],
      ['Rosa', 'Quillfeather', 'rosa@search.example'],
      ['Sam', 'Beta', 'quirky.sam@search.example'],
      ['Tina', 'Gamma', 'tina@search.example'],
    ]);
    const found = async (search: string) => firstNames(await listed(`company=${company.id}&sort=firstName&dir=asc&search=${encodeURIComponent(search)}`));
    expect(await found('QU')).toEqual(['Quentin', 'Rosa', 'Sam']);
    expect(await found('rosa quill')).toEqual(['Rosa']);
    expect(await found('SEARCH.EXAMPLE')).toEqual(['Quentin', 'Rosa', 'Sam', 'Tina']);
    expect(await found('zebra')).toEqual([]);
  });

  it("filters by company: another company's users never appear", async () => {
    const mine = await staffed('Filter Mine', [['Mia', 'Mine', 'mia@filter.example']]);
    await staffed('Filter Theirs', [['Theo', 'Theirs', 'theo@filter.example']]);
    const page = await listed(`company=${mine.id}`);
    expect(firstNames(page)).toEqual(['Mia']);
    expect((await listed('company=no-such-company')).total).toBe(0);
  });

  it('sorts by each column, either way', async () => {
    const company = await staffed('Sorting People', [
      ['bob', 'Young', 'Zed@sort.example', 'member', true],
      ['Alice', 'zimmer', 'amy@sort.example', 'admin', false],
      ['Carl', 'Abbot', 'carl@sort.example', 'viewer', true],
    ]);
    const sorted = async (sort: string, dir = 'asc') => firstNames(await listed(`company=${company.id}&sort=${sort}&dir=${dir}`));
    expect(await sorted('createdAt', 'desc')).toEqual(['Carl', 'Alice', 'bob']);
    expect(await sorted('createdAt')).toEqual(['bob', 'Alice', 'Carl']);
    expect(await sorted('firstName')).toEqual(['Alice', 'bob', 'Carl']);
    expect(await sorted('firstName', 'desc')).toEqual(['Carl', 'bob', 'Alice']);
    expect(await sorted('lastName')).toEqual(['Carl', 'bob', 'Alice']);
    expect(await sorted('emailAddress')).toEqual(['Alice', 'Carl', 'bob']);
    expect(await sorted('role')).toEqual(['Alice', 'bob', 'Carl']);
    expect(await sorted('approved')).toEqual(['Alice', 'bob', 'Carl']);
    expect(await sorted('approved', 'desc')).toEqual(['Carl', 'bob', 'Alice']);
  });

  it('sorts by company name, users without a company last', async () => {
    await staffed('aardvark company sort', [['Company', 'Sort', 'one@company-sort.example']]);
    await staffed('Beaver company sort', [['Company', 'Sort', 'two@company-sort.example']]);
    await createUser(t.deps.db, { companyId: null, role: 'superadmin', firstName: 'Company', lastName: 'Sort', emailAddress: 'three@company-sort.example' });
    const companiesOf = async (dir: string) => (await listed(`search=company-sort.example&sort=companyName&dir=${dir}`)).items.map((user) => user.companyName);
    expect(await companiesOf('asc')).toEqual(['aardvark company sort', 'Beaver company sort', null]);
    expect(await companiesOf('desc')).toEqual([null, 'Beaver company sort', 'aardvark company sort']);
  });

  /** The list's first names in `ascending` order (reversed for desc), whole and read a page at a time of 1, 2 and 4, each page with the full total. */
  async function expectPagesInOrder(query: string, ascending: string[]) {
    for (const [dir, expected] of [['asc', ascending], ['desc', [...ascending].reverse()]] as const) {
      expect(firstNames(await listed(`${query}&dir=${dir}`)), dir).toEqual(expected);
      for (const perPage of [1, 2, 4]) {
        const pages = [];
        for (let page = 1; page <= Math.ceil(expected.length / perPage) + 1; page += 1) {
          const read = await listed(`${query}&dir=${dir}&per_page=${perPage}&page=${page}`);
          expect(read.total, `${dir}, ${perPage} a page, page ${page}`).toBe(expected.length);
          pages.push(...firstNames(read));
        }
        expect(pages, `${dir}, ${perPage} a page`).toEqual(expected);
      }
    }
  }

  it('pages every company’s users by company name across the users without a company, namesakes kept apart', async () => {
    // two companies of one name (in another case): each one's users together, in the order they were made
    await staffed('Namesake Paging', [['N1', 'Older', 'n1@name-paging.example'], ['N2', 'Older', 'n2@name-paging.example']]);
    await staffed('namesake paging', [['N3', 'Newer', 'n3@name-paging.example']]);
    await staffed('Aardvark Paging', [['A1', 'First', 'a1@name-paging.example']]);
    await createUser(t.deps.db, { companyId: null, role: 'superadmin', firstName: 'S1', emailAddress: 's1@name-paging.example', createdAt: new Date(Date.UTC(2026, 0, 1)) });
    await createUser(t.deps.db, { companyId: null, role: 'superadmin', firstName: 'S2', emailAddress: 's2@name-paging.example', createdAt: new Date(Date.UTC(2026, 0, 2)) });
    await expectPagesInOrder('search=name-paging.example&sort=companyName', ['A1', 'N1', 'N2', 'N3', 'S1', 'S2']);
  });

  it('pages every company’s users by approval, those awaiting it first (ascending), each part newest last', async () => {
    const start = Date.UTC(2026, 1, 1);
    const made = [['W1', false], ['A1', true], ['W2', false], ['A2', true], ['A3', true]] as const;
    for (const [index, [firstName, isApproved]] of made.entries()) {
      await createUser(t.deps.db, { companyId: null, firstName, emailAddress: `${firstName}@approval-paging.example`, approved: isApproved, createdAt: new Date(start + index * 60_000), password: null });
    }
    await expectPagesInOrder('search=approval-paging.example&sort=approved', ['W1', 'W2', 'A1', 'A2', 'A3']);
  });

  it.runIf(onSqlite)('reads every company’s users by approval from the index of those awaiting it and the index by creation, without a sort', async () => {
    await createUser(t.deps.db, { approved: false });
    for (const dir of ['asc', 'desc']) {
      const plans = await statementPlans(t.database, () => listAllUsers(t.deps, userListInput.parse({ perPage: 1000, sort: 'approved', dir })));
      const pages = plans.filter(({ sql }) => sql.includes('"two_factor"'));
      expect(pages.map(({ plan }) => plan[0]).sort(), dir).toEqual(['SCAN users USING INDEX users_awaiting_idx', 'SCAN users USING INDEX users_created_idx']);
      expect(plans.flatMap(({ plan }) => plan).join('\n'), dir).not.toMatch(/TEMP B-TREE/);
    }
  });

  it.runIf(onSqlite)('reads every company’s users by company name walking companies by name, then each one’s users by its index, without a sort', async () => {
    await createCompany(t.deps.db);
    // a page longer than the users without a company, so that in either direction it reaches the walk
    for (const dir of ['asc', 'desc']) {
      const plans = await statementPlans(t.database, () => listAllUsers(t.deps, userListInput.parse({ perPage: 100, sort: 'companyName', dir })));
      const walk = plans.find(({ plan }) => plan.some((line) => line.includes('companies_name_nocase_idx')));
      expect(walk?.plan, dir).toEqual([
        'SCAN companies USING INDEX companies_name_nocase_idx',
        'SEARCH users USING INDEX users_company_idx (company_id=?)',
        'SEARCH two_factor USING INDEX sqlite_autoindex_two_factor_1 (user_id=?) LEFT-JOIN',
      ]);
      expect(plans.flatMap(({ plan }) => plan).join('\n'), dir).not.toMatch(/TEMP B-TREE|SCAN users\b/);
    }
  });

  it.runIf(onSqlite)('reads the default page, all companies or one, on an index without a sort of its own, with its company and two-factor state in the same query', async () => {
    const company = await createCompany(t.deps.db);
    const plans = (input: object) => statementPlans(t.database, () => listAllUsers(t.deps, userListInput.parse({ perPage: 2, ...input })));
    expectIndexedPage(await plans({}), 'users', 'users_created_idx', { withCompany: true });
    expectIndexedPage(await plans({ company: company.id }), 'users', 'users_company_idx', { withCompany: true });
    const [page] = await plans({});
    expect(page!.plan).toContain('SEARCH two_factor USING INDEX sqlite_autoindex_two_factor_1 (user_id=?) LEFT-JOIN');
  });

  it.runIf(onSqlite).each([
    ['firstName', 'users_first_name_idx'],
    ['lastName', 'users_last_name_idx'],
    ['emailAddress', 'users_email_unique'],
    ['role', 'users_role_idx'],
  ])('reads every company’s users sorted by %s from %s, without a sort of its own', async (sort, index) => {
    for (const dir of ['asc', 'desc']) {
      const plans = await statementPlans(t.database, () => listAllUsers(t.deps, userListInput.parse({ perPage: 2, sort, dir })));
      expectIndexedPage(plans, 'users', index, { withCompany: true });
    }
  });
});

describe('GET /superadmin/users?awaitingApproval=true', () => {
  it('keeps the users not yet approved, newest first, read from the partial index of those awaiting approval', async () => {
    const company = await createCompany(t.deps.db);
    const waiting = await createUser(t.deps.db, { approved: false, companyId: company.id, password: null });
    await createUser(t.deps.db, { approved: true, companyId: company.id, password: null });
    const response = await api(t.app, superToken).get(`/superadmin/users?company=${company.id}&awaitingApproval=true`);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<{ _id: string }[]>(response).map((user) => user._id)).toEqual([waiting.id]);
    const everyone = json<{ approved: boolean }[]>(await api(t.app, superToken).get('/superadmin/users?awaitingApproval=true&per_page=1000'));
    expect(everyone.length).toBeGreaterThan(0);
    expect(everyone.every((user) => !user.approved)).toBe(true);

    if (onSqlite) {
      const plans = await statementPlans(t.database, () => listAllUsers(t.deps, userListInput.parse({ perPage: 2, awaitingApproval: true })));
      expectIndexedPage(plans, 'users', 'users_awaiting_idx', { withCompany: true });
    }
  });
});

describe('PUT /superadmin/users/activate/{id}', () => {
  it('approves the user, who can then sign in, and emails them (even with a JSON content type and no body)', async () => {
    const user = await createUser(t.deps.db, { approved: false, companyId: (await createCompany(t.deps.db)).id });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/superadmin/users/activate/${user.id}`,
      headers: { jwttoken: superToken, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ _id: user.id, approved: true });
    const email = (await queuedEmails(t.deps)).filter((e) => e.toAddresses === user.emailAddress).at(-1);
    expect(email?.subject).toBe('Your account is approved — Test Provider LLC');
    expect(email?.textBody).toContain('http://hourbank.test/signin');
    const login = await api(t.app).post('/account/login', { emailAddress: user.emailAddress, password: user.password });
    expect(login.statusCode).toBe(200);
  });

  it('gives a user without a password a set-password link', async () => {
    const user = await createUser(t.deps.db, { approved: false, password: null });
    await api(t.app, superToken).put(`/superadmin/users/activate/${user.id}`);
    const email = (await queuedEmails(t.deps)).filter((e) => e.toAddresses === user.emailAddress).at(-1);
    const token = linkTokenIn(email!.textBody);
    const reset = await api(t.app).post('/account/reset-password', { token, newPassword: 'chosen password' });
    expect(reset.statusCode).toBe(200);
    const login = await api(t.app).post('/account/login', { emailAddress: user.emailAddress, password: 'chosen password' });
    expect(login.statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and writes nothing', async () => {
    const before = (await queuedEmails(t.deps)).length;
    const response = await api(t.app, superToken).put('/superadmin/users/activate/nosuchuser');
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('User not found.');
    expect(await queuedEmails(t.deps)).toHaveLength(before);
  });
});

describe('PUT /superadmin/users/sendsetpassword/{id}', () => {
  it('emails a single-use set-password link valid for 7 days', async () => {
    const user = await createUser(t.deps.db, { password: null });
    const response = await api(t.app, superToken).put(`/superadmin/users/sendsetpassword/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(json(response).message).toBe(`A set-password link has been emailed to ${user.emailAddress}.`);
    const email = (await queuedEmails(t.deps)).filter((e) => e.toAddresses === user.emailAddress).at(-1)!;
    expect(email.subject).toBe('Set your password — Test Provider LLC');
    const token = linkTokenIn(email.textBody);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(7 * 24 * 60 * 60);

    t.clock.advance(6 * 24 * 60 * 60 * 1000);
    const reset = await api(t.app).post('/account/reset-password', { token, newPassword: 'set at last' });
    expect(reset.statusCode).toBe(200);
    const { users } = t.deps.db.t;
    const [saved] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(saved?.passwordHash).toMatch(/^\$argon2id/);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await api(t.app, superToken).put('/superadmin/users/sendsetpassword/nosuchuser');
    expect(response.statusCode).toBe(404);
  });
});

describe('events of approving and sending links', () => {
  const eventsAbout = (userId: string) => t.deps.db.select().from(t.deps.db.t.events).where(eq(t.deps.db.t.events.subjectId, userId));

  it('records an approval (user.approved), with the approval it changed; approving again records it again without a change', async () => {
    const company = await createCompany(t.deps.db);
    const user = await createUser(t.deps.db, { approved: false, password: null, companyId: company.id });
    expect((await api(t.app, superToken).put(`/superadmin/users/activate/${user.id}`)).statusCode).toBe(200);
    expect(await eventsAbout(user.id)).toMatchObject([{ type: 'user.approved', companyId: company.id, changes: { approved: { before: false, after: true } } }]);
    expect((await api(t.app, superToken).put(`/superadmin/users/activate/${user.id}`)).statusCode).toBe(200);
    const changes = (await eventsAbout(user.id)).map((event) => event.changes);
    expect(changes).toHaveLength(2);
    expect(changes).toEqual(expect.arrayContaining([{ approved: { before: false, after: true } }, {}]));
  });

  it('records a set-password email sent, without its link', async () => {
    const user = await createUser(t.deps.db, { password: null });
    expect((await api(t.app, superToken).put(`/superadmin/users/sendsetpassword/${user.id}`)).statusCode).toBe(200);
    const token = linkTokenIn((await queuedEmails(t.deps)).filter((e) => e.toAddresses === user.emailAddress).at(-1)!.textBody);
    const events = await eventsAbout(user.id);
    expect(events).toMatchObject([{ type: 'user.set_password_email_sent', changes: {} }]);
    expect(JSON.stringify(events)).not.toContain(token);
  });
});
