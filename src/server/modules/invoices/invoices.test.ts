import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { packages } from '../../../../drizzle/schema.js';
import { INVOICE_HAS_PAYMENTS, type InvoiceDto } from '../../../shared/invoices.js';
import { MAX_UNPAID_INVOICES_PER_COMPANY, TOO_MANY_UNPAID_INVOICES, userRateLimits } from '../../../shared/limits.js';
import { createCompany, createInvoiceRow, createPackage as createPackageRow, createUser } from '../../testing/factories.js';
import { api, createTestApp, json, queuedEmails, signedInUser, type TestApp, type SignedInUser } from '../../testing/app.js';
import { invoicePdfData, pdfUrlOf } from './service.js';

let t: TestApp;
let company: Awaited<ReturnType<typeof createCompany>>;
let other: Awaited<ReturnType<typeof createCompany>>;
let admin: SignedInUser;
let member: SignedInUser;
let otherAdmin: SignedInUser;
let boss: SignedInUser;

const DAY = 86_400_000;

const createPackage = (fields: Partial<typeof packages.$inferInsert> = {}) =>
  createPackageRow(t.deps.db, { description: '10 hours of support', ...fields }, t.clock.now());

const ledgerOf = async (invoiceId: string) => {
  const { activities } = t.deps.db.t;
  const [entry] = await t.deps.db.select().from(activities).where(eq(activities.invoiceId, invoiceId));
  return entry;
};
const storedInvoice = async (invoiceId: string) => {
  const { invoices } = t.deps.db.t;
  const [row] = await t.deps.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return row;
};
const mark = async () => new Set((await queuedEmails(t.deps)).map((email) => email.id));
const since = async (before: Set<string>) => (await queuedEmails(t.deps)).filter((email) => !before.has(email.id));
const invoiceCount = async () => (await t.deps.db.select().from(t.deps.db.t.invoices)).length;
/** The events recorded of a record, in the order they were written. */
const eventsOf = async (subjectId: string) => {
  const { events } = t.deps.db.t;
  return t.deps.db.select().from(events).where(eq(events.subjectId, subjectId)).orderBy(sql`${events}.rowid`);
};
const typesOf = async (subjectId: string) => (await eventsOf(subjectId)).map((event) => event.type);

beforeAll(async () => {
  t = await createTestApp({
    PROVIDER_ADDRESS: '1 Provider Way, Boston MA',
    PROVIDER_BANK_NAME: 'First Bank',
    PROVIDER_ROUTING_NUMBER: '011000015',
    PROVIDER_ACCOUNT_NUMBER: '123456789',
    PROVIDER_PAYMENT_EMAIL: 'pay@provider.test',
  });
  company = await createCompany(t.deps.db, { companyName: 'Globex' });
  other = await createCompany(t.deps.db, { companyName: 'Initech' });
  admin = await signedInUser(t, { companyId: company.id, role: 'admin', emailAddress: 'ada@globex.test' });
  member = await signedInUser(t, { companyId: company.id, role: 'member' });
  await createUser(t.deps.db, { companyId: company.id, role: 'member', approved: false, emailAddress: 'waiting@globex.test' });
  otherAdmin = await signedInUser(t, { companyId: other.id, role: 'admin' });
  boss = await signedInUser(t, { role: 'superadmin' });
});
afterAll(() => t.close());

