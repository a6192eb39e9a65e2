import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS, PAYMENT_OPTIONS, PAYMENT_OPTION_INFO, paymentMethodForInvoice } from './payment-options.js';
import { paymentPrefillFor } from './payments.js';

describe('the payment method a payment against an invoice starts with', () => {
  it('keeps each admin method the invoice names', () => {
    for (const method of PAYMENT_METHODS) expect(paymentMethodForInvoice(method)).toBe(method);
  });

  it('maps a checkout option to the method it stands for', () => {
    expect(paymentMethodForInvoice('QuickPay')).toBe('Zelle');
    expect(paymentMethodForInvoice('CheckEmail')).toBe('Check');
    expect(paymentMethodForInvoice('ACH')).toBe('ACH');
    for (const option of PAYMENT_OPTIONS) expect(paymentMethodForInvoice(option)).toBe(PAYMENT_OPTION_INFO[option].method);
  });

  it('leaves the method open for None, empty or unknown text', () => {
    expect(paymentMethodForInvoice('')).toBeNull();
    expect(paymentMethodForInvoice('None')).toBeNull();
    expect(paymentMethodForInvoice('Bitcoin')).toBeNull();
    expect(paymentMethodForInvoice('zelle')).toBeNull();
  });

  it('ignores spaces around the stored text', () => {
    expect(paymentMethodForInvoice(' Zelle ')).toBe('Zelle');
  });
});

describe('a payment prefilled from its invoice', () => {
  it('pays the remaining balance by the intended method', () => {
    expect(paymentPrefillFor({ remainingBalance: 124.5, selectedPaymentMethod: 'Zelle' })).toEqual({ amount: 124.5, method: 'Zelle' });
    expect(paymentPrefillFor({ remainingBalance: 80, selectedPaymentMethod: '' })).toEqual({ amount: 80, method: null });
  });

  it('suggests no amount when nothing is owed', () => {
    expect(paymentPrefillFor({ remainingBalance: 0, selectedPaymentMethod: 'Cash' })).toEqual({ amount: null, method: 'Cash' });
  });
});
