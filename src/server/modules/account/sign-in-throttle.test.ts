import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signInFailureLimits } from '../../../shared/limits.js';
import { api, createTestApp, json, type TestApp } from '../../testing/app.js';
import { createUser, DEFAULT_PASSWORD } from '../../testing/factories.js';

/*
 * The sign-in throttle counts failures only, per address and per (account, address), and reads the
 * client's address from X-Forwarded-For only when TRUST_PROXY names the proxy it came through.
 */
let t: TestApp;
afterEach(async () => t?.close());

const signIn = (app: TestApp, emailAddress: string, password: string, forwardedFor?: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/account/login',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: { emailAddress, password },
  });

const addresses = (count: number) => Array.from({ length: count }, (_, i) => `203.0.113.${i + 1}`);

describe('client address', () => {
  it('ignores a made-up X-Forwarded-For by default: failures from "different" addresses are one address', async () => {
    t = await createTestApp();
    const statuses: number[] = [];
    for (const [i, forged] of addresses(signInFailureLimits.perAddress.limit + 1).entries()) {
      statuses.push((await signIn(t, `nobody${i}@example.com`, 'wrong guess', forged)).statusCode);
    }
    expect(statuses.slice(0, -1)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });

  it('believes X-Forwarded-For from a proxy TRUST_PROXY names', async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback' });
    for (const [i, client] of addresses(signInFailureLimits.perAddress.limit + 1).entries()) {
      expect((await signIn(t, `nobody${i}@example.com`, 'wrong guess', client)).statusCode).toBe(401);
    }
  });
});

describe('sign-in throttle', () => {
  it('lets the owner in from an address that has not failed, however often others guessed', async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback' });
    const owner = await createUser(t.deps.db);
    for (const attacker of addresses(3)) {
      for (let i = 0; i < signInFailureLimits.perAccountAndAddress.limit; i += 1) {
        expect((await signIn(t, owner.emailAddress, 'wrong guess', attacker)).statusCode).toBe(401);
      }
      const blocked = await signIn(t, owner.emailAddress, DEFAULT_PASSWORD, attacker);
      expect(blocked.statusCode).toBe(429);
      expect(json(blocked).message).toBe('Too many attempts. Please try again in 15 minutes.');
    }
    expect((await signIn(t, owner.emailAddress, DEFAULT_PASSWORD, '198.51.100.7')).statusCode).toBe(200);
    expect((await signIn(t, owner.emailAddress, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    t = await createTestApp();
    const user = await createUser(t.deps.db);
    for (let i = 0; i <= signInFailureLimits.perAddress.limit + 5; i += 1) {
      expect((await signIn(t, user.emailAddress, DEFAULT_PASSWORD)).statusCode).toBe(200);
    }
  });

  it('refuses an address that failed too often for any account, and forgives it after the window', async () => {
    t = await createTestApp();
    const user = await createUser(t.deps.db);
    for (let i = 0; i < signInFailureLimits.perAddress.limit; i += 1) {
      expect((await signIn(t, `guess${i}@example.com`, 'wrong guess')).statusCode).toBe(401);
    }
    expect((await signIn(t, user.emailAddress, DEFAULT_PASSWORD)).statusCode).toBe(429);
    t.clock.advance(signInFailureLimits.perAddress.windowMs);
    expect((await signIn(t, user.emailAddress, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('counts a wrong password for an account awaiting approval, not the right one', async () => {
    t = await createTestApp();
    const waiting = await createUser(t.deps.db, { approved: false });
    for (let i = 0; i < signInFailureLimits.perAccountAndAddress.limit + 2; i += 1) {
      expect((await signIn(t, waiting.emailAddress, DEFAULT_PASSWORD)).statusCode).toBe(403);
    }
    expect((await api(t.app).post('/account/login', { emailAddress: waiting.emailAddress, password: 'wrong guess' })).statusCode).toBe(401);
  });
});

describe('the events of a throttled sign-in', () => {
  /** The events of a type, as stored. */
  const eventsOf = (type: string) => t.deps.db.select().from(t.deps.db.t.events).where(eq(t.deps.db.t.events.type, type));

  it('records each wrong password as sign_in.failed and the refusal as sign_in.throttled, by the address typed, about its user', async () => {
    t = await createTestApp();
    const owner = await createUser(t.deps.db);
    for (let i = 0; i < signInFailureLimits.perAccountAndAddress.limit; i += 1) {
      expect((await signIn(t, owner.emailAddress, 'wrong guess')).statusCode).toBe(401);
    }
    // a client that keeps trying once refused writes one event in the window, not one a request
    for (let i = 0; i < 5; i += 1) expect((await signIn(t, owner.emailAddress, DEFAULT_PASSWORD)).statusCode).toBe(429);
    const attempt = { actorId: null, actorLabel: owner.emailAddress, ipAddress: '127.0.0.1', subjectType: 'user', subjectId: owner.id };
    expect(await eventsOf('sign_in.failed')).toHaveLength(signInFailureLimits.perAccountAndAddress.limit);
    expect(await eventsOf('sign_in.throttled')).toMatchObject([{ ...attempt, changes: {} }]);
    expect(await eventsOf('sign_in.succeeded')).toEqual([]);
    t.clock.advance(signInFailureLimits.perAddress.windowMs);
    for (let i = 0; i < signInFailureLimits.perAccountAndAddress.limit; i += 1) await signIn(t, owner.emailAddress, 'wrong again');
    expect((await signIn(t, owner.emailAddress, DEFAULT_PASSWORD)).statusCode).toBe(429);
    expect(await eventsOf('sign_in.throttled')).toHaveLength(2);
  });

  it('records an address refused for failing with any account, naming the address typed and no one it may belong to', async () => {
    t = await createTestApp();
    for (let i = 0; i < signInFailureLimits.perAddress.limit; i += 1) {
      expect((await signIn(t, `guess${i}@example.com`, 'wrong guess')).statusCode).toBe(401);
    }
    expect((await signIn(t, 'someone.else@example.com', 'a guess too')).statusCode).toBe(429);
    expect(await eventsOf('sign_in.throttled')).toMatchObject([{ actorId: null, actorLabel: 'someone.else@example.com', subjectId: null }]);
  });
});
