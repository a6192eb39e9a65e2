import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDto } from '../../../shared/invoices.js';
import type { PaymentDto } from '../../../shared/payments.js';
import { createCompany } from '../../testing/factories.js';
import { api, createTestApp, json, queuedEmails, signedInUser, type TestApp, type SignedInUser } from '../../testing/app.js';
import { expectPagedList, restPage } from '../../testing/rest-pages.js';
import { paidTotalsOutOfStep } from '../../testing/ledger-sums.js';
import { pageStatement, slowSteps, statementPlans } from '../../testing/query-plans.js';
import { testEngine } from '../../testing/engine.js';

/** Query plans are SQLite's: on PostgreSQL these tests check the answers only. */
const onSqlite = testEngine() === 'sqlite';

let t: TestApp;
let company: Awaited<ReturnType<typeof createCompany>>;
let other: Awaited<ReturnType<typeof createCompany>>;
let admin: SignedInUser;
let boss: SignedInUser;

const mark = async () => new Set((await queuedEmails(t.deps)).map((email) => email.id));
const since = async (before: Set<string>) => (await queuedEmails(t.deps)).filter((email) => !before.has(email.id));
const paymentCount = async () => (await t.deps.db.select().from(t.deps.db.t.payments)).length;
const ledgerStatus = async (invoiceId: string) => {
  const { activities } = t.deps.db.t;
  const [entry] = await t.deps.db.select().from(activities).where(eq(activities.invoiceId, invoiceId));
  return entry?.status;
};

async function newInvoice(companyId = company.id, price = 100): Promise<InvoiceDto> {
  return json<InvoiceDto>(await api(t.app, boss.token).post('/superadmin/invoices', { company: companyId, description: 'Block', hours: price / 50, rate: 50, sendInvoiceEmail: false }));
}
const invoiceOf = async (id: string) => json<InvoiceDto[]>(await api(t.app, boss.token).get('/superadmin/allinvoices?per_page=1000')).find((i) => i._id === id)!;
const pay = (invoice: string, amount: number, fields: Record<string, unknown> = {}) =>
  api(t.app, boss.token).post('/superadmin/payments', { company: company.id, invoice, amount, method: 'ACH', sendEmail: false, ...fields });
/** The events recorded of the records named, in the order they were written: type, subject and changes. */
const eventsOf = async (...subjectIds: string[]) => {
  const { events } = t.deps.db.t;
  const rows = await t.deps.db.select().from(events).where(inArray(events.subjectId, subjectIds)).orderBy(sql`${events}.rowid`);
  return rows.map(({ type, subjectId, changes, actorId, companyId }) => ({ type, subjectId, changes, actorId, companyId }));
};

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.deps.db, { companyName: 'Globex' });
  other = await createCompany(t.deps.db, { companyName: 'Initech' });
  admin = await signedInUser(t, { companyId: company.id, role: 'admin', emailAddress: 'ada@globex.test' });
  boss = await signedInUser(t, { role: 'superadmin' });
});
afterAll(() => t.close());

