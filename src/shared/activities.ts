import { z } from 'zod';

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

export const activitiesOutput = z.object({
  company: z.object({ _id: z.string(), companyName: z.string() }).nullable(),
  allActivities: z.array(activityOutput),
});
export type ActivitiesDto = z.infer<typeof activitiesOutput>;
