import { eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_USERS_PER_COMPANY, TOO_MANY_USERS } from '../../../shared/limits.js';
import { api, createTestApp, json, linkTokenIn, queuedEmails, signedInUser, type SignedInUser, type TestApp } from '../../testing/app.js';
import { createCompany, createUser } from '../../testing/factories.js';

let t: TestApp;
let company: Awaited<ReturnType<typeof createCompany>>;
let admin: SignedInUser;
let boss: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.deps.db, { companyName: 'Colleague Co' });
  admin = await signedInUser(t, { companyId: company.id, role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  boss = await signedInUser(t, { role: 'superadmin', companyId: null });
});
afterAll(() => t.close());

let serial = 0;
const colleague = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Jane',
  lastName: 'Doe',
  emailAddress: `jane.${++serial}@colleague.example`,
  ...overrides,
});
async function userWhere(condition: (users: TestApp['deps']['db']['t']['users']) => SQL) {
  const { users } = t.deps.db.t;
  const [user] = await t.deps.db.select().from(users).where(condition(users));
  return user;
}
const userByEmail = (emailAddress: string) => userWhere((users) => eq(users.emailAddress, emailAddress));
const userById = (id: string) => userWhere((users) => eq(users.id, id));
const userCount = async () => (await t.deps.db.select().from(t.deps.db.t.users)).length;
const emailsTo = async (address: string) => (await queuedEmails(t.deps)).filter((email) => email.toAddresses.includes(address));

