import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordedEvents } from '../../testing/events.js';
import type { Tx } from '../../db.js';
import { newId } from '../../lib/ids.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createCompany, createInvoiceRow } from '../../testing/factories.js';
import { companyHours, paidTotalsOutOfStep } from '../../testing/ledger-sums.js';
import { addInvoiceHours } from '../activities/ledger.js';
import { AUTOMATIC, sourceOf } from '../events/service.js';
import { createInvoice } from '../invoices/service.js';
import { paidCents, settleInvoice, settlementOf, settleRecountedInvoices } from './settlement.js';

/** The provider making the changes, as a request's context names them. */
const boss = sourceOf({ userId: 'boss', firstName: 'Pat', lastName: 'Provider', emailAddress: 'pat@example.com' }, '203.0.113.9');

let t: TestApp;
let companyId: string;
beforeAll(async () => {
  t = await createTestApp();
  companyId = (await createCompany(t.deps.db)).id;
});
afterAll(() => t.close());

/** Writes in a transaction of its own, as the services do. */
const write = <T>(work: (tx: Tx) => Promise<T>) => t.deps.db.transaction(work);

/** A payment of the invoice written directly, without settling it. */
const insertPayment = (tx: Tx, invoiceId: string, amountCents: number, status: string, now = new Date()) =>
  tx.insert(tx.t.payments).values({ id: newId(), invoiceId, companyId, amountCents, status, method: 'ACH', paymentDate: now, createdAt: now });

/** An invoice with its pending hours entry, written directly, and payments of the given cents and statuses. */
function invoiceWith(priceCents: number, paid: [cents: number, status: string][] = []) {
  return write(async (tx) => {
    const invoice = await createInvoiceRow(tx, { companyId, priceCents, hundredths: 100, status: 'Pending' });
    const now = new Date();
    await addInvoiceHours(t.deps, tx, { companyId, invoiceId: invoice.id, hundredths: 100, description: 'Hours', timeStamp: now, now });
    for (const [amountCents, status] of paid) await insertPayment(tx, invoice.id, amountCents, status, now);
    return invoice;
  });
}

const settle = (invoiceId: string) => write((tx) => settleInvoice(t.deps, tx, boss, invoiceId));

/** The events recorded of a record, in the order they were written: type, who, and the changes. */
async function eventsOf(subjectId: string) {
  const rows = await recordedEvents(t.deps.db, { subjectId });
  return rows.map((row) => ({ type: row.type, actorId: row.actorId, actorLabel: row.actorLabel, companyId: row.companyId, changes: row.changes }));
}

const stored = async (invoiceId: string) => {
  const { invoices } = t.deps.db.t;
  const [row] = await t.deps.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return row!;
};
const hoursStatus = async (invoiceId: string) => {
  const { activities } = t.deps.db.t;
  const [row] = await t.deps.db.select().from(activities).where(eq(activities.invoiceId, invoiceId));
  return row?.status;
};

