import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activities, companies, invoices, payments } from '../../../../drizzle/schema.js';
import { newId } from '../../lib/ids.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createCompany, createInvoiceRow } from '../../testing/factories.js';
import { companyHours, paidTotalsOutOfStep } from '../../testing/ledger-sums.js';
import { addInvoiceHours } from '../activities/ledger.js';
import { createInvoice } from '../invoices/service.js';
import { paidCents, settleInvoice, settlementOf, settleRecountedInvoices } from './settlement.js';

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
  it('counts only completed payments toward the paid total, in any letter case and with spaces around the status', () => {
    const invoice = invoiceWith(10_000, [[2_500, 'completed'], [4_000, 'failed'], [1_000, 'pending'], [500, 'Completed'], [1_500, 'completed'], [250, ' COMPLETED '], [300, 'completed!']]);
    expect(paidCents(t.deps.db, invoice.id)).toBe(4_750);
    expect(paidCents(t.deps.db, 'no such invoice')).toBe(0);
  });

  it.each([
    [10_000, 0, { status: 'Pending', completeStatus: false }],
    [10_000, 1, { status: 'Pending', completeStatus: false }],
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

describe('invoices stored before any letter case of completed counted', () => {
  const figures = (id: string) => t.deps.db.select({ balance: companies.balanceHundredths, pending: companies.pendingHundredths }).from(companies).where(eq(companies.id, id)).get();
  const logger = () => ({ warn: vi.fn() });

  it('are settled again at start, hours and company figures with them; once in step, nothing is written', () => {
    const invoice = invoiceWith(5_000, [[3_000, 'completed']]);
    settleInvoice(t.deps.db, invoice.id);
    // a payment saved as "Completed" when that did not count: the invoice stayed open
    const now = new Date();
    t.deps.db.insert(payments).values({ id: newId(), invoiceId: invoice.id, companyId, amountCents: 2_000, status: 'Completed', method: 'ACH', paymentDate: now, createdAt: now }).run();
    expect(paidTotalsOutOfStep(t.deps.db).map((row) => row.id)).toContain(invoice.id);

    expect(settleRecountedInvoices(t.deps.db, logger())).toBeGreaterThanOrEqual(1);
    expect(stored(invoice.id)).toMatchObject({ status: 'Completed', completeStatus: true, paidCents: 5_000 });
    expect(hoursStatus(invoice.id)).toBe('completed');
    expect(paidTotalsOutOfStep(t.deps.db)).toEqual([]);
    expect(figures(companyId)).toEqual(companyHours(t.deps.db, companyId));

    expect(settleRecountedInvoices(t.deps.db, logger())).toBe(0);
  });

  it('one they would overpay is left as it was and named in a warning', () => {
    const invoice = invoiceWith(1_000, [[1_000, 'completed']]);
    settleInvoice(t.deps.db, invoice.id);
    const now = new Date();
    t.deps.db.insert(payments).values({ id: newId(), invoiceId: invoice.id, companyId, amountCents: 500, status: ' COMPLETED ', method: 'ACH', paymentDate: now, createdAt: now }).run();
    const log = logger();
    settleRecountedInvoices(t.deps.db, log);
    expect(stored(invoice.id)).toMatchObject({ completeStatus: true, paidCents: 1_000 });
    expect(log.warn).toHaveBeenCalledWith(
      { invoice: invoice.invoiceNumber },
      expect.stringContaining('would come to $15, more than its price of $10'),
    );
  });
});
