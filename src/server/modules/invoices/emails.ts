import type { Provider } from '../../config.js';
import { formatDollars } from '../../../shared/format.js';
import type { InvoiceDto, InvoicePaymentMethod } from '../../../shared/invoices.js';
import { renderEmail, type RenderedEmail } from '../../mail/templates.js';
import type { EmailAttachment } from '../../mail/outbox.js';

/** The invoice PDF, rendered when the email is sent (the PDF module resolves the source). */
export function invoicePdfAttachment(invoice: { _id: string; invoiceId: string }): EmailAttachment {
  return { filename: `invoice-${invoice.invoiceId}.pdf`, contentType: 'application/pdf', source: `invoice-pdf:${invoice._id}` };
}

const missing = (what: string) => `(${what}: please contact us)`;

/** How to pay by the given method, from the provider's configured details. */
export function paymentInstructions(provider: Provider, method: InvoicePaymentMethod): string[] {
  const check = `By check: make the check payable to ${provider.name} and mail it to:\n${provider.address ?? missing('mailing address')}`;
  const ach = [
    'By ACH bank transfer:',
    `Bank: ${provider.bankName ?? missing('bank name')}`,
    `Routing number: ${provider.routingNumber ?? missing('routing number')}`,
    `Account number: ${provider.accountNumber ?? missing('account number')}`,
  ].join('\n');
  const zelle = `By QuickPay / Zelle: send the payment to ${provider.paymentEmail ?? missing('payment email')}`;
  switch (method) {
    case 'Check':
      return [check];
    case 'ACH':
      return [ach];
    case 'Zelle':
      return [zelle];
    default:
      return [ach, zelle, check];
  }
}

type InvoiceFacts = Pick<InvoiceDto, 'invoiceId' | 'companyName' | 'description' | 'hours' | 'rate' | 'price' | 'remainingBalance' | 'selectedPaymentMethod'>;

const summary = (invoice: InvoiceFacts) =>
  [
    `Invoice number: ${invoice.invoiceId}`,
    `Description: ${invoice.description}`,
    `Hours: ${invoice.hours}`,
    `Rate: ${formatDollars(invoice.rate)} per hour`,
    `Total: ${formatDollars(invoice.price)}`,
    `Balance due: ${formatDollars(invoice.remainingBalance)}`,
  ].join('\n');

export function invoiceEmail(provider: Provider, invoice: InvoiceFacts, appUrl: string): RenderedEmail {
  return renderEmail(provider, `Invoice ${invoice.invoiceId}`, [
    `Hello ${invoice.companyName} team,`,
    'Thank you for your order. Your invoice is attached as a PDF.',
    summary(invoice),
    'How to pay:',
    ...paymentInstructions(provider, invoice.selectedPaymentMethod),
    `Please put the invoice number ${invoice.invoiceId} on your payment. Your added hours will become active as soon we verify your payment.`,
    { link: `${appUrl}/invoices`, label: 'See your invoices' },
  ]);
}

export function purchaseNoticeEmail(
  provider: Provider,
  invoice: InvoiceFacts,
  buyer: { firstName: string; lastName: string; emailAddress: string },
  paymentOption: string,
  appUrl: string,
): RenderedEmail {
  return renderEmail(provider, `New purchase: ${invoice.companyName}, invoice ${invoice.invoiceId}`, [
    `${buyer.firstName} ${buyer.lastName} <${buyer.emailAddress}> bought a package for ${invoice.companyName}.`,
    summary(invoice),
    `Chosen payment option: ${paymentOption}.`,
    'The hours stay pending until the invoice is paid in full.',
    { link: `${appUrl}/allinvoices`, label: 'Open the invoices list' },
  ]);
}

export function openBalanceEmail(provider: Provider, invoice: InvoiceFacts & { transactionDate: string }, appUrl: string): RenderedEmail {
  return renderEmail(provider, `Open balance reminder: invoice ${invoice.invoiceId}`, [
    `Hello ${invoice.companyName} team,`,
    `This is a friendly reminder that invoice ${invoice.invoiceId} of ${invoice.transactionDate.slice(0, 10)} has an open balance of ${formatDollars(invoice.remainingBalance)}. The invoice is attached as a PDF.`,
    summary(invoice),
    'How to pay:',
    ...paymentInstructions(provider, invoice.selectedPaymentMethod),
    'If you have already sent the payment, thank you, and please disregard this reminder.',
    { link: `${appUrl}/invoices`, label: 'See your invoices' },
  ]);
}
