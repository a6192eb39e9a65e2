import { eq } from 'drizzle-orm';
import { companies, payments } from '../../../../drizzle/schema.js';
import { dollarsToCents } from '../../../shared/hours.js';
import type { Page } from '../../../shared/list.js';
import { countsTowardBalance, type PaymentDto, type PaymentForm, type PaymentListQuery } from '../../../shared/payments.js';
import { inTransaction, type Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { companyRecipients } from '../../mail/recipients.js';
import { settleInvoice } from '../billing/settlement.js';
import { findInvoice, findInvoiceRow } from '../invoices/service.js';
import { paymentReceiptEmail } from './emails.js';
import { findPayment, findPaymentRow, listPayments } from './queries.js';
import { providerOf } from '../settings/service.js';

/** A page of every company's payments, newest payment date first by default. */
export function allPayments(deps: AppDeps, query: PaymentListQuery): Page<PaymentDto> {
  return listPayments(deps.db, query, deps.config.timeZone);
}

/** The invoice the form names must be the company's; whether the payment fits its price is settlement's call. */
function checkTarget(tx: Tx, form: PaymentForm): void {
  const company = tx.select({ id: companies.id }).from(companies).where(eq(companies.id, form.company)).get();
  if (!company) throw notFound('Company');
  const invoice = findInvoiceRow(tx, form.invoice);
  if (invoice.companyId !== form.company) {
    throw new AppError('BAD_REQUEST', 'That invoice does not belong to the chosen company.', 'invoice');
  }
}

const fieldsOf = (form: PaymentForm) => ({
  invoiceId: form.invoice,
  companyId: form.company,
  amountCents: dollarsToCents(form.amount),
  description: form.description,
  status: form.status,
  method: form.method,
  transactionId: form.transactionId,
  sendEmail: form.sendEmail,
});

export function createPayment(deps: AppDeps, form: PaymentForm): PaymentDto {
  return inTransaction(deps.db, (tx) => {
    checkTarget(tx, form);
    const now = deps.clock.now();
    const id = newId();
    tx.insert(payments)
      .values({ id, ...fieldsOf(form), paymentDate: form.paymentDate ? new Date(form.paymentDate) : now, createdAt: now })
      .run();
    settleInvoice(tx, form.invoice, 'amount');
    const payment = findPayment(tx, id);
    // the receipt thanks the client for money received; a failed or pending payment was not
    if (form.sendEmail && countsTowardBalance(form.status)) {
      deps.outbox.enqueue(tx, {
        to: companyRecipients(tx, form.company),
        ...paymentReceiptEmail(providerOf(deps.config, tx), payment, findInvoice(tx, deps, form.invoice), deps.config.appUrl),
      });
    }
    return payment;
  });
}

/** An edit may move the payment to another invoice of the company; both invoices are settled. */
export function updatePayment(deps: AppDeps, id: string, form: PaymentForm): PaymentDto {
  return inTransaction(deps.db, (tx) => {
    const current = findPaymentRow(tx, id);
    checkTarget(tx, form);
    tx.update(payments)
      .set({ ...fieldsOf(form), paymentDate: form.paymentDate ? new Date(form.paymentDate) : current.paymentDate })
      .where(eq(payments.id, id))
      .run();
    settleInvoice(tx, form.invoice, 'amount');
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
