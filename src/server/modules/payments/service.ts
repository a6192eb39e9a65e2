import { eq } from 'drizzle-orm';
import { companies, invoices, payments } from '../../../../drizzle/schema.js';
import { centsToDollars, dollarsToCents } from '../../../shared/hours.js';
import type { Page } from '../../../shared/list.js';
import { countsTowardBalance, type PaymentDto, type PaymentForm, type PaymentListQuery } from '../../../shared/payments.js';
import { formatDollars } from '../../../shared/format.js';
import { inTransaction, type Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { companyRecipients } from '../../mail/recipients.js';
import { findInvoice, findInvoiceRow, paidCents, settleInvoice } from '../invoices/service.js';
import { paymentReceiptEmail } from './emails.js';
import { findPayment, findPaymentRow, listPayments, type PaymentRow } from './queries.js';

/** A page of every company's payments, newest payment date first by default. */
export function allPayments(deps: AppDeps, query: PaymentListQuery): Page<PaymentDto> {
  return listPayments(deps.db, query);
}

/**
 * The invoice the form names must be the company's, and a payment that counts must fit its balance.
 * `replacing` is the payment being edited, whose counted amount is available again on its own invoice.
 */
function checkPayment(tx: Tx, form: PaymentForm, replacing?: PaymentRow): number {
  const company = tx.select({ id: companies.id }).from(companies).where(eq(companies.id, form.company)).get();
  if (!company) throw notFound('Company');
  const invoice = tx.select().from(invoices).where(eq(invoices.id, form.invoice)).get();
  if (!invoice) throw notFound('Invoice');
  if (invoice.companyId !== form.company) {
    throw new AppError('BAD_REQUEST', 'That invoice does not belong to the chosen company.');
  }
  const amountCents = dollarsToCents(form.amount);
  // a failed or pending payment takes nothing off the balance, so it cannot overpay
  if (!countsTowardBalance(form.status)) return amountCents;
  const freed = replacing && replacing.invoiceId === invoice.id && countsTowardBalance(replacing.status) ? replacing.amountCents : 0;
  const balance = invoice.priceCents - paidCents(tx, invoice.id) + freed;
  if (balance <= 0) {
    throw new AppError('BAD_REQUEST', `Invoice ${invoice.invoiceNumber} is already paid in full.`);
  }
  if (amountCents > balance) {
    throw new AppError(
      'BAD_REQUEST',
      `The payment of ${formatDollars(centsToDollars(amountCents))} is more than the remaining balance of invoice ${invoice.invoiceNumber} (${formatDollars(centsToDollars(balance))}).`,
    );
  }
  return amountCents;
}

const fieldsOf = (form: PaymentForm, amountCents: number) => ({
  invoiceId: form.invoice,
  companyId: form.company,
  amountCents,
  description: form.description,
  status: form.status,
  method: form.method,
  transactionId: form.transactionId,
  sendEmail: form.sendEmail,
});

export function createPayment(deps: AppDeps, form: PaymentForm): PaymentDto {
  return inTransaction(deps.db, (tx) => {
    const amountCents = checkPayment(tx, form);
    const now = deps.clock.now();
    const id = newId();
    tx.insert(payments)
      .values({ id, ...fieldsOf(form, amountCents), paymentDate: form.paymentDate ? new Date(form.paymentDate) : now, createdAt: now })
      .run();
    settleInvoice(tx, form.invoice);
    const payment = findPayment(tx, id);
    // the receipt thanks the client for money received; a failed or pending payment was not
    if (form.sendEmail && countsTowardBalance(form.status)) {
      deps.outbox.enqueue(tx, {
        to: companyRecipients(tx, form.company),
        ...paymentReceiptEmail(deps.config.provider, payment, findInvoice(tx, deps, form.invoice), deps.config.appUrl),
      });
    }
    return payment;
  });
}

/** An edit may move the payment to another invoice of the company; both invoices are settled. */
export function updatePayment(deps: AppDeps, id: string, form: PaymentForm): PaymentDto {
  return inTransaction(deps.db, (tx) => {
    const current = findPaymentRow(tx, id);
    const amountCents = checkPayment(tx, form, current);
    tx.update(payments)
      .set({ ...fieldsOf(form, amountCents), paymentDate: form.paymentDate ? new Date(form.paymentDate) : current.paymentDate })
      .where(eq(payments.id, id))
      .run();
    settleInvoice(tx, form.invoice);
    if (current.invoiceId !== form.invoice) settleInvoice(tx, current.invoiceId);
    return findPayment(tx, id);
  });
}

export function deletePayment(deps: AppDeps, id: string): void {
  inTransaction(deps.db, (tx) => {
    const current = findPaymentRow(tx, id);
    findInvoiceRow(tx, current.invoiceId);
    tx.delete(payments).where(eq(payments.id, id)).run();
    settleInvoice(tx, current.invoiceId);
  });
}
