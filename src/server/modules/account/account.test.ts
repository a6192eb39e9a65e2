import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRateLimits } from '../../../shared/limits.js';
import { createCompany, createUser, DEFAULT_PASSWORD } from '../../testing/factories.js';
import {
  api,
  createTestApp,
  json,
  linkTokenIn,
  queuedEmails,
  signedInUser,
  type TestApp,
} from '../../testing/app.js';
import { otherConnection } from '../../testing/engine.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const validSignUp = (overrides: Record<string, unknown> = {}) => ({
  companyName: 'Northwind Traders',
  companyAddress: '1 Harbor Way',
  website: 'https://northwind.example.com',
  companyPhone: '555-0101',
  firstName: 'Nancy',
  lastName: 'Davolio',
  mobile: '555-0199',
  emailAddress: `nancy.${Math.random().toString(36).slice(2)}@northwind.example.com`,
  password: 'longenough',
  projectDescription: 'Migrate our ERP.',
  ...overrides,
});

const emailsTo = async (address: string) =>
  (await queuedEmails(t.deps)).filter((email) => email.toAddresses.includes(address));

/** The user's row as stored in the app's database. */
async function storedUser(app: TestApp, id: string) {
  const { users } = app.deps.db.t;
  const [user] = await app.deps.db.select().from(users).where(eq(users.id, id));
  return user;
}

/** How many users, or companies, the database holds. */
async function rowCount(table: 'users' | 'companies'): Promise<number> {
  return (await t.deps.db.select().from(t.deps.db.t[table])).length;
}

describe('POST /account/signup', () => {
  it('creates the company and an unapproved admin, and emails the provider', async () => {
    const payload = validSignUp();
    const response = await api(t.app).post('/account/signup', payload);
    expect(response.statusCode).toBe(200);
    expect(json(response).message).toMatch(/Thank you for signing up/);

    const { users, companies } = t.deps.db.t;
    const [user] = await t.deps.db.select().from(users).where(eq(users.emailAddress, payload.emailAddress));
    expect(user).toMatchObject({ role: 'admin', approved: false, firstName: 'Nancy', mobile: '555-0199' });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [company] = await t.deps.db.select().from(companies).where(eq(companies.id, user!.companyId!));
    expect(company).toMatchObject({ companyName: 'Northwind Traders', website: 'https://northwind.example.com' });

    const [notice] = (await emailsTo('provider@hourbank.test')).filter((e) => e.subject.includes('Northwind'));
    expect(notice?.subject).toBe('New sign-up: Northwind Traders — Test Provider LLC');
    expect(notice?.textBody).toContain(payload.emailAddress);
    expect(notice?.textBody).toContain('Migrate our ERP.');
  });

  it.each([
    ['companyName', { companyName: '  ' }, 'Company name is required.'],
    ['firstName', { firstName: '' }, 'First name is required.'],
    ['lastName', { lastName: undefined }, 'Last name is required.'],
    ['emailAddress', { emailAddress: '' }, 'Email address is required.'],
    ['emailAddress', { emailAddress: 'nancy@northwind' }, 'Enter a valid email address.'],
    ['password', { password: 'short' }, 'The password needs to be at least 8 characters long.'],
  ])('refuses a bad %s with a clear message and writes nothing', async (field, overrides, message) => {
    const before = await rowCount('users');
    const response = await api(t.app).post('/account/signup', validSignUp(overrides));
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
    expect(json<{ fieldErrors: Record<string, string[]> }>(response).fieldErrors[field]).toEqual([message]);
    expect(await rowCount('users')).toBe(before);
  });

  it('refuses an email already used, in any letter case', async () => {
    const first = validSignUp();
    await api(t.app).post('/account/signup', first);
    const companiesBefore = await rowCount('companies');
    const response = await api(t.app).post(
      '/account/signup',
      validSignUp({ emailAddress: first.emailAddress.toUpperCase(), companyName: 'Other' }),
    );
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('An account with this email address already exists.');
    // named, so the sign-up form shows it on the Email field
    expect(json<{ fieldErrors?: unknown }>(response).fieldErrors).toEqual({ emailAddress: ['An account with this email address already exists.'] });
    expect(await rowCount('companies')).toBe(companiesBefore);
  });
});