describe('purchase', () => {
  it('creates a numbered invoice and a pending TimeAdd, emails the company and the provider', async () => {
    const pkg = await createPackage();
    const before = await mark();
    const response = await api(t.app, admin.token).post('/invoices/purchase', { packageId: pkg.id, paymentOption: 'QuickPay' });
    expect(response.statusCode).toBe(200);
    const { newInvoice } = json<{ newInvoice: Record<string, unknown> & { _id: string } }>(response);
    expect(newInvoice).toEqual({
      _id: expect.any(String),
      invoiceId: '2026-0001',
      description: '10 hours of support',
      pdfUrl: expect.stringMatching(new RegExp(`^/api/invoices/${newInvoice._id}/pdf\\?exp=\\d+&sig=[\\w-]+$`)),
      price: 1500,
      hours: 10,
      rate: 150,
    });
    const row = (await storedInvoice(newInvoice._id))!;
    expect(row).toMatchObject({ companyId: company.id, selectedPaymentMethod: 'Zelle', priceCents: 150000, completeStatus: false, packageId: pkg.id });
    expect(await ledgerOf(newInvoice._id)).toMatchObject({ activityType: 'TimeAdd', status: 'pending', hundredths: 1000, companyId: company.id });

    const emails = await since(before);
    expect(emails).toHaveLength(2);
    const client = emails.find((e) => e.subject.startsWith('Invoice'));
    const notice = emails.find((e) => e.subject.startsWith('New purchase'));
    expect(client!.toAddresses).toContain('ada@globex.test');
    expect(client!.toAddresses).not.toContain('waiting@globex.test');
    expect(client!.subject).toContain('Invoice 2026-0001');
    expect(client!.textBody).toContain('pay@provider.test');
    expect(client!.attachments).toEqual([{ filename: 'invoice-2026-0001.pdf', contentType: 'application/pdf', source: `invoice-pdf:${newInvoice._id}` }]);
    expect(notice!.toAddresses).toBe('provider@hourbank.test');
    expect(notice!.textBody).toContain('QuickPay');
  });

  it.each([
    ['ACH', 'ACH', ['First Bank', '011000015', '123456789']],
    ['Check', 'Check', ['1 Provider Way, Boston MA']],
    ['CheckEmail', 'Check', ['1 Provider Way, Boston MA']],
  ])('maps %s to %s and gives its instructions', async (option, method, texts) => {
    const pkg = await createPackage();
    const before = await mark();
    const { newInvoice } = json<{ newInvoice: { _id: string } }>(await api(t.app, admin.token).post('/invoices/purchase', { packageId: pkg.id, paymentOption: option }));
    expect((await storedInvoice(newInvoice._id))!.selectedPaymentMethod).toBe(method);
    const email = (await since(before)).find((e) => e.subject.startsWith('Invoice'))!;
    for (const text of texts) expect(email.textBody).toContain(text);
  });

  it('numbers invoices sequentially and never reuses a number after a delete', async () => {
    const pkg = await createPackage();
    const first = json<{ newInvoice: { _id: string; invoiceId: string } }>(await api(t.app, admin.token).post('/invoices/purchase', { packageId: pkg.id, paymentOption: 'ACH' })).newInvoice;
    expect((await api(t.app, boss.token).delete(`/superadmin/invoices/${first._id}`)).statusCode).toBe(200);
    const second = json<{ newInvoice: { invoiceId: string } }>(await api(t.app, admin.token).post('/invoices/purchase', { packageId: pkg.id, paymentOption: 'ACH' })).newInvoice;
    const n = (id: string) => Number(id.split('-')[1]);
    expect(n(second.invoiceId)).toBe(n(first.invoiceId) + 1);
    expect(await t.deps.db.select().from(t.deps.db.t.invoiceNumberSequence)).toEqual([{ year: 2026, lastNumber: n(second.invoiceId) }]);
  });

  it('accepts the company’s custom package and refuses packages it cannot see (404), writing nothing', async () => {
    const own = await createPackage({ companyId: company.id, description: 'Custom' });
    expect((await api(t.app, admin.token).post('/invoices/purchase', { packageId: own.id, paymentOption: 'ACH' })).statusCode).toBe(200);
    const hidden = [
      await createPackage({ companyId: other.id }),
      await createPackage({ startDate: new Date(t.clock.now().getTime() + DAY) }),
      await createPackage({ endDate: new Date(t.clock.now().getTime() - 1000) }),
    ];
    const before = await invoiceCount();
    const emails = await mark();
    for (const pkg of [...hidden, { id: 'nope' }]) {
      const response = await api(t.app, admin.token).post('/invoices/purchase', { packageId: pkg.id, paymentOption: 'ACH' });
      expect(response.statusCode).toBe(404);
      expect(json(response).message).toBe('Package not found.');
    }
    expect(await invoiceCount()).toBe(before);
    expect(await since(emails)).toHaveLength(0);
  });

  it.each([
    [{ paymentOption: 'ACH' }, 'Choose a package.'],
    [{ packageId: 'x', paymentOption: 'Bitcoin' }, 'Choose a payment option: ACH, QuickPay, CheckEmail or Check.'],
  ])('refuses %j with 400', async (payload, message) => {
    const response = await api(t.app, admin.token).post('/invoices/purchase', payload);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
  });

  it('is for company admins: plain users 403, no session 401', async () => {
    const pkg = await createPackage();
    expect((await api(t.app, member.token).post('/invoices/purchase', { packageId: pkg.id, paymentOption: 'ACH' })).statusCode).toBe(403);
    expect((await api(t.app).post('/invoices/purchase', { packageId: pkg.id, paymentOption: 'ACH' })).statusCode).toBe(401);
    expect((await api(t.app, boss.token).post('/invoices/purchase', { packageId: pkg.id, paymentOption: 'ACH' })).statusCode).toBe(403);
  });
});

