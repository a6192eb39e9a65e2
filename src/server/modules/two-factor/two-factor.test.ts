import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { otherConnection } from '../../testing/engine.js';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD } from '../../testing/factories.js';
import { ENROL_FIRST } from './policy.js';
import { api, createTestApp, json, linkTokenIn, queuedEmails, signedInUser, type TestApp, type TestClock } from '../../testing/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The user's two-factor row (none, or one), and their recovery codes, as stored. */
const twoFactorOf = (userId: string) => t.deps.db.select().from(t.deps.db.t.twoFactor).where(eq(t.deps.db.t.twoFactor.userId, userId));
const recoveryCodesOf = (userId: string) =>
  t.deps.db.select().from(t.deps.db.t.twoFactorRecoveryCodes).where(eq(t.deps.db.t.twoFactorRecoveryCodes.userId, userId));

const STEP_MS = 30_000;

/** Plays the user's authenticator app: the RFC 6238 code for the test clock's current step. */
function codeNow(secret: string, clock = t.clock): string {
  const step = BigInt(Math.floor(clock.now().getTime() / STEP_MS));
  return generateHOTP(decodeBase32IgnorePadding(secret), step, 6);
}

/** A signed-in user who has set up two-factor sign-in; the clock is moved past the code used. */
async function enrolledUser(testApp = t, fields: Parameters<typeof createUser>[1] = {}) {
  const { user, token } = await signedInUser(testApp, fields);
  const begun = json<{ secret: string }>(await api(testApp.app, token).post('/account/two-factor/begin'));
  const enabled = await api(testApp.app, token).post('/account/two-factor/enable', { password: DEFAULT_PASSWORD, code: codeNow(begun.secret, testApp.clock) });
  expect(enabled.statusCode).toBe(200);
  testApp.clock.advance(STEP_MS);
  return { user, token, secret: begun.secret, recoveryCodes: json<{ recoveryCodes: string[] }>(enabled).recoveryCodes };
}

async function passwordStep(emailAddress: string, testApp = t) {
  const response = await api(testApp.app).post('/account/login', { emailAddress, password: DEFAULT_PASSWORD });
  expect(response.statusCode).toBe(200);
  return json<{ twoFactorRequired?: boolean; challenge: string; token?: string }>(response);
}