describe('POST /users/invite (company admin)', () => {
  it("adds an unapproved member of the admin's company without a password and tells the provider, as a sign-up does", async () => {
    const payload = colleague({ company: 'ignored-other-company' });
    const response = await api(t.app, admin.token).post('/users/invite', payload);
    expect(response.statusCode).toBe(200);
    const created = (await userByEmail(payload.emailAddress))!;
    expect(json(response)).toEqual({ _id: created.id, firstName: 'Jane', lastName: 'Doe', emailAddress: payload.emailAddress, role: 'member', approved: false });
    expect(created).toMatchObject({ companyId: company.id, approved: false, passwordHash: null, role: 'member' });

    const [notice] = (await emailsTo('provider@hourbank.test')).filter((email) => email.textBody.includes(payload.emailAddress));
    expect(notice?.subject).toBe('New user invited: Colleague Co — Test Provider LLC');
    expect(notice?.textBody).toContain(`Ada Admin invited Jane Doe <${payload.emailAddress}> to join Colleague Co.`);
    expect(notice?.textBody).toContain('The account waits for your approval.');
    expect(notice?.textBody).toContain('http://hourbank.test/allusers');
  });

  it('the colleague cannot sign in until approved; approval mails them a set-password link', async () => {
    const payload = colleague();
    await api(t.app, admin.token).post('/users/invite', payload);
    const login = await api(t.app).post('/account/login', { emailAddress: payload.emailAddress, password: 'anything-at-all' });
    expect(login.statusCode).toBe(401);
    const id = (await userByEmail(payload.emailAddress))!.id;
    expect((await api(t.app, boss.token).put(`/superadmin/users/activate/${id}`)).statusCode).toBe(200);
    const [approval] = await emailsTo(payload.emailAddress);
    expect(approval?.subject).toContain('Your account is approved');
    expect(linkTokenIn(approval!.textBody)).toBeTruthy();
  });

  it("shows in the company's Users list as awaiting approval until the provider approves them", async () => {
    const payload = colleague();
    const invited = json<{ _id: string }>(await api(t.app, admin.token).post('/users/invite', payload));
    const approvedOf = async () =>
      json<{ _id: string; approved: boolean }[]>(await api(t.app, admin.token).get('/users?per_page=1000')).find((row) => row._id === invited._id)?.approved;
    expect(await approvedOf()).toBe(false);
    expect((await api(t.app, boss.token).put(`/superadmin/users/activate/${invited._id}`)).statusCode).toBe(200);
    expect(await approvedOf()).toBe(true);
  });

  it.each([
    [{ firstName: ' ' }, 'First name is required.'],
    [{ lastName: '' }, 'Last name is required.'],
    [{ emailAddress: 'jane@' }, 'Enter a valid email address.'],
  ])('refuses %j with a clear 400 and writes nothing', async (overrides, message) => {
    const before = await userCount();
    const response = await api(t.app, admin.token).post('/users/invite', colleague(overrides));
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it('answers an address that has an account anywhere as it answers a new one, adds nobody and tells the owner instead', async () => {
    const stranger = await createUser(t.deps.db, { companyId: (await createCompany(t.deps.db, { companyName: 'Elsewhere Ltd' })).id, firstName: 'Sam', emailAddress: `sam.${++serial}@elsewhere.example` });
    const colleagueHere = await createUser(t.deps.db, { companyId: company.id, firstName: 'Cole', emailAddress: `cole.${++serial}@colleague.example` });
    const notAMember = 'This address already has an account, so nothing was changed and no second account was made; you sign in as before.';
    const aMember = 'You are a user of Colleague Co already, so nothing was changed; you sign in as before.';
    const owners = [
      [stranger, stranger.emailAddress.toUpperCase(), notAMember],
      [colleagueHere, ` ${colleagueHere.emailAddress} `, aMember],
      [boss.user, boss.user.emailAddress, notAMember],
      [admin.user, admin.user.emailAddress, aMember],
    ] as const;
    for (const [owner, typed, told] of owners) {
      const fresh = colleague();
      const usersBefore = await userCount();
      const emailsBefore = new Set((await queuedEmails(t.deps)).map((email) => email.id));
      const newEmails = async () => (await queuedEmails(t.deps)).filter((email) => !emailsBefore.has(email.id));
      const known = await api(t.app, admin.token).post('/users/invite', colleague({ emailAddress: typed }));
      expect(await userCount(), typed).toBe(usersBefore);
      const added = await api(t.app, admin.token).post('/users/invite', fresh);

      // the same status and the same shape of answer: it does not tell who has an account
      expect([known.statusCode, added.statusCode], known.body).toEqual([200, 200]);
      const [knownBody, addedBody] = [json(known), json(added)];
      expect(Object.keys(knownBody)).toEqual(Object.keys(addedBody));
      expect(knownBody).toEqual({ ...addedBody, _id: knownBody._id, emailAddress: typed.trim() });
      expect(String(knownBody._id)).toMatch(new RegExp(`^[\\w-]{${String(addedBody._id).length}}$`));
      // one email queued either way: the owner's notice, or the provider's
      expect(await newEmails()).toHaveLength(2);

      const [notice, ...more] = (await newEmails()).filter((email) => email.subject.startsWith('Someone tried to invite you'));
      expect(more, typed).toEqual([]);
      expect(notice?.toAddresses, typed).toBe(owner.emailAddress);
      expect(notice?.subject).toBe('Someone tried to invite you — Test Provider LLC');
      expect(notice?.textBody).toContain(`Hello ${owner.firstName},`);
      expect(notice?.textBody).toContain(`Ada Admin of Colleague Co tried to invite ${owner.emailAddress} to join Colleague Co on the Test Provider LLC client portal.`);
      expect(notice?.textBody).toContain(told);
      // the provider hears of no invitation of that address
      expect((await newEmails()).filter((email) => email.id !== notice?.id && email.textBody.toLowerCase().includes(owner.emailAddress.toLowerCase()))).toEqual([]);
    }
  });

  it('is refused to a plain member (403), the provider (403) and without a session (401)', async () => {
    const member = await signedInUser(t, { companyId: company.id, role: 'member' });
    const payload = colleague();
    expect((await api(t.app, member.token).post('/users/invite', payload)).statusCode).toBe(403);
    expect((await api(t.app, boss.token).post('/users/invite', payload)).statusCode).toBe(403);
    expect((await api(t.app).post('/users/invite', payload)).statusCode).toBe(401);
    expect(await userByEmail(payload.emailAddress)).toBeUndefined();
  });

  it(`stops at ${MAX_USERS_PER_COMPANY} users per company (409); another company is not affected`, async () => {
    const full = await createCompany(t.deps.db, { companyName: 'Full House' });
    const fullAdmin = await signedInUser(t, { companyId: full.id, role: 'admin' });
    await t.deps.db.transaction(async (tx) => {
      for (let index = 1; index < MAX_USERS_PER_COMPANY; index++) {
        await tx.insert(tx.t.users).values({ id: `full-${index}`, companyId: full.id, firstName: 'F', lastName: `${index}`, emailAddress: `full${index}@full.example`, createdAt: new Date() });
      }
    });
    const response = await api(t.app, fullAdmin.token).post('/users/invite', colleague());
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe(TOO_MANY_USERS);
    expect((await api(t.app, admin.token).post('/users/invite', colleague())).statusCode).toBe(200);
  });

  it('counts invitations per admin and answers 429 past the hourly limit', async () => {
    const own = await createCompany(t.deps.db, { companyName: 'Busy Inviter' });
    const inviter = await signedInUser(t, { companyId: own.id, role: 'admin' });
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++) statuses.push((await api(t.app, inviter.token).post('/users/invite', colleague())).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('DELETE /users/{id} (company admin)', () => {
  it('removes a colleague of the same company with their sessions; 404 afterwards', async () => {
    const { user } = await signedInUser(t, { companyId: company.id, role: 'member' });
    expect((await api(t.app, admin.token).delete(`/users/${user.id}`)).statusCode).toBe(200);
    expect(await userById(user.id)).toBeUndefined();
    const { sessions } = t.deps.db.t;
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await api(t.app, admin.token).delete(`/users/${user.id}`)).statusCode).toBe(404);
  });

  it('will not remove the admin themselves (409)', async () => {
    const response = await api(t.app, admin.token).delete(`/users/${admin.user.id}`);
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('You cannot delete your own account.');
  });

  it("answers 404 for another company's user and the provider, and deletes neither", async () => {
    const other = await createCompany(t.deps.db, { companyName: 'Not Yours' });
    const stranger = await createUser(t.deps.db, { companyId: other.id });
    for (const id of [stranger.id, boss.user.id]) {
      const response = await api(t.app, admin.token).delete(`/users/${id}`);
      expect(response.statusCode).toBe(404);
      expect(json(response).message).toBe('User not found.');
      expect(await userById(id)).toBeDefined();
    }
  });

  it('is refused to a plain member (403) and the provider (403)', async () => {
    const target = await createUser(t.deps.db, { companyId: company.id, role: 'member' });
    const member = await signedInUser(t, { companyId: company.id, role: 'member' });
    expect((await api(t.app, member.token).delete(`/users/${target.id}`)).statusCode).toBe(403);
    expect((await api(t.app, boss.token).delete(`/users/${target.id}`)).statusCode).toBe(403);
    expect(await userById(target.id)).toBeDefined();
  });
});

describe('events of inviting and removing colleagues', () => {
  const eventsAbout = (userId: string) => t.deps.db.select().from(t.deps.db.t.events).where(eq(t.deps.db.t.events.subjectId, userId));

  it('records an invitation (user.invited) and the user it adds (user.created), by the admin, of their company', async () => {
    const payload = colleague();
    const { _id } = json<{ _id: string }>(await api(t.app, admin.token).post('/users/invite', payload));
    const events = await eventsAbout(_id);
    const byAdmin = { actorId: admin.user.id, companyId: company.id, subjectType: 'user' };
    expect(events.find((event) => event.type === 'user.invited')).toMatchObject({
      ...byAdmin,
      changes: {
        firstName: { before: null, after: 'Jane' },
        lastName: { before: null, after: 'Doe' },
        emailAddress: { before: null, after: payload.emailAddress },
        company: { before: null, after: company.id },
        role: { before: null, after: 'member' },
      },
    });
    expect(events.find((event) => event.type === 'user.created')).toMatchObject({ ...byAdmin, changes: { approved: { before: null, after: false } } });
  });

  it('records an invitation of an address that has an account about that account, and adds no user.created', async () => {
    const owner = await createUser(t.deps.db, { companyId: (await createCompany(t.deps.db)).id });
    expect((await api(t.app, admin.token).post('/users/invite', colleague({ emailAddress: owner.emailAddress }))).statusCode).toBe(200);
    expect(await eventsAbout(owner.id)).toMatchObject([{ type: 'user.invited', actorId: admin.user.id, companyId: company.id }]);
  });

  it('records a colleague removed (user.removed, not user.deleted) with their fields as they were', async () => {
    const user = await createUser(t.deps.db, { companyId: company.id, role: 'member' });
    expect((await api(t.app, admin.token).delete(`/users/${user.id}`)).statusCode).toBe(200);
    const [removed, ...more] = await eventsAbout(user.id);
    expect(more).toEqual([]);
    expect(removed).toMatchObject({ type: 'user.removed', actorId: admin.user.id, companyId: company.id, changes: { emailAddress: { before: user.emailAddress, after: null } } });
  });
});

describe('GET /superadmin/settings/missing', () => {
  it('lists the unset payment details with their settings for the super-admin only', async () => {
    const response = await api(t.app, boss.token).get('/superadmin/settings/missing');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual([
      { setting: 'PROVIDER_BANK_NAME', label: 'Bank name' },
      { setting: 'PROVIDER_ROUTING_NUMBER', label: 'Routing number' },
      { setting: 'PROVIDER_ACCOUNT_NUMBER', label: 'Account number' },
      { setting: 'PROVIDER_PAYMENT_EMAIL', label: 'Payment email (Zelle)' },
      { setting: 'PROVIDER_ADDRESS', label: 'Mailing address (checks)' },
    ]);
    expect((await api(t.app, admin.token).get('/superadmin/settings/missing')).statusCode).toBe(403);
  });

  it('is empty once every payment detail is set', async () => {
    const configured = await createTestApp({ PROVIDER_BANK_NAME: 'B', PROVIDER_ROUTING_NUMBER: '1', PROVIDER_ACCOUNT_NUMBER: '2', PROVIDER_PAYMENT_EMAIL: 'pay@x.example', PROVIDER_ADDRESS: '1 Main St' });
    try {
      const superAdmin = await signedInUser(configured, { role: 'superadmin', companyId: null });
      expect(json(await api(configured.app, superAdmin.token).get('/superadmin/settings/missing'))).toEqual([]);
    } finally {
      await configured.close();
    }
  });
});