describe('customer invoice list', () => {
  it('lists only the caller’s company’s invoices, newest first, with payments', async () => {
    const mine = json<InvoiceDto>(await api(t.app, boss.token).post('/superadmin/invoices', { company: company.id, description: 'Old one', hours: 1, rate: 100, transactionDate: '2020-01-01T00:00:00Z', sendInvoiceEmail: false }));
    await api(t.app, boss.token).post('/superadmin/payments', { company: company.id, invoice: mine._id, amount: 40, method: 'Cash', sendEmail: false });
    json<InvoiceDto>(await api(t.app, boss.token).post('/superadmin/invoices', { company: other.id, description: 'Theirs', price: 5, sendInvoiceEmail: false }));
    const response = await api(t.app, admin.token).get('/invoices');
    expect(response.statusCode).toBe(200);
    const list = json<InvoiceDto[]>(response);
    expect(list.every((invoice) => invoice.company === company.id)).toBe(true);
    expect(list.at(-1)).toMatchObject({ _id: mine._id, remainingBalance: 60, status: 'Pending', payments: [{ amount: 40, method: 'Cash', status: 'completed' }] });
    const dates = list.map((invoice) => invoice.transactionDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('refuses plain users (403) and anonymous callers (401)', async () => {
    expect((await api(t.app, member.token).get('/invoices')).statusCode).toBe(403);
    expect((await api(t.app).get('/invoices')).statusCode).toBe(401);
    expect(json<InvoiceDto[]>(await api(t.app, otherAdmin.token).get('/invoices')).every((i) => i.company === other.id)).toBe(true);
  });
});

describe('super-admin invoices', () => {
  const form = (fields: Record<string, unknown> = {}) => ({ company: company.id, description: 'Support block', hours: 2.5, rate: 99.99, price: 1, sendInvoiceEmail: true, selectedPaymentMethod: 'ACH', transactionDate: '2026-02-01T12:00:00.000Z', ...fields });

  it('creates an invoice pricing hours × rate, with a pending TimeAdd and an emailed PDF', async () => {
    const before = await mark();
    const response = await api(t.app, boss.token).post('/superadmin/invoices', form());
    expect(response.statusCode).toBe(200);
    const invoice = json<InvoiceDto>(response);
    expect(invoice).toMatchObject({ company: company.id, companyName: 'Globex', hours: 2.5, rate: 99.99, price: 249.98, remainingBalance: 249.98, completeStatus: false, status: 'Pending', selectedPaymentMethod: 'ACH', transactionDate: '2026-02-01T12:00:00.000Z', sendInvoiceEmail: true, payments: [], pdfUrl: expect.stringContaining(`/api/invoices/${invoice._id}/pdf?exp=`) });
    expect(invoice.invoiceId).toMatch(/^2026-\d{4}$/);
    expect(await ledgerOf(invoice._id)).toMatchObject({ status: 'pending', hundredths: 250, timeStamp: new Date('2026-02-01T12:00:00.000Z') });
    const emails = await since(before);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.attachments).toEqual([expect.objectContaining({ source: `invoice-pdf:${invoice._id}` })]);
    expect(emails[0]!.textBody).toContain('First Bank');
  });

  it('takes the price as given when hours is 0, sends no email when told not to, defaults method to None', async () => {
    const before = await mark();
    const invoice = json<InvoiceDto>(await api(t.app, boss.token).post('/superadmin/invoices', { company: company.id, description: 'Setup fee', price: 300.5, sendInvoiceEmail: false }));
    expect(invoice).toMatchObject({ hours: 0, rate: 0, price: 300.5, selectedPaymentMethod: '', sendInvoiceEmail: false });
    expect(await since(before)).toHaveLength(0);
    const none = json<InvoiceDto>(await api(t.app, boss.token).post('/superadmin/invoices', { company: company.id, description: 'x', price: 1, selectedPaymentMethod: 'None', sendInvoiceEmail: false }));
    expect(none.selectedPaymentMethod).toBe('');
  });

  it.each([
    [{ company: '' }, 'Company is required.'],
    [{ description: '  ' }, 'Description is required.'],
    [{ hours: 0, price: undefined }, 'Price is required.'],
    [{ hours: -1 }, 'Hours must be 0 or more.'],
    [{ rate: 'abc' }, 'Rate must be a number.'],
    [{ selectedPaymentMethod: 'Bitcoin' }, 'Intended payment method must be None, ACH, Zelle, Check or Cash.'],
    [{ transactionDate: 'yesterday' }, 'Invoice date must be an ISO date-time, such as 2026-03-02T15:00:00Z.'],
    [{ packageId: 'nope' }, 'That package is not offered to this company.'],
  ])('refuses %j with 400 and writes nothing', async (fields, message) => {
    const before = await invoiceCount();
    const response = await api(t.app, boss.token).post('/superadmin/invoices', form(fields));
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
    expect(await invoiceCount()).toBe(before);
  });

  it('answers 404 for an unknown company', async () => {
    expect((await api(t.app, boss.token).post('/superadmin/invoices', form({ company: 'nope' }))).statusCode).toBe(404);
  });

  it('lists every invoice newest first by transaction date', async () => {
    const list = json<InvoiceDto[]>(await api(t.app, boss.token).get('/superadmin/allinvoices'));
    expect(new Set(list.map((i) => i.company))).toEqual(new Set([company.id, other.id]));
    const dates = list.map((invoice) => invoice.transactionDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('edits: recomputes price, balance and status, keeps the TimeAdd in step, locks the company', async () => {
    const invoice = json<InvoiceDto>(await api(t.app, boss.token).post('/superadmin/invoices', form({ hours: 2, rate: 100, sendInvoiceEmail: false })));
    await api(t.app, boss.token).post('/superadmin/payments', { company: company.id, invoice: invoice._id, amount: 150, method: 'ACH', sendEmail: false });
    let updated = json<InvoiceDto>(await api(t.app, boss.token).put(`/superadmin/invoices/${invoice._id}`, form({ hours: 1.5, rate: 100, description: 'Smaller' })));
    expect(updated).toMatchObject({ price: 150, remainingBalance: 0, completeStatus: true, status: 'Completed', description: 'Smaller' });
    expect(await ledgerOf(invoice._id)).toMatchObject({ status: 'completed', hundredths: 150, description: 'Smaller' });
    updated = json<InvoiceDto>(await api(t.app, boss.token).put(`/superadmin/invoices/${invoice._id}`, form({ hours: 3, rate: 100 })));
    expect(updated).toMatchObject({ price: 300, remainingBalance: 150, completeStatus: false, status: 'Pending' });
    expect(await ledgerOf(invoice._id)).toMatchObject({ status: 'pending', hundredths: 300 });

    const tooLow = await api(t.app, boss.token).put(`/superadmin/invoices/${invoice._id}`, form({ hours: 1, rate: 100 }));
    expect(tooLow.statusCode).toBe(400);
    const message = `The completed payments on invoice ${invoice.invoiceId} would come to $150, more than its price of $100.`;
    // the invoice form shows the refusal on its Price field
    expect(json(tooLow)).toEqual({ message, fieldErrors: { price: [message] } });
    const moved = await api(t.app, boss.token).put(`/superadmin/invoices/${invoice._id}`, form({ company: other.id }));
    expect(moved.statusCode).toBe(400);
    expect(json(moved).message).toBe('The company of an invoice cannot be changed.');
    expect(await ledgerOf(invoice._id)).toMatchObject({ hundredths: 300, companyId: company.id });
    expect((await api(t.app, boss.token).put('/superadmin/invoices/nope', form())).statusCode).toBe(404);
  });

  it('deletes an invoice without payments with its TimeAdd; refuses one with payments (409)', async () => {
    const paid = json<InvoiceDto>(await api(t.app, boss.token).post('/superadmin/invoices', form({ sendInvoiceEmail: false })));
    await api(t.app, boss.token).post('/superadmin/payments', { company: company.id, invoice: paid._id, amount: 1, method: 'ACH', sendEmail: false });
    const refused = await api(t.app, boss.token).delete(`/superadmin/invoices/${paid._id}`);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(INVOICE_HAS_PAYMENTS);
    expect(await ledgerOf(paid._id)).toBeTruthy();

    const unpaid = json<InvoiceDto>(await api(t.app, boss.token).post('/superadmin/invoices', form({ sendInvoiceEmail: false })));
    expect((await api(t.app, boss.token).delete(`/superadmin/invoices/${unpaid._id}`)).statusCode).toBe(200);
    expect(await ledgerOf(unpaid._id)).toBeUndefined();
    expect(await storedInvoice(unpaid._id)).toBeUndefined();
    expect((await api(t.app, boss.token).delete(`/superadmin/invoices/${unpaid._id}`)).statusCode).toBe(404);
  });

  it('sends an open-balance reminder with the PDF; refuses a paid invoice (409)', async () => {
    const invoice = json<InvoiceDto>(await api(t.app, boss.token).post('/superadmin/invoices', form({ hours: 1, rate: 100, sendInvoiceEmail: false })));
    const before = await mark();
    const response = await api(t.app, boss.token).put(`/superadmin/invoices/openbal/${invoice._id}`);
    expect(response.statusCode).toBe(200);
    const [email] = await since(before);
    expect(email!.subject).toContain(`Open balance reminder: invoice ${invoice.invoiceId}`);
    expect(email!.textBody).toContain('$100');
    expect(email!.attachments).toEqual([expect.objectContaining({ source: `invoice-pdf:${invoice._id}` })]);

    await api(t.app, boss.token).post('/superadmin/payments', { company: company.id, invoice: invoice._id, amount: 100, method: 'ACH', sendEmail: false });
    const paid = await api(t.app, boss.token).put(`/superadmin/invoices/openbal/${invoice._id}`);
    expect(paid.statusCode).toBe(409);
    expect(json(paid).message).toBe(`Invoice ${invoice.invoiceId} is paid in full; it has no open balance.`);
  });

  it('refuses every super-admin call to others (403) and anonymous callers (401)', async () => {
    for (const token of [admin.token, member.token]) {
      const client = api(t.app, token);
      for (const response of [
        await client.get('/superadmin/allinvoices'),
        await client.post('/superadmin/invoices', form()),
        await client.put('/superadmin/invoices/x', form()),
        await client.delete('/superadmin/invoices/x'),
        await client.put('/superadmin/invoices/openbal/x'),
      ]) expect(response.statusCode).toBe(403);
    }
    expect((await api(t.app).get('/superadmin/allinvoices')).statusCode).toBe(401);
  });
});

describe('the events of invoices', () => {
  const form = (fields: Record<string, unknown> = {}) => ({ company: company.id, description: 'Evented hours', hours: 2, rate: 100, sendInvoiceEmail: false, selectedPaymentMethod: 'ACH', transactionDate: '2026-02-01T12:00:00.000Z', ...fields });
  const created = async (fields: Record<string, unknown> = {}) => json<InvoiceDto>(await api(t.app, boss.token).post('/superadmin/invoices', form(fields)));

  it('a purchase records the invoice made, naming the customer who bought it and their address', async () => {
    const pkg = await createPackage();
    const { newInvoice } = json<{ newInvoice: { _id: string; invoiceId: string } }>(await api(t.app, admin.token).post('/invoices/purchase', { packageId: pkg.id, paymentOption: 'ACH' }));
    const [event, ...others] = await eventsOf(newInvoice._id);
    expect(others).toEqual([]);
    expect(event).toMatchObject({ type: 'invoice.created', actorId: admin.user.id, ipAddress: '127.0.0.1', companyId: company.id, subjectType: 'invoice', occurredAt: t.clock.now() });
    expect(event!.changes).toMatchObject({ invoiceId: { before: null, after: newInvoice.invoiceId }, hours: { before: null, after: 10 }, price: { before: null, after: 1500 }, status: { before: null, after: 'Pending' } });
  });

  it('an edit records exactly the fields it changed, each as it was and became; one that changes nothing records nothing', async () => {
    const invoice = await created();
    await api(t.app, boss.token).put(`/superadmin/invoices/${invoice._id}`, form({ hours: 3, description: 'Evented hours, more' }));
    await api(t.app, boss.token).put(`/superadmin/invoices/${invoice._id}`, form({ hours: 3, description: 'Evented hours, more' }));
    const events = await eventsOf(invoice._id);
    expect(events.map((event) => event.type)).toEqual(['invoice.created', 'invoice.updated']);
    expect(events[1]).toMatchObject({ actorId: boss.user.id, companyId: company.id });
    expect(events[1]!.changes).toEqual({
      description: { before: 'Evented hours', after: 'Evented hours, more' },
      hours: { before: 2, after: 3 },
      price: { before: 200, after: 300 },
      remainingBalance: { before: 200, after: 300 },
    });
  });

  it('an edit that leaves the invoice paid in full records its hours activated, and one that reopens it deactivated', async () => {
    const invoice = await created();
    await api(t.app, boss.token).post('/superadmin/payments', { company: company.id, invoice: invoice._id, amount: 150, method: 'ACH', sendEmail: false });
    await api(t.app, boss.token).put(`/superadmin/invoices/${invoice._id}`, form({ hours: 1.5 }));
    await api(t.app, boss.token).put(`/superadmin/invoices/${invoice._id}`, form({ hours: 2 }));
    const events = await eventsOf(invoice._id);
    expect(events.map((event) => event.type)).toEqual(['invoice.created', 'hours.activated', 'invoice.updated', 'hours.deactivated', 'invoice.updated']);
    expect(events[1]!.changes).toEqual({ status: { before: 'Pending', after: 'Completed' }, completeStatus: { before: false, after: true } });
    expect(events[2]!.changes).toEqual({
      hours: { before: 2, after: 1.5 },
      price: { before: 200, after: 150 },
      remainingBalance: { before: 50, after: 0 },
      status: { before: 'Pending', after: 'Completed' },
      completeStatus: { before: false, after: true },
    });
  });

  it('a refused change records nothing: a delete of an invoice with payments (409), a price below its payments (400)', async () => {
    const invoice = await created();
    await api(t.app, boss.token).post('/superadmin/payments', { company: company.id, invoice: invoice._id, amount: 150, method: 'ACH', sendEmail: false });
    const before = await typesOf(invoice._id);
    expect((await api(t.app, boss.token).delete(`/superadmin/invoices/${invoice._id}`)).statusCode).toBe(409);
    expect((await api(t.app, boss.token).put(`/superadmin/invoices/${invoice._id}`, form({ hours: 1 }))).statusCode).toBe(400);
    expect(await typesOf(invoice._id)).toEqual(before);
  });

  it('a delete records the invoice as it was', async () => {
    const invoice = await created();
    expect((await api(t.app, boss.token).delete(`/superadmin/invoices/${invoice._id}`)).statusCode).toBe(200);
    const [, deleted] = await eventsOf(invoice._id);
    expect(deleted).toMatchObject({ type: 'invoice.deleted', actorId: boss.user.id, companyId: company.id });
    expect(deleted!.changes).toMatchObject({ invoiceId: { before: invoice.invoiceId, after: null }, hours: { before: 2, after: null }, price: { before: 200, after: null } });
  });

  it('an open-balance reminder is recorded on the invoice, which it leaves as it was', async () => {
    const invoice = await created();
    expect((await api(t.app, boss.token).put(`/superadmin/invoices/openbal/${invoice._id}`)).statusCode).toBe(200);
    expect((await eventsOf(invoice._id)).map(({ type, changes }) => ({ type, changes }))).toEqual([
      { type: 'invoice.created', changes: expect.any(Object) },
      { type: 'invoice.reminder_sent', changes: {} },
    ]);
  });
});

describe('exports for the PDF module', () => {
  it('pdfUrlOf and invoicePdfData describe an invoice', async () => {
    const invoice = json<InvoiceDto>(await api(t.app, boss.token).post('/superadmin/invoices', { company: company.id, description: 'PDF me', hours: 4, rate: 50, sendInvoiceEmail: false, transactionDate: '2026-01-15T00:00:00Z' }));
    await api(t.app, boss.token).post('/superadmin/payments', { company: company.id, invoice: invoice._id, amount: 75, method: 'Zelle', sendEmail: false, transactionId: 'Z-1' });
    expect(pdfUrlOf(t.deps, invoice._id)).toBe(invoice.pdfUrl);
    const data = await invoicePdfData(t.deps.db, invoice._id);
    expect(data).toEqual({
      invoiceNumber: invoice.invoiceId,
      transactionDate: new Date('2026-01-15T00:00:00Z'),
      company: { name: 'Globex', address: company.companyAddress },
      description: 'PDF me',
      hours: 4,
      rate: 50,
      price: 200,
      paid: 75,
      balance: 125,
      status: 'Pending (partly paid)',
      completeStatus: false,
      selectedPaymentMethod: '',
      payments: [{ date: expect.any(Date), amount: 75, method: 'Zelle', transactionId: 'Z-1' }],
    });
    await expect(invoicePdfData(t.deps.db, 'nope')).rejects.toThrow('Invoice not found.');
  });
});

describe('limits on purchases', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp();
  });
  afterAll(() => limited.close());

  const invoicesOf = async (companyId: string) => {
    const { invoices } = limited.deps.db.t;
    return limited.deps.db.select().from(invoices).where(eq(invoices.companyId, companyId));
  };
  const buy = (token: string, packageId: string) => api(limited.app, token).post('/invoices/purchase', { packageId, paymentOption: 'ACH' });

  it(`refuses a purchase while the company has ${MAX_UNPAID_INVOICES_PER_COMPANY} unpaid invoices (409), writing and sending nothing`, async () => {
    const full = await createCompany(limited.deps.db);
    const roomy = await createCompany(limited.deps.db);
    const customer = await signedInUser(limited, { companyId: full.id, role: 'admin' });
    const neighbour = await signedInUser(limited, { companyId: roomy.id, role: 'admin' });
    const pkg = await createPackageRow(limited.deps.db, {}, limited.clock.now());
    for (let i = 0; i < MAX_UNPAID_INVOICES_PER_COMPANY - 1; i += 1) await createInvoiceRow(limited.deps.db, { companyId: full.id, priceCents: 1000 });
    await createInvoiceRow(limited.deps.db, { companyId: full.id, priceCents: 1000, completeStatus: true });
    expect((await buy(customer.token, pkg.id)).statusCode).toBe(200);
    const before = { invoices: (await invoicesOf(full.id)).length, emails: (await queuedEmails(limited.deps)).length };

    const refused = await buy(customer.token, pkg.id);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(TOO_MANY_UNPAID_INVOICES);
    expect({ invoices: (await invoicesOf(full.id)).length, emails: (await queuedEmails(limited.deps)).length }).toEqual(before);
    expect((await buy(neighbour.token, pkg.id)).statusCode).toBe(200);
  });

  it(`refuses a user's purchase beyond ${userRateLimits.purchase.limit} an hour with 429, writing and sending nothing`, async () => {
    const company = await createCompany(limited.deps.db);
    const buyer = await signedInUser(limited, { companyId: company.id, role: 'admin' });
    const colleague = await signedInUser(limited, { companyId: company.id, role: 'admin' });
    // Free packages are paid on purchase, so the unpaid-invoice cap stays out of the way.
    const free = await createPackageRow(limited.deps.db, { rateCents: 0 }, limited.clock.now());
    for (let i = 0; i < userRateLimits.purchase.limit; i += 1) expect((await buy(buyer.token, free.id)).statusCode).toBe(200);
    const before = { invoices: (await invoicesOf(company.id)).length, emails: (await queuedEmails(limited.deps)).length };

    const refused = await buy(buyer.token, free.id);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toBe('Too many purchases. Please try again in 60 minutes.');
    expect({ invoices: (await invoicesOf(company.id)).length, emails: (await queuedEmails(limited.deps)).length }).toEqual(before);
    expect((await buy(colleague.token, free.id)).statusCode).toBe(200);
    limited.clock.advance(60 * 60 * 1000);
    expect((await buy(buyer.token, free.id)).statusCode).toBe(200);
  });
});
