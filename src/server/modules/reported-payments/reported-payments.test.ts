import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceDto } from '../../../shared/invoices.js';
import {
  INVOICE_ALREADY_PAID,
  PROOF_MAX_BYTES,
  PROOF_TOO_LARGE,
  PROOF_WRONG_TYPE,
  REPORT_ALREADY_DECIDED,
  REPORT_ALREADY_PENDING,
  REPORT_DATE_IN_FUTURE,
  type PendingReportsDto,
  type ReportedPaymentDto,
} from '../../../shared/reported-payments.js';
import { REPORT_BODY_LIMIT_BYTES, userRateLimits } from '../../../shared/limits.js';
import { addDays, localDate } from '../../../shared/weekly.js';
import { api, createTestApp, json, queuedEmails, signedInUser, type SignedInUser, type TestApp } from '../../testing/app.js';
import { createCompany } from '../../testing/factories.js';

let t: TestApp;
let company: Awaited<ReturnType<typeof createCompany>>;
let admin: SignedInUser;
let member: SignedInUser;
let otherAdmin: SignedInUser;
let boss: SignedInUser;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const dataUrl = (bytes: Buffer, type = 'application/pdf') => `data:${type};base64,${bytes.toString('base64')}`;
const today = () => localDate(t.clock.now(), t.deps.config.timeZone);

async function newInvoice(price = 100): Promise<InvoiceDto> {
  return json<InvoiceDto>(await api(t.app, boss.token).post('/superadmin/invoices', { company: company.id, description: 'Block', hours: price / 50, rate: 50, sendInvoiceEmail: false }));
}
const customerInvoice = async (id: string, token = admin.token) => json<InvoiceDto[]>(await api(t.app, token).get('/invoices?per_page=1000')).find((invoice) => invoice._id === id);
const report = (invoice: string, fields: Record<string, unknown> = {}, token = admin.token) =>
  api(t.app, token).post(`/invoices/${invoice}/reported-payments`, { method: 'Zelle', amount: 100, paidOn: today(), reference: 'ZL-778', ...fields });
const reportRows = async () => t.deps.db.select().from(t.deps.db.t.reportedPayments);
const proofRows = async () => t.deps.db.select().from(t.deps.db.t.reportedPaymentProofs);
const paymentsOfInvoice = async (invoiceId: string) => t.deps.db.select().from(t.deps.db.t.payments).where(eq(t.deps.db.t.payments.invoiceId, invoiceId));
const emailsSince = async (before: Set<string>) => (await queuedEmails(t.deps)).filter((email) => !before.has(email.id));
const emailMark = async () => new Set((await queuedEmails(t.deps)).map((email) => email.id));

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.deps.db, { companyName: 'Globex' });
  const other = await createCompany(t.deps.db, { companyName: 'Initech' });
  admin = await signedInUser(t, { companyId: company.id, role: 'admin', emailAddress: 'ada@globex.test', firstName: 'Ada', lastName: 'Lovelace' });
  member = await signedInUser(t, { companyId: company.id, role: 'user', emailAddress: 'bob@globex.test' });
  otherAdmin = await signedInUser(t, { companyId: other.id, role: 'admin', emailAddress: 'eve@initech.test' });
  boss = await signedInUser(t, { role: 'superadmin' });
});
afterAll(() => t.close());
// reports are limited per user and hour: each test starts in a window of its own
beforeEach(() => t.clock.advance(60 * 60 * 1000));

