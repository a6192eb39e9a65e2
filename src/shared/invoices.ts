import { z } from 'zod';
import { reportedPaymentOutput } from './reported-payments.js';
import { hourTermsCheck, hourTermsInput, hourTermsOutput } from './hour-blocks.js';
import { hoursCountText } from './format.js';
import { dollarsToCents, hoursToHundredths } from './hours.js';
import { dateRangeChecked, dateRangeFields, type DateRange } from './date-range.js';
import { listInput, rowFilter, type ListQuery } from './list.js';
import { INVOICE_PAYMENT_METHODS, PAYMENT_OPTIONS, type InvoicePaymentMethod } from './payment-options.js';
import { dateTimeField, idParam, numberField } from './validation.js';

export const SEND_INVOICE_EMAIL_DEFAULT = true;
export const MAX_INVOICE_HOURS = 100_000;
export const MAX_RATE = 1_000_000;
export const MAX_PRICE = 1_000_000_000;

/** What the confirmation and the invoice email say about an unpaid purchase's hours (the wording is the product's own). */
export const ACTIVATION_NOTE = 'Your added hours will become active as soon we verify your payment';

/** The delete dialog's text, also the 409 message. */
export const INVOICE_HAS_PAYMENTS = 'This action cannot be undone. You can only delete invoices that have no payments applied.';

export const invoicePaymentOutput = z.object({
  _id: z.string(),
  amount: z.number(),
  paymentDate: z.string(),
  method: z.string(),
  status: z.string(),
  description: z.string(),
  transactionId: z.string(),
});

export const invoiceOutput = z.object({
  _id: z.string(),
  invoiceId: z.string(),
  company: z.string(),
  companyName: z.string(),
  hours: z.number(),
  rate: z.number(),
  price: z.number(),
  remainingBalance: z.number(),
  description: z.string(),
  sendInvoiceEmail: z.boolean(),
  transactionDate: z.string(),
  selectedPaymentMethod: z.enum(INVOICE_PAYMENT_METHODS),
  status: z.string(),
  completeStatus: z.boolean(),
  pdfUrl: z.string(),
  payments: z.array(invoicePaymentOutput),
  /** The latest payment the customer reported for it, pending, confirmed or rejected; null when none was. */
  reportedPayment: reportedPaymentOutput
    .nullable()
    .describe('The latest payment the customer reported for the invoice (status pending, confirmed or rejected with its rejectReason); null when none was. A pending one counts for nothing until the provider confirms it.'),
  /** What becomes of the hours once the invoice is paid in full (copied from its package, or set on the form). */
  ...hourTermsOutput,
});
export type InvoiceDto = z.infer<typeof invoiceOutput>;

export const purchaseInput = z.object({
  packageId: z.string({ message: 'Choose a package.' }).trim().min(1, 'Choose a package.').max(64, 'That package id is not valid.'),
  paymentOption: z.enum(PAYMENT_OPTIONS, { message: 'Choose a payment option: ACH, QuickPay, CheckEmail or Check.' }),
});

export const purchaseOutput = z.object({
  newInvoice: z.object({
    _id: z.string(),
    invoiceId: z.string(),
    description: z.string(),
    pdfUrl: z.string(),
    price: z.number(),
    hours: z.number(),
    rate: z.number(),
  }),
});
export type PurchaseResponse = z.infer<typeof purchaseOutput>;

const amount = (what: string, max: number, toUnits: (value: number) => number) =>
  numberField(what, { min: 0, max }).refine((value) => Number.isFinite(value) && toUnits(value) >= 0, `${what} must be a number.`);

/** The super-admin invoice form. */
export const invoiceFormInput = hourTermsCheck(
  z
  .object({
    /** The form may send its own id; the path names the invoice on edit. */
    _id: z.string().max(64, 'That id is not valid.').nullish(),
    company: z.string({ message: 'Company is required.' }).trim().min(1, 'Company is required.').max(64, 'That company id is not valid.'),
    transactionDate: dateTimeField('Invoice date', 'Invoice date must be an ISO date-time, such as 2026-03-02T15:00:00Z.').nullish(),
    selectedPaymentMethod: z
      .union([z.enum(INVOICE_PAYMENT_METHODS), z.literal('None'), z.null()], {
        message: 'Intended payment method must be None, ACH, Zelle, Check or Cash.',
      })
      .optional()
      .transform((method): InvoicePaymentMethod => (method === 'None' || method == null ? '' : method)),
    packageId: z.string().trim().max(64, 'That package id is not valid.').nullish(),
    description: z
      .string({ message: 'Description is required.' })
      .trim()
      .min(1, { message: 'Description is required.', abort: true })
      .max(5000, 'Description must be at most 5000 characters.'),
    hours: amount('Hours', MAX_INVOICE_HOURS, hoursToHundredths).nullish().transform((hours) => hours ?? 0),
    rate: amount('Rate', MAX_RATE, dollarsToCents).nullish().transform((rate) => rate ?? 0),
    price: amount('Price', MAX_PRICE, dollarsToCents).nullish(),
    sendInvoiceEmail: z.boolean({ message: 'sendInvoiceEmail must be true or false.' }).default(SEND_INVOICE_EMAIL_DEFAULT),
    /** Omitted: the package's terms on a new invoice (none without a package), the invoice's own on an edit. */
    ...hourTermsInput,
  })
  .refine((form) => form.hours > 0 || form.price != null, { message: 'Price is required.', path: ['price'] }),
);
export type InvoiceForm = z.output<typeof invoiceFormInput>;

