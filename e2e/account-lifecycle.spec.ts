import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_LINE } from '../src/server/modules/events/service.js';
import { upsertSuperAdmin } from '../src/server/modules/users/superadmin.js';
import { linkToken, waitForEmail } from './support/mail.js';
import { api } from './support/page.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const call = (method: string, path: string, body?: unknown, token?: string) => api(server.url, method, path, { body, token });

describe('the account lifecycle over /api, against the running server', () => {
  it('signs up, is approved, signs in, edits the profile, changes, forgets and resets the password, signs out', async () => {
    const email = 'owner@lifecycle.example.com';
    const signUp = await call('POST', '/account/signup', {
      companyName: 'Lifecycle Ltd',
      firstName: 'Lena',
      lastName: 'Cycle',
      emailAddress: email,
      password: 'first password',
    });
    expect(signUp.status).toBe(200);
    expect(await waitForEmail(server.dataDir, 'provider@hourbank.test')).toContain('Lena Cycle <owner@lifecycle.example.com> signed up for Lifecycle Ltd.');

    const early = await call('POST', '/account/login', { emailAddress: email, password: 'first password' });
    expect(early).toEqual({ status: 403, body: { message: 'Your account is awaiting approval.' } });

    await upsertSuperAdmin(server.database.db, COMMAND_LINE, { emailAddress: 'boss@hourbank.test', password: 'boss password' });
    const boss = await call('POST', '/account/login', { emailAddress: 'boss@hourbank.test', password: 'boss password' });
    expect(boss.body).toMatchObject({ isSuperAdmin: true, isAdmin: true });
    const bossToken = boss.body.token as string;
    const listed = await call('GET', '/superadmin/users', undefined, bossToken);
    const pending = (listed.body as unknown as { _id: string; emailAddress: string; approved: boolean }[]).find((user) => user.emailAddress === email);
    expect(pending?.approved).toBe(false);
    expect((await call('PUT', `/superadmin/users/activate/${pending!._id}`, undefined, bossToken)).status).toBe(200);
    expect(await waitForEmail(server.dataDir, email)).toContain('Your account has been approved.');

    const login = await call('POST', '/account/login', { emailAddress: email, password: 'first password' });
    expect(login.body).toMatchObject({ name: 'Lena Cycle', isAdmin: true, isSuperAdmin: false });
    const token = login.body.token as string;

    const profile = await call('GET', '/account/profile', undefined, token);
    expect(profile.body).toMatchObject({ firstName: 'Lena', company: { companyName: 'Lifecycle Ltd' } });
    const updated = await call('PUT', '/account/profile/update', { firstName: 'Helena', lastName: 'Cycle', emailAddress: email }, token);
    expect(updated.body).toMatchObject({ firstName: 'Helena' });

    const changed = await call('POST', '/account/profile/changepassword', { currentPassword: 'first password', newPassword: 'second password' }, token);
    expect(changed.status).toBe(200);

    expect((await call('POST', '/account/forgot-password', { emailAddress: email })).status).toBe(200);
    const resetToken = linkToken(await waitForEmail(server.dataDir, email, 2));
    const reset = await call('POST', '/account/reset-password', { token: resetToken, newPassword: 'third password' });
    expect(reset.status).toBe(200);
    expect((await call('GET', '/account/profile', undefined, token)).status).toBe(401);

    const again = await call('POST', '/account/login', { emailAddress: email, password: 'third password' });
    const lastToken = again.body.token as string;
    expect((await call('POST', '/account/logout', undefined, lastToken)).status).toBe(200);
    expect((await call('GET', '/account/profile', undefined, lastToken)).status).toBe(401);
  });
});
