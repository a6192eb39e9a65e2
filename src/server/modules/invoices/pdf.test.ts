import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createPackage } from '../../testing/factories.js';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';
import { tamperedSignature } from '../../testing/links.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PROVIDER_BANK_NAME: 'First Test Bank', PROVIDER_ROUTING_NUMBER: '011000015', PROVIDER_ACCOUNT_NUMBER: '99887766' });
});
afterAll(() => t.close());

function pdfText(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-pdf-')), 'invoice.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('invoice PDFs, wired', () => {
  it('a purchase answers a signed pdfUrl an iframe can load without the token, and the link expires', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Wired Widgets' });
    const { token } = await signedInUser(t, { companyId: company.id, role: 'admin' });
    const offer = await createPackage(t.deps.db, { description: 'Twenty hour block', hundredths: 2000, rateCents: 12500 }, t.clock.now());
    const purchase = await api(t.app, token).post('/invoices/purchase', { packageId: offer.id, paymentOption: 'ACH' });
    const { newInvoice } = json<{ newInvoice: { invoiceId: string; pdfUrl: string } }>(purchase);

    const pdf = await t.app.inject({ method: 'GET', url: newInvoice.pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [newInvoice.invoiceId, 'Wired Widgets', 'Twenty hour block', '$2,500', 'First Test Bank', '011000015', '99887766']) {
      expect(text).toContain(expected);
    }

    const tampered = tamperedSignature(newInvoice.pdfUrl);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    t.clock.advance(11 * 60 * 1000);
    const late = await t.app.inject({ method: 'GET', url: newInvoice.pdfUrl });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('This invoice link has expired. Open the invoice again to get a new one.');
  });

  it('shows only completed payments as received: a failed one leaves the balance due', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Bounced Co' });
    const boss = await signedInUser(t, { role: 'superadmin' });
    const invoice = json<{ _id: string; pdfUrl: string }>(
      await api(t.app, boss.token).post('/superadmin/invoices', { company: company.id, description: 'Block', hours: 2, rate: 50, sendInvoiceEmail: false }),
    );
    const payment = { company: company.id, invoice: invoice._id, method: 'ACH', sendEmail: false };
    await api(t.app, boss.token).post('/superadmin/payments', { ...payment, amount: 77.77, status: 'failed' });
    await api(t.app, boss.token).post('/superadmin/payments', { ...payment, amount: 25 });
    const text = pdfText((await t.app.inject({ method: 'GET', url: invoice.pdfUrl })).rawPayload);
    expect(text).not.toContain('$77.77');
    expect(text).toMatch(/Payments received\s+-\$25/);
    expect(text).toMatch(/Balance due\s+\$75/);
  });

  it('delivers the invoice email with the PDF attached', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Mailed Co' });
    const { token, user } = await signedInUser(t, { companyId: company.id, role: 'admin' });
    const offer = await createPackage(t.deps.db, { hundredths: 500 }, t.clock.now());
    await api(t.app, token).post('/invoices/purchase', { packageId: offer.id, paymentOption: 'Check' });
    await t.deps.outbox.deliverDue();
    const mail = t.transport.sent.find((sent) => sent.to.includes(user.emailAddress) && sent.attachments.length > 0);
    expect(mail?.attachments[0]?.contentType).toBe('application/pdf');
    expect(pdfText(mail!.attachments[0]!.content)).toContain('Mailed Co');
  });

  it("an unpaid invoice's PDF and emails say how to pay it; once paid in full they ask for nothing", async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Owing Co' });
    const { token, user } = await signedInUser(t, { companyId: company.id, role: 'admin' });
    const boss = await signedInUser(t, { role: 'superadmin' });
    const offer = await createPackage(t.deps.db, { description: 'Four hour block', hundredths: 400, rateCents: 10000 }, t.clock.now());
    const { newInvoice } = json<{ newInvoice: { _id: string; invoiceId: string; pdfUrl: string } }>(
      await api(t.app, token).post('/invoices/purchase', { packageId: offer.id, paymentOption: 'ACH' }),
    );
    const howToPay = [`Amount due: $400`, `Payment reference: ${newInvoice.invoiceId}`, 'Bank Name: First Test Bank', 'Routing Number: 011000015', 'Account Number: 99887766', `Contact: ${t.deps.config.provider.name}`];

    const pdf = pdfText((await t.app.inject({ method: 'GET', url: newInvoice.pdfUrl })).rawPayload);
    for (const expected of howToPay) expect(pdf).toContain(expected);
    expect(pdf).not.toContain('QuickPay / Zelle');

    const since = t.transport.sent.length;
    await t.deps.outbox.deliverDue();
    const invoiceMail = t.transport.sent.slice(since).find((sent) => sent.to.includes(user.emailAddress));
    expect(invoiceMail?.text).toContain(`Amount due: $400\nPayment reference: ${newInvoice.invoiceId}`);
    expect(invoiceMail?.text).toContain('By ACH (Bank Transfer) (your selected method):');
    expect(invoiceMail?.text).toContain('Bank Name: First Test Bank');
    expect(invoiceMail?.text).toContain(`Contact:\nName: ${t.deps.config.provider.name}`);

    await api(t.app, boss.token).post('/superadmin/payments', { company: company.id, invoice: newInvoice._id, method: 'ACH', amount: 150, sendEmail: false });
    const reminderFrom = t.transport.sent.length;
    expect((await api(t.app, boss.token).put(`/superadmin/invoices/openbal/${newInvoice._id}`)).statusCode).toBe(200);
    await t.deps.outbox.deliverDue();
    const reminder = t.transport.sent.slice(reminderFrom).find((sent) => sent.to.includes(user.emailAddress));
    expect(reminder?.text).toContain(`Amount due: $250\nPayment reference: ${newInvoice.invoiceId}`);
    expect(reminder?.text).toContain('Account Number: 99887766');

    await api(t.app, boss.token).post('/superadmin/payments', { company: company.id, invoice: newInvoice._id, method: 'ACH', amount: 250, sendEmail: false });
    const [listed] = json<{ pdfUrl: string }[]>(await api(t.app, token).get('/invoices'));
    const paid = pdfText((await t.app.inject({ method: 'GET', url: listed!.pdfUrl })).rawPayload);
    expect(paid).toContain('Paid in full');
    for (const asked of ['How to pay', 'Amount due', 'Payment reference', 'Bank Name']) expect(paid).not.toContain(asked);
    expect((await api(t.app, boss.token).put(`/superadmin/invoices/openbal/${newInvoice._id}`)).statusCode).toBe(409);
  });

  it('the invoice email of an invoice created paid (price 0) asks for no payment', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Gift Co' });
    const { user } = await signedInUser(t, { companyId: company.id, role: 'admin' });
    const boss = await signedInUser(t, { role: 'superadmin' });
    const since = t.transport.sent.length;
    await api(t.app, boss.token).post('/superadmin/invoices', { company: company.id, description: 'Goodwill hours', price: 0 });
    await t.deps.outbox.deliverDue();
    const mail = t.transport.sent.slice(since).find((sent) => sent.to.includes(user.emailAddress));
    expect(mail?.text).toContain('paid in full');
    for (const asked of ['How to pay', 'Amount due', 'First Test Bank']) expect(mail?.text).not.toContain(asked);
  });
});
