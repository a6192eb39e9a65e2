import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsRecordedBy } from '../../testing/events.js';
import { LOGO_MAX_BYTES } from '../../../shared/settings.js';
import { api, createTestApp, json, queuedEmails, signedInUser, type SignedInUser, type TestApp } from '../../testing/app.js';
import { createCompany } from '../../testing/factories.js';
import { LOGO_NOT_AN_IMAGE, LOGO_TOO_LARGE } from './logo.js';

/*
 * The Settings page's calls: the environment gives first values, a saved value wins, every field is
 * checked, and a change reaches the next email, PDF and figure without a restart.
 */

let t: TestApp;
let boss: SignedInUser;
let company: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  t = await createTestApp({ PROVIDER_BANK_NAME: 'Env Bank', PROVIDER_ROUTING_NUMBER: '021000021', LOW_BALANCE_HOURS: '5' });
  boss = await signedInUser(t, { role: 'superadmin', companyId: null, emailAddress: 'boss@provider.test' });
  company = await createCompany(t.deps.db, { companyName: 'Settings Co' });
  await signedInUser(t, { companyId: company.id, role: 'admin', emailAddress: 'admin@settings.test' });
});
afterAll(() => t.close());

const as = () => api(t.app, boss.token);
async function savedRow() {
  const { settings } = t.deps.db.t;
  const [row] = await t.deps.db.select().from(settings).where(eq(settings.key, 'business'));
  return row;
}

async function alertOf(companyId: string) {
  const { companies } = t.deps.db.t;
  const [row] = await t.deps.db.select({ balanceAlert: companies.balanceAlert }).from(companies).where(eq(companies.id, companyId));
  return row!.balanceAlert;
}

/** A real 1×1 PNG. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

/** How many images a PDF draws, as poppler's pdfimages lists them. */
function pdfImageCount(bytes: Buffer): number {
  const file = path.join(t.config.dataDir, `images-${Date.now()}.pdf`);
  fs.writeFileSync(file, bytes);
  const listing = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  // after two heading lines, a row per image; a PNG's transparency is a row of its own ('smask')
  return listing.trim().split('\n').slice(2).filter((row) => row.trim().split(/\s+/)[2] === 'image').length;
}

function pdfText(bytes: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
}

describe('GET /superadmin/settings', () => {
  it('answers the environment values, and names every setting as unsaved, before anything is saved', async () => {
    const response = await as().get('/superadmin/settings');
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body).toMatchObject({
      name: 'Test Provider LLC',
      email: 'provider@hourbank.test',
      bankName: 'Env Bank',
      routingNumber: '021000021',
      accountNumber: null,
      lowBalanceHours: 5,
      timeZone: 'America/New_York',
      mailFrom: null,
      defaultMailFrom: '"Test Provider LLC" <no-reply@localhost>',
      logo: null,
    });
    expect(body.unsaved).toContain('bankName');
  });
});

describe('PUT /superadmin/settings', () => {
  it('saves what is sent, keeps what is left out, and the saved value wins over the environment', async () => {
    const response = await as().put('/superadmin/settings', { bankName: 'Saved Bank', phone: '+1 555 010 0100' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ bankName: 'Saved Bank', phone: '+1 555 010 0100', routingNumber: '021000021', name: 'Test Provider LLC' });
    expect(json(response).unsaved).not.toContain('bankName');
    expect(json(response).unsaved).toContain('routingNumber');
    expect(json(await as().get('/superadmin/settings')).bankName).toBe('Saved Bank');
  });

  it('clears an optional field with null or empty text, even one the environment sets', async () => {
    expect(json(await as().put('/superadmin/settings', { routingNumber: '' })).routingNumber).toBeNull();
    expect(json(await as().put('/superadmin/settings', { routingNumber: '011000015' })).routingNumber).toBe('011000015');
    expect(json(await as().put('/superadmin/settings', { phone: null })).phone).toBeNull();
  });

  it.each([
    [{ name: '' }, 'Business name is required.'],
    [{ email: 'not-an-email' }, 'Business email must be a valid email address.'],
    [{ routingNumber: '12345' }, 'Routing number must be the 9 digits of an ABA routing number.'],
    [{ accountNumber: '12-34' }, 'Account number must be 4 to 17 digits.'],
    [{ paymentEmail: 'pay me' }, 'Zelle / QuickPay address must be an email address or a US mobile number.'],
    [{ timeZone: 'Mars/Olympus' }, 'Time zone must be a time zone name, such as America/New_York.'],
    [{ lowBalanceHours: -1 }, 'Running-low threshold must be 0 or more.'],
    [{ lowBalanceHours: 1.234 }, 'Running-low threshold must have at most 2 decimals.'],
    [{ schedulerWebhookUrl: 'ftp://example.com/x' }, 'Scheduler webhook address must be a full http:// or https:// address.'],
    [{ mailFrom: 'Acme <nowhere>' }, 'Sender of emails must be an address, or a name and an address such as "Acme Consulting" <billing@acme.example>.'],
    [{ bankName: 'First\nBank' }, 'Bank name must be a single line without control characters.'],
  ] as [Record<string, unknown>, string][])('refuses %j with a message naming the field, and saves nothing', async (body, message) => {
    const before = await savedRow();
    // with a good field beside it: a refusal saves none of the call
    const response = await as().put('/superadmin/settings', { accountNumber: '123456789', ...body });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toContain(message);
    expect(await savedRow()).toEqual(before);
  });

  it('accepts a US mobile number as the Zelle address', async () => {
    expect(json(await as().put('/superadmin/settings', { paymentEmail: '(555) 010-0199' })).paymentEmail).toBe('(555) 010-0199');
    await as().put('/superadmin/settings', { paymentEmail: 'pay@provider.test' });
  });
});

