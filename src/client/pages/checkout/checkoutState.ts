import type { PaymentOption, PurchaseResponse } from '../../../shared/invoices.js';

/** The package the catalogue carries to /checkout in history state. */
export type PackageItem = { _id: string; description: string; hours: number; rate: number; price?: number };

/** What /checkout carries to /confirmation in history state. */
export type ConfirmationState = { response: PurchaseResponse; paymentOption: PaymentOption; packageItem: PackageItem };

/** SPEC.md §9: the customer's payment options and their labels. */
export const PAYMENT_OPTION_LABELS: Record<PaymentOption, string> = {
  ACH: 'ACH (Bank Transfer)',
  QuickPay: 'QuickPay / Zelle',
  CheckEmail: 'Check via Email',
  Check: 'Check by Mail',
};

/** General instructions per option; the provider's own payee details are on the invoice. */
export const PAYMENT_INSTRUCTIONS: Record<PaymentOption, string> = {
  ACH: "Send a bank transfer (ACH) for the invoice amount to the provider's bank account. The bank name, routing number and account number are printed on your invoice. Put the invoice number in the transfer memo.",
  QuickPay:
    "Send the invoice amount with QuickPay / Zelle from your bank's app to the provider's payment email address, printed on your invoice. Put the invoice number in the payment note.",
  CheckEmail:
    'Email a check (an electronic check image or e-check) for the invoice amount to the provider, as described on your invoice. Write the invoice number on the check.',
  Check: "Mail a check for the invoice amount, payable to the provider, to the mailing address printed on your invoice. Write the invoice number on the check.",
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The package carried over, when it is one. */
export function packageFromState(state: unknown): PackageItem | null {
  if (!isObject(state) || !isObject(state.packageItem)) return null;
  const item = state.packageItem;
  if (typeof item._id !== 'string' || typeof item.hours !== 'number' || typeof item.rate !== 'number') return null;
  return { _id: item._id, description: String(item.description ?? ''), hours: item.hours, rate: item.rate, price: typeof item.price === 'number' ? item.price : undefined };
}

/** The confirmation state, when the response is there. */
export function confirmationFromState(state: unknown): ConfirmationState | null {
  if (!isObject(state) || !isObject(state.response) || !isObject(state.response.newInvoice)) return null;
  return state as ConfirmationState;
}