describe('setting up two-factor sign-in', () => {
  it('hands out a fresh secret as an otpauth URI and an SVG QR code, held until confirmed', async () => {
    const { user, token } = await signedInUser(t);
    const response = await api(t.app, token).post('/account/two-factor/begin');
    expect(response.statusCode).toBe(200);
    const body = json<{ otpauthUri: string; secret: string; qrCode: string }>(response);
    expect(body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Test%20Provider%20LLC:/);
    expect(body.otpauthUri).toContain(`secret=${body.secret}`);
    expect(body.otpauthUri).toContain('period=30');
    expect(Buffer.from(body.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg/);

    const [row] = await twoFactorOf(user.id);
    expect(row?.enabledAt).toBeNull();
    expect(row?.secretCipher).not.toContain(body.secret);
    expect(json(await api(t.app, token).get('/account/two-factor'))).toMatchObject({ enabled: false });
  });

  it('turns on with a current code and returns ten recovery codes, kept only as hashes', async () => {
    const { user, token } = await signedInUser(t);
    const { secret } = json<{ secret: string }>(await api(t.app, token).post('/account/two-factor/begin'));
    const wrong = await api(t.app, token).post('/account/two-factor/enable', { password: DEFAULT_PASSWORD, code: '000000' === codeNow(secret) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toBe('That code is not valid. Check your authenticator app and try again.');

    const response = await api(t.app, token).post('/account/two-factor/enable', { password: DEFAULT_PASSWORD, code: codeNow(secret) });
    expect(response.statusCode).toBe(200);
    const { message, recoveryCodes } = json<{ message: string; recoveryCodes: string[] }>(response);
    expect(message).toBe('Two-factor sign-in is on.');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await recoveryCodesOf(user.id);
    expect(stored.map((row) => row.codeHash)).not.toContain(recoveryCodes[0]);
    expect(stored[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(json(await api(t.app, token).get('/account/two-factor'))).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const again = await api(t.app, token).post('/account/two-factor/begin');
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('Two-factor sign-in is already on.');
  });

  it('asks for the password, so a session alone cannot turn it on; a wrong one is refused as turning it off refuses it', async () => {
    const { user, token } = await signedInUser(t);
    const { secret } = json<{ secret: string }>(await api(t.app, token).post('/account/two-factor/begin'));
    const [before] = await twoFactorOf(user.id);
    const cases = [
      [{ code: codeNow(secret) }, 'Enter your password.'],
      [{ password: '', code: codeNow(secret) }, 'Enter your password.'],
      [{ password: 'a stolen session guessing', code: codeNow(secret) }, 'Your password is incorrect.'],
    ] as const;
    for (const [body, message] of cases) {
      const refused = await api(t.app, token).post('/account/two-factor/enable', body);
      expect([refused.statusCode, json(refused).message]).toEqual([400, message]);
    }
    expect((await twoFactorOf(user.id))[0]).toEqual(before);
    expect(await recoveryCodesOf(user.id)).toEqual([]);
    expect(json(await api(t.app, token).get('/account/two-factor'))).toMatchObject({ enabled: false });

    const on = await api(t.app, token).post('/account/two-factor/enable', { password: DEFAULT_PASSWORD, code: codeNow(secret) });
    expect([on.statusCode, json(on).message]).toEqual([200, 'Two-factor sign-in is on.']);
  });

  it('refuses to confirm before a secret was handed out, and a code that is not six digits', async () => {
    const { token } = await signedInUser(t);
    const early = await api(t.app, token).post('/account/two-factor/enable', { password: DEFAULT_PASSWORD, code: '123456' });
    expect(early.statusCode).toBe(400);
    expect(json(early).message).toBe('Start setting up two-factor sign-in first.');
    const bad = await api(t.app, token).post('/account/two-factor/enable', { password: DEFAULT_PASSWORD, code: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('Enter the 6-digit code from your authenticator app.');
  });
});

describe('signing in with two-factor sign-in', () => {
  it('answers a correct password with a challenge and no session, then a session for the code', async () => {
    const { user, secret } = await enrolledUser();
    const first = await passwordStep(user.emailAddress);
    expect(first).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });

    const response = await api(t.app).post('/account/login/two-factor', { challenge: first.challenge, code: codeNow(secret) });
    expect(response.statusCode).toBe(200);
    const session = json<{ token: string }>(response);
    expect(session).toMatchObject({ userId: user.id, name: `${user.firstName} ${user.lastName}`, isAdmin: true, isSuperAdmin: false });
    expect((await api(t.app, session.token).get('/account/profile')).statusCode).toBe(200);
  });

  it('accepts a code of the step before, for a phone a little behind', async () => {
    const { user, secret } = await enrolledUser();
    const { challenge } = await passwordStep(user.emailAddress);
    const late = codeNow(secret);
    t.clock.advance(STEP_MS);
    expect((await api(t.app).post('/account/login/two-factor', { challenge, code: late })).statusCode).toBe(200);
  });

  it('refuses a wrong code, and the same code twice within its step', async () => {
    const { user, secret } = await enrolledUser();
    const { challenge } = await passwordStep(user.emailAddress);
    const code = codeNow(secret);
    const wrong = await api(t.app).post('/account/login/two-factor', { challenge, code: code === '999999' ? '000000' : '999999' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toBe('That code is not valid. Check your authenticator app and try again.');

    expect((await api(t.app).post('/account/login/two-factor', { challenge, code })).statusCode).toBe(200);
    const replay = await api(t.app).post('/account/login/two-factor', { challenge, code });
    expect(replay.statusCode).toBe(400);
    expect(json(replay).message).toBe('That code has already been used. Wait for the next one and try again.');
  });

  it('takes each recovery code once, typed in any case', async () => {
    const { user, token, recoveryCodes } = await enrolledUser();
    const [code] = recoveryCodes as [string];
    const { challenge } = await passwordStep(user.emailAddress);
    const used = await api(t.app).post('/account/login/two-factor', { challenge, code: ` ${code.toUpperCase()} ` });
    expect(used.statusCode).toBe(200);
    const again = await api(t.app).post('/account/login/two-factor', { challenge, code });
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe('That code is not valid. Check your authenticator app and try again.');
    expect(json(await api(t.app, token).get('/account/two-factor'))).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('refuses a forged, expired or password-link token as the challenge', async () => {
    const { user, secret } = await enrolledUser();
    const { challenge } = await passwordStep(user.emailAddress);
    const [head, , sig] = challenge.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ sub: 'someone', jti: 'x', purpose: 'two-factor', iat: 0, exp: 9e9 })).toString('base64url')}.${sig}`;
    for (const token of [forged, 'not-a-token']) {
      const response = await api(t.app).post('/account/login/two-factor', { challenge: token, code: codeNow(secret) });
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toBe('Your sign-in has timed out. Please sign in again.');
    }
    t.clock.advance(11 * 60 * 1000);
    const expired = await api(t.app).post('/account/login/two-factor', { challenge, code: codeNow(secret) });
    expect(json(expired).message).toBe('Your sign-in has timed out. Please sign in again.');
  });

  it('refuses a challenge issued before the password was reset or changed', async () => {
    const { user, secret } = await enrolledUser();
    const challengeFor = async (password: string) =>
      json<{ challenge: string }>(await api(t.app).post('/account/login', { emailAddress: user.emailAddress, password })).challenge;
    const finish = (challenge: string) => api(t.app).post('/account/login/two-factor', { challenge, code: codeNow(secret) });
    const expectRefused = async (challenge: string) => {
      const refused = await finish(challenge);
      expect([refused.statusCode, json(refused).message]).toEqual([400, 'Your sign-in has timed out. Please sign in again.']);
    };

    const beforeReset = await challengeFor(DEFAULT_PASSWORD);
    expect((await api(t.app).post('/account/forgot-password', { emailAddress: user.emailAddress })).statusCode).toBe(200);
    const link = linkTokenIn((await queuedEmails(t.deps)).filter((email) => email.toAddresses === user.emailAddress).at(-1)!.textBody);
    expect((await api(t.app).post('/account/reset-password', { token: link, newPassword: 'after the reset' })).statusCode).toBe(200);
    await expectRefused(beforeReset);
    const signedIn = await finish(await challengeFor('after the reset'));
    expect(signedIn.statusCode).toBe(200);

    t.clock.advance(STEP_MS);
    const beforeChange = await challengeFor('after the reset');
    const change = await api(t.app, json<{ token: string }>(signedIn).token).post('/account/profile/changepassword', {
      currentPassword: 'after the reset',
      newPassword: 'after the change',
    });
    expect(change.statusCode).toBe(200);
    await expectRefused(beforeChange);
    expect((await finish(await challengeFor('after the change'))).statusCode).toBe(200);
  });

  it('leaves sign-in as it was for users without it', async () => {
    const user = await createUser(t.deps.db);
    const body = await passwordStep(user.emailAddress);
    expect(Object.keys(body).sort()).toEqual(['isAdmin', 'isSuperAdmin', 'name', 'role', 'token', 'userId']);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password and a code', async () => {
    const { user, token, secret } = await enrolledUser();
    const noPassword = await api(t.app, token).post('/account/two-factor/disable', { password: 'wrong password', code: codeNow(secret) });
    expect(noPassword.statusCode).toBe(400);
    expect(json(noPassword).message).toBe('Your password is incorrect.');
    const noCode = await api(t.app, token).post('/account/two-factor/disable', { password: DEFAULT_PASSWORD, code: '' });
    expect(json(noCode).message).toBe('Enter the code from your authenticator app or a recovery code.');
    const wrongCode = await api(t.app, token).post('/account/two-factor/disable', { password: DEFAULT_PASSWORD, code: 'aaaaa-bbbbb' });
    expect(json(wrongCode).message).toBe('That code is not valid. Check your authenticator app and try again.');
    expect(json(await api(t.app, token).get('/account/two-factor'))).toMatchObject({ enabled: true });

    const off = await api(t.app, token).post('/account/two-factor/disable', { password: DEFAULT_PASSWORD, code: codeNow(secret) });
    expect(off.statusCode).toBe(200);
    expect(json(off).message).toBe('Two-factor sign-in is off.');
    expect(await recoveryCodesOf(user.id)).toHaveLength(0);
    expect(await passwordStep(user.emailAddress)).toHaveProperty('token');
  });

  it('takes a recovery code in place of an authenticator code', async () => {
    const { token, recoveryCodes } = await enrolledUser();
    const off = await api(t.app, token).post('/account/two-factor/disable', { password: DEFAULT_PASSWORD, code: recoveryCodes[3] });
    expect(off.statusCode).toBe(200);
  });
});

/** Calls from one client address (the test app believes X-Forwarded-For from loopback). */
function from(testApp: TestApp, address: string, token?: string) {
  return (url: string, payload: Record<string, unknown>) =>
    testApp.app.inject({ method: 'POST', url: `/api${url}`, headers: { 'x-forwarded-for': address, ...(token ? { jwttoken: token } : {}) }, payload });
}

const wrongCode = (secret: string, clock: TestClock) => (codeNow(secret, clock) === '123456' ? '654321' : '123456');

/** Signs in with the password from `address` and answers the challenge with `code`. */
async function signInFrom(testApp: TestApp, address: string, emailAddress: string, code: string) {
  const post = from(testApp, address);
  const { challenge } = json<{ challenge: string }>(await post('/account/login', { emailAddress, password: DEFAULT_PASSWORD }));
  return post('/account/login/two-factor', { challenge, code });
}

/** Someone who knows the password tries `count` wrong codes from `address`; each is a plain 400. */
async function guessFrom(testApp: TestApp, address: string, emailAddress: string, secret: string, count = 10) {
  const post = from(testApp, address);
  const { challenge } = json<{ challenge: string }>(await post('/account/login', { emailAddress, password: DEFAULT_PASSWORD }));
  for (let attempt = 0; attempt < count; attempt += 1) {
    expect((await post('/account/login/two-factor', { challenge, code: wrongCode(secret, testApp.clock) })).statusCode).toBe(400);
  }
}

const TOO_MANY_CODES = 'Too many code attempts. Please try again in 15 minutes.';
const OWNER = '198.51.100.7';

describe('rate limits on codes', () => {
  let limited: TestApp;
  beforeEach(async () => {
    limited = await createTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterEach(() => limited.close());

  it('stops guessing after ten wrong codes for one account from one address in 15 minutes; right codes do not count', async () => {
    const { user, secret } = await enrolledUser(limited);
    await guessFrom(limited, '127.0.0.1', user.emailAddress, secret);
    const blocked = await signInFrom(limited, '127.0.0.1', user.emailAddress, codeNow(secret, limited.clock));
    expect([blocked.statusCode, json(blocked).message]).toEqual([429, TOO_MANY_CODES]);
    limited.clock.advance(15 * 60 * 1000);
    expect((await signInFrom(limited, '127.0.0.1', user.emailAddress, codeNow(secret, limited.clock))).statusCode).toBe(200);
  });

  it("lets the owner in from another address when someone with the password has used up one address's guesses", async () => {
    const { user, secret, recoveryCodes } = await enrolledUser(limited);
    await guessFrom(limited, '203.0.113.9', user.emailAddress, secret);
    const blocked = await signInFrom(limited, '203.0.113.9', user.emailAddress, codeNow(secret, limited.clock));
    expect([blocked.statusCode, json(blocked).message]).toEqual([429, TOO_MANY_CODES]);

    expect((await signInFrom(limited, OWNER, user.emailAddress, codeNow(secret, limited.clock))).statusCode).toBe(200);
    const byRecoveryCode = await signInFrom(limited, OWNER, user.emailAddress, recoveryCodes[0]!);
    expect(byRecoveryCode.statusCode).toBe(200);
    limited.clock.advance(STEP_MS);
    const off = await from(limited, OWNER, json<{ token: string }>(byRecoveryCode).token)('/account/two-factor/disable', {
      password: DEFAULT_PASSWORD,
      code: codeNow(secret, limited.clock),
    });
    expect([off.statusCode, json(off).message]).toEqual([200, 'Two-factor sign-in is off.']);
  });

  it('counts wrong passwords and codes in turning it off against the address, not the owner elsewhere', async () => {
    const { user, token, secret } = await enrolledUser(limited);
    const stolen = from(limited, '203.0.113.9', token);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const guess = attempt % 2 ? { password: 'a guess', code: codeNow(secret, limited.clock) } : { password: DEFAULT_PASSWORD, code: wrongCode(secret, limited.clock) };
      expect((await stolen('/account/two-factor/disable', guess)).statusCode).toBe(400);
    }
    const blocked = await stolen('/account/two-factor/disable', { password: DEFAULT_PASSWORD, code: codeNow(secret, limited.clock) });
    expect([blocked.statusCode, json(blocked).message]).toEqual([429, TOO_MANY_CODES]);
    expect(json(await api(limited.app, token).get('/account/two-factor'))).toMatchObject({ enabled: true });

    const owner = from(limited, OWNER, token);
    expect((await owner('/account/two-factor/disable', { password: DEFAULT_PASSWORD, code: codeNow(secret, limited.clock) })).statusCode).toBe(200);
    expect(await passwordStep(user.emailAddress, limited)).toHaveProperty('token');
  });

  it('stops every address once one account has had thirty wrong codes in 15 minutes, until the window ends', async () => {
    const { user, secret } = await enrolledUser(limited);
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) await guessFrom(limited, address, user.emailAddress, secret);
    const blocked = await signInFrom(limited, OWNER, user.emailAddress, codeNow(secret, limited.clock));
    expect([blocked.statusCode, json(blocked).message]).toEqual([429, TOO_MANY_CODES]);
    limited.clock.advance(15 * 60 * 1000);
    expect((await signInFrom(limited, OWNER, user.emailAddress, codeNow(secret, limited.clock))).statusCode).toBe(200);
  });

  it('stops one address after thirty wrong codes across accounts, at sign-in and turning it off alike', async () => {
    for (const { user, secret } of [await enrolledUser(limited), await enrolledUser(limited)]) {
      await guessFrom(limited, '203.0.113.9', user.emailAddress, secret);
    }
    const third = await enrolledUser(limited);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const guess = { password: DEFAULT_PASSWORD, code: wrongCode(third.secret, limited.clock) };
      expect((await from(limited, '203.0.113.9', third.token)('/account/two-factor/disable', guess)).statusCode).toBe(400);
    }
    const { user, secret } = await enrolledUser(limited);
    const blocked = await signInFrom(limited, '203.0.113.9', user.emailAddress, codeNow(secret, limited.clock));
    expect([blocked.statusCode, json(blocked).message]).toEqual([429, expect.stringMatching(/^Too many code attempts\. Please try again in 1\d minutes\.$/)]);
    expect((await signInFrom(limited, OWNER, user.emailAddress, codeNow(secret, limited.clock))).statusCode).toBe(200);
  });

  it('stops one address after thirty calls of the code step across users', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push((await api(limited.app).post('/account/login/two-factor', { challenge: 'x', code: '123456' })).statusCode);
    }
    expect(statuses.slice(0, 30)).not.toContain(429);
    expect(statuses[30]).toBe(429);
  });
});

describe('requiring two-factor sign-in for super-admins', () => {
  it('is refused to a super-admin who has not set it up themselves', async () => {
    const { token } = await signedInUser(t, { role: 'superadmin' });
    const response = await api(t.app, token).put('/superadmin/two-factor-policy', { requireForSuperAdmins: true });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Turn on two-factor sign-in for your own account before requiring it.');
  });

  it('sends a super-admin without it to set it up, keeps them out of the back office until then, and their two-factor on after', async () => {
    const policyApp = await createTestApp();
    try {
      const owner = await enrolledUser(policyApp, { role: 'superadmin' });
      const saved = await api(policyApp.app, owner.token).put('/superadmin/two-factor-policy', { requireForSuperAdmins: true });
      expect(json(saved)).toEqual({ requireForSuperAdmins: true, message: 'The two-factor sign-in policy has been saved.' });
      expect((await api(policyApp.app, owner.token).get('/superadmin/users')).statusCode).toBe(200);

      const other = await createUser(policyApp.deps.db, { role: 'superadmin' });
      const login = await passwordStep(other.emailAddress, policyApp);
      expect(login).toMatchObject({ twoFactorSetupRequired: true, isSuperAdmin: true });
      const token = login.token!;
      const refused = await api(policyApp.app, token).get('/superadmin/users');
      expect(refused.statusCode).toBe(403);
      expect(json(refused).message).toBe('Two-factor sign-in is required for super-admins. Set it up on My Account before using the back office.');
      expect(json(await api(policyApp.app, token).get('/account/two-factor'))).toMatchObject({ enabled: false, required: true });

      const { secret } = json<{ secret: string }>(await api(policyApp.app, token).post('/account/two-factor/begin'));
      await api(policyApp.app, token).post('/account/two-factor/enable', { password: DEFAULT_PASSWORD, code: codeNow(secret, policyApp.clock) });
      expect((await api(policyApp.app, token).get('/superadmin/users')).statusCode).toBe(200);

      const kept = await api(policyApp.app, token).post('/account/two-factor/disable', { password: DEFAULT_PASSWORD, code: codeNow(secret, policyApp.clock) });
      expect(kept.statusCode).toBe(409);
      expect(json(kept).message).toBe('Two-factor sign-in is required for super-admins, so yours stays on. Switch off the requirement on My Account first.');
      expect((await api(policyApp.app, token).get('/superadmin/users')).statusCode).toBe(200);

      const customer = await createUser(policyApp.deps.db, { role: 'admin' });
      expect(await passwordStep(customer.emailAddress, policyApp)).not.toHaveProperty('twoFactorSetupRequired');
    } finally {
      await policyApp.close();
    }
  });

  it('holds at once when another process turns it on, with nothing remembered from before', async () => {
    const { token } = await signedInUser(t, { role: 'superadmin' });
    expect((await api(t.app, token).get('/superadmin/users')).statusCode).toBe(200);
    // another server process on the same database: its own connection, none of this process's memory
    const elsewhere = await otherConnection(t.config);
    try {
      await elsewhere.exec("insert into settings (key, value) values ('requireTwoFactorForSuperAdmins', 'true')");
      const refused = await api(t.app, token).get('/superadmin/users');
      expect(refused.statusCode).toBe(403);
      expect(json(refused).message).toBe(ENROL_FIRST);
    } finally {
      await elsewhere.exec("delete from settings where key = 'requireTwoFactorForSuperAdmins'");
      await elsewhere.close();
    }
    expect((await api(t.app, token).get('/superadmin/users')).statusCode).toBe(200);
  });
});

describe("a super-admin resetting a user's two-factor sign-in", () => {
  const reset = (token: string, userId: string, path = 'reset-two-factor') => api(t.app, token).put(`/superadmin/users/${path}/${userId}`);
  const rowsOf = async (userId: string) => {
    const { sessions } = t.deps.db.t;
    return {
      twoFactor: await twoFactorOf(userId),
      recoveryCodes: await recoveryCodesOf(userId),
      sessions: await t.deps.db.select().from(sessions).where(eq(sessions.userId, userId)),
    };
  };
  const rowsOfAll = (userIds: string[]) => Promise.all(userIds.map(rowsOf));
  const listedFlag = async (token: string, emailAddress: string) => {
    const [row] = json<{ twoFactorEnabled: boolean }[]>(await api(t.app, token).get(`/superadmin/users?search=${encodeURIComponent(emailAddress)}`));
    return row?.twoFactorEnabled;
  };

  it('removes the second factor and its recovery codes, signs the user out everywhere and emails them', async () => {
    const admin = await signedInUser(t, { role: 'superadmin' });
    const { user, token, secret } = await enrolledUser();
    const { challenge } = await passwordStep(user.emailAddress);
    const second = json<{ token: string }>(await api(t.app).post('/account/login/two-factor', { challenge, code: codeNow(secret) })).token;
    expect((await rowsOf(user.id)).sessions).toHaveLength(2);
    expect(await listedFlag(admin.token, user.emailAddress)).toBe(true);

    const response = await reset(admin.token, user.id);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: `Two-factor sign-in has been reset for ${user.emailAddress}. They have been signed out and emailed.` });
    expect(await rowsOf(user.id)).toEqual({ twoFactor: [], recoveryCodes: [], sessions: [] });
    for (const signedOut of [token, second]) expect((await api(t.app, signedOut).get('/account/profile')).statusCode).toBe(401);
    expect((await api(t.app, admin.token).get('/account/profile')).statusCode).toBe(200);

    const [email, ...more] = (await queuedEmails(t.deps)).filter((queued) => queued.toAddresses === user.emailAddress);
    expect(more).toHaveLength(0);
    expect(email!.subject).toBe('Your two-factor sign-in was reset — Test Provider LLC');
    expect(email!.textBody).toContain(`Hello ${user.firstName},`);
    expect(email!.textBody).toContain('signed you out everywhere');
    expect(email!.textBody).toContain('Sign in: http://hourbank.test/signin');

    expect(await listedFlag(admin.token, user.emailAddress)).toBe(false);
    expect(await passwordStep(user.emailAddress)).toHaveProperty('token');
  });

  it('answers at its former path too for one release, the same way', async () => {
    const admin = await signedInUser(t, { role: 'superadmin' });
    const { user } = await enrolledUser();
    const response = await reset(admin.token, user.id, 'resettwofactor');
    expect([response.statusCode, json(response)]).toEqual([200, { message: `Two-factor sign-in has been reset for ${user.emailAddress}. They have been signed out and emailed.` }]);
    expect(await rowsOf(user.id)).toEqual({ twoFactor: [], recoveryCodes: [], sessions: [] });
    expect((await reset(admin.token, user.id, 'resettwofactor')).statusCode).toBe(400);
  });

  it('shows in the list only a second factor that is on, not one being set up', async () => {
    const admin = await signedInUser(t, { role: 'superadmin' });
    const { user, token } = await signedInUser(t);
    await api(t.app, token).post('/account/two-factor/begin');
    expect(await listedFlag(admin.token, user.emailAddress)).toBe(false);
  });

  it('refuses an unknown user, a user without it, and the super-admin themselves, changing nothing', async () => {
    const admin = await enrolledUser(t, { role: 'superadmin' });
    const without = await signedInUser(t);
    const pending = await signedInUser(t);
    await api(t.app, pending.token).post('/account/two-factor/begin');
    const ids = [admin.user.id, without.user.id, pending.user.id];
    const before = { rows: await rowsOfAll(ids), emails: (await queuedEmails(t.deps)).length };

    const cases = [
      ['nosuchuser', 404, 'User not found.'],
      [without.user.id, 400, 'This user does not have two-factor sign-in on, so there is nothing to reset.'],
      [pending.user.id, 400, 'This user does not have two-factor sign-in on, so there is nothing to reset.'],
      [admin.user.id, 409, 'You cannot reset your own two-factor sign-in. Turn it off on My Account with your password and a code.'],
    ] as const;
    for (const [id, status, message] of cases) {
      const response = await reset(admin.token, id);
      expect([response.statusCode, json(response).message]).toEqual([status, message]);
    }
    expect({ rows: await rowsOfAll(ids), emails: (await queuedEmails(t.deps)).length }).toEqual(before);
    expect(before.rows[2]?.twoFactor).toHaveLength(1);
  });
});

describe('events', () => {
  /** The events about a user, as stored, without those listed in `before`. */
  async function eventsAbout(userId: string, before: { id: string }[] = []) {
    const { events } = t.deps.db.t;
    const seen = new Set(before.map((event) => event.id));
    return (await t.deps.db.select().from(events).where(eq(events.subjectId, userId))).filter((event) => !seen.has(event.id));
  }
  const typesOf = (events: { type: string }[]) => events.map((event) => event.type).sort();

  it('records setting up, turning on and turning off by the user, with only whether it is on: never the secret or the codes', async () => {
    const { user, token, secret, recoveryCodes } = await enrolledUser();
    const byUser = { actorId: user.id, companyId: null, subjectType: 'user' };
    const enrolled = await eventsAbout(user.id);
    expect(enrolled.find((event) => event.type === 'two_factor.setup_started')).toMatchObject({ ...byUser, changes: {} });
    expect(enrolled.find((event) => event.type === 'two_factor.enabled')).toMatchObject({ ...byUser, changes: { twoFactorEnabled: { before: false, after: true } } });

    expect((await api(t.app, token).post('/account/two-factor/disable', { password: DEFAULT_PASSWORD, code: recoveryCodes[1] })).statusCode).toBe(200);
    const disabled = await eventsAbout(user.id, enrolled);
    expect(disabled).toMatchObject([{ ...byUser, type: 'two_factor.disabled', changes: { twoFactorEnabled: { before: true, after: false } } }]);
    const recorded = JSON.stringify([...enrolled, ...disabled]);
    for (const secretText of [secret, ...recoveryCodes, DEFAULT_PASSWORD]) expect(recorded).not.toContain(secretText);
  });

  it('records a sign-in with a recovery code by the user, with the codes left; a wrong code as sign_in.failed naming the user', async () => {
    const { user, secret, recoveryCodes } = await enrolledUser();
    const before = await eventsAbout(user.id);
    const { challenge } = await passwordStep(user.emailAddress);
    const wrong = codeNow(secret) === '999999' ? '000000' : '999999';
    const refused = await t.app.inject({ method: 'POST', url: '/api/account/login/two-factor', remoteAddress: '203.0.113.8', payload: { challenge, code: wrong } });
    expect(refused.statusCode).toBe(400);
    const failed = await eventsAbout(user.id, before);
    expect(failed).toMatchObject([{ type: 'sign_in.failed', actorId: user.id, ipAddress: '203.0.113.8', changes: {} }]);

    expect((await api(t.app).post('/account/login/two-factor', { challenge, code: recoveryCodes[0] })).statusCode).toBe(200);
    const signedIn = await eventsAbout(user.id, [...before, ...failed]);
    expect(typesOf(signedIn)).toEqual(['sign_in.succeeded', 'two_factor.recovery_code_used']);
    expect(signedIn.find((event) => event.type === 'two_factor.recovery_code_used')).toMatchObject({ actorId: user.id, changes: { recoveryCodesLeft: { before: 10, after: 9 } } });
    expect(JSON.stringify(signedIn)).not.toContain(recoveryCodes[0]);
  });

  it('records a sign-in stopped for too many wrong codes as sign_in.throttled, naming the user', async () => {
    const throttled = await createTestApp();
    try {
      const { user, secret } = await enrolledUser(throttled);
      const { challenge } = await passwordStep(user.emailAddress, throttled);
      const wrong = codeNow(secret, throttled.clock) === '999999' ? '000000' : '999999';
      let status = 0;
      while (status !== 429) status = (await api(throttled.app).post('/account/login/two-factor', { challenge, code: wrong })).statusCode;
      const { events } = throttled.deps.db.t;
      const recorded = await throttled.deps.db.select().from(events).where(eq(events.type, 'sign_in.throttled'));
      expect(recorded).toMatchObject([{ actorId: user.id, subjectId: user.id, changes: {} }]);
    } finally {
      await throttled.close();
    }
  });

  it("records a change of the policy as one of the provider's settings, and nothing for a save that changes nothing", async () => {
    const { user, token } = await enrolledUser(t, { role: 'superadmin' });
    const { events } = t.deps.db.t;
    const policyEvents = () => t.deps.db.select().from(events).where(eq(events.type, 'two_factor.policy_changed')).orderBy(asc(events.occurredAt));
    const before = (await policyEvents()).length;
    for (const requireForSuperAdmins of [true, true, false]) {
      t.clock.advance(1000);
      expect((await api(t.app, token).put('/superadmin/two-factor-policy', { requireForSuperAdmins })).statusCode).toBe(200);
    }
    expect((await policyEvents()).slice(before)).toMatchObject([
      { actorId: user.id, companyId: null, subjectType: 'settings', subjectId: null, changes: { requireForSuperAdmins: { before: false, after: true } } },
      { actorId: user.id, changes: { requireForSuperAdmins: { before: true, after: false } } },
    ]);
  });

  it("records a super-admin's reset of a user's second factor, about the user", async () => {
    const admin = await signedInUser(t, { role: 'superadmin' });
    const { user } = await enrolledUser();
    const before = await eventsAbout(user.id);
    expect((await api(t.app, admin.token).put(`/superadmin/users/reset-two-factor/${user.id}`)).statusCode).toBe(200);
    expect(await eventsAbout(user.id, before)).toMatchObject([{ type: 'two_factor.reset', actorId: admin.user.id, subjectId: user.id, changes: { twoFactorEnabled: { before: true, after: false } } }]);
  });
});

describe('the REST document', () => {
  it('describes every two-factor call', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(document.paths['/account/login/two-factor'] ?? {})).toContain('post');
    expect(Object.keys(document.paths['/account/two-factor'] ?? {})).toContain('get');
    for (const path of ['/account/two-factor/begin', '/account/two-factor/enable', '/account/two-factor/disable']) {
      expect(Object.keys(document.paths[path] ?? {})).toContain('post');
    }
    expect(Object.keys(document.paths['/superadmin/two-factor-policy'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(Object.keys(document.paths['/superadmin/users/reset-two-factor/{id}'] ?? {})).toEqual(['put']);
  });

  it('lists the reset\'s former path as deprecated, and the current one names it', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, { deprecated?: boolean; description?: string; security?: unknown[] }>> }>();
    const current = document.paths['/superadmin/users/reset-two-factor/{id}']?.put;
    const former = document.paths['/superadmin/users/resettwofactor/{id}']?.put;
    expect(current?.deprecated).toBeUndefined();
    expect(current?.description).toContain('the former path PUT /superadmin/users/resettwofactor/{id} answers too (deprecated)');
    expect(former).toMatchObject({ deprecated: true, security: current?.security });
    expect(former?.description).toMatch(/^Deprecated: the former path of PUT \/superadmin\/users\/reset-two-factor\/\{id\}/);
  });
});
