import { describe, expect, it } from 'vitest';
import { TOO_MANY_UNPAID_INVOICES } from '../../../shared/limits.js';
import { CHOOSE_PAYMENT_METHOD, checkoutLink, checkoutPackageId, hoursValidFact, purchaseBlocker } from './checkoutState.js';

const pkg = { _id: 'pkg 1/2', description: 'Ten hours', hours: 10, rate: 150, price: 1500, validityMonths: 3, rollover: { limit: 2, unit: 'hours' as const, months: 1 } };

describe('checkout state', () => {
  it('links to the checkout path with the package id in the address and the package in history state', () => {
    const [to, options] = checkoutLink('/dashboard/checkout', pkg);
    expect(to).toBe('/dashboard/checkout?package=pkg+1%2F2');
    expect(options.state.packageItem).toEqual(pkg);
    expect(checkoutPackageId(to.slice(to.indexOf('?')), null)).toBe('pkg 1/2');
  });

  it('takes the id from the address first, else from the carried package, else none', () => {
    expect(checkoutPackageId('?package=a', { packageItem: { _id: 'b' } })).toBe('a');
    expect(checkoutPackageId('', { packageItem: { _id: 'b' } })).toBe('b');
    expect(checkoutPackageId('?package=%20', { packageItem: { _id: '' } })).toBeNull();
    expect(checkoutPackageId('', null)).toBeNull();
    expect(checkoutPackageId('', { packageItem: { _id: 7 } })).toBeNull();
  });

  it('names how long the hours stay valid for a package whose hours expire, and nothing for one whose never do', () => {
    expect(hoursValidFact(pkg)).toEqual([['Hours Valid', 'Valid 3 months; up to 2 hours of the unused hours roll over for 1 month more']]);
    expect(hoursValidFact({ validityMonths: null, rollover: null })).toEqual([]);
    // a package carried in history state from before the terms existed
    expect(hoursValidFact({})).toEqual([]);
  });

  it('says why Purchase Package waits: no method chosen, or the unpaid-invoice limit reached', () => {
    expect(purchaseBlocker({ busy: false, unpaidCount: 0, paymentOption: null })).toBe(CHOOSE_PAYMENT_METHOD);
    expect(purchaseBlocker({ busy: false, unpaidCount: 19, paymentOption: 'ACH' })).toBeNull();
    expect(purchaseBlocker({ busy: false, unpaidCount: 20, paymentOption: 'ACH' })).toBe(TOO_MANY_UNPAID_INVOICES);
    expect(purchaseBlocker({ busy: false, unpaidCount: 20, paymentOption: null })).toBe(TOO_MANY_UNPAID_INVOICES);
    expect(purchaseBlocker({ busy: true, unpaidCount: 0, paymentOption: 'ACH' })).toBeNull();
  });
});
