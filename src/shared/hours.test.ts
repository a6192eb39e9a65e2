import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, hoursToHundredths, hundredthsToHours } from './hours.js';

const largestAccepted = 1e15 - 1;

describe('hoursToHundredths', () => {
  it('converts hours to integer hundredths', () => {
    expect(hoursToHundredths(1.25)).toBe(125);
    expect(hoursToHundredths(0)).toBe(0);
    expect(hoursToHundredths(-2.5)).toBe(-250);
    expect(hoursToHundredths(0.01)).toBe(1);
  });

  it('rounds to the nearest hundredth, half away from zero, as written in decimal', () => {
    expect(hoursToHundredths(1.004)).toBe(100);
    expect(hoursToHundredths(1.005)).toBe(101);
    expect(hoursToHundredths(0.285)).toBe(29);
    expect(hoursToHundredths(-1.005)).toBe(-101);
    expect(hoursToHundredths(1.0049999)).toBe(100);
  });

  it('never returns negative zero', () => {
    expect(Object.is(hoursToHundredths(-0.001), 0)).toBe(true);
    expect(Object.is(hoursToHundredths(-0), 0)).toBe(true);
  });

  it('rejects NaN, infinities and absurdly large values', () => {
    expect(() => hoursToHundredths(Number.NaN)).toThrow(RangeError);
    expect(() => hoursToHundredths(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => hoursToHundredths(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
    expect(() => hoursToHundredths(1e14)).toThrow(RangeError);
  });

  it('gives back every hundredth it was given as hours', () => {
    fc.assert(
      fc.property(fc.integer({ min: -largestAccepted, max: largestAccepted }), (hundredths) => {
        expect(hoursToHundredths(hundredthsToHours(hundredths))).toBe(hundredths);
      }),
    );
  });

  it('rounds a half-hundredth written with three decimals away from zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.boolean(), (whole, negative) => {
        const thousandths = whole * 10 + 5;
        const signed = negative ? -thousandths : thousandths;
        const expected = (thousandths + 5) / 10;
        expect(hoursToHundredths(signed / 1000)).toBe(negative ? -expected : expected);
      }),
    );
  });

  it('stays within half a hundredth of any finite value', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e10, max: 1e10, noNaN: true }), (hours) => {
        const hundredths = hoursToHundredths(hours);
        expect(Number.isInteger(hundredths)).toBe(true);
        expect(Math.abs(hundredths - hours * 100)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });
});

describe('hundredthsToHours', () => {
  it('converts hundredths back to hours', () => {
    expect(hundredthsToHours(125)).toBe(1.25);
    expect(hundredthsToHours(-1)).toBe(-0.01);
    expect(hundredthsToHours(0)).toBe(0);
  });
});

describe('dollars and cents', () => {
  it('converts dollars to cents with the same rounding', () => {
    expect(dollarsToCents(1234.56)).toBe(123456);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(2.675)).toBe(268);
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('converts cents to dollars', () => {
    expect(centsToDollars(123456)).toBe(1234.56);
    expect(centsToDollars(5)).toBe(0.05);
  });

  it('round-trips every amount of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -largestAccepted, max: largestAccepted }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });
});
