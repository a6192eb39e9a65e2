import { formatDollars } from './format.js';

/*
 * How a customer can pay: the three channels money arrives by, the four options offered at
 * checkout, and the admin payment method each option stands for. Checkout, the confirmation,
 * the Invoices page, the invoice emails and the invoice PDF all read their labels, instructions
 * and payee details from these tables, and how to pay one invoice from howToPay below
 * (docs/product-rules.md#how-to-pay-an-invoice).
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

/**
 * The provider's details a payer needs; any but the name may be unset. Where they are kept
 * (configuration or saved settings) is the caller's business.
 */
export type Payee = {
  name: string;
  /** Contact: where customers write, call or visit. */
  email?: string | null;
  phone?: string | null;
  businessAddress?: string | null;
  /** The mailing address for checks. */
  address?: string | null;
  bankName?: string | null;
  routingNumber?: string | null;
  accountNumber?: string | null;
  paymentEmail?: string | null;
  /** Free text on any other way to pay. */
  otherInstructions?: string | null;
};

/** What a payment detail the provider has not set says in its place. */
export const PLEASE_CONTACT_US = 'please contact us';

type ChannelInfo = {
  title: string;
  /** What to do by this channel, above its details. */
  action: string;
  /** The details shown for the channel, in order, as label and the payee field holding the value. */
  fields: readonly (readonly [label: string, field: keyof Payee])[];
};

export const PAYMENT_CHANNELS: Readonly<Record<PaymentChannel, ChannelInfo>> = {
  ACH: {
    title: 'ACH (Bank Transfer)',
    action: 'Send a bank transfer (ACH) for the amount due to this account.',
    fields: [
      ['Bank Name', 'bankName'],
      ['Routing Number', 'routingNumber'],
      ['Account Number', 'accountNumber'],
      ['Account Name', 'name'],
    ],
  },
  Zelle: {
    title: 'QuickPay / Zelle',
    action: "Send the amount due with QuickPay / Zelle from your bank's app to this address.",
    fields: [
      ['Send to', 'paymentEmail'],
      ['Recipient', 'name'],
    ],
  },
  Check: {
    title: 'Check',
    action: 'Make a check for the amount due payable to the name below and mail it to the address below.',
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

/* ---------- how to pay one invoice ---------- */

export type ShownDetail = { label: string; value: string };

export type HowToPayMethod = {
  channel: PaymentChannel;
  title: string;
  /** The method the invoice names; the others are listed when it names none. */
  chosen: boolean;
  action: string;
  /** Every detail of the channel; one the provider has not set reads PLEASE_CONTACT_US. */
  details: ShownDetail[];
};

/** How to pay one unpaid invoice, in the words every screen, email and PDF prints. */
export type HowToPay = {
  title: string;
  /** Amount due and the payment reference, as label and value. */
  facts: ShownDetail[];
  amountDue: number;
  reference: string;
  referenceNote: string;
  methods: HowToPayMethod[];
  /** The provider's free text on other ways to pay, when they wrote one. */
  otherInstructions: { title: string; text: string } | null;
  /** Whom to ask: the provider's name and the contact details they have set. */
  contact: { title: string; details: ShownDetail[] };
};

export const HOW_TO_PAY_TITLE = 'How to pay';
export const CHOSEN_METHOD_NOTE = 'Your selected method';

const CONTACT_FIELDS = [
  ['Name', 'name'],
  ['Email', 'email'],
  ['Phone', 'phone'],
  ['Business Address', 'businessAddress'],
] as const satisfies readonly (readonly [string, keyof Payee])[];

/** The channel's details with PLEASE_CONTACT_US in place of a value not set. */
export function shownPayeeDetails(channel: PaymentChannel, payee: Payee): ShownDetail[] {
  return payeeDetails(channel, payee).map(({ label, value }) => ({ label, value: value ?? PLEASE_CONTACT_US }));
}

/**
 * The channels to show for an invoice: the one its method names (set up or not), else every
 * channel the provider has set up, else all of them (each detail then asks the payer to get in
 * touch).
 */
export function channelsToPay(method: string, payee: Payee): PaymentChannel[] {
  const chosen = channelOf(method);
  if (chosen) return [chosen];
  const setUp = CHANNEL_ORDER.filter((channel) => isChannelSetUp(channel, payee));
  return setUp.length > 0 ? setUp : [...CHANNEL_ORDER];
}

/** The provider's contact details that are set, the name first; an unset one is left out rather than shown empty. */
export function payeeContact(payee: Payee): ShownDetail[] {
  return CONTACT_FIELDS.flatMap(([label, field]) => {
    const value = payee[field]?.trim();
    return value ? [{ label, value }] : [];
  });
}

/**
 * How to pay an invoice: the amount due (its remaining balance), its number as the payment
 * reference, the instructions of its method (or of every channel when it names none or cash), the
 * provider's other ways to pay and whom to ask. None for an invoice with nothing left to pay.
 */
export function howToPay(invoice: { invoiceId: string; remainingBalance: number; selectedPaymentMethod: string }, payee: Payee): HowToPay | null {
  if (!(invoice.remainingBalance > 0)) return null;
  const chosen = channelOf(invoice.selectedPaymentMethod);
  const reference = invoice.invoiceId;
  const other = payee.otherInstructions?.trim();
  return {
    title: HOW_TO_PAY_TITLE,
    facts: [
      { label: 'Amount due', value: formatDollars(invoice.remainingBalance) },
      { label: 'Payment reference', value: reference },
    ],
    amountDue: invoice.remainingBalance,
    reference,
    referenceNote: `Put the invoice number ${reference} in the memo or note of your payment, or on the check, so we can match it to this invoice.`,
    methods: channelsToPay(invoice.selectedPaymentMethod, payee).map((channel) => ({
      channel,
      title: PAYMENT_CHANNELS[channel].title,
      chosen: channel === chosen,
      action: PAYMENT_CHANNELS[channel].action,
      details: shownPayeeDetails(channel, payee),
    })),
    otherInstructions: other ? { title: 'Other ways to pay', text: other } : null,
    contact: { title: 'Contact', details: payeeContact(payee) },
  };
}
