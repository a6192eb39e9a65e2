import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityDto } from '../../../shared/activities.js';
import type { BalanceEmailPreview, CompanyDto } from '../../../shared/companies.js';
import { api, createTestApp, json, queuedEmails, signedInUser, type SignedInUser, type TestApp } from '../../testing/app.js';
import { createCompany, createUser, purchasedHours, workedHours } from '../../testing/factories.js';
import { restPage } from '../../testing/rest-pages.js';

/*
 * The company page's own calls: one company's header figures, its ledger for the super-admin, and
 * the balance email shown before it is sent (docs/product-rules.md#the-company-page).
 */

let t: TestApp;
let boss: SignedInUser;
let customerAdmin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  boss = await signedInUser(t, { role: 'superadmin' });
  const own = await createCompany(t.deps.db, { companyName: 'Own Co' });
  customerAdmin = await signedInUser(t, { companyId: own.id, role: 'admin' });
});
afterAll(() => t.close());

const asBoss = () => api(t.app, boss.token);
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

/** A company with an approved admin and member, an unapproved user, and `balance` hours (hundredths) on the ledger. */
async function companyWith(name: string, { bought, worked }: { bought: number; worked: number }) {
  const company = await createCompany(t.deps.db, { companyName: name });
  const admin = await createUser(t.deps.db, { companyId: company.id, role: 'admin' });
  const member = await createUser(t.deps.db, { companyId: company.id, role: 'member' });
  await createUser(t.deps.db, { companyId: company.id, approved: false });
  if (bought) await purchasedHours(t.deps.db, company.id, bought, 'Ten hours', day(1));
  if (worked) await workedHours(t.deps.db, company.id, worked, 'Work', day(2));
  return { company, recipients: [admin.emailAddress, member.emailAddress].sort() };
}

describe('GET /superadmin/companies/{id}', () => {
  it("answers one company's header figures as the Company List shows them", async () => {
    const { company } = await companyWith('Figures Co', { bought: 1000, worked: 250 });
    await purchasedHours(t.deps.db, company.id, 500, 'Unpaid', day(3), false);
    const response = await asBoss().get(`/superadmin/companies/${company.id}`);
    expect(response.statusCode).toBe(200);
    const figures = json<CompanyDto>(response);
    expect(figures).toMatchObject({ _id: company.id, companyName: 'Figures Co', hourBalance: 7.5, pendingHours: 5, thresholdHours: 5, lowBalanceHours: null });
    const [listed] = restPage<CompanyDto>(await asBoss().get('/superadmin/companies?search=Figures%20Co')).items;
    expect(figures).toEqual(listed);
  });

  it('answers an unknown id with 404', async () => {
    const response = await asBoss().get('/superadmin/companies/nope');
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Company not found.');
  });

  it('is for the super-admin only', async () => {
    const { company } = await companyWith('Private Co', { bought: 0, worked: 0 });
    expect((await api(t.app, customerAdmin.token).get(`/superadmin/companies/${company.id}`)).statusCode).toBe(403);
    expect((await api(t.app).get(`/superadmin/companies/${company.id}`)).statusCode).toBe(401);
  });
});

describe('GET /superadmin/companies/{id}/activities', () => {
  it("pages one company's ledger, newest first, with running balances, and nothing of other companies", async () => {
    const { company } = await companyWith('Ledger Co', { bought: 1000, worked: 0 });
    for (let n = 0; n < 4; n += 1) await workedHours(t.deps.db, company.id, 100, `Day ${n + 1}`, day(10 + n));
    await companyWith('Other Ledger Co', { bought: 2000, worked: 300 });

    const all = restPage<ActivityDto>(await asBoss().get(`/superadmin/companies/${company.id}/activities`));
    expect(all.total).toBe(5);
    expect(all.items.map((entry) => [entry.description, entry.hours, entry.runningHourBalance])).toEqual([
      ['Day 4', -1, 6],
      ['Day 3', -1, 7],
      ['Day 2', -1, 8],
      ['Day 1', -1, 9],
      ['Ten hours', 10, 10],
    ]);

    const second = restPage<ActivityDto>(await asBoss().get(`/superadmin/companies/${company.id}/activities?page=2&per_page=2`));
    expect(second.items.map((entry) => entry.description)).toEqual(['Day 2', 'Day 1']);
    expect(second.total).toBe(5);
    expect(second.pages).toEqual({ first: 1, prev: 1, next: 3, last: 3 });
  });

  it('answers an unknown company with 404, and a customer with 403', async () => {
    expect((await asBoss().get('/superadmin/companies/nope/activities')).statusCode).toBe(404);
    const { company } = await companyWith('Hidden Ledger Co', { bought: 100, worked: 0 });
    expect((await api(t.app, customerAdmin.token).get(`/superadmin/companies/${company.id}/activities`)).statusCode).toBe(403);
  });
});

