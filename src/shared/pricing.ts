import { centsToDollars, dollarsToCents, hoursToHundredths } from './hours.js';

/*
 * Invoice arithmetic, in integer cents and
 * hundredths of an hour so a balance never collects floating-point dust. The admin form and the
 * server both price an invoice with invoicePrice.
 */

/** hundredths × rate cents / 100, rounded half up to the cent. Inputs are non-negative integers. */
export function priceCentsOf(hundredths: number, rateCents: number): number {
  if (!Number.isSafeInteger(hundredths) || !Number.isSafeInteger(rateCents) || hundredths < 0 || rateCents < 0) {
    throw new RangeError('Hours and rate must be zero or more.');
  }
  const product = hundredths * rateCents;
  if (!Number.isSafeInteger(product)) throw new RangeError('Hours times rate is too large.');
  return Math.floor((product + 50) / 100);
}

/** price = hours × rate to 2 decimals, in dollars. */
export function invoicePrice(hours: number, rate: number): number {
  return centsToDollars(priceCentsOf(hoursToHundredths(hours), dollarsToCents(rate)));
}

/**
 * What is left to pay on an invoice: its price less the paid total settlement stored with it
 * (paid_cents). The one reading of the balance for answers, PDFs and emails; invoiceBalanceCents in
 * the schema is the same in SQL, for sorting and filtering.
 */
export function remainingCentsOf(invoice: { priceCents: number; paidCents: number }): number {
  return invoice.priceCents - invoice.paidCents;
}

/** An invoice is complete exactly when nothing remains to be paid. */
export function isPaidInFull(remainingCents: number): boolean {
  return remainingCents <= 0;
}

export type InvoiceStatus = 'Pending' | 'Completed';

/**
 * The status stored with an invoice: Completed once paid in full, else Pending, partly paid or not
 * (how much is paid shows beside the status: invoiceStatus in invoices.ts).
 */
export function invoiceStatusOf(priceCents: number, paidCents: number): InvoiceStatus {
  return isPaidInFull(priceCents - paidCents) ? 'Completed' : 'Pending';
}
