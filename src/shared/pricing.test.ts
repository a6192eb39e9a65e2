import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDollars } from './format.js';
import { dollarsToCents, hoursToHundredths } from './hours.js';
import { invoicePrice, invoiceStatusOf, isPaidInFull, priceCentsOf } from './pricing.js';

describe('invoice pricing', () => {
  it.each([
    [10, 150, 1500],
    [1.5, 99.99, 149.99], // 149.985 rounds half up
    [0.01, 0.01, 0], // 0.0001 rounds to 0
    [0.33, 1000, 330],
    [2.25, 120.5, 271.13], // 271.125
    [0, 1000, 0],
    [1.005, 100, 101], // 1.005 hours is 101 hundredths, not 100.4999…
  ])('%d hours × $%d = $%d', (hours, rate, price) => {
    expect(invoicePrice(hours, rate)).toBe(price);
  });

  it('is exact in cents: hundredths × cents / 100, rounded half up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 100_000_000 }), (h, r) => {
        const cents = priceCentsOf(h, r);
        expect(Number.isInteger(cents)).toBe(true);
        expect(Math.abs(cents * 100 - h * r)).toBeLessThanOrEqual(50);
      }),
    );
  });

  // pairs where hours × rate in floating point lands just below a half cent and would round down
  it.each([
    [0.29, 1.5, '$0.44'], // 0.435, 0.43499999… in floating point
    [1.15, 0.7, '$0.81'], // 0.805, 0.80499999…
    [0.35, 0.1, '$0.04'], // 0.035, 0.03499999…
    [0.57, 1.5, '$0.86'], // 0.855
    [8.05, 0.5, '$4.03'], // 4.025
    [2.01, 0.5, '$1.01'], // 1.005
  ])('%d hours × $%d is shown as %s, in whole cents rounded half up', (hours, rate, shown) => {
    const cents = priceCentsOf(hoursToHundredths(hours), dollarsToCents(rate));
    expect(formatDollars(cents / 100)).toBe(shown);
    expect(formatDollars(invoicePrice(hours, rate))).toBe(shown);
  });

  it('refuses negative or fractional units', () => {
    expect(() => priceCentsOf(-1, 100)).toThrow(RangeError);
    expect(() => priceCentsOf(1.5, 100)).toThrow(RangeError);
  });

  it('balance, completeness and status follow the payments', () => {
    expect(isPaidInFull(0)).toBe(true);
    expect(isPaidInFull(1)).toBe(false);
    expect(invoiceStatusOf(10_000, 0)).toBe('Pending');
    expect(invoiceStatusOf(10_000, 1)).toBe('Pending');
    expect(invoiceStatusOf(10_000, 10_000)).toBe('Completed');
  });
});
