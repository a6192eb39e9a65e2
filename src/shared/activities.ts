import { z } from 'zod';
import { pageNumber, perPageNumber, totalIsCappedOutput } from './list.js';

export const activityOutput = z.object({
  id: z.string(),
  description: z.string(),
  hours: z.number(),
  status: z.enum(['pending', 'completed']),
  activityType: z.enum(['TimeAdd', 'TimeLog']),
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
});
export type ActivitiesDto = z.infer<typeof activitiesOutput>;
