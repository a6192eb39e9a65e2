import { z } from 'zod';
import { dollarsToCents } from './hours.js';
import { dateRangeChecked, dateRangeFields, type DateRange } from './date-range.js';
import { listInput, type ListQuery } from './list.js';
import { PAYMENT_METHODS, paymentMethodForInvoice, type PaymentMethod } from './payment-options.js';
import { dateTimeField, idParam, numberField, singleLine } from './validation.js';

/**
 * The one payment status that counts toward an invoice's balance (money actually received). Status
 * is free text, so it counts in any letter case and with spaces around it: "Completed" typed by
 * hand is the same money received (docs/product-rules.md#payments).
 */
export const COUNTING_PAYMENT_STATUS = 'completed';

/** A new payment's status. */
export const DEFAULT_PAYMENT_STATUS = COUNTING_PAYMENT_STATUS;

/** The statuses the payment form offers; Status stays free text, and any other text does not count. */
export const PAYMENT_STATUSES = [COUNTING_PAYMENT_STATUS, 'pending', 'failed', 'refunded'] as const;

/** Whether a payment with this status pays off its invoice: only a completed one does, whatever its letter case. */
export function countsTowardBalance(status: string): boolean {
  return status.trim().toLowerCase() === COUNTING_PAYMENT_STATUS;
}

/** What the payment form says beside its free-text Status box, about the status as typed. */
export function countingStatusNote(status: string): string {
  if (countsTowardBalance(status)) return "Counts toward the invoice's balance";
  if (status.trim() === '') return `Left empty, it is saved as "${DEFAULT_PAYMENT_STATUS}" and counts toward the invoice's balance`;
  return `Does not count toward the invoice's balance: only "${COUNTING_PAYMENT_STATUS}" does`;
}

export const SEND_EMAIL_DEFAULT = true;
export const MAX_PAYMENT = 1_000_000_000;

export const paymentOutput = z.object({
  _id: z.string(),
  invoice: z.object({ _id: z.string(), invoiceId: z.string() }),
  amount: z.number(),
  description: z.string(),
  status: z.string(),
  method: z.string(),
  paymentDate: z.string(),
  company: z.string(),
  companyName: z.string(),
  transactionId: z.string(),
  sendEmail: z.boolean(),
});
export type PaymentDto = z.infer<typeof paymentOutput>;

const id = (what: string) =>
  z.string({ message: `${what} is required.` }).trim().min(1, `${what} is required.`).max(64, `That ${what.toLowerCase()} id is not valid.`);

/** The super-admin payment form. */
export const paymentFormInput = z.object({
  /** The form shows a read-only Payment Id; the path names the payment on edit. */
  _id: z.string().max(64, 'That id is not valid.').nullish(),
  company: id('Company'),
  invoice: id('Invoice'),
  amount: numberField('Amount', { gt: 0, max: MAX_PAYMENT }).refine((value) => dollarsToCents(value) > 0, 'Amount must be at least 0.01.'),
  method: z.enum(PAYMENT_METHODS, { message: 'Method must be ACH, Zelle, Check or Cash.' }),
  status: singleLine(z.string().trim().max(50, 'Status must be at most 50 characters.'), 'Status')
    .nullish()
    .transform((status) => status || DEFAULT_PAYMENT_STATUS),
  paymentDate: dateTimeField('Date', 'Date must be an ISO date-time, such as 2026-03-02T15:00:00Z.').nullish(),
  description: z.string().trim().max(5000, 'Description must be at most 5000 characters.').nullish().transform((v) => v ?? ''),
  transactionId: singleLine(z.string().trim().max(200, 'TransactionId must be at most 200 characters.'), 'TransactionId').nullish().transform((v) => v ?? ''),
  sendEmail: z.boolean({ message: 'sendEmail must be true or false.' }).default(SEND_EMAIL_DEFAULT),
});
export type PaymentForm = z.output<typeof paymentFormInput>;

export const paymentUpdateInput = paymentFormInput.safeExtend({ id: idParam });

/** The sortable columns of the Payments list; newest payment date first by default. */
export const PAYMENT_SORT_KEYS = ['paymentDate', 'companyName', 'amount', 'method', 'invoice', 'status'] as const;
export type PaymentSortKey = (typeof PAYMENT_SORT_KEYS)[number];
export const paymentListInput = dateRangeChecked(
  listInput(PAYMENT_SORT_KEYS, { sort: 'paymentDate', dir: 'desc' }).unwrap().extend(dateRangeFields('payments whose date is')),
).prefault({});
export type PaymentListQuery = ListQuery<PaymentSortKey> & DateRange;

/** What a new payment against an invoice starts with: its remaining balance and the method the customer chose. */
export type PaymentPrefill = { amount: number | null; method: PaymentMethod | null };

/** A payment that settles the invoice: the open balance (none when nothing is owed) by its intended method. */
export function paymentPrefillFor(invoice: { remainingBalance: number; selectedPaymentMethod: string }): PaymentPrefill {
  return {
    amount: invoice.remainingBalance > 0 ? invoice.remainingBalance : null,
    method: paymentMethodForInvoice(invoice.selectedPaymentMethod),
  };
}