describe('payments', () => {
  it('records a payment with defaults, lowers the balance and emails a receipt', async () => {
    const invoice = await newInvoice();
    const before = await mark();
    const response = await api(t.app, boss.token).post('/superadmin/payments', { company: company.id, invoice: invoice._id, amount: 40.5, method: 'Zelle', paymentDate: '2026-02-10T10:00:00Z', transactionId: 'TX-9', description: 'First part' });
    expect(response.statusCode).toBe(200);
    expect(json<PaymentDto>(response)).toMatchObject({ invoice: { _id: invoice._id, invoiceId: invoice.invoiceId }, amount: 40.5, status: 'completed', method: 'Zelle', paymentDate: '2026-02-10T10:00:00.000Z', company: company.id, companyName: 'Globex', transactionId: 'TX-9', sendEmail: true, description: 'First part' });
    expect(await invoiceOf(invoice._id)).toMatchObject({ remainingBalance: 59.5, completeStatus: false, status: 'Pending' });
    const emails = await since(before);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.toAddresses).toContain('ada@globex.test');
    expect(emails[0]!.subject).toContain(`Payment received for invoice ${invoice.invoiceId}`);
    expect(emails[0]!.textBody).toContain('$40.50');
    expect(emails[0]!.textBody).toContain('Remaining balance: $59.50\nInvoice status: Pending (partly paid)');
  });

  it('full payment completes the invoice and its hours; deleting a payment reopens both', async () => {
    const invoice = await newInvoice();
    await pay(invoice._id, 60);
    const last = json<PaymentDto>(await pay(invoice._id, 40));
    expect(await invoiceOf(invoice._id)).toMatchObject({ remainingBalance: 0, completeStatus: true, status: 'Completed' });
    expect(await ledgerStatus(invoice._id)).toBe('completed');
    expect((await api(t.app, boss.token).delete(`/superadmin/payments/${last._id}`)).statusCode).toBe(200);
    expect(await invoiceOf(invoice._id)).toMatchObject({ remainingBalance: 40, completeStatus: false });
    expect(await ledgerStatus(invoice._id)).toBe('pending');
    expect((await api(t.app, boss.token).delete(`/superadmin/payments/${last._id}`)).statusCode).toBe(404);
  });

  it('a failed, pending, refunded or free-text payment does not count: the invoice stays open and its hours pending', async () => {
    for (const status of ['failed', 'pending', 'refunded', 'bounced']) {
      const invoice = await newInvoice();
      const before = await mark();
      const response = await pay(invoice._id, 100, { status, sendEmail: true });
      expect(response.statusCode).toBe(200);
      expect(json<PaymentDto>(response).status).toBe(status);
      expect(await invoiceOf(invoice._id)).toMatchObject({ remainingBalance: 100, completeStatus: false, status: 'Pending' });
      expect(await ledgerStatus(invoice._id)).toBe('pending');
      // no "we received your payment" for money that was not received
      expect(await since(before)).toHaveLength(0);
      const choices = json<{ _id: string; remainingBalance: number }[]>(await api(t.app, boss.token).get(`/superadmin/invoices/choices?company=${company.id}&openOnly=true`));
      expect(choices.find((choice) => choice._id === invoice._id)?.remainingBalance).toBe(100);
    }
  });

  it('"Completed", "COMPLETED" or " completed " settles the invoice as "completed" does, and is kept as typed', async () => {
    for (const status of ['completed', 'Completed', 'COMPLETED', ' completed ']) {
      const invoice = await newInvoice();
      const before = await mark();
      const response = await pay(invoice._id, 100, { status, sendEmail: true });
      expect(response.statusCode, response.body).toBe(200);
      expect(json<PaymentDto>(response).status).toBe(status.trim());
      expect(await invoiceOf(invoice._id), status).toMatchObject({ remainingBalance: 0, completeStatus: true, status: 'Completed' });
      expect(await ledgerStatus(invoice._id), status).toBe('completed');
      expect(await (await since(before)).map((email) => email.subject), status).toEqual([expect.stringContaining(`Payment received for invoice ${invoice.invoiceId}`)]);
      expect(await paidTotalsOutOfStep(t.deps.db)).toEqual([]);
      // and it counts against an overpayment as a completed payment does
      expect((await pay(invoice._id, 1, { status: 'Completed' })).statusCode).toBe(400);
    }
  });

  it('a failed payment does not block a completed one, and the guard counts only completed payments', async () => {
    const invoice = await newInvoice();
    await pay(invoice._id, 100, { status: 'failed' });
    const retried = await pay(invoice._id, 100);
    expect(retried.statusCode).toBe(200);
    expect(await invoiceOf(invoice._id)).toMatchObject({ remainingBalance: 0, completeStatus: true, status: 'Completed' });
    expect(await ledgerStatus(invoice._id)).toBe('completed');
    const count = await paymentCount();
    const over = await pay(invoice._id, 1);
    expect(over.statusCode).toBe(400);
    const message = `The completed payments on invoice ${invoice.invoiceId} would come to $101, more than its price of $100.`;
    // the form shows the refusal on its Amount field
    expect(json(over)).toEqual({ message, fieldErrors: { amount: [message] } });
    expect(await paymentCount()).toBe(count);
  });

  it('marking a completed payment failed reopens the invoice and its hours as deleting it would; completed again settles it', async () => {
    const invoice = await newInvoice();
    const payment = json<PaymentDto>(await pay(invoice._id, 100));
    expect(await ledgerStatus(invoice._id)).toBe('completed');
    const form = { company: company.id, invoice: invoice._id, amount: 100, method: 'ACH', sendEmail: false };
    expect((await api(t.app, boss.token).put(`/superadmin/payments/${payment._id}`, { ...form, status: 'failed' })).statusCode).toBe(200);
    expect(await invoiceOf(invoice._id)).toMatchObject({ remainingBalance: 100, completeStatus: false, status: 'Pending' });
    expect(await ledgerStatus(invoice._id)).toBe('pending');
    expect((await api(t.app, boss.token).put(`/superadmin/payments/${payment._id}`, { ...form, status: 'completed' })).statusCode).toBe(200);
    expect(await invoiceOf(invoice._id)).toMatchObject({ remainingBalance: 0, completeStatus: true, status: 'Completed' });
    expect(await ledgerStatus(invoice._id)).toBe('completed');
  });

  it('a failed payment cannot be made completed when that would overpay the invoice', async () => {
    const invoice = await newInvoice();
    const failed = json<PaymentDto>(await pay(invoice._id, 100, { status: 'failed' }));
    await pay(invoice._id, 100);
    const form = { company: company.id, invoice: invoice._id, amount: 100, method: 'ACH', sendEmail: false };
    const response = await api(t.app, boss.token).put(`/superadmin/payments/${failed._id}`, { ...form, status: 'completed' });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(`The completed payments on invoice ${invoice.invoiceId} would come to $200, more than its price of $100.`);
    const { payments } = t.deps.db.t;
    const [stored] = await t.deps.db.select().from(payments).where(eq(payments.id, failed._id));
    expect(stored?.status).toBe('failed');
  });

  it('edits a payment: lowering it reopens, raising it within the balance completes, more is refused', async () => {
    const invoice = await newInvoice();
    const payment = json<PaymentDto>(await pay(invoice._id, 100));
    expect(await ledgerStatus(invoice._id)).toBe('completed');
    const form = { company: company.id, invoice: invoice._id, method: 'Check', sendEmail: false };
    const lowered = await api(t.app, boss.token).put(`/superadmin/payments/${payment._id}`, { ...form, amount: 30, status: 'completed' });
    expect(json<PaymentDto>(lowered)).toMatchObject({ amount: 30, method: 'Check', status: 'completed' });
    expect(await invoiceOf(invoice._id)).toMatchObject({ remainingBalance: 70, completeStatus: false });
    expect(await ledgerStatus(invoice._id)).toBe('pending');
    await api(t.app, boss.token).put(`/superadmin/payments/${payment._id}`, { ...form, amount: 100 });
    expect(await ledgerStatus(invoice._id)).toBe('completed');
    const over = await api(t.app, boss.token).put(`/superadmin/payments/${payment._id}`, { ...form, amount: 100.01 });
    expect(over.statusCode).toBe(400);
    expect(json(over).message).toBe(`The completed payments on invoice ${invoice.invoiceId} would come to $100.01, more than its price of $100.`);
    expect((await api(t.app, boss.token).put('/superadmin/payments/nope', { ...form, amount: 1 })).statusCode).toBe(404);
  });

  it('moving a payment to another invoice settles both', async () => {
    const a = await newInvoice();
    const b = await newInvoice();
    const payment = json<PaymentDto>(await pay(a._id, 100));
    await api(t.app, boss.token).put(`/superadmin/payments/${payment._id}`, { company: company.id, invoice: b._id, amount: 100, method: 'ACH' });
    expect(await invoiceOf(a._id)).toMatchObject({ remainingBalance: 100, completeStatus: false, payments: [] });
    expect(await invoiceOf(b._id)).toMatchObject({ remainingBalance: 0, completeStatus: true });
  });

  it('every write of a payment keeps each invoice’s stored paid total the sum of its completed payments', async () => {
    const a = await newInvoice();
    const b = await newInvoice();
    const storedPaid = async (invoiceId: string) => {
      const { invoices } = t.deps.db.t;
      const [row] = await t.deps.db.select({ paid: invoices.paidCents }).from(invoices).where(eq(invoices.id, invoiceId));
      return row?.paid;
    };
    const inStep = async (paidA: number, paidB: number) => {
      expect([await storedPaid(a._id), await storedPaid(b._id)]).toEqual([paidA, paidB]);
      expect(await paidTotalsOutOfStep(t.deps.db)).toEqual([]);
    };
    const form = { company: company.id, invoice: a._id, method: 'ACH', sendEmail: false };
    const payment = json<PaymentDto>(await pay(a._id, 40));
    await inStep(4000, 0);
    await pay(a._id, 25, { status: 'pending' });
    await inStep(4000, 0);
    await api(t.app, boss.token).put(`/superadmin/payments/${payment._id}`, { ...form, amount: 60.5 });
    await inStep(6050, 0);
    await api(t.app, boss.token).put(`/superadmin/payments/${payment._id}`, { ...form, amount: 60.5, status: 'failed' });
    await inStep(0, 0);
    await api(t.app, boss.token).put(`/superadmin/payments/${payment._id}`, { ...form, amount: 60.5, status: 'completed' });
    await inStep(6050, 0);
    await api(t.app, boss.token).put(`/superadmin/payments/${payment._id}`, { ...form, invoice: b._id, amount: 100 });
    await inStep(0, 10000);
    expect((await pay(b._id, 1)).statusCode).toBe(400);
    await inStep(0, 10000);
    await api(t.app, boss.token).put(`/superadmin/invoices/${b._id}`, { company: company.id, description: 'Block', hours: 4, rate: 50, sendInvoiceEmail: false });
    await inStep(0, 10000);
    expect((await api(t.app, boss.token).delete(`/superadmin/payments/${payment._id}`)).statusCode).toBe(200);
    await inStep(0, 0);
  });

  it('refuses an overpayment, a paid invoice and another company’s invoice with 400, writing nothing', async () => {
    const invoice = await newInvoice();
    const theirs = await newInvoice(other.id);
    const before = await paymentCount();
    const emails = await mark();
    const over = await pay(invoice._id, 100.01, { sendEmail: true });
    expect(over.statusCode).toBe(400);
    expect(json(over).message).toBe(`The completed payments on invoice ${invoice.invoiceId} would come to $100.01, more than its price of $100.`);
    const wrong = await pay(theirs._id, 1);
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({ message: 'That invoice does not belong to the chosen company.', fieldErrors: { invoice: ['That invoice does not belong to the chosen company.'] } });
    expect(await paymentCount()).toBe(before);
    expect(await since(emails)).toHaveLength(0);
    await pay(invoice._id, 100);
    const paid = await pay(invoice._id, 1);
    expect(paid.statusCode).toBe(400);
    expect(json(paid).message).toBe(`The completed payments on invoice ${invoice.invoiceId} would come to $101, more than its price of $100.`);
    expect((await pay('nope', 1)).statusCode).toBe(404);
  });

  it.each([
    [{ amount: 0 }, 'Amount must be more than 0.'],
    [{ amount: -5 }, 'Amount must be more than 0.'],
    [{ amount: 'lots' }, 'Amount must be a number.'],
    [{ amount: 0.001 }, 'Amount must be at least 0.01.'],
    [{ method: 'Bitcoin' }, 'Method must be ACH, Zelle, Check or Cash.'],
    [{ company: '' }, 'Company is required.'],
    [{ invoice: '' }, 'Invoice is required.'],
    [{ paymentDate: 'today' }, 'Date must be an ISO date-time, such as 2026-03-02T15:00:00Z.'],
  ])('refuses %j with 400', async (fields, message) => {
    const invoice = await newInvoice();
    const before = await paymentCount();
    const response = await pay(invoice._id, 10, fields);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
    expect(await paymentCount()).toBe(before);
  });

  it("offers the company's open invoices with their balance and intended method, so a payment can start from them", async () => {
    const invoice = json<InvoiceDto>(
      await api(t.app, boss.token).post('/superadmin/invoices', { company: company.id, description: 'Zelle block', price: 80, selectedPaymentMethod: 'Zelle', sendInvoiceEmail: false }),
    );
    await pay(invoice._id, 30);
    const choices = json<{ _id: string; invoiceId: string; remainingBalance: number; selectedPaymentMethod: string }[]>(
      await api(t.app, boss.token).get(`/superadmin/invoices/choices?company=${company.id}&openOnly=true`),
    );
    expect(choices.find((choice) => choice._id === invoice._id)).toEqual({ _id: invoice._id, invoiceId: invoice.invoiceId, remainingBalance: 50, selectedPaymentMethod: 'Zelle' });
  });

  it('lists payments newest first by payment date with the invoice number', async () => {
    const invoice = await newInvoice();
    await pay(invoice._id, 1, { paymentDate: '2020-01-01T00:00:00Z' });
    await pay(invoice._id, 2, { paymentDate: '2030-01-01T00:00:00Z' });
    const list = json<PaymentDto[]>(await api(t.app, boss.token).get(`/superadmin/payments?company=${company.id}`));
    const dates = list.map((p) => p.paymentDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(list[0]).toMatchObject({ amount: 2, invoice: { invoiceId: invoice.invoiceId } });
  });

  it('is for the super-admin only', async () => {
    const client = api(t.app, admin.token);
    for (const response of [
      await client.get('/superadmin/payments'),
      await client.get(`/superadmin/invoices/choices?company=${company.id}`),
      await client.post('/superadmin/payments', {}),
      await client.put('/superadmin/payments/x', {}),
      await client.delete('/superadmin/payments/x'),
    ]) expect(response.statusCode).toBe(403);
    expect((await api(t.app).get('/superadmin/payments')).statusCode).toBe(401);
  });
});

