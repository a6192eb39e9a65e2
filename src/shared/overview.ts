import { z } from 'zod';

/*
 * The provider's overview (docs/product-rules.md#provider-overview) and the customer's usage chart:
 * the figures each card shows, in hours and dollars as the wire carries them.
 */

/** How many of the newest sign-ups awaiting approval the overview lists. */
export const OVERVIEW_SIGNUPS_SHOWN = 5;
/** The overview's chart covers this many calendar months, the current one last. */
export const OVERVIEW_MONTHS = 12;
/** The customer's usage chart covers this many weeks, the current one last. */
export const USAGE_WEEKS = 12;

export const signupOutput = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  /** The company's id, for a link to its page; null for a user without one. */
  company: z.string().nullable(),
  companyName: z.string().nullable(),
  createdAt: z.string(),
});
export type SignupDto = z.infer<typeof signupOutput>;

export const signupsOutput = z.object({
  /** Users not yet approved. */
  count: z.number().int(),
  /** The newest few of them, newest first. */
  newest: z.array(signupOutput),
});
export type SignupsDto = z.infer<typeof signupsOutput>;

export const receivableOutput = z.object({
  /** Invoices not paid in full with no completed payment. */
  unpaidCount: z.number().int(),
  /** Invoices not paid in full with some completed payment. */
  partlyPaidCount: z.number().int(),
  /** The sum of their open balances (price less completed payments), in dollars. */
  totalReceivable: z.number(),
});
export type ReceivableDto = z.infer<typeof receivableOutput>;

export const weekHoursOutput = z.object({
  /** Monday and Sunday of the current week in the provider's time zone (YYYY-MM-DD). */
  weekStart: z.string(),
  weekEnd: z.string(),
  /** Hours logged this week across every company. */
  totalHours: z.number(),
  targetHours: z.number(),
});
export type WeekHoursDto = z.infer<typeof weekHoursOutput>;

export const monthFiguresOutput = z.object({
  /** The calendar month in the provider's time zone, YYYY-MM. */
  month: z.string(),
  /** Hours of the invoices dated in the month. */
  soldHours: z.number(),
  /** Hours logged in the month. */
  usedHours: z.number(),
  /** Hours of the month's invoices not yet paid in full (their hours wait for payment). */
  awaitingPaymentHours: z.number(),
});
export type MonthFiguresDto = z.infer<typeof monthFiguresOutput>;
export const monthsOutput = z.array(monthFiguresOutput);

export const weekUsageOutput = z.object({
  /** The Monday that starts the week, YYYY-MM-DD in the provider's time zone. */
  weekStart: z.string(),
  /** Hours logged against the company in the week. */
  usedHours: z.number(),
  /** Hours of the company's purchases activated (paid in full) that are dated in the week. */
  purchasedHours: z.number(),
});
export type WeekUsageDto = z.infer<typeof weekUsageOutput>;
export const weeklyUsageOutput = z.array(weekUsageOutput);

/** The window the overview looks ahead for hours that expire, and how many blocks it lists. */
export const EXPIRING_SOON_DAYS = 30;
export const EXPIRING_SOON_SHOWN = 8;

export const expiringSoonOutput = z.object({
  /** Unused hours, as the ledgers stand, of every block that expires in the next 30 days. */
  totalHours: z.number(),
  /** How many such blocks there are. */
  blockCount: z.number().int(),
  /** The soonest few. */
  soonest: z.array(
    z.object({
      company: z.string(),
      companyName: z.string(),
      hours: z.number(),
      /** The first day (YYYY-MM-DD, provider's time zone) the hours are gone. */
      expiresOn: z.string(),
    }),
  ),
});
export type ExpiringSoonDto = z.infer<typeof expiringSoonOutput>;
