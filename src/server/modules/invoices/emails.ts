import type { Provider } from '../../config.js';
import { formatDollars } from '../../../shared/format.js';
import { ACTIVATION_NOTE, invoiceStatus, type InvoiceDto } from '../../../shared/invoices.js';
import { CHOSEN_METHOD_NOTE, howToPay, type HowToPay, type ShownDetail } from '../../../shared/payment-options.js';
import { renderEmail, type RenderedEmail } from '../../mail/templates.js';
import type { EmailAttachment } from '../../mail/outbox.js';

/** The invoice PDF, rendered when the email is sent (the PDF module resolves the source). */
export function invoicePdfAttachment(invoice: { _id: string; invoiceId: string }): EmailAttachment {
  return { filename: `invoice-${invoice.invoiceId}.pdf`, contentType: 'application/pdf', source: `invoice-pdf:${invoice._id}` };
}

const detailLines = (details: ShownDetail[]) => details.map(({ label, value }) => `${label}: ${value}`);

/** The how-to-pay content as email paragraphs: amount and reference, each method, other ways, contact. */
export function howToPayBlocks(content: HowToPay): string[] {
  return [
    [`${content.title}:`, ...detailLines(content.facts), content.referenceNote].join('\n'),
    ...content.methods.map((method) =>
      [`By ${method.title}${method.chosen ? ` (${CHOSEN_METHOD_NOTE.toLowerCase()})` : ''}:`, method.action, ...detailLines(method.details)].join('\n'),
    ),
    ...(content.otherInstructions ? [`${content.otherInstructions.title}:\n${content.otherInstructions.text}`] : []),
    [`${content.contact.title}:`, ...detailLines(content.contact.details)].join('\n'),
  ];
}

type InvoiceFacts = Pick<InvoiceDto, 'invoiceId' | 'companyName' | 'description' | 'hours' | 'rate' | 'price' | 'remainingBalance' | 'selectedPaymentMethod' | 'status' | 'completeStatus'>;

const summary = (invoice: InvoiceFacts) =>
  [
    `Invoice number: ${invoice.invoiceId}`,
    `Description: ${invoice.description}`,
    `Hours: ${invoice.hours}`,
    `Rate: ${formatDollars(invoice.rate)} per hour`,
    `Total: ${formatDollars(invoice.price)}`,
    `Balance due: ${formatDollars(invoice.remainingBalance)}`,
    `Status: ${invoiceStatus(invoice).text}`,
  ].join('\n');

/** The invoice: how to pay it while anything is due, else that it is paid. */
export function invoiceEmail(provider: Provider, invoice: InvoiceFacts, appUrl: string): RenderedEmail {
  const toPay = howToPay(invoice, provider);
  return renderEmail(provider, `Invoice ${invoice.invoiceId}`, [
    `Hello ${invoice.companyName} team,`,
    'Thank you for your order. Your invoice is attached as a PDF.',
    summary(invoice),
    ...(toPay
      ? [...howToPayBlocks(toPay), `${ACTIVATION_NOTE}.`]
      : ['This invoice is paid in full; there is nothing to pay. Its hours are active.']),
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

/** Sent only for an invoice with a balance left (the service refuses a paid one). */
export function openBalanceEmail(provider: Provider, invoice: InvoiceFacts & { transactionDate: string }, appUrl: string): RenderedEmail {
  const toPay = howToPay(invoice, provider);
  return renderEmail(provider, `Open balance reminder: invoice ${invoice.invoiceId}`, [
    `Hello ${invoice.companyName} team,`,
    `This is a friendly reminder that invoice ${invoice.invoiceId} of ${invoice.transactionDate.slice(0, 10)} has an open balance of ${formatDollars(invoice.remainingBalance)}. The invoice is attached as a PDF.`,
    summary(invoice),
    ...(toPay ? howToPayBlocks(toPay) : []),
    'If you have already sent the payment, thank you, and please disregard this reminder.',
    { link: `${appUrl}/invoices`, label: 'See your invoices' },
  ]);
}