describe('the events of payments', () => {
  it('a payment that pays its invoice in full records the payment and the hours activated; deleting it, the payment as it was and the hours deactivated', async () => {
    const invoice = await newInvoice();
    const payment = json<PaymentDto>(await pay(invoice._id, 100, { paymentDate: '2026-02-10T10:00:00Z', transactionId: 'TX-1' }));
    expect((await api(t.app, boss.token).delete(`/superadmin/payments/${payment._id}`)).statusCode).toBe(200);
    const recorded = { invoice: { _id: invoice._id, invoiceId: invoice.invoiceId }, company: company.id, amount: 100, description: '', status: 'completed', method: 'ACH', paymentDate: '2026-02-10T10:00:00.000Z', transactionId: 'TX-1', sendEmail: false };
    const created = Object.fromEntries(Object.entries(recorded).map(([field, after]) => [field, { before: null, after }]));
    const deleted = Object.fromEntries(Object.entries(recorded).map(([field, before]) => [field, { before, after: null }]));
    const by = { actorId: boss.user.id, companyId: company.id };
    expect((await eventsOf(invoice._id, payment._id)).slice(1)).toEqual([
      { type: 'hours.activated', subjectId: invoice._id, changes: { status: { before: 'Pending', after: 'Completed' }, completeStatus: { before: false, after: true } }, ...by },
      { type: 'payment.created', subjectId: payment._id, changes: created, ...by },
      { type: 'hours.deactivated', subjectId: invoice._id, changes: { status: { before: 'Completed', after: 'Pending' }, completeStatus: { before: true, after: false } }, ...by },
      { type: 'payment.deleted', subjectId: payment._id, changes: deleted, ...by },
    ]);
  });

  it('an edit records the fields it changed; one that changes nothing, or a refused one, records nothing', async () => {
    const invoice = await newInvoice();
    const payment = json<PaymentDto>(await pay(invoice._id, 40));
    const form = { company: company.id, invoice: invoice._id, amount: 40, method: 'ACH', sendEmail: false };
    await api(t.app, boss.token).put(`/superadmin/payments/${payment._id}`, form);
    await api(t.app, boss.token).put(`/superadmin/payments/${payment._id}`, { ...form, amount: 60.5, method: 'Cash' });
    expect((await api(t.app, boss.token).put(`/superadmin/payments/${payment._id}`, { ...form, amount: 100.01 })).statusCode).toBe(400);
    expect((await eventsOf(payment._id)).map(({ type, changes }) => ({ type, changes }))).toEqual([
      { type: 'payment.created', changes: expect.any(Object) },
      { type: 'payment.updated', changes: { amount: { before: 40, after: 60.5 }, method: { before: 'ACH', after: 'Cash' } } },
    ]);
  });

  it('moving a payment records it moved, the hours of the invoice it pays activated and those of the invoice it left deactivated', async () => {
    const a = await newInvoice();
    const b = await newInvoice();
    const payment = json<PaymentDto>(await pay(a._id, 100));
    await api(t.app, boss.token).put(`/superadmin/payments/${payment._id}`, { company: company.id, invoice: b._id, amount: 100, method: 'ACH' });
    const moved = (await eventsOf(a._id, b._id, payment._id)).filter((event) => event.type !== 'invoice.created').slice(2);
    expect(moved.map(({ type, subjectId }) => [type, subjectId])).toEqual([
      ['hours.activated', b._id],
      ['hours.deactivated', a._id],
      ['payment.updated', payment._id],
    ]);
    expect(moved[2]!.changes).toEqual({ invoice: { before: { _id: a._id, invoiceId: a.invoiceId }, after: { _id: b._id, invoiceId: b.invoiceId } } });
  });
});

