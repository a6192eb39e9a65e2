import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, json, linkTokenIn, queuedEmails, signedInUser, type SignedInUser, type TestApp } from './testing/app.js';
import { createCompany, createUser } from './testing/factories.js';

/*
 * The server's info log records every request's URL. Links that work without a session carry
 * their key in the URL: the signature of a download or invoice PDF link (sig=...) and the token of
 * a reset or set-password link (/reset-password/<token>). Whoever reads the log must not be able
 * to use them, so the log keeps the request and leaves the key out.
 */

const logged: string[] = [];
let t: TestApp;
let boss: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(line) });
  t = await createTestApp({}, { logger });
  const company = await createCompany(t.deps.db, { companyName: 'Logged Co' });
  boss = await signedInUser(t, { role: 'superadmin' });
  admin = await signedInUser(t, { companyId: company.id, role: 'admin' });
});
afterAll(() => t.close());

const log = () => logged.join('');
const sigOf = (url: string) => new URL(url, 'http://x').searchParams.get('sig')!;

describe('the request log', () => {
  it('leaves out the signature of every download and invoice PDF link it was asked for', async () => {
    const invoice = json<{ pdfUrl: string }>(await api(t.app, boss.token).post('/superadmin/invoices', { company: admin.user.companyId, description: 'Block', price: 100, sendInvoiceEmail: false }));
    const links = [
      invoice.pdfUrl,
      json<{ url: string }>(await api(t.app, admin.token).get('/activities/export/link')).url,
      json<{ url: string }>(await api(t.app, admin.token).get('/activities/statement/link?from=2026-02-01&to=2026-03-01')).url,
      json<{ url: string }>(await api(t.app, boss.token).get('/superadmin/exports/companies/link?search=logged')).url,
    ];
    for (const url of links) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);

    for (const url of links) {
      expect(sigOf(url).length).toBeGreaterThan(20);
      expect(log()).not.toContain(sigOf(url));
      // the request is still there, its path and the rest of its query intact
      expect(log()).toContain(`${url.slice(0, url.indexOf('sig=') + 'sig='.length)}[redacted]`);
    }
  });

  it('leaves out the token of reset and set-password links, on the page and in any call that names it', async () => {
    const user = await createUser(t.deps.db, { companyId: admin.user.companyId, emailAddress: 'logged.user@example.test' });
    await api(t.app).post('/account/forgot-password', { emailAddress: user.emailAddress });
    await api(t.app, boss.token).put(`/superadmin/users/sendsetpassword/${user.id}`);
    const tokens = (await queuedEmails(t.deps))
      .filter((email) => email.toAddresses === user.emailAddress)
      .map((email) => linkTokenIn(email.textBody));
    expect(tokens).toHaveLength(2);
    for (const token of tokens) {
      await t.app.inject({ method: 'GET', url: `/reset-password/${token}` });
      await t.app.inject({ method: 'GET', url: `/reset-password/${token}?from=email` });
      await api(t.app).post('/account/resend-link', { token });
    }
    await api(t.app).post('/account/reset-password', { token: tokens[1], newPassword: 'a new password' });

    for (const token of tokens) {
      expect(log()).not.toContain(token);
      for (const part of token.split('.').slice(1)) expect(log()).not.toContain(part);
    }
    expect(log()).toContain('"url":"/reset-password/[redacted]"');
    expect(log()).toContain('"url":"/reset-password/[redacted]?from=email"');
  });
});