describe('POST /account/login', () => {
  it('returns token, name, userId and role flags', async () => {
    const user = await createUser(t.deps.db, { firstName: 'Ada', lastName: 'King', role: 'admin' });
    const response = await api(t.app).post('/account/login', {
      emailAddress: user.emailAddress.toUpperCase(),
      password: DEFAULT_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      token: expect.stringMatching(/^[a-z2-7]{24}\.[a-z2-7]{24}$/),
      name: 'Ada King',
      userId: user.id,
      isAdmin: true,
      isSuperAdmin: false,
      role: 'admin',
    });
  });

  it.each([
    ['superadmin', true, true],
    ['admin', true, false],
    ['viewer', false, false],
  ])('maps role %s to isAdmin=%s isSuperAdmin=%s', async (role, isAdmin, isSuperAdmin) => {
    const user = await createUser(t.deps.db, { role });
    const response = await api(t.app).post('/account/login', { emailAddress: user.emailAddress, password: DEFAULT_PASSWORD });
    expect(json(response)).toMatchObject({ isAdmin, isSuperAdmin });
  });

  it('refuses a wrong password and an unknown email with the same answer', async () => {
    const user = await createUser(t.deps.db);
    const wrong = await api(t.app).post('/account/login', { emailAddress: user.emailAddress, password: 'not it at all' });
    const unknown = await api(t.app).post('/account/login', { emailAddress: 'nobody@example.com', password: 'whatever1' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(json(response).message).toBe('Invalid email address or password.');
    }
  });

  it('tells an unapproved user their account awaits approval', async () => {
    const user = await createUser(t.deps.db, { approved: false });
    const response = await api(t.app).post('/account/login', { emailAddress: user.emailAddress, password: DEFAULT_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(json(response).message).toBe('Your account is awaiting approval.');
  });

  it('needs both fields', async () => {
    const response = await api(t.app).post('/account/login', { emailAddress: 'a@b.co' });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Password is required.');
  });
});

/**
 * How many rows the app has written. SQLite: every write goes through the writing connection, whose
 * total_changes() counts them (the statement binds no values: {}). PostgreSQL: a row written (inserted,
 * or updated into a new version) has a place (ctid) and a writing transaction (xmin) of its own, so
 * the rows of the app's tables whose pair was not there when counting began are those written since.
 */
async function writeCounter(): Promise<{ count: () => Promise<number>; close: () => Promise<void> }> {
  if (t.database.engine === 'sqlite') {
    const { writer } = t.database.sqlite;
    return { count: async () => (writer.prepare('SELECT total_changes() AS n').get({}) as { n: number }).n, close: async () => {} };
  }
  const other = await otherConnection(t.config);
  const { names } = (await other.first<{ names: string[] }>(
    "select array_agg(table_name::text) as names from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  ))!;
  const everyRow = names.map((name) => `select '${name}:' || ctid::text || ':' || xmin::text as version from "${name}"`).join(' union all ');
  const versions = async () => new Set((await other.first<{ versions: string[] }>(`select array_agg(version) as versions from (${everyRow}) as rows`))!.versions);
  const start = await versions();
  return {
    count: async () => [...(await versions())].filter((version) => !start.has(version)).length,
    close: () => other.close(),
  };
}

describe('sessions', () => {
  it('rejects a missing, malformed or forged token with 401', async () => {
    const { token } = await signedInUser(t);
    const [id] = token.split('.');
    for (const bad of [undefined, 'garbage', `${id}.aaaaaaaaaaaaaaaaaaaaaaaa`, `${token}.x`]) {
      const response = await api(t.app, bad).get('/account/profile');
      expect(response.statusCode).toBe(401);
      expect(json(response).message).toBe('Please sign in to continue.');
    }
    expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(200);
  });

  it('stores only a hash of the secret', async () => {
    const { token, user } = await signedInUser(t);
    const [id, secret] = token.split('.');
    const { sessions } = t.deps.db.t;
    const [row] = await t.deps.db.select().from(sessions).where(eq(sessions.id, id!));
    expect(row?.userId).toBe(user.id);
    expect(row?.secretHash).not.toContain(secret!);
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    // the SHA-256 of the secret in lowercase hex, as every session ever stored has it
    expect(row?.secretHash).toBe(encodeHexLowerCase(sha256(new TextEncoder().encode(secret!))));
  });

  it('expires after 30 days unless used, and slides forward when half is gone', async () => {
    const { token } = await signedInUser(t);
    const day = 24 * 60 * 60 * 1000;
    t.clock.advance(20 * day);
    expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(200);
    t.clock.advance(20 * day); // 40 days after sign-in, 20 after the extension
    expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(200);
    t.clock.advance(31 * day);
    expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(401);
  });

  it('reads without writing: a signed-in call before half-life changes no row, on either transport', async () => {
    const { token } = await signedInUser(t);
    const DAY = 24 * 60 * 60 * 1000;
    const changes = await writeCounter();
    try {
      t.clock.advance(14 * DAY);
      const before = await changes.count();
      expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/trpc/account.profile', headers: { jwttoken: token } })).statusCode).toBe(200);
      expect(await changes.count()).toBe(before);
      t.clock.advance(2 * DAY); // past half-life: one write pushes the expiry out, then reads again
      expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(200);
      expect(await changes.count()).toBe(before + 1);
      expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(200);
      expect(await changes.count()).toBe(before + 1);
    } finally {
      await changes.close();
    }
  });

  it('POST /account/logout ends the session on the server', async () => {
    const { token } = await signedInUser(t);
    const response = await api(t.app, token).post('/account/logout');
    expect(response.statusCode).toBe(200);
    expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('GET /account/profile returns the signed-in user with their company', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Contoso' });
    const { token, user } = await signedInUser(t, { companyId: company.id, firstName: 'Cara' });
    const response = await api(t.app, token).get('/account/profile');
    expect(json(response)).toEqual({
      _id: user.id,
      firstName: 'Cara',
      lastName: user.lastName,
      emailAddress: user.emailAddress,
      mobile: '',
      role: 'admin',
      isAdmin: true,
      isSuperAdmin: false,
      company: { _id: company.id, companyName: 'Contoso' },
    });
  });

  it('PUT /account/profile/update saves names and a new email given the current password', async () => {
    const { token, user } = await signedInUser(t);
    const response = await api(t.app, token).put('/account/profile/update', {
      firstName: ' Grace ',
      lastName: 'Hopper',
      emailAddress: 'grace.hopper@navy.example.com',
      currentPassword: DEFAULT_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', emailAddress: 'grace.hopper@navy.example.com' });
    const saved = await storedUser(t, user.id);
    expect(saved?.emailAddress).toBe('grace.hopper@navy.example.com');
  });

  it('tells the old address that the sign-in email was changed, and nothing to the new one', async () => {
    const { token, user } = await signedInUser(t);
    const newAddress = `moved.${Math.random().toString(36).slice(2)}@example.com`;
    const response = await api(t.app, token).put('/account/profile/update', {
      firstName: user.firstName,
      lastName: user.lastName,
      emailAddress: newAddress,
      currentPassword: DEFAULT_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const [notice, ...more] = await emailsTo(user.emailAddress);
    expect(more).toHaveLength(0);
    expect(notice!.toAddresses).toBe(user.emailAddress);
    expect(notice!.subject).toBe('Your sign-in email was changed — Test Provider LLC');
    expect(notice!.textBody).toContain(`was changed to ${newAddress}`);
    expect(notice!.textBody).toContain('If you did not make this change');
    expect(await emailsTo(newAddress)).toHaveLength(0);
  });

  it.each([
    ['missing', undefined, 'Enter your current password to change your email address.'],
    ['empty', '', 'Enter your current password to change your email address.'],
    ['wrong', 'not my password', 'Your current password is incorrect.'],
  ])('refuses a new email with a %s current password as a field error, changing nothing', async (_case, currentPassword, message) => {
    const { token, user } = await signedInUser(t);
    const before = (await queuedEmails(t.deps)).length;
    const response = await api(t.app, token).put('/account/profile/update', {
      firstName: 'Changed',
      lastName: 'Name',
      emailAddress: `elsewhere.${Math.random().toString(36).slice(2)}@example.com`,
      ...(currentPassword === undefined ? {} : { currentPassword }),
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ message, fieldErrors: { currentPassword: [message] } });
    const saved = await storedUser(t, user.id);
    expect([saved?.firstName, saved?.lastName, saved?.emailAddress]).toEqual([user.firstName, user.lastName, user.emailAddress]);
    expect(await queuedEmails(t.deps)).toHaveLength(before);
  });

  it('gives the same field error over tRPC', async () => {
    const { token } = await signedInUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/trpc/account.updateProfile',
      headers: { jwttoken: token, 'content-type': 'application/json' },
      payload: { firstName: 'A', lastName: 'B', emailAddress: 'trpc.other@example.com', currentPassword: 'wrong one' },
    });
    expect(response.statusCode).toBe(400);
    const error = (response.json() as { error: { message: string; data: { fieldErrors?: Record<string, string[]> } } }).error;
    expect(error.message).toBe('Your current password is incorrect.');
    expect(error.data.fieldErrors).toEqual({ currentPassword: ['Your current password is incorrect.'] });
  });

  it('changes only the names without a password, and sends no notice', async () => {
    const { token, user } = await signedInUser(t);
    const response = await api(t.app, token).put('/account/profile/update', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailAddress: user.emailAddress,
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', emailAddress: user.emailAddress });
    expect(await emailsTo(user.emailAddress)).toHaveLength(0);
  });

  it.each([
    [{ firstName: '', lastName: 'X', emailAddress: 'x@y.co' }],
    [{ firstName: 'X', lastName: 'X', emailAddress: 'not-an-email' }],
    [{ firstName: 'X', lastName: 'X', emailAddress: 'x@y' }],
    [{ firstName: 'X', lastName: 'X' }],
  ])('refuses %j with the profile message', async (payload) => {
    const { token, user } = await signedInUser(t);
    const response = await api(t.app, token).put('/account/profile/update', payload);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Fill out all fields and ensure the email address is valid.');
    expect((await storedUser(t, user.id))?.firstName).toBe(user.firstName);
  });

  it("refuses another user's email in another letter case", async () => {
    const other = await createUser(t.deps.db);
    const { token } = await signedInUser(t);
    const response = await api(t.app, token).put('/account/profile/update', {
      firstName: 'A',
      lastName: 'B',
      emailAddress: other.emailAddress.toUpperCase(),
      currentPassword: DEFAULT_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('An account with this email address already exists.');
  });

  it('keeps your own email when only its letter case changes, without a password or a notice', async () => {
    const { token, user } = await signedInUser(t);
    const response = await api(t.app, token).put('/account/profile/update', {
      firstName: 'A',
      lastName: 'B',
      emailAddress: user.emailAddress.toUpperCase(),
    });
    expect(response.statusCode).toBe(200);
    expect(await emailsTo(user.emailAddress)).toHaveLength(0);
  });
});

describe('POST /account/profile/changepassword', () => {
  it('changes the password and ends the other sessions, not this one', async () => {
    const { token, user } = await signedInUser(t);
    const other = json<{ token: string }>(
      await api(t.app).post('/account/login', { emailAddress: user.emailAddress, password: DEFAULT_PASSWORD }),
    ).token;
    const response = await api(t.app, token).post('/account/profile/changepassword', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'brand new secret',
    });
    expect(response.statusCode).toBe(200);
    expect(json(response).message).toBe('Your password has been changed.');
    expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(200);
    expect((await api(t.app, other).get('/account/profile')).statusCode).toBe(401);
    const login = await api(t.app).post('/account/login', { emailAddress: user.emailAddress, password: 'brand new secret' });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const { token, user } = await signedInUser(t);
    const response = await api(t.app, token).post('/account/profile/changepassword', {
      currentPassword: 'wrong password',
      newPassword: 'brand new secret',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Your current password is incorrect.');
    const login = await api(t.app).post('/account/login', { emailAddress: user.emailAddress, password: DEFAULT_PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('refuses empty fields and a short new password', async () => {
    const { token } = await signedInUser(t);
    const empty = await api(t.app, token).post('/account/profile/changepassword', { currentPassword: '', newPassword: 'whatever123' });
    expect(json(empty).message).toBe('Please fill out all the fields.');
    const short = await api(t.app, token).post('/account/profile/changepassword', { currentPassword: DEFAULT_PASSWORD, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(json(short).message).toBe('The password needs to be at least 8 characters long.');
  });
});

describe('forgot and reset password', () => {
  const resetLinkFor = async (emailAddress: string) => {
    const response = await api(t.app).post('/account/forgot-password', { emailAddress });
    expect(response.statusCode).toBe(200);
    const email = (await emailsTo(emailAddress)).at(-1);
    return linkTokenIn(email!.textBody);
  };

  it('gives the same answer for an unknown email, and sends nothing', async () => {
    const before = (await queuedEmails(t.deps)).length;
    const response = await api(t.app).post('/account/forgot-password', { emailAddress: 'ghost@example.com' });
    expect(response.statusCode).toBe(200);
    expect(json(response).message).toBe(
      'A reset link has been sent to your email. Please follow the instructions in your email.',
    );
    expect(await queuedEmails(t.deps)).toHaveLength(before);
  });

  it('emails a link whose JWT carries exp in seconds, one hour ahead', async () => {
    const user = await createUser(t.deps.db);
    const token = await resetLinkFor(user.emailAddress);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number; sub: string };
    expect(payload.sub).toBe(user.id);
    expect(payload.exp).toBe(Math.floor(t.clock.now().getTime() / 1000) + 3600);
    const email = (await emailsTo(user.emailAddress)).at(-1)!;
    expect(email.textBody).toContain('http://hourbank.test/reset-password/');
    expect(email.subject).toContain('Test Provider LLC');
  });

  it('resets the password once, ending every session', async () => {
    const { user, token: session } = await signedInUser(t);
    const token = await resetLinkFor(user.emailAddress);
    const response = await api(t.app).post('/account/reset-password', { token, newPassword: 'reset secret 1' });
    expect(response.statusCode).toBe(200);
    expect(json(response).message).toBe('Your password has been set. You can now sign in.');
    expect((await api(t.app, session).get('/account/profile')).statusCode).toBe(401);
    const login = await api(t.app).post('/account/login', { emailAddress: user.emailAddress, password: 'reset secret 1' });
    expect(login.statusCode).toBe(200);

    const again = await api(t.app).post('/account/reset-password', { token, newPassword: 'reset secret 2' });
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe('This link has already been used. Please request a new link.');
  });

  it('refuses an expired link with the message the reset screen looks for', async () => {
    const user = await createUser(t.deps.db);
    const token = await resetLinkFor(user.emailAddress);
    t.clock.advance(60 * 60 * 1000 + 1000);
    const response = await api(t.app).post('/account/reset-password', { token, newPassword: 'too late 123' });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Token expired. Please request a new link.');
  });

  it('refuses forged and garbled tokens', async () => {
    const user = await createUser(t.deps.db);
    const token = await resetLinkFor(user.emailAddress);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const otherUser = await createUser(t.deps.db);
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: otherUser.id })).toString('base64url');
    for (const bad of [`${header}.${forgedPayload}.${signature}`, 'not.a.token', 'garbage', `${header}.${payload}.${signature.slice(0, -2)}xx`]) {
      const response = await api(t.app).post('/account/reset-password', { token: bad, newPassword: 'sneaky pass' });
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toBe('Invalid token.');
    }
  });

  it('needs a new password of at least 8 characters', async () => {
    const user = await createUser(t.deps.db);
    const token = await resetLinkFor(user.emailAddress);
    const response = await api(t.app).post('/account/reset-password', { token, newPassword: 'short' });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('The password needs to be at least 8 characters long.');
  });

  it('resend-link mails a fresh, working link for an expired one', async () => {
    const user = await createUser(t.deps.db);
    const expired = await resetLinkFor(user.emailAddress);
    t.clock.advance(2 * 60 * 60 * 1000);
    const response = await api(t.app).post('/account/resend-link', { token: expired });
    expect(response.statusCode).toBe(200);
    expect(json(response).message).toBe('A new link has been sent to your email.');
    const fresh = linkTokenIn((await emailsTo(user.emailAddress)).at(-1)!.textBody);
    expect(fresh).not.toBe(expired);
    const reset = await api(t.app).post('/account/reset-password', { token: fresh, newPassword: 'fresh secret' });
    expect(reset.statusCode).toBe(200);
  });

  it('resend-link refuses a forged token', async () => {
    const response = await api(t.app).post('/account/resend-link', { token: 'a.b.c' });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Invalid token.');
  });
});

describe('revoking links when the password is set', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(() => own.close());

  const REVOKED =
    'This link is no longer valid: a newer link has been sent, or the password or email address has been changed since. Please use the newest link, or request a new one.';
  const USED = 'This link has already been used. Please request a new link.';
  const linkTokensTo = async (emailAddress: string) =>
    (await queuedEmails(own.deps))
      .filter((email) => email.toAddresses === emailAddress && email.status === 'pending')
      .map((email) => linkTokenIn(email.textBody));
  /** Requests `count` reset links and returns the tokens of just those (rows share a timestamp). */
  const linksFor = async (emailAddress: string, count: number) => {
    const before = new Set(await linkTokensTo(emailAddress));
    for (let i = 0; i < count; i += 1) {
      expect((await api(own.app).post('/account/forgot-password', { emailAddress })).statusCode).toBe(200);
    }
    return (await linkTokensTo(emailAddress)).filter((token) => !before.has(token));
  };
  const expectRefused = async (token: string, message: string) => {
    const reset = await api(own.app).post('/account/reset-password', { token, newPassword: 'another secret' });
    expect([reset.statusCode, json(reset).message]).toEqual([400, message]);
    const resend = await api(own.app).post('/account/resend-link', { token });
    expect([resend.statusCode, json(resend).message]).toEqual([400, message]);
  };

  it('a newer link ends the older ones, on reset and on resend; the newest sets the password once', async () => {
    const user = await createUser(own.deps.db);
    const bystander = await createUser(own.deps.db);
    const links: string[] = [];
    for (let i = 0; i < 6; i += 1) links.push(...(await linksFor(user.emailAddress, 1)));
    const [bystanderLink] = await linksFor(bystander.emailAddress, 1);
    expect(new Set(links).size).toBe(6);

    for (const older of links.slice(0, -1)) await expectRefused(older, REVOKED);
    const reset = await api(own.app).post('/account/reset-password', { token: links.at(-1), newPassword: 'first reset 1' });
    expect(reset.statusCode).toBe(200);
    await expectRefused(links.at(-1)!, USED);
    const login = await api(own.app).post('/account/login', { emailAddress: user.emailAddress, password: 'first reset 1' });
    expect(login.statusCode).toBe(200);

    const untouched = await api(own.app).post('/account/reset-password', { token: bystanderLink, newPassword: 'bystander 123' });
    expect(untouched.statusCode).toBe(200);
  });

  it('resend-link trades a link once: the link it replaced is refused after', async () => {
    const user = await createUser(own.deps.db);
    const [expired] = await linksFor(user.emailAddress, 1);
    own.clock.advance(2 * 60 * 60 * 1000);
    const before = new Set(await linkTokensTo(user.emailAddress));
    expect((await api(own.app).post('/account/resend-link', { token: expired })).statusCode).toBe(200);
    const [fresh] = (await linkTokensTo(user.emailAddress)).filter((token) => !before.has(token));
    await expectRefused(expired!, REVOKED);
    expect((await api(own.app).post('/account/reset-password', { token: fresh, newPassword: 'traded once 1' })).statusCode).toBe(200);
  });

  it('revokes expired links too, so resend-link cannot revive them', async () => {
    const user = await createUser(own.deps.db);
    const [older, old] = await linksFor(user.emailAddress, 2);
    own.clock.advance(2 * 60 * 60 * 1000);
    const [fresh] = await linksFor(user.emailAddress, 1);
    await api(own.app).post('/account/reset-password', { token: fresh, newPassword: 'fresh secret 1' });
    await expectRefused(old!, REVOKED);
    await expectRefused(older!, REVOKED);
  });

  it('a password change in My Account revokes every outstanding link', async () => {
    const { user, token: session } = await signedInUser(own);
    const links = await linksFor(user.emailAddress, 3);
    const change = await api(own.app, session).post('/account/profile/changepassword', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'changed secret',
    });
    expect(change.statusCode).toBe(200);
    for (const link of links) await expectRefused(link, REVOKED);

    const [after] = await linksFor(user.emailAddress, 1);
    expect((await api(own.app).post('/account/reset-password', { token: after, newPassword: 'after change 1' })).statusCode).toBe(200);
  });

  it('an email change in My Account ends every link mailed to the old address; a change of letter case does not', async () => {
    const { user, token: session } = await signedInUser(own);
    const changeTo = (emailAddress: string, token: string, currentPassword: string) =>
      api(own.app, token).put('/account/profile/update', { firstName: user.firstName, lastName: user.lastName, emailAddress, currentPassword });

    const [kept] = await linksFor(user.emailAddress, 1);
    const sameMailbox = user.emailAddress.toUpperCase();
    expect((await changeTo(sameMailbox, session, DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect((await api(own.app).post('/account/reset-password', { token: kept, newPassword: 'same mailbox 1' })).statusCode).toBe(200);

    const [mailedToOld] = await linksFor(sameMailbox, 1);
    const signedIn = await api(own.app).post('/account/login', { emailAddress: sameMailbox, password: 'same mailbox 1' });
    const newAddress = `moved.${Math.random().toString(36).slice(2)}@example.com`;
    expect((await changeTo(newAddress, json<{ token: string }>(signedIn).token, 'same mailbox 1')).statusCode).toBe(200);
    await expectRefused(mailedToOld!, REVOKED);
    const [mailedToNew] = await linksFor(newAddress, 1);
    expect((await api(own.app).post('/account/reset-password', { token: mailedToNew, newPassword: 'new mailbox 1' })).statusCode).toBe(200);
  });

  it('keeps no usable link in the outbox once a link email is sent', async () => {
    const user = await createUser(own.deps.db);
    const [link] = await linksFor(user.emailAddress, 1);
    await own.deps.outbox.deliverDue();
    const delivered = own.transport.sent.filter((mail) => mail.to.includes(user.emailAddress));
    expect(linkTokenIn(delivered.at(-1)!.text)).toBe(link);

    const rows = (await queuedEmails(own.deps)).filter((email) => email.toAddresses === user.emailAddress);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.status).toBe('sent');
      expect(`${row.textBody}${row.htmlBody}`).not.toContain('/reset-password/');
      expect(`${row.textBody}${row.htmlBody}`).not.toContain(link!.split('.')[2]);
    }
  });
});

describe('rate limits', () => {
  it('throttles sign-in attempts for one email address', async () => {
    const limited = await createTestApp();
    try {
      const user = await createUser(limited.deps.db);
      const attempt = () => api(limited.app).post('/account/login', { emailAddress: user.emailAddress, password: 'wrong guess' });
      for (let i = 0; i < 10; i += 1) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(json(blocked).message).toBe('Too many attempts. Please try again in 15 minutes.');
      limited.clock.advance(15 * 60 * 1000);
      expect((await attempt()).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it.each([
    ['/account/signup', (i: number) => validSignUp({ emailAddress: `flood${i}@example.com` })],
    ['/account/forgot-password', (i: number) => ({ emailAddress: `flood${i}@example.com` })],
    ['/account/resend-link', () => ({ token: 'a.b.c' })],
    ['/account/reset-password', () => ({ token: 'a.b.c', newPassword: 'long enough' })],
  ])('throttles %s per IP address', async (url, body) => {
    const limited = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) statuses.push((await api(limited.app).post(url, body(i))).statusCode);
      expect(statuses.slice(0, 30)).not.toContain(429);
      expect(statuses[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it.each([
    ['change-password', 'post', '/account/profile/changepassword', { currentPassword: 'wrong guess', newPassword: 'long enough' }, 400],
    ['profile-update', 'put', '/account/profile/update', { firstName: 'Same', lastName: 'Name', emailAddress: 'same.name@example.com' }, 200],
  ] as const)('throttles %s per signed-in user, changing nothing once refused', async (action, method, url, body, status) => {
    const limited = await createTestApp();
    try {
      const { user, token } = await signedInUser(limited, { emailAddress: 'same.name@example.com' });
      const other = await signedInUser(limited);
      const { limit, what } = userRateLimits[action];
      for (let i = 0; i < limit; i += 1) expect((await api(limited.app, token)[method](url, body)).statusCode).toBe(status);
      const stored = () => storedUser(limited, user.id);
      const before = await stored();
      const refused = await api(limited.app, token)[method](url, { ...body, firstName: 'Changed', currentPassword: DEFAULT_PASSWORD });
      expect(refused.statusCode).toBe(429);
      expect(json(refused).message).toBe(`Too many ${what}. Please try again in 15 minutes.`);
      expect(await stored()).toEqual(before);
      expect((await api(limited.app, other.token)[method](url, body)).statusCode).not.toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('events', () => {
  const ADDRESS = '203.0.113.9';

  /** A public or signed-in call to /api from ADDRESS. */
  const fromAddress = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, token?: string) =>
    t.app.inject({ method, url: `/api${url}`, remoteAddress: ADDRESS, headers: token ? { jwttoken: token } : {}, payload });

  /** The events of a type about a record (null: about no record), as stored. */
  async function eventsOf(type: string, subjectId: string | null) {
    const { events } = t.deps.db.t;
    const rows = await t.deps.db.select().from(events).where(eq(events.type, type));
    return rows.filter((event) => event.subjectId === subjectId);
  }

  it('a wrong password is recorded as sign_in.failed by the address typed and the request address, naming no user', async () => {
    const company = await createCompany(t.deps.db);
    const user = await createUser(t.deps.db, { companyId: company.id });
    const typed = `  ${user.emailAddress.toUpperCase()} `;
    expect((await fromAddress('POST', '/account/login', { emailAddress: typed, password: 'not it at all' })).statusCode).toBe(401);
    const [failed, ...more] = await eventsOf('sign_in.failed', user.id);
    expect(more).toEqual([]);
    expect(failed).toMatchObject({ actorId: null, actorLabel: user.emailAddress.toUpperCase(), ipAddress: ADDRESS, companyId: company.id, subjectType: 'user', changes: {} });
    expect(JSON.stringify(failed)).not.toContain('not it at all');
  });

  it('an unknown email address is recorded as sign_in.failed about no one', async () => {
    const typed = `ghost.${Math.random().toString(36).slice(2)}@example.com`;
    expect((await fromAddress('POST', '/account/login', { emailAddress: typed, password: 'whatever1' })).statusCode).toBe(401);
    const failed = (await eventsOf('sign_in.failed', null)).filter((event) => event.actorLabel === typed);
    expect(failed).toMatchObject([{ actorId: null, ipAddress: ADDRESS, companyId: null, subjectType: 'user' }]);
  });

  it('a sign-in is recorded as sign_in.succeeded by the user; an unapproved one records nothing', async () => {
    const user = await createUser(t.deps.db, { firstName: 'Ada', lastName: 'King' });
    expect((await fromAddress('POST', '/account/login', { emailAddress: user.emailAddress, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    expect(await eventsOf('sign_in.succeeded', user.id)).toMatchObject([{ actorId: user.id, actorLabel: `Ada King <${user.emailAddress}>`, ipAddress: ADDRESS, changes: {} }]);

    const waiting = await createUser(t.deps.db, { approved: false });
    expect((await fromAddress('POST', '/account/login', { emailAddress: waiting.emailAddress, password: DEFAULT_PASSWORD })).statusCode).toBe(403);
    const { events } = t.deps.db.t;
    expect(await t.deps.db.select().from(events).where(eq(events.subjectId, waiting.id))).toEqual([]);
  });

  it('a sign-up records company.created and user.created, both by the new user, without the password', async () => {
    const payload = validSignUp();
    expect((await fromAddress('POST', '/account/signup', payload)).statusCode).toBe(200);
    const { users } = t.deps.db.t;
    const [user] = await t.deps.db.select().from(users).where(eq(users.emailAddress, payload.emailAddress));
    const [created] = await eventsOf('user.created', user!.id);
    const [company] = await eventsOf('company.created', user!.companyId);
    const source = { actorId: user!.id, actorLabel: `Nancy Davolio <${payload.emailAddress}>`, ipAddress: ADDRESS, companyId: user!.companyId };
    expect(company).toMatchObject({ ...source, subjectType: 'company' });
    expect(company!.changes).toEqual({
      companyName: { before: null, after: 'Northwind Traders' },
      companyAddress: { before: null, after: '1 Harbor Way' },
      companyPhone: { before: null, after: '555-0101' },
      website: { before: null, after: 'https://northwind.example.com' },
      projectDescription: { before: null, after: 'Migrate our ERP.' },
    });
    expect(created).toMatchObject({ ...source, subjectType: 'user' });
    expect(created!.changes).toEqual({
      firstName: { before: null, after: 'Nancy' },
      lastName: { before: null, after: 'Davolio' },
      emailAddress: { before: null, after: payload.emailAddress },
      mobile: { before: null, after: '555-0199' },
      company: { before: null, after: user!.companyId },
      role: { before: null, after: 'admin' },
      approved: { before: null, after: false },
    });
    expect(JSON.stringify([company, created])).not.toMatch(/longenough|passwordHash|\$argon2/);
  });

  it('a profile update records exactly the fields it changed, and one that changes nothing records nothing', async () => {
    const { user, token } = await signedInUser(t, { firstName: 'Old', lastName: 'Name' });
    const newAddress = `renamed.${Math.random().toString(36).slice(2)}@example.com`;
    const update = { firstName: 'New', lastName: 'Name', emailAddress: newAddress, currentPassword: DEFAULT_PASSWORD };
    expect((await fromAddress('PUT', '/account/profile/update', update, token)).statusCode).toBe(200);
    const [updated, ...more] = await eventsOf('user.updated', user.id);
    expect(more).toEqual([]);
    expect(updated).toMatchObject({ actorId: user.id, ipAddress: ADDRESS });
    expect(updated!.changes).toEqual({ firstName: { before: 'Old', after: 'New' }, emailAddress: { before: user.emailAddress, after: newAddress } });
    expect(JSON.stringify(updated)).not.toContain(DEFAULT_PASSWORD);

    expect((await fromAddress('PUT', '/account/profile/update', { firstName: 'New', lastName: 'Name', emailAddress: newAddress }, token)).statusCode).toBe(200);
    expect(await eventsOf('user.updated', user.id)).toHaveLength(1);
  });

  it('a password change and a sign-out record only that they happened', async () => {
    const { user, token } = await signedInUser(t);
    expect((await fromAddress('POST', '/account/profile/changepassword', { currentPassword: DEFAULT_PASSWORD, newPassword: 'another secret 1' }, token)).statusCode).toBe(200);
    expect((await fromAddress('POST', '/account/logout', {}, token)).statusCode).toBe(200);
    for (const type of ['user.password_changed', 'sign_in.signed_out']) {
      expect(await eventsOf(type, user.id)).toMatchObject([{ actorId: user.id, ipAddress: ADDRESS, changes: {} }]);
    }
  });

  it('a reset link asked for an address with a user is recorded about them by the address typed; one for nobody is not', async () => {
    const user = await createUser(t.deps.db);
    const typed = user.emailAddress.toUpperCase();
    const before = (await eventsOf('user.password_reset_requested', null)).length;
    for (const emailAddress of [typed, 'ghost@example.com']) {
      const response = await fromAddress('POST', '/account/forgot-password', { emailAddress });
      expect(json(response)).toEqual({ message: 'A reset link has been sent to your email. Please follow the instructions in your email.' });
    }
    expect(await eventsOf('user.password_reset_requested', user.id)).toMatchObject([{ actorId: null, actorLabel: typed, ipAddress: ADDRESS, changes: {} }]);
    expect(await eventsOf('user.password_reset_requested', null)).toHaveLength(before);
  });

  it("a link traded and a password set are recorded by the link's owner, without the link; a first password says so", async () => {
    const user = await createUser(t.deps.db, { password: null });
    expect((await fromAddress('POST', '/account/forgot-password', { emailAddress: user.emailAddress })).statusCode).toBe(200);
    const first = linkTokenIn((await emailsTo(user.emailAddress)).at(-1)!.textBody);
    // the outbox lists emails by when they were queued
    t.clock.advance(1000);
    expect((await fromAddress('POST', '/account/resend-link', { token: first })).statusCode).toBe(200);
    const second = linkTokenIn((await emailsTo(user.emailAddress)).at(-1)!.textBody);
    expect((await fromAddress('POST', '/account/reset-password', { token: second, newPassword: 'first secret 1' })).statusCode).toBe(200);
    const owner = { actorId: user.id, ipAddress: ADDRESS };
    const [resent] = await eventsOf('user.link_resent', user.id);
    const [reset] = await eventsOf('user.password_reset', user.id);
    expect(resent).toMatchObject({ ...owner, changes: {} });
    expect(reset).toMatchObject({ ...owner, changes: { hasPassword: { before: false, after: true } } });
    for (const secret of [first, second, 'first secret 1']) expect(JSON.stringify([resent, reset])).not.toContain(secret);
  });
});