export const invoiceUpdateInput = invoiceFormInput.safeExtend({ id: idParam });

/** The sortable columns of the invoice lists; newest transaction first by default. */
export const INVOICE_SORT_KEYS = ['transactionDate', 'companyName', 'hours', 'price', 'remainingBalance', 'description', 'selectedPaymentMethod', 'status'] as const;
export type InvoiceSortKey = (typeof INVOICE_SORT_KEYS)[number];
export const invoiceListInput = listInput(INVOICE_SORT_KEYS, { sort: 'transactionDate', dir: 'desc' });
/** The back office's invoice list also narrows to the invoices not paid in full (unpaid or partly paid). */
export const allInvoiceListInput = dateRangeChecked(
  invoiceListInput.unwrap().extend({
    openOnly: z
      .boolean({ message: 'openOnly must be true or false.' })
      .default(false)
      .describe('true keeps only the invoices not paid in full: unpaid and partly paid.'),
    ...dateRangeFields('invoices whose transaction date is'),
    id: rowFilter('invoice'),
  }),
).prefault({});
export type InvoiceListQuery = ListQuery<InvoiceSortKey> & DateRange & { openOnly?: boolean; id?: string };

/** At most this many invoices are offered when a payment picks its invoice. */
export const INVOICE_CHOICES_LIMIT = 500;

/** The invoices a payment of the company may go to, newest first; openOnly keeps those with a balance. */
export const invoiceChoicesInput = z.object({
  company: idParam,
  openOnly: z.boolean({ message: 'openOnly must be true or false.' }).default(false),
  /** An invoice to include whatever the filter and the limit (the one already chosen). */
  include: z.string().trim().max(64, 'That invoice id is not valid.').default(''),
});
export const invoiceChoiceOutput = z.object({
  _id: z.string(),
  invoiceId: z.string(),
  remainingBalance: z.number(),
  /** The method the customer meant to pay by, so a payment can start with it. */
  selectedPaymentMethod: z.enum(INVOICE_PAYMENT_METHODS),
});
export type InvoiceChoice = z.infer<typeof invoiceChoiceOutput>;

/** A company's invoices not paid in full: checkout warns before another purchase (docs/product-rules.md#how-to-pay-an-invoice). */
export const unpaidInvoicesOutput = z.object({
  count: z.number().int().describe('How many of the company\'s invoices are not paid in full (unpaid or partly paid).'),
  openBalance: z.number().describe('What is still owed on them: their prices less their completed payments, in dollars.'),
});
export type UnpaidInvoicesDto = z.infer<typeof unpaidInvoicesOutput>;

/** What stands beside the status of an invoice not paid in full that some completed payment counts toward. */
export const PARTLY_PAID_NOTE = 'partly paid';

export type ShownInvoiceStatus = {
  /** Completed once paid in full, else the status stored with it, else Pending. */
  word: string;
  /** Not paid in full, and some completed payment counts toward it (its balance is below its price). */
  partlyPaid: boolean;
  /** The word with the partial state beside it, where only text can show it: 'Pending (partly paid)'. */
  text: string;
};

/**
 * The one rule for an invoice's status wherever it shows: the lists (the word as a badge, the note
 * beside it), the CSV, the invoice PDF, the statement and the emails (docs/product-rules.md#invoices).
 * Settlement stores Pending or Completed, so the word is one of those but for older rows with their
 * own status text. invoiceStatusWordSql in the schema is the word in SQL, for the status sort.
 */
export function invoiceStatus(invoice: { completeStatus: boolean; status: string; price: number; remainingBalance: number }): ShownInvoiceStatus {
  const word = invoice.completeStatus ? 'Completed' : invoice.status.trim() || 'Pending';
  const partlyPaid = !invoice.completeStatus && invoice.remainingBalance < invoice.price;
  return { word, partlyPaid, text: partlyPaid ? `${word} (${PARTLY_PAID_NOTE})` : word };
}

/* Overage: hours worked beyond the balance, billed in one action (docs/product-rules.md, "Overage"). */
export const overageDescription = (hours: number) => `Overage: ${hoursCountText(hours)} worked beyond the prepaid balance`;
export const noOverageText = (companyName: string) => `${companyName} has no overage to bill: its hour balance is not negative.`;
export const overageCoveredText = (companyName: string, owed: number, pending: number) =>
  `${companyName}'s overage of ${hoursCountText(owed)} is already covered by ${hoursCountText(pending)} bought and awaiting payment.`;
export const noOverageRateText = (companyName: string) =>
  `Set an overage rate for ${companyName} first: it has bought no package whose rate the overage could take.`;