describe('a saved setting takes effect at once', () => {
  it("prints the new bank name on the next invoice's PDF and in its email", async () => {
    await as().put('/superadmin/settings', { bankName: 'Harbor Credit Union', accountNumber: '987654321', phone: '+1 555 222 3333' });
    const created = await as().post('/superadmin/invoices', {
      company: company.id, description: 'Settings check', hours: 2, rate: 100, price: 200, selectedPaymentMethod: 'ACH', sendInvoiceEmail: true,
    });
    expect(created.statusCode).toBe(200);
    const email = (await queuedEmails(t.deps)).find((row) => row.subject.startsWith(`Invoice ${json(created).invoiceId}`))!;
    expect(email.textBody).toContain('Harbor Credit Union');
    const pdf = await t.app.inject({ method: 'GET', url: json<{ pdfUrl: string }>(created).pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('Harbor Credit Union');
  });

  it('sends every email from the sender saved, and from the business name when it is cleared', async () => {
    await as().put('/superadmin/settings', { mailFrom: '"Harbor Billing" <billing@harbor.example>' });
    await as().put(`/superadmin/companies/email/runningLow/${company.id}`);
    await t.deps.outbox.deliverDue();
    expect(t.transport.sent.at(-1)!.from).toBe('"Harbor Billing" <billing@harbor.example>');

    await as().put('/superadmin/settings', { mailFrom: null, name: 'Harbor Consulting' });
    await as().put(`/superadmin/companies/email/runningLow/${company.id}`);
    await t.deps.outbox.deliverDue();
    expect(t.transport.sent.at(-1)!.from).toBe('"Harbor Consulting" <no-reply@localhost>');
    expect(t.transport.sent.at(-1)!.subject).toContain('Harbor Consulting');
  });

  it('moves the default running-low threshold and re-arms the alerts of companies now above it', async () => {
    await t.deps.db.transaction((tx) =>
      tx.update(tx.t.companies).set({ balanceHundredths: 800, balanceAlert: 'runningLow' }).where(eq(tx.t.companies.id, company.id)),
    );
    await as().put('/superadmin/settings', { lowBalanceHours: 10 });
    expect(json(await as().get('/superadmin/companies/alert-settings'))).toEqual({ defaultThresholdHours: 10 });
    expect(await alertOf(company.id)).toBe('runningLow');

    await as().put('/superadmin/settings', { lowBalanceHours: 2.5 });
    expect(await alertOf(company.id)).toBeNull();
  });

  it("reads the provider's week in the time zone saved", async () => {
    t.clock.set(new Date('2026-03-02T03:00:00Z')); // Monday 03:00 UTC: still Sunday in New York, Monday in Berlin
    expect(json(await as().get('/superadmin/timelogs/timesheet/current-week'))).toEqual({ weekStart: '2026-02-23' });
    await as().put('/superadmin/settings', { timeZone: 'Europe/Berlin' });
    expect(json(await as().get('/superadmin/timelogs/timesheet/current-week'))).toEqual({ weekStart: '2026-03-02' });
    await as().put('/superadmin/settings', { timeZone: 'America/New_York' });
  });

  it('posts the schedule to the webhook address saved, and says it is not set up without one', async () => {
    await as().put('/superadmin/settings', { schedulerWebhookUrl: null });
    const refused = await as().post('/superadmin/schedule', { items: [{ name: 'Settings Co', hours: 1 }] });
    expect(refused.statusCode).toBe(503);
  });
});

describe('the logo', () => {
  it('is saved from a PNG data URL and served at its address', async () => {
    const response = await as().put('/superadmin/settings/logo', { dataUrl: dataUrl(PNG_1PX) });
    expect(response.statusCode).toBe(200);
    const logo = json<{ logo: { url: string; contentType: string; bytes: number } }>(response).logo;
    expect(logo).toMatchObject({ contentType: 'image/png', bytes: PNG_1PX.length });
    const served = await t.app.inject({ method: 'GET', url: logo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);

    expect((await as().post('/superadmin/setup/test-email')).statusCode).toBe(200);
    const email = (await queuedEmails(t.deps)).find((row) => row.subject.startsWith('Test email'))!;
    expect(email.htmlBody).toContain(`<img src="http://hourbank.test${logo.url}"`);

    const created = await as().post('/superadmin/invoices', { company: company.id, description: 'Logo check', hours: 1, rate: 100, price: 100, sendInvoiceEmail: false });
    const pdf = await t.app.inject({ method: 'GET', url: json<{ pdfUrl: string }>(created).pdfUrl });
    expect(pdfImageCount(pdf.rawPayload)).toBe(1);
  });

  it.each([
    ['text that is no data URL', 'hello', LOGO_NOT_AN_IMAGE],
    ['a GIF', 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', LOGO_NOT_AN_IMAGE],
    ['a PNG label on other bytes', dataUrl(Buffer.from('not really a png at all')), LOGO_NOT_AN_IMAGE],
    ['an image over the size', dataUrl(Buffer.concat([PNG_1PX, Buffer.alloc(LOGO_MAX_BYTES)])), LOGO_TOO_LARGE],
  ])('refuses %s and keeps the old logo', async (_what, sent, message) => {
    const before = json(await as().get('/superadmin/settings')).logo;
    const response = await as().put('/superadmin/settings/logo', { dataUrl: sent });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toContain(message);
    expect(json(await as().get('/superadmin/settings')).logo).toEqual(before);
  });

  it('is removed, and its address answers 404 after', async () => {
    const { url } = json<{ logo: { url: string } }>(await as().get('/superadmin/settings')).logo;
    expect((await as().delete('/superadmin/settings/logo')).statusCode).toBe(200);
    expect(json(await as().get('/superadmin/settings')).logo).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const created = await as().post('/superadmin/invoices', { company: company.id, description: 'No logo', hours: 1, rate: 100, price: 100, sendInvoiceEmail: false });
    const pdf = await t.app.inject({ method: 'GET', url: json<{ pdfUrl: string }>(created).pdfUrl });
    expect(pdfImageCount(pdf.rawPayload)).toBe(0);
  });
});

describe('GET /superadmin/settings/missing', () => {
  it('follows the saved payment details', async () => {
    await as().put('/superadmin/settings', { bankName: null });
    expect(json<{ setting: string }[]>(await as().get('/superadmin/settings/missing')).map(({ setting }) => setting)).toContain('PROVIDER_BANK_NAME');
    await as().put('/superadmin/settings', { bankName: 'Back Bank' });
    expect(json<{ setting: string }[]>(await as().get('/superadmin/settings/missing')).map(({ setting }) => setting)).not.toContain('PROVIDER_BANK_NAME');
  });
});

describe('events', () => {
  /** The settings.updated events `call` recorded. */
  async function recordedBy(call: () => Promise<{ statusCode: number }>) {
    const { answer, events } = await eventsRecordedBy(t.deps.db, call, { types: ['settings.updated'] });
    expect(answer.statusCode).toBe(200);
    return events;
  }

  it('records the values in force that a save changed, as the page shows them, of no company; a save that changes nothing records nothing', async () => {
    const current = json<{ bankName: string | null; phone: string | null }>(await as().get('/superadmin/settings'));
    const [saved, ...more] = await recordedBy(() => as().put('/superadmin/settings', { bankName: 'Event Bank', phone: current.phone, lowBalanceHours: 7.5 }));
    expect(more).toEqual([]);
    expect(saved).toMatchObject({ actorId: boss.user.id, companyId: null, subjectType: 'settings', subjectId: null });
    expect(saved!.changes).toEqual({ bankName: { before: current.bankName, after: 'Event Bank' }, lowBalanceHours: { before: expect.any(Number), after: 7.5 } });
    expect(await recordedBy(() => as().put('/superadmin/settings', { bankName: 'Event Bank' }))).toEqual([]);
  });

  it("records a new logo and its removal by the logo's address, type and size, never its bytes; the same image again records nothing", async () => {
    await as().delete('/superadmin/settings/logo');
    const [saved] = await recordedBy(() => as().put('/superadmin/settings/logo', { dataUrl: dataUrl(PNG_1PX) }));
    const logo = json<{ logo: object }>(await as().get('/superadmin/settings')).logo;
    expect(saved!.changes).toEqual({ logo: { before: null, after: logo } });
    expect(JSON.stringify(saved)).not.toContain(PNG_1PX.toString('base64'));
    expect(await recordedBy(() => as().put('/superadmin/settings/logo', { dataUrl: dataUrl(PNG_1PX) }))).toEqual([]);

    const [removed] = await recordedBy(() => as().delete('/superadmin/settings/logo'));
    expect(removed).toMatchObject({ actorId: boss.user.id, changes: { logo: { before: logo, after: null } } });
    expect(await recordedBy(() => as().delete('/superadmin/settings/logo'))).toEqual([]);
  });
});