describe('balance emails: the negative email needs a negative balance', () => {
  it('refuses (409) the negative email to a company with hours left, and sends nothing', async () => {
    const { company } = await companyWith('Plenty Co', { bought: 3000, worked: 100 });
    const before = (await queuedEmails(t.deps)).length;
    const response = await asBoss().put(`/superadmin/companies/email/negative/${company.id}`);
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe(
      'Plenty Co has 29 hours left, so its balance is not negative and the negative balance email cannot be sent. Send the running-low balance email instead.',
    );
    expect(await queuedEmails(t.deps)).toHaveLength(before);
    expect(json<CompanyDto>(await asBoss().get(`/superadmin/companies/${company.id}`)).negativeEmailedAt).toBeNull();
  });

  it('refuses it at a balance of exactly 0 too, and the preview says the same', async () => {
    const { company } = await companyWith('Zero Co', { bought: 500, worked: 500 });
    expect((await asBoss().put(`/superadmin/companies/email/negative/${company.id}`)).statusCode).toBe(409);
    const preview = await asBoss().get(`/superadmin/companies/email/negative/${company.id}/preview`);
    expect(preview.statusCode).toBe(409);
    expect(json(preview).message).toContain('Zero Co has 0 hours left');
  });

  it('sends the negative email once the balance is below 0', async () => {
    const { company } = await companyWith('Overdrawn Co', { bought: 100, worked: 150 });
    const response = await asBoss().put(`/superadmin/companies/email/negative/${company.id}`);
    expect(response.statusCode).toBe(200);
    expect(json(response).message).toBe('A negative balance email was sent to 2 users of Overdrawn Co.');
  });
});

describe('GET /superadmin/companies/email/{kind}/{companyId}/preview', () => {
  /** The email the send queued: the newest one to these recipients. */
  const lastEmailTo = async (recipients: string[]) =>
    (await queuedEmails(t.deps)).filter((email) => email.toAddresses.split(', ').sort().join() === recipients.join()).at(-1);

  for (const [kind, hours] of [['runningLow', { bought: 1000, worked: 700 }], ['negative', { bought: 100, worked: 325 }]] as const) {
    it(`shows the ${kind} email exactly as the send then queues it, and sends nothing itself`, async () => {
      const { company, recipients } = await companyWith(`Preview ${kind} Co`, hours);
      const before = (await queuedEmails(t.deps)).length;
      const response = await asBoss().get(`/superadmin/companies/email/${kind}/${company.id}/preview`);
      expect(response.statusCode).toBe(200);
      const preview = json<BalanceEmailPreview>(response);
      expect(await queuedEmails(t.deps)).toHaveLength(before);
      expect(preview.kind).toBe(kind);
      expect([...preview.to].sort()).toEqual(recipients);
      expect(preview.text).toContain(`Hello Preview ${kind} Co team,`);

      expect((await asBoss().put(`/superadmin/companies/email/${kind}/${company.id}`)).statusCode).toBe(200);
      const sent = await lastEmailTo(recipients);
      expect({ subject: sent?.subject, text: sent?.textBody, html: sent?.htmlBody }).toEqual({ subject: preview.subject, text: preview.text, html: preview.html });
    });
  }

  it('shows no recipients for a company without approved users (the send would be refused)', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Nobody Co' });
    const preview = json<BalanceEmailPreview>(await asBoss().get(`/superadmin/companies/email/runningLow/${company.id}/preview`));
    expect(preview.to).toEqual([]);
    expect(preview.subject).toMatch(/^Your hour balance is running low/);
  });

  it('answers an unknown company with 404, a bad kind with 400, and a customer with 403', async () => {
    expect((await asBoss().get('/superadmin/companies/email/runningLow/nope/preview')).statusCode).toBe(404);
    const { company } = await companyWith('Guarded Preview Co', { bought: 100, worked: 0 });
    const badKind = await asBoss().get(`/superadmin/companies/email/positive/${company.id}/preview`);
    expect(badKind.statusCode).toBe(400);
    expect(json(badKind).message).toBe('The email kind must be runningLow or negative.');
    expect((await api(t.app, customerAdmin.token).get(`/superadmin/companies/email/runningLow/${company.id}/preview`)).statusCode).toBe(403);
  });
});
