import { z } from 'zod';
import { activityOutput, ownCompanyOutput } from './activities.js';
import { forecastOutput } from './forecast.js';
import { liveBlockOutput } from './hour-blocks.js';

/** The dashboard lists at most 3 open tasks and 3 recent activities. */
export const DASHBOARD_LIST_LIMIT = 3;

export const dashboardTaskOutput = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  timeStamp: z.string(),
});
export type DashboardTaskDto = z.infer<typeof dashboardTaskOutput>;

/** Everything the customer dashboard shows, in hours; the provider, who has no company, gets it all empty. */
export const dashboardOutput = z.object({
  company: ownCompanyOutput,
  hourBalance: z.object({
    balance: z.number(),
    pending: z.number(),
    recentPurchase: z.number(),
    used: z.number(),
    remainingPercent: z.number().int(),
  }),
  openTasks: z.object({
    /** How many open tasks the company has. */
    count: z.number().int(),
    /** The newest few by last change. */
    newest: z.array(dashboardTaskOutput),
  }),
  /** The latest completed activities, newest first. */
  recentActivities: z.array(activityOutput),
  /** How long the balance lasts at the company's recent pace. */
  forecast: forecastOutput,
  /** The blocks of hours that expire and have hours left, soonest first (none when every hour lasts). */
  blocks: z.array(liveBlockOutput),
  /** With a negative balance: the hours owed, and what they come to at the company's overage rate (null without one). */
  owed: z.object({ hours: z.number(), rate: z.number().nullable(), amount: z.number().nullable() }).nullable(),
});
export type DashboardDto = z.infer<typeof dashboardOutput>;