describe('reporting a payment', () => {
  it('keeps the report and its proof, emails the provider, shows "reported" on the invoice and counts for nothing', async () => {
    const invoice = await newInvoice();
    const before = await emailMark();
    const response = await report(invoice._id, { proof: dataUrl(PDF) });
    expect(response.statusCode).toBe(200);
    const reported = json<ReportedPaymentDto>(response);
    expect(reported).toMatchObject({ status: 'pending', amount: 100, method: 'Zelle', reference: 'ZL-778', reportedBy: 'Ada Lovelace', proof: { contentType: 'application/pdf', bytes: PDF.length } });
    expect(await customerInvoice(invoice._id)).toMatchObject({ remainingBalance: 100, completeStatus: false, payments: [], reportedPayment: { _id: reported._id, status: 'pending' } });
    expect(await paymentsOfInvoice(invoice._id)).toHaveLength(0);
    const emails = await emailsSince(before);
    expect(emails.map((email) => email.subject)).toEqual([expect.stringContaining(`Payment reported: Globex, invoice ${invoice.invoiceId}`)]);
    expect(emails[0]!.textBody).toContain('Amount: $100\n');
    const pending = json<PendingReportsDto>(await api(t.app, boss.token).get('/superadmin/reported-payments'));
    expect(pending.oldest.map((row) => row._id)).toContain(reported._id);
  });

  it('refuses a second report while one is pending (409), and any on an invoice paid in full', async () => {
    const invoice = await newInvoice();
    expect((await report(invoice._id)).statusCode).toBe(200);
    const second = await report(invoice._id, { amount: 10 });
    expect(second.statusCode).toBe(409);
    expect(json(second).message).toBe(REPORT_ALREADY_PENDING);
    const paid = await newInvoice();
    await api(t.app, boss.token).post('/superadmin/payments', { company: company.id, invoice: paid._id, amount: 100, method: 'ACH', sendEmail: false });
    const onPaid = await report(paid._id);
    expect(onPaid.statusCode).toBe(409);
    expect(json(onPaid).message).toBe(INVOICE_ALREADY_PAID);
  });

  it('refuses with a clear message, and keeps nothing: over what is owed, a future day, a method not offered, two lines of reference', async () => {
    const invoice = await newInvoice();
    const rowsBefore = (await reportRows()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 100.01 }, 'The amount cannot be more than what is still owed on the invoice ($100).'],
      [{ paidOn: addDays(today(), 2) }, REPORT_DATE_IN_FUTURE],
      [{ method: 'Bitcoin' }, 'Method must be ACH, Zelle, Check or Cash.'],
      [{ reference: 'line one\nline two' }, 'Reference must be a single line without control characters.'],
      [{ amount: 0 }, 'Amount must be more than 0.'],
    ];
    for (const [fields, message] of cases) {
      const response = await report(invoice._id, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(json(response).message).toContain(message);
    }
    expect(await reportRows()).toHaveLength(rowsBefore);
  });

  it('takes a PDF, PNG or JPEG proof by its bytes; refuses HTML called a PDF and a proof over 5 MB, keeping nothing', async () => {
    const invoice = await newInvoice();
    const [rowsBefore, proofsBefore] = [(await reportRows()).length, (await proofRows()).length];
    const html = await report(invoice._id, { proof: dataUrl(Buffer.from('<!doctype html><script>alert(1)</script>')) });
    expect(html.statusCode).toBe(400);
    expect(json(html).message).toBe(PROOF_WRONG_TYPE);
    const sixMegabytes = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]);
    const large = await report(invoice._id, { proof: dataUrl(sixMegabytes) });
    expect(large.statusCode).toBe(400);
    expect(json(large).message).toBe(PROOF_TOO_LARGE);
    const justOver = await report(invoice._id, { proof: dataUrl(Buffer.concat([PDF, Buffer.alloc(PROOF_MAX_BYTES - PDF.length + 1)])) });
    expect(json(justOver).message).toBe(PROOF_TOO_LARGE);
    expect(await reportRows()).toHaveLength(rowsBefore);
    expect(await proofRows()).toHaveLength(proofsBefore);
    // a PNG sent as "application/pdf" is kept as what its bytes are
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const accepted = await report(invoice._id, { proof: dataUrl(png, 'application/pdf') });
    expect(json<ReportedPaymentDto>(accepted).proof).toEqual({ contentType: 'image/png', bytes: png.length });
  });

  it('takes a proof of up to 5 MB over /trpc as well as /api', async () => {
    const invoice = await newInvoice();
    const proof = dataUrl(Buffer.concat([PDF, Buffer.alloc(PROOF_MAX_BYTES - PDF.length)]));
    const response = await t.app.inject({
      method: 'POST',
      url: '/trpc/reportedPayments.report',
      headers: { jwttoken: admin.token, 'content-type': 'application/json' },
      payload: JSON.stringify({ invoice: invoice._id, method: 'ACH', amount: 50, paidOn: today(), proof }),
    });
    expect(response.statusCode).toBe(200);
    expect((await customerInvoice(invoice._id))?.reportedPayment?.proof?.bytes).toBe(PROOF_MAX_BYTES);
  });

  it('takes 20 reports an hour from one user, then 429 until the hour is over', async () => {
    const { limit } = userRateLimits['payment-report'];
    const invoices = await Promise.all(Array.from({ length: limit + 1 }, () => newInvoice(10)));
    for (const invoice of invoices.slice(0, limit)) expect((await report(invoice._id, { amount: 10 })).statusCode).toBe(200);
    const over = await report(invoices[limit]!._id, { amount: 10 });
    expect(over.statusCode).toBe(429);
    expect(json(over).message).toContain('Too many payment reports');
    t.clock.advance(60 * 60 * 1000);
    expect((await report(invoices[limit]!._id, { amount: 10 })).statusCode).toBe(200);
  });

  it('refuses a body over the call\'s own limit with that limit named, and other calls keep the 1 MB limit', async () => {
    const invoice = await newInvoice();
    const huge = await report(invoice._id, { proof: dataUrl(Buffer.alloc(8 * 1024 * 1024)) });
    expect(huge.statusCode).toBe(413);
    expect(json(huge).message).toBe(`The request body is too large (the limit is ${REPORT_BODY_LIMIT_BYTES / 1024 / 1024} MB).`);
    const elsewhere = await api(t.app, boss.token).post('/superadmin/invoices', { company: company.id, description: 'x'.repeat(2 * 1024 * 1024), price: 1 });
    expect(elsewhere.statusCode).toBe(413);
    expect(json(elsewhere).message).toBe('The request body is too large (the limit is 1 MB).');
  });
});

