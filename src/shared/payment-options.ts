/*
 * How a customer can pay: the three channels money arrives by, the four options offered at
 * checkout, and the admin payment method each option stands for. Checkout, the confirmation,
 * the invoice emails and the invoice PDF all read their labels, instructions and payee details
 * from these tables.
 */

/** The admin's payment methods (payments and an invoice's intended method). */
export const PAYMENT_METHODS = ['ACH', 'Zelle', 'Check', 'Cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** An invoice's intended payment method; '' is None. */
export const INVOICE_PAYMENT_METHODS = [...PAYMENT_METHODS, ''] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];

/** The customer's payment options at checkout. */
export const PAYMENT_OPTIONS = ['ACH', 'QuickPay', 'CheckEmail', 'Check'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];

/** The channels with payee details to send money to; cash has none. */
export type PaymentChannel = 'ACH' | 'Zelle' | 'Check';

/** The provider's details a payer needs; any but the name may be unset. */
export type Payee = {
  name: string;
  address?: string | null;
  bankName?: string | null;
  routingNumber?: string | null;
  accountNumber?: string | null;
  paymentEmail?: string | null;
};

type ChannelInfo = {
  title: string;
  /** The details shown for the channel, in order, as label and the payee field holding the value. */
  fields: readonly (readonly [label: string, field: keyof Payee])[];
};

export const PAYMENT_CHANNELS: Readonly<Record<PaymentChannel, ChannelInfo>> = {
  ACH: {
    title: 'ACH (Bank Transfer)',
    fields: [
      ['Bank Name', 'bankName'],
      ['Routing Number', 'routingNumber'],
      ['Account Number', 'accountNumber'],
      ['Account Name', 'name'],
    ],
  },
  Zelle: {
    title: 'QuickPay / Zelle',
    fields: [
      ['Send to', 'paymentEmail'],
      ['Recipient', 'name'],
    ],
  },
  Check: {
    title: 'Check',
    fields: [
      ['Payable to', 'name'],
      ['Mailing Address', 'address'],
    ],
  },
};

/** The channels in the order they are offered when no method was chosen. */
export const CHANNEL_ORDER: readonly PaymentChannel[] = ['ACH', 'Zelle', 'Check'];

type OptionInfo = {
  label: string;
  /** What to do, in general terms; the provider's own details are on the invoice. */
  instructions: string;
  /** The intended payment method the invoice records for the option. */
  method: PaymentMethod;
};

export const PAYMENT_OPTION_INFO: Readonly<Record<PaymentOption, OptionInfo>> = {
  ACH: {
    label: PAYMENT_CHANNELS.ACH.title,
    instructions:
      "Send a bank transfer (ACH) for the invoice amount to the provider's bank account. The bank name, routing number and account number are printed on your invoice. Put the invoice number in the transfer memo.",
    method: 'ACH',
  },
  QuickPay: {
    label: PAYMENT_CHANNELS.Zelle.title,
    instructions:
      "Send the invoice amount with QuickPay / Zelle from your bank's app to the provider's payment email address, printed on your invoice. Put the invoice number in the payment note.",
    method: 'Zelle',
  },
  CheckEmail: {
    label: 'Check via Email',
    instructions:
      'Email a check (an electronic check image or e-check) for the invoice amount to the provider, as described on your invoice. Write the invoice number on the check.',
    method: 'Check',
  },
  Check: {
    label: 'Check by Mail',
    instructions: 'Mail a check for the invoice amount, payable to the provider, to the mailing address printed on your invoice. Write the invoice number on the check.',
    method: 'Check',
  },
};

/** The label of a checkout option; text that is not one is shown as it is. */
export function paymentOptionLabel(option: string): string {
  return (PAYMENT_OPTION_INFO as Record<string, OptionInfo | undefined>)[option]?.label ?? option;
}

/** The channel an admin method or a checkout option sends money by; none for cash, None or unknown text. */
export function channelOf(methodOrOption: string): PaymentChannel | undefined {
  const option = (PAYMENT_OPTION_INFO as Record<string, OptionInfo | undefined>)[methodOrOption];
  const method = option?.method ?? methodOrOption;
  return (CHANNEL_ORDER as readonly string[]).includes(method) ? (method as PaymentChannel) : undefined;
}

/** A payment method as a payer reads it: the channel's title, else the method itself, '-' when empty. */
export function paymentMethodLabel(method: string): string {
  const channel = channelOf(method);
  return channel ? PAYMENT_CHANNELS[channel].title : method || '-';
}

export type PayeeDetail = { label: string; value: string | null };

/** The channel's details, in order, each with the payee's value or null when it is not set. */
export function payeeDetails(channel: PaymentChannel, payee: Payee): PayeeDetail[] {
  return PAYMENT_CHANNELS[channel].fields.map(([label, field]) => ({ label, value: payee[field]?.trim() || null }));
}

/** Whether the payee has set up the channel: any detail besides their name is set. */
export function isChannelSetUp(channel: PaymentChannel, payee: Payee): boolean {
  return PAYMENT_CHANNELS[channel].fields.some(([, field]) => field !== 'name' && Boolean(payee[field]?.trim()));
}

/**
 * The admin payment method a payment against an invoice starts with: the invoice's intended
 * method when it is one, the method a checkout option stands for (older invoices kept the
 * option's name), else none for None or text that names no method.
 */
export function paymentMethodForInvoice(intended: string): PaymentMethod | null {
  const text = intended.trim();
  if ((PAYMENT_METHODS as readonly string[]).includes(text)) return text as PaymentMethod;
  return (PAYMENT_OPTION_INFO as Record<string, OptionInfo | undefined>)[text]?.method ?? null;
}
