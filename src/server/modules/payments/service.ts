import { eq } from 'drizzle-orm';
import type { EventType } from '../../../shared/events.js';
import { dollarsToCents } from '../../../shared/hours.js';
import type { Page } from '../../../shared/list.js';
import { countsTowardBalance, type PaymentDto, type PaymentForm, type PaymentListQuery } from '../../../shared/payments.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { inCompanyTurn } from '../../database/company-turn.js';
import { companyTurn } from '../../database/port.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { companyRecipients } from '../../mail/recipients.js';
import { settleInvoice } from '../billing/settlement.js';
import { changeEvents, recordEvents, type EventSource, type NewEvent } from '../events/service.js';
import { findInvoice, findInvoiceRow } from '../invoices/service.js';
import { paymentReceiptEmail } from './emails.js';
import { findPayment, listPayments, PAYMENT_EVENT_FIELDS } from './queries.js';
import { providerOf } from '../settings/service.js';

/** A page of every company's payments, newest payment date first by default. */
export async function allPayments(deps: AppDeps, query: PaymentListQuery): Promise<Page<PaymentDto>> {
  return listPayments(deps.db, query, deps.config.timeZone);
}

/** The invoice the form names must be the company's; whether the payment fits its price is settlement's call. */
async function checkTarget(tx: Tx, form: PaymentForm): Promise<void> {
  const { companies } = tx.t;
  const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, form.company));
  if (!company) throw notFound('Company');
  const invoice = await findInvoiceRow(tx, form.invoice);
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

/** The receipt thanks the client for money received; a failed or pending payment was not. */
async function emailReceipt(tx: Tx, deps: AppDeps, form: PaymentForm, payment: PaymentDto): Promise<void> {
  if (!form.sendEmail || !countsTowardBalance(form.status)) return;
  await deps.outbox.enqueue(tx, {
    to: await companyRecipients(tx, form.company),
    ...paymentReceiptEmail(await providerOf(deps.config, tx), payment, await findInvoice(tx, deps, form.invoice), deps.config.appUrl),
  });
}

/**
 * The event of a payment recorded, changed or removed, with its fields as they were and became; none
 * for a change that left them as they were. What it does to its invoice's hours, settleInvoice records.
 */
function paymentEvents(type: EventType, before: PaymentDto | undefined, after: PaymentDto | undefined): NewEvent[] {
  const payment = (after ?? before)!;
  return changeEvents(type, { companyId: payment.company, subjectType: 'payment', subjectId: payment._id }, before, after, PAYMENT_EVENT_FIELDS);
}

export async function createPayment(deps: AppDeps, source: EventSource, form: PaymentForm): Promise<PaymentDto> {
  return deps.db.transaction(async (tx) => {
    const { payments } = tx.t;
    await checkTarget(tx, form);
    const now = deps.clock.now();
    const id = newId();
    await tx.insert(payments).values({ id, ...fieldsOf(form), paymentDate: form.paymentDate ? new Date(form.paymentDate) : now, createdAt: now });
    await settleInvoice(deps, tx, source, form.invoice, 'amount');
    const payment = await findPayment(tx, id);
    await emailReceipt(tx, deps, form, payment);
    await recordEvents(tx, source, now, paymentEvents('payment.created', undefined, payment));
    return payment;
  }, companyTurn(form.company));
}

/** An edit may move the payment to another invoice of the company; both invoices are settled. */
export async function updatePayment(deps: AppDeps, source: EventSource, id: string, form: PaymentForm): Promise<PaymentDto> {
  // a payment that stays with its company is changed in that company's turn; a move takes the whole turn
  const stays = async (tx: Tx) => ((await companyOfPayment(tx, id)) === form.company ? form.company : null);
  return inCompanyTurn(deps.db, stays, async (tx) => {
    const { payments } = tx.t;
    const before = await findPayment(tx, id);
    await checkTarget(tx, form);
    await tx
      .update(payments)
      .set({ ...fieldsOf(form), paymentDate: form.paymentDate ? new Date(form.paymentDate) : new Date(before.paymentDate) })
      .where(eq(payments.id, id));
    await settleInvoice(deps, tx, source, form.invoice, 'amount');
    if (before.invoice._id !== form.invoice) await settleInvoice(deps, tx, source, before.invoice._id);
    const payment = await findPayment(tx, id);
    await recordEvents(tx, source, deps.clock.now(), paymentEvents('payment.updated', before, payment));
    return payment;
  });
}

export async function deletePayment(deps: AppDeps, source: EventSource, id: string): Promise<void> {
  await inCompanyTurn(deps.db, (tx) => companyOfPayment(tx, id), async (tx) => {
    const { payments } = tx.t;
    const before = await findPayment(tx, id);
    await findInvoiceRow(tx, before.invoice._id);
    await tx.delete(payments).where(eq(payments.id, id));
    await settleInvoice(deps, tx, source, before.invoice._id);
    await recordEvents(tx, source, deps.clock.now(), paymentEvents('payment.deleted', before, undefined));
  });
}

/** The company a payment is of, for the turn its changes take; null when there is no such payment. */
async function companyOfPayment(tx: Tx, id: string): Promise<string | null> {
  const { payments } = tx.t;
  const [payment] = await tx.select({ companyId: payments.companyId }).from(payments).where(eq(payments.id, id));
  return payment?.companyId ?? null;
}
