import type { ActivityDto } from './activities.js';

/** SPEC.md §9, the dashboard's Hour Balance card, as pure rules. */
export type HourBalanceSummary = {
  /** Sum of completed activities. */
  balance: number;
  /** Sum of pending TimeAdd activities: bought, not yet paid. */
  pending: number;
  /** Hours of the most recent completed TimeAdd, 0 if none. */
  recentPurchase: number;
  /** max(0, recent purchase − balance). */
  used: number;
  /** The gauge's remaining percentage, snapped. */
  remainingPercent: number;
};

const round2 = (value: number) => Math.round(value * 100) / 100 + 0;

/** Activities arrive newest first, as GET /activities sends them. */
export function hourBalanceSummary(activities: ActivityDto[]): HourBalanceSummary {
  let balanceHundredths = 0;
  let pendingHundredths = 0;
  for (const activity of activities) {
    const hundredths = Math.round(activity.hours * 100);
    if (activity.status === 'completed') balanceHundredths += hundredths;
    else if (activity.activityType === 'TimeAdd') pendingHundredths += hundredths;
  }
  const purchase = activities.find((activity) => activity.activityType === 'TimeAdd' && activity.status === 'completed');
  const balance = balanceHundredths / 100;
  const recentPurchase = purchase?.hours ?? 0;
  const used = round2(Math.max(0, recentPurchase - balance));
  return { balance, pending: pendingHundredths / 100, recentPurchase, used, remainingPercent: gaugePercent(recentPurchase, used) };
}

const GAUGE_STOPS = [1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 99];

/**
 * 0 with no purchase or nothing left, 100 with nothing used; otherwise the remaining share
 * snapped to the nearest of 1, 10, 20, …, 90, 99 (so a sliver left still shows, and a little
 * used still shows as not full).
 */
export function gaugePercent(recentPurchase: number, used: number): number {
  if (recentPurchase <= 0 || used >= recentPurchase) return 0;
  if (used <= 0) return 100;
  const remaining = ((recentPurchase - used) / recentPurchase) * 100;
  if (remaining < 1) return 1;
  if (remaining > 99) return 99;
  return GAUGE_STOPS.reduce((best, stop) => (Math.abs(stop - remaining) <= Math.abs(best - remaining) ? stop : best));
}
