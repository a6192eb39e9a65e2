import { dateText } from '../../../../shared/dates.js';

/** The invoice's transaction date in the browser's zone, e.g. 'Mar 2, 2026'. */
export function invoiceDateText(iso: string): string {
  return dateText(iso);
}

/** The intended payment method, '' shown as None. */
export function invoiceMethodText(method: string): string {
  return method || 'None';
}