describe('the Payments list: paging, search, company filter, sort', () => {
  let payer: Awaited<ReturnType<typeof createCompany>>;
  const made: Record<string, PaymentDto> = {};
  const path = (query: string) => `/superadmin/payments?company=${payer.id}&${query}`;
  const descriptions = async (url: string) => json<PaymentDto[]>(await api(t.app, boss.token).get(url)).map((payment) => payment.description);

  beforeAll(async () => {
    payer = await createCompany(t.deps.db, { companyName: 'Payer Paging' });
    const big = await newInvoice(payer.id, 10_000);
    const small = await newInvoice(payer.id, 1_000);
    const rows: [string, string, number, string, string, string][] = [
      ['March cheque', big._id, 300, 'Check', '2026-03-01T10:00:00Z', 'completed'],
      ['April wire', big._id, 125.5, 'ACH', '2026-04-01T10:00:00Z', 'pending'],
      ['Zelle for 50% upfront', small._id, 500, 'Zelle', '2026-01-15T10:00:00Z', 'completed'],
      ['Cash_in hand', small._id, 20, 'Cash', '2026-02-20T10:00:00Z', 'refunded'],
      ['May wire', big._id, 999, 'ACH', '2026-05-01T10:00:00Z', 'completed'],
    ];
    for (const [description, invoice, amount, method, paymentDate, status] of rows) {
      const response = await api(t.app, boss.token).post('/superadmin/payments', { company: payer.id, invoice, amount, method, paymentDate, status, description, sendEmail: false });
      made[description] = json<PaymentDto>(response);
    }
  });

  const newestFirst = ['May wire', 'April wire', 'March cheque', 'Cash_in hand', 'Zelle for 50% upfront'];

  it('pages one company’s payments, newest payment date first', async () => {
    await expectPagedList(t, boss.token, `/superadmin/payments?company=${payer.id}`, newestFirst.map((description) => made[description]!._id));
  });

  it.each([
    ['WIRE', ['May wire', 'April wire']],
    ['50%', ['Zelle for 50% upfront']],
    ['h_i', ['Cash_in hand']],
    ['Payer', []],
    ['999', []],
  ])('search %j matches the description only, case-insensitively', async (search, expected) => {
    expect(await descriptions(path(`search=${encodeURIComponent(search)}`))).toEqual(expected);
  });

  it('filters by company id', async () => {
    const page = restPage<PaymentDto>(await api(t.app, boss.token).get(`/superadmin/payments?company=${payer.id}`));
    expect(page.items.every((payment) => payment.company === payer.id && payment.companyName === 'Payer Paging')).toBe(true);
    expect(page.total).toBe(5);
  });

  it.each([
    ['amount', 'asc', ['Cash_in hand', 'April wire', 'March cheque', 'Zelle for 50% upfront', 'May wire']],
    ['method', 'desc', ['Zelle for 50% upfront', 'March cheque', 'Cash_in hand', 'May wire', 'April wire']],
    ['status', 'asc', ['March cheque', 'Zelle for 50% upfront', 'May wire', 'April wire', 'Cash_in hand']],
    ['paymentDate', 'asc', [...newestFirst].reverse()],
    ['companyName', 'desc', newestFirst],
  ])('sorts by %s %s', async (sort, dir, expected) => {
    expect(await descriptions(path(`sort=${sort}&dir=${dir}`))).toEqual(expected);
  });

  it('sorts by invoice number, payments of one invoice in the order they were made', async () => {
    const page = json<PaymentDto[]>(await api(t.app, boss.token).get(path('sort=invoice&dir=asc')));
    const numbers = page.map((payment) => payment.invoice.invoiceId);
    expect(numbers).toEqual([...numbers].sort());
    expect(page.map((payment) => payment.description)).toEqual(['March cheque', 'April wire', 'May wire', 'Zelle for 50% upfront', 'Cash_in hand']);
  });

  it.runIf(onSqlite)('reads the default and the company-filtered page from an index, without sorting', async () => {
    for (const url of ['/superadmin/payments?per_page=2', `/superadmin/payments?per_page=2&company=${payer.id}`]) {
      const { plan } = pageStatement(await statementPlans(t.database, () => api(t.app, boss.token).get(url)), 'payments');
      expect(plan.join(' | ')).toMatch(/(SCAN payments USING INDEX payments_date_idx|SEARCH payments USING INDEX payments_company_idx \(company_id=\?\))/);
      expect(slowSteps(plan)).toEqual([]);
    }
  });
});

