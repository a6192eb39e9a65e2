import { dateText } from '../../../../shared/dates.js';
import type { InvoiceDto } from '../../../../shared/invoices.js';

/** The invoice's transaction date in the browser's zone, e.g. 'Mar 2, 2026'. */
export function invoiceDateText(iso: string): string {
  return dateText(iso);
}

/** SPEC.md §2 Invoices List: Completed if completeStatus, else the status, else Pending. */
export function invoiceStatusText(invoice: Pick<InvoiceDto, 'completeStatus' | 'status'>): string {
  if (invoice.completeStatus) return 'Completed';
  return invoice.status || 'Pending';
}

/** The intended payment method, '' shown as None. */
export function invoiceMethodText(method: string): string {
  return method || 'None';
}
