import { describe, expect, it } from 'vitest';
import { gaugePercent, hourBalanceSummary, hourShareOf } from './hour-balance.js';

describe('gaugePercent', () => {
  it.each([
    [0, 0, 0],
    [10, 10, 0],
    [10, 12, 0],
    [10, 0, 100],
    [100, 99.5, 1],
    [100, 99.2, 1],
    [100, 97, 1],
    [100, 96, 1],
    [100, 94, 10],
    [100, 55, 50],
    [100, 44, 60],
    [100, 6, 90],
    [100, 4, 99],
    [100, 0.5, 99],
    [1000, 0.01, 99],
  ])('purchase %s, used %s -> %s', (purchase, used, percent) => {
    expect(gaugePercent(purchase, used)).toBe(percent);
  });

  it('only ever answers 0, 100 or a stop', () => {
    const allowed = new Set([0, 1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 99, 100]);
    for (let used = 0; used <= 50; used += 0.37) expect(allowed.has(gaugePercent(50, used))).toBe(true);
  });
});

describe('hourBalanceSummary', () => {
  it('gives the ledger figures in hours, with Used = the recent purchase minus the balance', () => {
    expect(hourBalanceSummary({ balance: 275, pending: 4000, recentPurchase: 1000 })).toEqual({
      balance: 2.75,
      pending: 40,
      recentPurchase: 10,
      used: 7.25,
      remainingPercent: 30,
    });
  });

  it('is exact in hundredths where floating-point hours would not be', () => {
    // 10.1 - 10.07 in floating point is 0.02999999999999936
    expect(hourBalanceSummary({ balance: 1007, pending: 0, recentPurchase: 1010 })).toMatchObject({ used: 0.03, remainingPercent: 99 });
  });

  it('is all zeros with no activity', () => {
    expect(hourBalanceSummary({ balance: 0, pending: 0, recentPurchase: 0 })).toEqual({ balance: 0, pending: 0, recentPurchase: 0, used: 0, remainingPercent: 0 });
  });

  it('never reports negative used hours, even with a balance above the last purchase', () => {
    expect(hourBalanceSummary({ balance: 5500, pending: 0, recentPurchase: 5000 })).toMatchObject({ balance: 55, used: 0, remainingPercent: 100 });
  });

  it('shows an empty gauge once the purchase is used up or the balance is negative', () => {
    expect(hourBalanceSummary({ balance: 0, pending: 0, recentPurchase: 1000 })).toMatchObject({ used: 10, remainingPercent: 0 });
    expect(hourBalanceSummary({ balance: -250, pending: 0, recentPurchase: 1000 })).toMatchObject({ balance: -2.5, used: 12.5, remainingPercent: 0 });
  });
});

describe('hourShareOf', () => {
  it('counts completed entries toward the balance and pending TimeAdd entries toward the pending hours, nothing else', () => {
    expect(hourShareOf({ status: 'completed', activityType: 'TimeAdd', hundredths: 500 })).toEqual({ balance: 500, pending: 0 });
    expect(hourShareOf({ status: 'completed', activityType: 'TimeLog', hundredths: -150 })).toEqual({ balance: -150, pending: 0 });
    expect(hourShareOf({ status: 'pending', activityType: 'TimeAdd', hundredths: 500 })).toEqual({ balance: 0, pending: 500 });
    expect(hourShareOf({ status: 'pending', activityType: 'TimeLog', hundredths: -150 })).toEqual({ balance: 0, pending: 0 });
  });
});