describe('the provider deciding', () => {
  it('confirms in one call: the payment is made with the values given, the invoice is paid, the report names the payment', async () => {
    const invoice = await newInvoice();
    const reported = json<ReportedPaymentDto>(await report(invoice._id, { amount: 100, reference: 'ZL-9' }));
    expect((await customerInvoice(invoice._id))?.remainingBalance).toBe(100);
    const confirmed = await api(t.app, boss.token).post(`/superadmin/reported-payments/${reported._id}/confirm`, { amount: 100, method: 'Zelle', paidOn: reported.paidOn, reference: 'ZL-9', sendEmail: false });
    expect(confirmed.statusCode).toBe(200);
    const payments = await paymentsOfInvoice(invoice._id);
    expect(payments).toHaveLength(1);
    expect(json<ReportedPaymentDto>(confirmed)).toMatchObject({ status: 'confirmed', payment: payments[0]!.id });
    expect(payments[0]).toMatchObject({ amountCents: 10_000, method: 'Zelle', transactionId: 'ZL-9', status: 'completed' });
    expect(await customerInvoice(invoice._id)).toMatchObject({ remainingBalance: 0, completeStatus: true, status: 'Completed', reportedPayment: { status: 'confirmed' } });
    const again = await api(t.app, boss.token).post(`/superadmin/reported-payments/${reported._id}/confirm`, { amount: 100, method: 'Zelle', paidOn: reported.paidOn });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(REPORT_ALREADY_DECIDED);
    expect(await paymentsOfInvoice(invoice._id)).toHaveLength(1);
  });

  it('a confirmation refused by the payment rules changes nothing: the report stays pending', async () => {
    const invoice = await newInvoice();
    const reported = json<ReportedPaymentDto>(await report(invoice._id, { amount: 40 }));
    const over = await api(t.app, boss.token).post(`/superadmin/reported-payments/${reported._id}/confirm`, { amount: 150, method: 'Zelle', paidOn: reported.paidOn });
    expect(over.statusCode).toBe(400);
    expect(await paymentsOfInvoice(invoice._id)).toHaveLength(0);
    expect((await customerInvoice(invoice._id))?.reportedPayment?.status).toBe('pending');
  });

  it('rejects with a reason: the reporter and the admins are emailed, the customer sees the reason, and may report again', async () => {
    const invoice = await newInvoice();
    const reported = json<ReportedPaymentDto>(await report(invoice._id));
    const noReason = await api(t.app, boss.token).post(`/superadmin/reported-payments/${reported._id}/reject`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).message).toBe('A reason is required.');
    const before = await emailMark();
    const rejected = await api(t.app, boss.token).post(`/superadmin/reported-payments/${reported._id}/reject`, { reason: 'No transfer with that reference arrived.' });
    expect(rejected.statusCode).toBe(200);
    const emails = await emailsSince(before);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.toAddresses).toContain('ada@globex.test');
    expect(emails[0]!.textBody).toContain('Reason: No transfer with that reference arrived.');
    expect(await customerInvoice(invoice._id)).toMatchObject({ remainingBalance: 100, reportedPayment: { status: 'rejected', rejectReason: 'No transfer with that reference arrived.' } });
    expect(await paymentsOfInvoice(invoice._id)).toHaveLength(0);
    expect((await report(invoice._id)).statusCode).toBe(200);
  });
});

