import type { Provider } from '../../config.js';
import { formatDollars } from '../../../shared/format.js';
import type { InvoiceDto } from '../../../shared/invoices.js';
import { CHANNEL_ORDER, PAYMENT_CHANNELS, channelOf, payeeDetails, type InvoicePaymentMethod, type PaymentChannel } from '../../../shared/payment-options.js';
import { renderEmail, type RenderedEmail } from '../../mail/templates.js';
import type { EmailAttachment } from '../../mail/outbox.js';

/** The invoice PDF, rendered when the email is sent (the PDF module resolves the source). */
export function invoicePdfAttachment(invoice: { _id: string; invoiceId: string }): EmailAttachment {
  return { filename: `invoice-${invoice.invoiceId}.pdf`, contentType: 'application/pdf', source: `invoice-pdf:${invoice._id}` };
}

const missing = (what: string) => `(${what}: please contact us)`;

function channelInstructions(provider: Provider, channel: PaymentChannel): string {
  const details = payeeDetails(channel, provider).map(({ label, value }) => `${label}: ${value ?? missing(label.toLowerCase())}`);
  return [`By ${PAYMENT_CHANNELS[channel].title}:`, ...details].join('\n');
}

/** How to pay by the invoice's intended method, or by every channel when it names none, from the provider's details. */
export function paymentInstructions(provider: Provider, method: InvoicePaymentMethod): string[] {
  const channel = channelOf(method);
  return (channel ? [channel] : CHANNEL_ORDER).map((each) => channelInstructions(provider, each));
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
