import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, createTestApp, json, signedInUser, type SignedInUser, type TestApp } from '../../testing/app.js';
import { createCompany, createPackage, createUser } from '../../testing/factories.js';
import type { SetupDto } from '../../../shared/setup.js';

/* The first-day checklist ticks each step from the data, wherever the thing was done. */

let t: TestApp;
let boss: SignedInUser;

beforeEach(async () => {
  t = await createTestApp({ PROVIDER_EMAIL: '' });
  boss = await signedInUser(t, { role: 'superadmin', companyId: null, firstName: 'Pat', emailAddress: 'pat@provider.test' });
});
afterEach(() => t.close());

const as = () => api(t.app, boss.token);
const checklist = async () => json<SetupDto>(await as().get('/superadmin/setup'));
const doneSteps = async () => (await checklist()).steps.filter((step) => step.done).map((step) => step.step);

describe('GET /superadmin/setup', () => {
  it('starts with every step open on an empty install, and says emails go to files and where', async () => {
    const list = await checklist();
    expect(list.steps.map((step) => step.step)).toEqual(['businessProfile', 'paymentDetails', 'firstPackage', 'emailDelivery', 'firstCustomer']);
    expect(await doneSteps()).toEqual([]);
    expect(list.email).toEqual({ mode: 'files', folder: `${t.config.dataDir}/outbox`, testEmail: null });
    expect(list.hidden).toBe(false);
  });

  it('ticks each step as the provider does it', async () => {
    await as().put('/superadmin/settings', { email: 'hello@provider.test', phone: '+1 555 010 0100' });
    expect(await doneSteps()).toEqual(['businessProfile']);

    await as().put('/superadmin/settings', { bankName: 'First Bank', routingNumber: '021000021' });
    expect(await doneSteps()).toEqual(['businessProfile']); // ACH needs the account number too
    await as().put('/superadmin/settings', { accountNumber: '123456789' });
    expect(await doneSteps()).toEqual(['businessProfile', 'paymentDetails']);

    await createPackage(t.deps.db, { description: 'Starter' });
    expect(await doneSteps()).toContain('firstPackage');

    const company = await createCompany(t.deps.db, { companyName: 'First Customer Co' });
    const waiting = await createUser(t.deps.db, { companyId: company.id, approved: false });
    expect(await doneSteps()).not.toContain('firstCustomer');
    await as().put(`/superadmin/users/activate/${waiting.id}`);
    expect(await doneSteps()).toContain('firstCustomer');
  });

  it('counts other payment instructions alone as a way to be paid', async () => {
    await as().put('/superadmin/settings', { otherInstructions: 'Pay by card at https://pay.example/provider' });
    expect(await doneSteps()).toEqual(['paymentDetails']);
  });
});

describe('POST /superadmin/setup/test-email', () => {
  it('queues a test email to the super-admin and reports its delivery', async () => {
    const response = await as().post('/superadmin/setup/test-email');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ to: 'pat@provider.test', status: 'pending', sentAt: null, lastError: null });
    await t.deps.outbox.deliverDue();
    expect(t.transport.sent.at(-1)).toMatchObject({ to: ['pat@provider.test'] });
    expect(t.transport.sent.at(-1)!.subject).toMatch(/^Test email/);
    expect((await checklist()).email.testEmail).toMatchObject({ status: 'sent', lastError: null });
    // written to files, the email step stays open: nobody outside this machine got it
    expect(await doneSteps()).not.toContain('emailDelivery');
  });

  it('ticks email delivery once SMTP is set and the test email went out', async () => {
    await t.close();
    t = await createTestApp({ SMTP_URL: 'smtp://mail.provider.test:587' });
    boss = await signedInUser(t, { role: 'superadmin', companyId: null, emailAddress: 'pat@provider.test' });
    expect((await checklist()).email).toMatchObject({ mode: 'smtp', folder: null });
    await as().post('/superadmin/setup/test-email');
    expect(await doneSteps()).not.toContain('emailDelivery');
    await t.deps.outbox.deliverDue();
    expect(await doneSteps()).toContain('emailDelivery');
  });
});

describe('PUT /superadmin/setup/hidden', () => {
  it('hides and shows the checklist', async () => {
    expect(json<SetupDto>(await as().put('/superadmin/setup/hidden', { hidden: true })).hidden).toBe(true);
    expect((await checklist()).hidden).toBe(true);
    expect(json<SetupDto>(await as().put('/superadmin/setup/hidden', { hidden: false })).hidden).toBe(false);
  });

  it('refuses anything but true or false', async () => {
    const response = await as().put('/superadmin/setup/hidden', { hidden: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toContain('hidden must be true or false.');
  });
});

describe('events', () => {
  const eventsOf = (type: string) => t.deps.db.select().from(t.deps.db.t.events).where(eq(t.deps.db.t.events.type, type));

  it('records the test email queued, by the super-admin, about the email', async () => {
    expect((await as().post('/superadmin/setup/test-email')).statusCode).toBe(200);
    const [email] = (await t.deps.db.select().from(t.deps.db.t.outbox)).filter((row) => row.subject.startsWith('Test email'));
    expect(await eventsOf('setup.test_email_sent')).toMatchObject([{ actorId: boss.user.id, companyId: null, subjectType: 'email', subjectId: email!.id, changes: {} }]);
  });

  it('records hiding and showing the checklist as a change of the settings, and nothing for a switch that changes nothing', async () => {
    for (const hidden of [true, true, false]) {
      t.clock.advance(1000);
      expect((await as().put('/superadmin/setup/hidden', { hidden })).statusCode).toBe(200);
    }
    const recorded = (await eventsOf('setup.checklist_hidden')).sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    expect(recorded).toMatchObject([
      { actorId: boss.user.id, subjectType: 'settings', subjectId: null, changes: { hidden: { before: false, after: true } } },
      { changes: { hidden: { before: true, after: false } } },
    ]);
  });
});