describe('events', () => {
  it('records the report, its decision beside the payment it made, and each proof served, never the proof\'s bytes', async () => {
    const invoice = await newInvoice();
    const reported = json<ReportedPaymentDto>(await report(invoice._id, { proof: dataUrl(PDF) }));
    await api(t.app, admin.token).get(`/reported-payments/${reported._id}/proof`);
    await api(t.app, boss.token).post(`/superadmin/reported-payments/${reported._id}/confirm`, { amount: 100, method: 'Zelle', paidOn: reported.paidOn, sendEmail: false });
    const { events } = t.deps.db.t;
    const rows = await t.deps.db.select().from(events).where(eq(events.subjectId, reported._id)).orderBy(sql`${events}.rowid`);
    expect(rows.map((row) => [row.type, row.actorId])).toEqual([
      ['reported_payment.created', admin.user.id],
      ['proof.downloaded', admin.user.id],
      ['reported_payment.confirmed', boss.user.id],
    ]);
    expect(rows[0]!.changes).toMatchObject({ amount: { before: null, after: 100 }, proof: { after: { contentType: 'application/pdf', bytes: PDF.length } } });
    expect(JSON.stringify(rows[0]!.changes)).not.toContain(PDF.toString('base64'));
    expect(rows[2]!.changes).toMatchObject({ status: { before: 'pending', after: 'confirmed' } });
    const [payment] = await paymentsOfInvoice(invoice._id);
    expect((await t.deps.db.select().from(events).where(eq(events.subjectId, payment!.id))).map((row) => row.type)).toEqual(['payment.created']);
  });
});

describe('tenancy', () => {
  it("another company's admin cannot report on, see, confirm or download a report: 404 (403 for the provider's calls)", async () => {
    const invoice = await newInvoice();
    const reported = json<ReportedPaymentDto>(await report(invoice._id, { proof: dataUrl(PDF) }));
    expect((await report(invoice._id, {}, otherAdmin.token)).statusCode).toBe(404);
    expect(await customerInvoice(invoice._id, otherAdmin.token)).toBeUndefined();
    expect((await api(t.app, otherAdmin.token).get(`/reported-payments/${reported._id}/proof/link`)).statusCode).toBe(404);
    expect((await api(t.app, otherAdmin.token).get(`/reported-payments/${reported._id}/proof`)).statusCode).toBe(404);
    expect((await api(t.app, otherAdmin.token).post(`/superadmin/reported-payments/${reported._id}/confirm`, { amount: 100, method: 'ACH', paidOn: today() })).statusCode).toBe(403);
    expect((await api(t.app, otherAdmin.token).get('/superadmin/reported-payments')).statusCode).toBe(403);
    // a plain member of the company does not see invoices, nor their proofs
    expect((await api(t.app, member.token).get(`/reported-payments/${reported._id}/proof`)).statusCode).toBe(403);
    expect((await api(t.app, admin.token).get('/reported-payments/no-such-report/proof')).statusCode).toBe(404);
  });

  it('serves the proof to its company and the provider as an attachment of its checked type, never as a page', async () => {
    const invoice = await newInvoice();
    const reported = json<ReportedPaymentDto>(await report(invoice._id, { proof: dataUrl(PDF, 'text/html') }));
    for (const token of [admin.token, boss.token]) {
      const response = await api(t.app, token).get(`/reported-payments/${reported._id}/proof`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="payment-proof-${invoice.invoiceId}.pdf"`);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.rawPayload.equals(PDF)).toBe(true);
    }
    // the signed link works without the header, and only for its own report
    const { url } = json<{ url: string }>(await api(t.app, admin.token).get(`/reported-payments/${reported._id}/proof/link`));
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    const other = json<ReportedPaymentDto>(await report((await newInvoice())._id, { proof: dataUrl(PDF) }));
    expect((await t.app.inject({ url: url.replace(encodeURIComponent(reported._id), encodeURIComponent(other._id)) })).statusCode).toBe(403);
    // a report sent without a proof has none to serve
    const bare = json<ReportedPaymentDto>(await report((await newInvoice())._id));
    expect((await api(t.app, admin.token).get(`/reported-payments/${bare._id}/proof`)).statusCode).toBe(404);
  });
});