describe('invoice choices of a payment', () => {
  type Choice = { _id: string; invoiceId: string; remainingBalance: number };
  const choicesOf = async (query: string) => json<Choice[]>(await api(t.app, boss.token).get(`/superadmin/invoices/choices?${query}`));

  it('offers the company’s invoices newest first with their balance; openOnly leaves out the paid ones; include adds the chosen one', async () => {
    const chooser = await createCompany(t.deps.db, { companyName: 'Chooser' });
    const at = (transactionDate: string, price: number) =>
      api(t.app, boss.token).post('/superadmin/invoices', { company: chooser.id, description: 'Block', price, transactionDate, sendInvoiceEmail: false }).then((response) => json<InvoiceDto>(response));
    const older = await at('2026-01-01T00:00:00Z', 100);
    const paid = await at('2026-02-01T00:00:00Z', 50);
    const newer = await at('2026-03-01T00:00:00Z', 80);
    await newInvoice(other.id);
    await api(t.app, boss.token).post('/superadmin/payments', { company: chooser.id, invoice: paid._id, amount: 50, method: 'ACH', sendEmail: false });
    await api(t.app, boss.token).post('/superadmin/payments', { company: chooser.id, invoice: older._id, amount: 25.5, method: 'ACH', sendEmail: false });

    expect(await choicesOf(`company=${chooser.id}`)).toEqual([
      { _id: newer._id, invoiceId: newer.invoiceId, remainingBalance: 80, selectedPaymentMethod: '' },
      { _id: paid._id, invoiceId: paid.invoiceId, remainingBalance: 0, selectedPaymentMethod: '' },
      { _id: older._id, invoiceId: older.invoiceId, remainingBalance: 74.5, selectedPaymentMethod: '' },
    ]);
    expect((await choicesOf(`company=${chooser.id}&openOnly=true`)).map((choice) => choice._id)).toEqual([newer._id, older._id]);
    expect((await choicesOf(`company=${chooser.id}&openOnly=true&include=${paid._id}`)).map((choice) => choice._id)).toEqual([paid._id, newer._id, older._id]);
    const theirs = await newInvoice(other.id);
    expect((await choicesOf(`company=${chooser.id}&openOnly=true&include=${theirs._id}`)).map((choice) => choice._id)).toEqual([newer._id, older._id]);
  });

  it('needs a company and a true or false openOnly', async () => {
    const missing = await api(t.app, boss.token).get('/superadmin/invoices/choices');
    expect(missing.statusCode).toBe(400);
    const odd = await api(t.app, boss.token).get(`/superadmin/invoices/choices?company=${company.id}&openOnly=maybe`);
    expect(odd.statusCode).toBe(400);
    expect(json(odd).message).toBe('openOnly must be true or false.');
  });
});
