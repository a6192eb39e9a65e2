import { describe, expect, it } from 'vitest';
import { checkoutLink, checkoutPackageId } from './checkoutState.js';

const pkg = { _id: 'pkg 1/2', description: 'Ten hours', hours: 10, rate: 150, price: 1500 };

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
});
