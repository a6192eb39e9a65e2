import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedEvents } from '../../testing/events.js';
import { invoiceListInput, type InvoiceForm } from '../../../shared/invoices.js';
import { MAX_PER_PAGE } from '../../../shared/list.js';
import { countsTowardBalance, PAYMENT_STATUSES } from '../../../shared/payments.js';
import { isPaidInFull, priceCentsOf } from '../../../shared/pricing.js';
import { createCompany } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { hourBalance, pendingHours } from '../../testing/ledger-sums.js';
import { allInvoices, createInvoice, deleteInvoice, updateInvoice } from '../invoices/service.js';
import { sourceOf } from '../events/service.js';
import { createPayment, deletePayment, updatePayment } from '../payments/service.js';

/*
 * After any sequence of invoice and payment changes over two companies, every invoice's balance and
 * completeStatus, and every company's hour balance and pending hours, match a plain model; a change the
 * model calls invalid is refused and changes nothing. Payments get any status (the form's four and free
 * text); only completed ones count toward a balance. Each invoice's hours events tell the same story:
 * activated and deactivated in turn, the last saying whether it is paid in full now.
 */

type ModelPayment = { cents: number; status: string };
type ModelInvoice = { id: string; company: string; hundredths: number; priceCents: number; payments: Map<string, ModelPayment> };

const status = fc.constantFrom(...PAYMENT_STATUSES, 'Completed', 'bounced');

