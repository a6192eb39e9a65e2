import { z } from 'zod';
import { liveBlockOutput } from './hour-blocks.js';
import { pageNumber, perPageNumber, totalIsCappedOutput } from './list.js';

/**
 * The kinds of ledger entry: TimeAdd, hours bought (pending until paid in full); TimeLog, hours
 * worked; Expired, a block's unused hours at its expiry; Rollover, hours a block carried into a new
 * one at its expiry (a pair: out of the old block, negative, and into the new one, positive).
 */
export const ACTIVITY_TYPES = ['TimeAdd', 'TimeLog', 'Expired', 'Rollover'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Each kind of entry in words, for a list's Type column. */
export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  TimeAdd: 'Hours purchased',
  TimeLog: 'Time logged',
  Expired: 'Hours expired',
  Rollover: 'Hours rolled over',
};

export const activityOutput = z.object({
  id: z.string(),
  description: z.string(),
  hours: z.number(),
  status: z.enum(['pending', 'completed']),
  activityType: z.enum(ACTIVITY_TYPES),
  timeStamp: z.string(),
  runningHourBalance: z.number(),
});
export type ActivityDto = z.infer<typeof activityOutput>;

/** A purchase whose invoice is not paid in full yet: its hours do not count, and it shows a Pending badge. */
export const isPendingPurchase = (activity: Pick<ActivityDto, 'activityType' | 'status'>) =>
  activity.activityType === 'TimeAdd' && activity.status === 'pending';

/** The caller's own company as the customer calls name it; null for the provider, who has none. */
export const ownCompanyOutput = z.object({ _id: z.string(), companyName: z.string() }).nullable();

/** A page of the timeline: page from 1, perPage with the defaults and limit every list has. */
export const activitiesInput = z
  .object({
    page: pageNumber.default(1),
    perPage: perPageNumber(),
  })
  .prefault({});
export type ActivitiesQuery = z.output<typeof activitiesInput>;

/** One page of the ledger, newest first, and how many entries it has over all pages. */
export const activitiesOutput = z.object({
  company: ownCompanyOutput,
  allActivities: z.array(activityOutput),
  total: z.number().int(),
  totalIsCapped: totalIsCappedOutput,
  /** The blocks of hours that expire and have hours left, soonest first. */
  blocks: z.array(liveBlockOutput),
});
export type ActivitiesDto = z.infer<typeof activitiesOutput>;