describe('settlement', () => {
  it('counts only completed payments toward the paid total, in any letter case and with spaces around the status', async () => {
    const invoice = await invoiceWith(10_000, [[2_500, 'completed'], [4_000, 'failed'], [1_000, 'pending'], [500, 'Completed'], [1_500, 'completed'], [250, ' COMPLETED '], [300, 'completed!']]);
    expect(await paidCents(t.deps.db, invoice.id)).toBe(4_750);
    expect(await paidCents(t.deps.db, 'no such invoice')).toBe(0);
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

  it('completes the invoice and its hours when paid in full, and reopens both when it no longer is', async () => {
    const invoice = await invoiceWith(5_000, [[5_000, 'completed']]);
    expect(await settle(invoice.id)).toEqual({ status: 'Completed', completeStatus: true });
    expect(await stored(invoice.id)).toMatchObject({ status: 'Completed', completeStatus: true });
    expect(await hoursStatus(invoice.id)).toBe('completed');
    await write((tx) => tx.update(tx.t.payments).set({ status: 'refunded' }).where(eq(tx.t.payments.invoiceId, invoice.id)));
    await settle(invoice.id);
    expect(await stored(invoice.id)).toMatchObject({ status: 'Pending', completeStatus: false });
    expect(await hoursStatus(invoice.id)).toBe('pending');
  });

  it('records the hours activated when the invoice becomes paid in full and deactivated when it no longer is, once each', async () => {
    const invoice = await invoiceWith(5_000, [[5_000, 'completed']]);
    await settle(invoice.id);
    await settle(invoice.id);
    await write((tx) => tx.update(tx.t.payments).set({ status: 'refunded' }).where(eq(tx.t.payments.invoiceId, invoice.id)));
    await settle(invoice.id);
    await settle(invoice.id);
    expect(await eventsOf(invoice.id)).toEqual([
      { type: 'hours.activated', actorId: 'boss', actorLabel: boss.actorLabel, companyId, changes: { status: { before: 'Pending', after: 'Completed' }, completeStatus: { before: false, after: true } } },
      { type: 'hours.deactivated', actorId: 'boss', actorLabel: boss.actorLabel, companyId, changes: { status: { before: 'Completed', after: 'Pending' }, completeStatus: { before: true, after: false } } },
    ]);
  });

  it('a settlement refused for overpayment records nothing', async () => {
    const invoice = await invoiceWith(1_000, [[1_500, 'completed']]);
    await expect(settle(invoice.id)).rejects.toThrow('more than its price');
    expect(await eventsOf(invoice.id)).toEqual([]);
    // the payment written past settlement goes, so the invoices are in step again for the tests below
    await write((tx) => tx.delete(tx.t.payments).where(eq(tx.t.payments.invoiceId, invoice.id)));
  });

  it('a new invoice is written settled at once: a 0 price is Completed with its hours counted', async () => {
    const free = await createInvoice(t.deps, boss, { company: companyId, description: 'Free hours', hours: 2, rate: 0, selectedPaymentMethod: '', sendInvoiceEmail: false });
    expect(free).toMatchObject({ status: 'Completed', completeStatus: true, price: 0 });
    expect(await hoursStatus(free._id)).toBe('completed');
    expect((await eventsOf(free._id)).map((event) => event.type)).toEqual(['invoice.created', 'hours.activated']);
    const billed = await createInvoice(t.deps, boss, { company: companyId, description: 'Billed hours', hours: 2, rate: 10, selectedPaymentMethod: '', sendInvoiceEmail: false });
    expect(billed).toMatchObject({ status: 'Pending', completeStatus: false, price: 20 });
    expect(await hoursStatus(billed._id)).toBe('pending');
    expect((await eventsOf(billed._id)).map((event) => event.type)).toEqual(['invoice.created']);
  });
});

describe('invoices stored before any letter case of completed counted', () => {
  const figures = async (id: string) => {
    const { companies } = t.deps.db.t;
    const [row] = await t.deps.db.select({ balance: companies.balanceHundredths, pending: companies.pendingHundredths }).from(companies).where(eq(companies.id, id));
    return row;
  };
  const logger = () => ({ warn: vi.fn() });
  const recount = (log: ReturnType<typeof logger>) => settleRecountedInvoices(t.deps.db, log, t.deps);

  it('are settled again at start, hours and company figures with them; once in step, nothing is written', async () => {
    const invoice = await invoiceWith(5_000, [[3_000, 'completed']]);
    await settle(invoice.id);
    // a payment saved as "Completed" when that did not count: the invoice stayed open
    await write((tx) => insertPayment(tx, invoice.id, 2_000, 'Completed'));
    expect((await paidTotalsOutOfStep(t.deps.db)).map((row) => row.id)).toContain(invoice.id);

    expect(await recount(logger())).toBeGreaterThanOrEqual(1);
    expect(await stored(invoice.id)).toMatchObject({ status: 'Completed', completeStatus: true, paidCents: 5_000 });
    expect(await hoursStatus(invoice.id)).toBe('completed');
    // the app settled it by itself: its hours activated, as no one's
    expect((await eventsOf(invoice.id)).map((event) => [event.type, event.actorId, event.actorLabel])).toEqual([['hours.activated', null, AUTOMATIC.actorLabel]]);
    expect(await paidTotalsOutOfStep(t.deps.db)).toEqual([]);
    expect(await figures(companyId)).toEqual(await companyHours(t.deps.db, companyId));

    expect(await recount(logger())).toBe(0);
  });

  it('one they would overpay is left as it was and named in a warning', async () => {
    const invoice = await invoiceWith(1_000, [[1_000, 'completed']]);
    await settle(invoice.id);
    await write((tx) => insertPayment(tx, invoice.id, 500, ' COMPLETED '));
    const log = logger();
    await recount(log);
    expect(await stored(invoice.id)).toMatchObject({ completeStatus: true, paidCents: 1_000 });
    expect(log.warn).toHaveBeenCalledWith(
      { invoice: invoice.invoiceNumber },
      expect.stringContaining('would come to $15, more than its price of $10'),
    );
  });
});
