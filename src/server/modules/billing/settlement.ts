import { and, eq, sql } from 'drizzle-orm';
import { invoices, payments } from '../../../../drizzle/schema.js';
import { formatDollars } from '../../../shared/format.js';
import { centsToDollars } from '../../../shared/hours.js';
import { COUNTING_PAYMENT_STATUS } from '../../../shared/payments.js';
import { invoiceStatusOf, isPaidInFull, type InvoiceStatus } from '../../../shared/pricing.js';
import type { Tx } from '../../db.js';
import { AppError, notFound } from '../../errors.js';
import { completeInvoiceHours, reopenInvoiceHours, type ActivityStatus } from '../activities/ledger.js';

/*
 * Where invoices and payments meet. Only completed payments count toward an invoice; they may add
 * up to its price and never more. An invoice paid in full is Completed and its hours count toward
 * the company's balance; until then its hours stay pending. Every change of an invoice's price or
 * of its payments ends with settleInvoice, inside the same transaction, so a refused change
 * writes nothing, and the paid total it stores (paid_cents, which the balance sort and the
 * receivable figures read) is always the sum of the completed payments.
 */

/**
 * SQL: the payment counts toward its invoice (countsTowardBalance in shared/payments.ts). The unary +
 * keeps SQLite from reading an invoice's payments through payments_status_idx (the list's status
 * sort): nearly every payment is completed, so that would read them all; payments_invoice_idx is right.
 */
export const countsTowardBalanceSql = sql`+${payments.status} = ${COUNTING_PAYMENT_STATUS}`;

/** SQL: the invoice is not paid in full, spelled as the partial index invoices_open_idx is, so SQLite uses it. */
export const openInvoiceSql = sql`${invoices.completeStatus} = 0`;

/** The cents counted toward the invoice. */
export function paidCents(tx: Tx, invoiceId: string): number {
  const row = tx
    .select({ total: sql<number>`coalesce(sum(${payments.amountCents}), 0)` })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), countsTowardBalanceSql))
    .get();
  return row?.total ?? 0;
}

export type Settlement = { status: InvoiceStatus; completeStatus: boolean };

/**
 * The status of an invoice with this price and these counted payments; refuses payments beyond the
 * price, naming `field` (the form's input that went too far: a payment's amount, an invoice's price).
 */
export function settlementOf(invoice: { invoiceNumber: string; priceCents: number }, paid: number, field?: string): Settlement {
  if (paid > invoice.priceCents) {
    throw new AppError(
      'BAD_REQUEST',
      `The completed payments on invoice ${invoice.invoiceNumber} would come to ${formatDollars(centsToDollars(paid))}, more than its price of ${formatDollars(centsToDollars(invoice.priceCents))}.`,
      field,
    );
  }
  return { status: invoiceStatusOf(invoice.priceCents, paid), completeStatus: isPaidInFull(invoice.priceCents - paid) };
}

/** The status of the invoice's hours entry: they count once the invoice is paid in full. */
export function hoursStatusOf(settlement: Settlement): ActivityStatus {
  return settlement.completeStatus ? 'completed' : 'pending';
}

/** Brings the invoice's stored paid total, status and hours in step with its price and counted payments; a refusal names `field`. */
export function settleInvoice(tx: Tx, invoiceId: string, field?: string): Settlement {
  const invoice = tx
    .select({ invoiceNumber: invoices.invoiceNumber, priceCents: invoices.priceCents })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .get();
  if (!invoice) throw notFound('Invoice');
  const paid = paidCents(tx, invoiceId);
  const settlement = settlementOf(invoice, paid, field);
  tx.update(invoices).set({ ...settlement, paidCents: paid }).where(eq(invoices.id, invoiceId)).run();
  if (settlement.completeStatus) completeInvoiceHours(tx, invoiceId);
  else reopenInvoiceHours(tx, invoiceId);
  return settlement;
}
