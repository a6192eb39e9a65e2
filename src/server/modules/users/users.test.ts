import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../../drizzle/schema.js';
import { createCompany, createUser } from '../../testing/factories.js';
import { api, createTestApp, json, linkTokenIn, queuedEmails, signedInUser, type TestApp } from '../../testing/app.js';

let t: TestApp;
let superToken: string;
let adminToken: string;
let plainToken: string;

beforeAll(async () => {
  t = await createTestApp();
  superToken = (await signedInUser(t, { role: 'superadmin' })).token;
  const company = createCompany(t.deps.db);
  adminToken = (await signedInUser(t, { role: 'admin', companyId: company.id })).token;
  plainToken = (await signedInUser(t, { role: 'member', companyId: company.id })).token;
});
afterAll(() => t.close());

const calls = [
  ['GET', '/superadmin/users'],
  ['PUT', '/superadmin/users/activate/anything'],
  ['PUT', '/superadmin/users/sendsetpassword/anything'],
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
    const company = createCompany(t.deps.db, { companyName: 'Listed Co' });
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
      createdAt: newer.createdAt.toISOString(),
    });
  });
});

describe('PUT /superadmin/users/activate/{id}', () => {
  it('approves the user, who can then sign in, and emails them (even with a JSON content type and no body)', async () => {
    const user = await createUser(t.deps.db, { approved: false, companyId: createCompany(t.deps.db).id });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/superadmin/users/activate/${user.id}`,
      headers: { jwttoken: superToken, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ _id: user.id, approved: true });
    const email = queuedEmails(t.deps).filter((e) => e.toAddresses === user.emailAddress).at(-1);
    expect(email?.subject).toBe('Your account is approved — Test Provider LLC');
    expect(email?.textBody).toContain('http://hourbank.test/signin');
    const login = await api(t.app).post('/account/login', { emailAddress: user.emailAddress, password: user.password });
    expect(login.statusCode).toBe(200);
  });

  it('gives a user without a password a set-password link', async () => {
    const user = await createUser(t.deps.db, { approved: false, password: null });
    await api(t.app, superToken).put(`/superadmin/users/activate/${user.id}`);
    const email = queuedEmails(t.deps).filter((e) => e.toAddresses === user.emailAddress).at(-1);
    const token = linkTokenIn(email!.textBody);
    const reset = await api(t.app).post('/account/reset-password', { token, newPassword: 'chosen password' });
    expect(reset.statusCode).toBe(200);
    const login = await api(t.app).post('/account/login', { emailAddress: user.emailAddress, password: 'chosen password' });
    expect(login.statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and writes nothing', async () => {
    const before = queuedEmails(t.deps).length;
    const response = await api(t.app, superToken).put('/superadmin/users/activate/nosuchuser');
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('User not found.');
    expect(queuedEmails(t.deps)).toHaveLength(before);
  });
});

describe('PUT /superadmin/users/sendsetpassword/{id}', () => {
  it('emails a single-use set-password link valid for 7 days', async () => {
    const user = await createUser(t.deps.db, { password: null });
    const response = await api(t.app, superToken).put(`/superadmin/users/sendsetpassword/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(json(response).message).toBe(`A set-password link has been emailed to ${user.emailAddress}.`);
    const email = queuedEmails(t.deps).filter((e) => e.toAddresses === user.emailAddress).at(-1)!;
    expect(email.subject).toBe('Set your password — Test Provider LLC');
    const token = linkTokenIn(email.textBody);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(7 * 24 * 60 * 60);

    t.clock.advance(6 * 24 * 60 * 60 * 1000);
    const reset = await api(t.app).post('/account/reset-password', { token, newPassword: 'set at last' });
    expect(reset.statusCode).toBe(200);
    const saved = t.deps.db.select().from(users).where(eq(users.id, user.id)).get();
    expect(saved?.passwordHash).toMatch(/^\$argon2id/);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await api(t.app, superToken).put('/superadmin/users/sendsetpassword/nosuchuser');
    expect(response.statusCode).toBe(404);
  });
});
