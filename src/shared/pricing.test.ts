import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoicePrice, invoiceStatusOf, isPaidInFull, priceCentsOf, remainingBalanceCents } from './pricing.js';

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

  it('refuses negative or fractional units', () => {
    expect(() => priceCentsOf(-1, 100)).toThrow(RangeError);
    expect(() => priceCentsOf(1.5, 100)).toThrow(RangeError);
  });

  it('balance, completeness and status follow the payments', () => {
    expect(remainingBalanceCents(10_000, [2_500, 2_500])).toBe(5_000);
    expect(remainingBalanceCents(10_000, [])).toBe(10_000);
    expect(isPaidInFull(0)).toBe(true);
    expect(isPaidInFull(1)).toBe(false);
    expect(invoiceStatusOf(10_000, 0)).toBe('Pending');
    expect(invoiceStatusOf(10_000, 1)).toBe('Partially Paid');
    expect(invoiceStatusOf(10_000, 10_000)).toBe('Completed');
  });
});
