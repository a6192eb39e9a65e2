import { z } from 'zod';
import { calendarDate } from './date-range.js';
import { dollarsToCents } from './hours.js';
import { PAYMENT_METHODS } from './payment-options.js';
import { MAX_PAYMENT } from './payments.js';
import { idParam, numberField, optionalLine, requiredLine } from './validation.js';

/*
 * Payments the customer reports (docs/product-rules.md#payments-the-customer-reports): a company
 * admin says "I've sent the payment" on an invoice not paid in full; the provider confirms it (it
 * becomes a payment) or rejects it with a reason. Nothing reported counts until it is confirmed.
 */

export const REPORT_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The largest proof kept, and what it may be (decided from its bytes, src/server/lib/file-types.ts). */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_TYPES_TEXT = 'a PDF, PNG or JPEG';
export const PROOF_ACCEPT = 'application/pdf,image/png,image/jpeg';
export const PROOF_RULE_TEXT = `A PDF, PNG or JPEG of at most ${PROOF_MAX_BYTES / 1024 / 1024} MB`;
export const PROOF_TOO_LARGE = `The proof must be at most ${PROOF_MAX_BYTES / 1024 / 1024} MB.`;
export const PROOF_WRONG_TYPE = `The proof must be ${PROOF_TYPES_TEXT} file.`;
/** A proof's data URL: base64 takes 4 characters per 3 bytes, plus the `data:…;base64,` prefix. */
export const PROOF_MAX_DATA_URL = Math.ceil(PROOF_MAX_BYTES / 3) * 4 + 100;

/** How far back a reported payment may be dated. */
export const REPORT_MAX_AGE_DAYS = 366;
export const REFERENCE_MAX = 200;
export const REJECT_REASON_MAX = 500;

export const REPORT_DATE_IN_FUTURE = 'The payment date cannot be in the future.';
export const REPORT_DATE_TOO_OLD = `The payment date can be at most ${REPORT_MAX_AGE_DAYS} days in the past.`;
export const REPORT_AMOUNT_OVER_OWED = (owed: string) => `The amount cannot be more than what is still owed on the invoice (${owed}).`;
export const INVOICE_ALREADY_PAID = 'This invoice is paid in full; there is nothing left to report.';
export const REPORT_ALREADY_PENDING = 'A payment reported for this invoice is still waiting for the provider. Wait for it to be confirmed or rejected before reporting another.';
export const REPORT_ALREADY_DECIDED = 'This reported payment has already been confirmed or rejected.';

const amount = numberField('Amount', { gt: 0, max: MAX_PAYMENT }).refine((value) => dollarsToCents(value) > 0, 'Amount must be at least 0.01.');
const method = z.enum(PAYMENT_METHODS, { message: 'Method must be ACH, Zelle, Check or Cash.' });

/** The customer's report: the invoice by id (in the path on REST), what was paid, how and when, and an optional proof. */
export const reportPaymentInput = z.object({
  invoice: idParam.describe('The invoice paid (its _id).'),
  method: method.describe('How the money was sent: ACH, Zelle, Check or Cash.'),
  amount: amount.describe('Dollars sent, at most two decimals; at most what is still owed.'),
  paidOn: calendarDate('Payment date').describe('The day the payment was sent (YYYY-MM-DD); not in the future.'),
  reference: optionalLine('Reference', REFERENCE_MAX).describe('The transfer, Zelle or check number, one line.'),
  proof: z
    .string({ message: 'The proof must be a data URL.' })
    .max(PROOF_MAX_DATA_URL, PROOF_TOO_LARGE)
    .nullish()
    .describe(`Optional: ${PROOF_TYPES_TEXT} of at most 5 MB as a data URL (data:application/pdf;base64,...). Its type is read from its bytes; the type the URL names is ignored.`),
});
export type ReportPaymentInput = z.output<typeof reportPaymentInput>;

/** The provider's confirmation: the report's values, as the dialog shows them prefilled, changed where the money arrived otherwise. */
export const confirmReportInput = z.object({
  id: idParam,
  amount: amount.describe('Dollars received; prefilled with the amount reported.'),
  method: method.describe('How it arrived; prefilled with the method reported.'),
  paidOn: calendarDate('Payment date').describe('The payment\'s date (YYYY-MM-DD); prefilled with the day reported.'),
  reference: optionalLine('Reference', REFERENCE_MAX).describe("The payment's transactionId; prefilled with the reference reported."),
  sendEmail: z.boolean({ message: 'sendEmail must be true or false.' }).default(true).describe('Email the company a receipt (default true).'),
});
export type ConfirmReportInput = z.output<typeof confirmReportInput>;

export const rejectReportInput = z.object({
  id: idParam,
  reason: requiredLine('Reason', REJECT_REASON_MAX, 'A reason is required.').describe('Why it is rejected; emailed to the customer and shown on their invoice.'),
});

export const reportIdInput = z.object({ id: idParam });

export const reportedPaymentOutput = z.object({
  _id: z.string(),
  invoice: z.object({ _id: z.string(), invoiceId: z.string() }),
  company: z.string(),
  companyName: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().describe('Dollars.'),
  paidOn: z.string().describe('YYYY-MM-DD.'),
  reference: z.string(),
  status: z.enum(REPORT_STATUSES),
  rejectReason: z.string().nullable(),
  /** The payment it became, once confirmed. */
  payment: z.string().nullable(),
  reportedBy: z.string().describe('Name of who reported it, as it reads now; empty once the user is gone.'),
  reportedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  proof: z.object({ contentType: z.string(), bytes: z.number() }).nullable().describe('The proof sent with it, if any; fetch it with GET /reported-payments/{id}/proof.'),
});
export type ReportedPaymentDto = z.infer<typeof reportedPaymentOutput>;

/** The overview's card: how many reports wait for the provider, and the oldest few of them. */
export const REPORTS_SHOWN = 5;
export const pendingReportsOutput = z.object({ count: z.number().int(), oldest: z.array(reportedPaymentOutput) });
export type PendingReportsDto = z.infer<typeof pendingReportsOutput>;

/** What a report is called on screens and in emails: "Payment reported", "Payment confirmed", "Payment report rejected". */
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  pending: 'Payment reported',
  confirmed: 'Payment confirmed',
  rejected: 'Payment report rejected',
};

