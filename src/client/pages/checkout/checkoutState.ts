import { hourTermsText } from '../../../shared/hour-blocks.js';
import type { PurchaseResponse } from '../../../shared/invoices.js';
import { MAX_UNPAID_INVOICES_PER_COMPANY, TOO_MANY_UNPAID_INVOICES } from '../../../shared/limits.js';
import type { PaymentOption } from '../../../shared/payment-options.js';
import type { PackageDto } from '../../../shared/packages.js';

/** The package the catalogue and the package page carry to checkout in history state. */
export type PackageItem = Pick<PackageDto, '_id' | 'description' | 'hours' | 'rate' | 'price' | 'validityMonths' | 'rollover'>;

/** What /checkout carries to /confirmation in history state. */
export type ConfirmationState = { response: PurchaseResponse; paymentOption: PaymentOption; packageItem: PackageItem };

/** The query parameter naming the package at checkout, so a reload keeps the page. */
const PACKAGE_PARAM = 'package';

/** `path` (/checkout or /dashboard/checkout) with the package's id, and the package for history state. */
export function checkoutLink(path: string, pkg: PackageItem): [to: string, options: { state: { packageItem: PackageItem } }] {
  const packageItem = { _id: pkg._id, description: pkg.description, hours: pkg.hours, rate: pkg.rate, price: pkg.price, validityMonths: pkg.validityMonths, rollover: pkg.rollover };
  return [`${path}?${new URLSearchParams({ [PACKAGE_PARAM]: pkg._id }).toString()}`, { state: { packageItem } }];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The id of the package to check out: from the address, else from the package carried in history state. */
export function checkoutPackageId(search: string, state: unknown): string | null {
  const fromUrl = new URLSearchParams(search).get(PACKAGE_PARAM)?.trim();
  if (fromUrl) return fromUrl;
  const carried = isObject(state) && isObject(state.packageItem) ? state.packageItem._id : undefined;
  return typeof carried === 'string' && carried !== '' ? carried : null;
}

/** The confirmation state, when the response is there. */
export function confirmationFromState(state: unknown): ConfirmationState | null {
  if (!isObject(state) || !isObject(state.response) || !isObject(state.response.newInvoice)) return null;
  return state as ConfirmationState;
}

/**
 * The package's hour terms as a fact of checkout and confirmation ("Hours Valid"), for a package
 * whose hours expire; none for one whose hours never do (state carried from before terms existed
 * has none either).
 */
export function hoursValidFact(pkg: Partial<Pick<PackageItem, 'validityMonths' | 'rollover'>>): [string, string][] {
  return pkg.validityMonths == null ? [] : [['Hours Valid', hourTermsText({ validityMonths: pkg.validityMonths, rollover: pkg.rollover ?? null })]];
}

/** What the disabled Purchase Package button waits for, shown beside it and read with it. */
export const CHOOSE_PAYMENT_METHOD = 'Choose a payment method to continue.';

/**
 * Why Purchase Package cannot be pressed now, or null when it can (or while a purchase is under
 * way, which the button shows by itself): the company at its limit of unpaid invoices, else no
 * payment method chosen yet.
 */
export function purchaseBlocker(state: { busy: boolean; unpaidCount: number; paymentOption: PaymentOption | null }): string | null {
  if (state.busy) return null;
  if (state.unpaidCount >= MAX_UNPAID_INVOICES_PER_COMPANY) return TOO_MANY_UNPAID_INVOICES;
  return state.paymentOption ? null : CHOOSE_PAYMENT_METHOD;
}
