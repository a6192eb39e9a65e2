import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, invoices, payments } from '../../../../drizzle/schema.js';
import { newId } from '../../lib/ids.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createCompany, createInvoiceRow } from '../../testing/factories.js';
import { addInvoiceHours } from '../activities/ledger.js';
import { createInvoice } from '../invoices/service.js';
import { paidCents, settleInvoice, settlementOf } from './settlement.js';

let t: TestApp;
let companyId: string;
beforeAll(async () => {
  t = await createTestApp();
  companyId = createCompany(t.deps.db).id;
});
afterAll(() => t.close());

/** An invoice with its pending hours entry, written directly, and payments of the given cents and statuses. */
function invoiceWith(priceCents: number, paid: [cents: number, status: string][] = []) {
  const invoice = createInvoiceRow(t.deps.db, { companyId, priceCents, hundredths: 100, status: 'Pending' });
  const now = new Date();
  addInvoiceHours(t.deps.db, { companyId, invoiceId: invoice.id, hundredths: 100, description: 'Hours', timeStamp: now, now });
  for (const [amountCents, status] of paid) {
    t.deps.db.insert(payments).values({ id: newId(), invoiceId: invoice.id, companyId, amountCents, status, method: 'ACH', paymentDate: now, createdAt: now }).run();
  }
  return invoice;
}

const stored = (invoiceId: string) => t.deps.db.select().from(invoices).where(eq(invoices.id, invoiceId)).get()!;
const hoursStatus = (invoiceId: string) => t.deps.db.select().from(activities).where(eq(activities.invoiceId, invoiceId)).get()?.status;

describe('settlement', () => {
  it('counts only completed payments toward the paid total', () => {
    const invoice = invoiceWith(10_000, [[2_500, 'completed'], [4_000, 'failed'], [1_000, 'pending'], [500, 'Completed'], [1_500, 'completed']]);
    expect(paidCents(t.deps.db, invoice.id)).toBe(4_000);
    expect(paidCents(t.deps.db, 'no such invoice')).toBe(0);
  });

  it.each([
    [10_000, 0, { status: 'Pending', completeStatus: false }],
    [10_000, 1, { status: 'Partially Paid', completeStatus: false }],
    [10_000, 10_000, { status: 'Completed', completeStatus: true }],
    [0, 0, { status: 'Completed', completeStatus: true }],
  ])('a price of %d cents with %d paid is %j', (priceCents, paid, expected) => {
    expect(settlementOf({ invoiceNumber: '2026-0001', priceCents }, paid)).toEqual(expected);
  });

  it('refuses counted payments beyond the price with the one message', () => {
    expect(() => settlementOf({ invoiceNumber: '2026-0007', priceCents: 10_000 }, 10_001)).toThrow(
      'The completed payments on invoice 2026-0007 would come to $100.01, more than its price of $100.',
    );
  });

  it('completes the invoice and its hours when paid in full, and reopens both when it no longer is', () => {
    const invoice = invoiceWith(5_000, [[5_000, 'completed']]);
    expect(settleInvoice(t.deps.db, invoice.id)).toEqual({ status: 'Completed', completeStatus: true });
    expect(stored(invoice.id)).toMatchObject({ status: 'Completed', completeStatus: true });
    expect(hoursStatus(invoice.id)).toBe('completed');
    t.deps.db.update(payments).set({ status: 'refunded' }).where(eq(payments.invoiceId, invoice.id)).run();
    settleInvoice(t.deps.db, invoice.id);
    expect(stored(invoice.id)).toMatchObject({ status: 'Pending', completeStatus: false });
    expect(hoursStatus(invoice.id)).toBe('pending');
  });

  it('a new invoice is written settled at once: a 0 price is Completed with its hours counted', () => {
    const free = createInvoice(t.deps, { company: companyId, description: 'Free hours', hours: 2, rate: 0, selectedPaymentMethod: '', sendInvoiceEmail: false });
    expect(free).toMatchObject({ status: 'Completed', completeStatus: true, price: 0 });
    expect(hoursStatus(free._id)).toBe('completed');
    const billed = createInvoice(t.deps, { company: companyId, description: 'Billed hours', hours: 2, rate: 10, selectedPaymentMethod: '', sendInvoiceEmail: false });
    expect(billed).toMatchObject({ status: 'Pending', completeStatus: false, price: 20 });
    expect(hoursStatus(billed._id)).toBe('pending');
  });
});
