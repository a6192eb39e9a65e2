import { describe, expect, it } from 'vitest';
import type { ActivityDto } from './activities.js';
import { gaugePercent, hourBalanceSummary } from './hour-balance.js';

let n = 0;
const activity = (fields: Partial<ActivityDto>): ActivityDto => ({
  id: `a${(n += 1)}`,
  description: 'x',
  hours: 0,
  status: 'completed',
  activityType: 'TimeLog',
  timeStamp: '2026-01-01T00:00:00.000Z',
  runningHourBalance: 0,
  ...fields,
});

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
  it('sums completed hours into the balance and pending TimeAdds into pending', () => {
    const summary = hourBalanceSummary([
      activity({ activityType: 'TimeAdd', status: 'pending', hours: 20 }),
      activity({ hours: -2.5 }),
      activity({ activityType: 'TimeAdd', hours: 10 }),
      activity({ hours: -0.1 }),
      activity({ hours: -0.2 }),
      activity({ activityType: 'TimeAdd', hours: 5 }),
    ]);
    expect(summary).toEqual({ balance: 12.2, pending: 20, recentPurchase: 10, used: 0, remainingPercent: 100 });
  });

  it('takes the most recent completed purchase, not a pending one, and computes used', () => {
    const summary = hourBalanceSummary([
      activity({ activityType: 'TimeAdd', status: 'pending', hours: 40 }),
      activity({ hours: -7.25 }),
      activity({ activityType: 'TimeAdd', hours: 10 }),
    ]);
    expect(summary).toMatchObject({ balance: 2.75, recentPurchase: 10, used: 7.25, remainingPercent: 30 });
  });

  it('is all zeros with no activity', () => {
    expect(hourBalanceSummary([])).toEqual({ balance: 0, pending: 0, recentPurchase: 0, used: 0, remainingPercent: 0 });
  });

  it('never reports negative used hours, even with a balance above the last purchase', () => {
    const summary = hourBalanceSummary([activity({ activityType: 'TimeAdd', hours: 5 }), activity({ activityType: 'TimeAdd', hours: 50 })]);
    expect(summary).toMatchObject({ balance: 55, used: 0, remainingPercent: 100 });
  });
});
