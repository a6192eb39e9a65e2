import type { Provider } from '../../config.js';
import { formatDollars } from '../../../shared/format.js';
import { invoiceStatus, type InvoiceDto } from '../../../shared/invoices.js';
import type { PaymentDto } from '../../../shared/payments.js';
import { renderEmail, type RenderedEmail } from '../../mail/templates.js';

export function paymentReceiptEmail(
  provider: Provider,
  payment: PaymentDto,
  invoice: Pick<InvoiceDto, 'price' | 'remainingBalance' | 'status' | 'completeStatus'>,
  appUrl: string,
): RenderedEmail {
  return renderEmail(provider, `Payment received for invoice ${payment.invoice.invoiceId}`, [
    `Hello ${payment.companyName} team,`,
    `Thank you: we received your payment of ${formatDollars(payment.amount)}.`,
    [
      `Invoice number: ${payment.invoice.invoiceId}`,
      `Amount: ${formatDollars(payment.amount)}`,
      `Date: ${payment.paymentDate.slice(0, 10)}`,
      `Method: ${payment.method}`,
      payment.transactionId ? `Transaction id: ${payment.transactionId}` : '',
      `Remaining balance: ${formatDollars(invoice.remainingBalance)}`,
      `Invoice status: ${invoiceStatus(invoice).text}`,
    ]
      .filter(Boolean)
      .join('\n'),
    invoice.completeStatus
      ? 'The invoice is now paid in full and its hours are active.'
      : 'The hours of this invoice become active once it is paid in full.',
    { link: `${appUrl}/invoices`, label: 'See your invoices' },
  ]);
}