const amounts = { hundredths: fc.integer({ min: 0, max: 2000 }), rateCents: fc.integer({ min: 0, max: 20_000 }), priceCents: fc.integer({ min: 0, max: 50_000 }) };
const op = fc.oneof(
  fc.record({ kind: fc.constant('createInvoice' as const), company: fc.nat(1), ...amounts }),
  fc.record({ kind: fc.constant('updateInvoice' as const), pick: fc.nat(), ...amounts }),
  fc.record({ kind: fc.constant('deleteInvoice' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('createPayment' as const), pick: fc.nat(), cents: fc.integer({ min: 1, max: 30_000 }), status }),
  fc.record({ kind: fc.constant('updatePayment' as const), pick: fc.nat(), target: fc.nat(), cents: fc.integer({ min: 1, max: 30_000 }), status }),
  fc.record({ kind: fc.constant('changePaymentStatus' as const), pick: fc.nat(), status }),
  fc.record({ kind: fc.constant('deletePayment' as const), pick: fc.nat() }),
);

/** The provider making the changes, as a request's context names them. */
const boss = sourceOf({ userId: 'boss', firstName: 'Pat', lastName: 'Provider', emailAddress: 'pat@example.com' }, '203.0.113.9');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const counted = (payment: ModelPayment | undefined) => (payment && countsTowardBalance(payment.status) ? payment.cents : 0);
const paidOf = (invoice: ModelInvoice) => [...invoice.payments.values()].reduce((sum, payment) => sum + counted(payment), 0);
/** The types of the hours events recorded of the invoice, in the order they were written. */
async function hoursEventsOf(invoiceId: string): Promise<string[]> {
  const rows = await recordedEvents(t.deps.db, { subjectId: invoiceId });
  return rows.map((row) => row.type).filter((type) => type.startsWith('hours.'));
}

/** A payment may be recorded when it does not count, or when it fits the balance left. */
const fits = (status: string, cents: number, balance: number) => !countsTowardBalance(status) || (balance > 0 && cents <= balance);

describe('invoice settlement', () => {
  it('matches the model after any sequence of changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        const companies = [(await createCompany(t.deps.db)).id, (await createCompany(t.deps.db)).id];
        const model: ModelInvoice[] = [];
        const form = (company: string, o: { hundredths: number; rateCents: number; priceCents: number }): InvoiceForm => ({
          company,
          description: 'Hours',
          hours: o.hundredths / 100,
          rate: o.rateCents / 100,
          price: o.priceCents / 100,
          sendInvoiceEmail: false,
          selectedPaymentMethod: '',
          transactionDate: undefined,
          packageId: undefined,
        });
        const priceOf = (o: { hundredths: number; rateCents: number; priceCents: number }) => (o.hundredths > 0 ? priceCentsOf(o.hundredths, o.rateCents) : o.priceCents);
        const allPayments = () => model.flatMap((invoice) => [...invoice.payments.keys()].map((id) => ({ id, invoice })));
        const expectOutcome = async (valid: boolean, run: () => Promise<unknown>) => {
          if (valid) await run();
          else await expect(run()).rejects.toThrow();
        };

        for (const o of ops) {
          switch (o.kind) {
            case 'createInvoice': {
              const company = companies[o.company]!;
              const created = await createInvoice(t.deps, boss, form(company, o));
              model.push({ id: created._id, company, hundredths: o.hundredths, priceCents: priceOf(o), payments: new Map() });
              break;
            }
            case 'updateInvoice': {
              const invoice = model[o.pick % Math.max(1, model.length)];
              if (!invoice) break;
              const price = priceOf(o);
              await expectOutcome(price >= paidOf(invoice), () => updateInvoice(t.deps, boss, invoice.id, form(invoice.company, o)));
              if (price >= paidOf(invoice)) Object.assign(invoice, { hundredths: o.hundredths, priceCents: price });
              break;
            }
            case 'deleteInvoice': {
              const index = o.pick % Math.max(1, model.length);
              const invoice = model[index];
              if (!invoice) break;
              await expectOutcome(invoice.payments.size === 0, () => deleteInvoice(t.deps, boss, invoice.id));
              if (invoice.payments.size === 0) model.splice(index, 1);
              break;
            }
            case 'createPayment': {
              const invoice = model[o.pick % Math.max(1, model.length)];
              if (!invoice) break;
              const valid = fits(o.status, o.cents, invoice.priceCents - paidOf(invoice));
              let id = '';
              await expectOutcome(valid, async () => {
                id = (await createPayment(t.deps, boss, { company: invoice.company, invoice: invoice.id, amount: o.cents / 100, method: 'ACH', status: o.status, description: '', transactionId: '', sendEmail: false }))._id;
              });
              if (valid) invoice.payments.set(id, { cents: o.cents, status: o.status });
              break;
            }
            case 'updatePayment': {
              const payments = allPayments();
              const payment = payments[o.pick % Math.max(1, payments.length)];
              if (!payment) break;
              const sameCompany = model.filter((invoice) => invoice.company === payment.invoice.company);
              const target = sameCompany[o.target % sameCompany.length]!;
              const freed = target === payment.invoice ? counted(payment.invoice.payments.get(payment.id)) : 0;
              const valid = fits(o.status, o.cents, target.priceCents - paidOf(target) + freed);
              await expectOutcome(valid, () =>
                updatePayment(t.deps, boss, payment.id, { company: target.company, invoice: target.id, amount: o.cents / 100, method: 'Cash', status: o.status, description: '', transactionId: '', sendEmail: false }),
              );
              if (valid) {
                payment.invoice.payments.delete(payment.id);
                target.payments.set(payment.id, { cents: o.cents, status: o.status });
              }
              break;
            }
            case 'changePaymentStatus': {
              // the same payment on the same invoice, only its status changes (completed -> failed and back)
              const payments = allPayments();
              const payment = payments[o.pick % Math.max(1, payments.length)];
              if (!payment) break;
              const current = payment.invoice.payments.get(payment.id)!;
              const valid = fits(o.status, current.cents, payment.invoice.priceCents - paidOf(payment.invoice) + counted(current));
              await expectOutcome(valid, () =>
                updatePayment(t.deps, boss, payment.id, { company: payment.invoice.company, invoice: payment.invoice.id, amount: current.cents / 100, method: 'ACH', status: o.status, description: '', transactionId: '', sendEmail: false }),
              );
              if (valid) current.status = o.status;
              break;
            }
            case 'deletePayment': {
              const payments = allPayments();
              const payment = payments[o.pick % Math.max(1, payments.length)];
              if (!payment) break;
              await deletePayment(t.deps, boss, payment.id);
              payment.invoice.payments.delete(payment.id);
              break;
            }
          }
        }

        const stored = new Map((await allInvoices(t.deps, invoiceListInput.parse({ perPage: MAX_PER_PAGE }))).items.map((invoice) => [invoice._id, invoice]));
        for (const invoice of model) {
          const balance = invoice.priceCents - paidOf(invoice);
          expect(stored.get(invoice.id)).toMatchObject({ remainingBalance: balance / 100, completeStatus: isPaidInFull(balance), payments: expect.any(Array) });
          expect(stored.get(invoice.id)!.payments).toHaveLength(invoice.payments.size);
          const hours = await hoursEventsOf(invoice.id);
          expect(hours).toEqual(hours.map((_, n) => (n % 2 === 0 ? 'hours.activated' : 'hours.deactivated')));
          expect(hours.at(-1) === 'hours.activated').toBe(isPaidInFull(balance));
        }
        for (const company of companies) {
          const mine = model.filter((invoice) => invoice.company === company);
          const complete = (invoice: ModelInvoice) => isPaidInFull(invoice.priceCents - paidOf(invoice));
          expect(await hourBalance(t.deps.db, company)).toBe(mine.filter(complete).reduce((sum, i) => sum + i.hundredths, 0));
          expect(await pendingHours(t.deps.db, company)).toBe(mine.filter((i) => !complete(i)).reduce((sum, i) => sum + i.hundredths, 0));
          expect([...stored.values()].filter((i) => i.company === company)).toHaveLength(mine.length);
        }
      }),
      { numRuns: 100 },
    );
  });
});
