import type { Provider } from '../../config.js';
import { formatDollars } from '../../../shared/format.js';
import type { ReportedPaymentDto } from '../../../shared/reported-payments.js';
import { renderEmail, type RenderedEmail } from '../../mail/templates.js';

/** The lines that say what was reported, the same in both emails. */
function reportLines(report: ReportedPaymentDto): string {
  return [
    `Invoice number: ${report.invoice.invoiceId}`,
    `Amount: ${formatDollars(report.amount)}`,
    `Date sent: ${report.paidOn}`,
    `Method: ${report.method}`,
    report.reference ? `Reference: ${report.reference}` : '',
    report.proof ? 'A proof of payment came with the report: download it from the invoice.' : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** To the provider: a customer says they have paid; nothing counts until it is confirmed. */
export function paymentReportedEmail(provider: Provider, report: ReportedPaymentDto, appUrl: string): RenderedEmail {
  return renderEmail(provider, `Payment reported: ${report.companyName}, invoice ${report.invoice.invoiceId}`, [
    `${report.reportedBy || 'A company admin'} of ${report.companyName} reports a payment of ${formatDollars(report.amount)}.`,
    reportLines(report),
    'Nothing counts toward the invoice until you confirm the payment on the invoices list.',
    { link: `${appUrl}/allinvoices`, label: 'Open the invoices list' },
  ]);
}

/** To the customer: the payment they reported was not accepted, and why. */
export function reportRejectedEmail(provider: Provider, report: ReportedPaymentDto, appUrl: string): RenderedEmail {
  return renderEmail(provider, `Reported payment not confirmed: invoice ${report.invoice.invoiceId}`, [
    `Hello ${report.companyName} team,`,
    `We could not confirm the payment you reported for invoice ${report.invoice.invoiceId}.`,
    `Reason: ${report.rejectReason ?? ''}`,
    reportLines(report),
    'The invoice stays open. You may report the payment again once it is sorted out.',
    { link: `${appUrl}/invoices`, label: 'See your invoices' },
  ]);
}
