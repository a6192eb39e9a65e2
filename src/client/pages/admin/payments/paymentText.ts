import { formatDollars } from '../../../../shared/format.js';
import type { PaymentDto } from '../../../../shared/payments.js';

/** "$75.50 on invoice 2026-0042 for Acme": how a toast names a payment. */
export function paymentText(payment: Pick<PaymentDto, 'amount' | 'invoice' | 'companyName'>): string {
  return `${formatDollars(payment.amount)} on invoice ${payment.invoice.invoiceId} for ${payment.companyName}`;
}
