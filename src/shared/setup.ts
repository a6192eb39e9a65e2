import { z } from 'zod';
import { CHANNEL_ORDER, payeeDetails, type Payee } from './payment-options.js';

/*
 * The provider's first-day checklist (docs/product-rules.md#the-first-day-checklist): what a new
 * install needs before the first customer can buy and pay, in the order it is best done.
 */

export const SETUP_STEPS = ['businessProfile', 'paymentDetails', 'firstPackage', 'emailDelivery', 'firstCustomer'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const SETUP_STEP_TITLES: Readonly<Record<SetupStep, string>> = {
  businessProfile: 'Fill in your business profile',
  paymentDetails: 'Say how customers pay you',
  firstPackage: 'Offer your first package',
  emailDelivery: 'Make sure emails reach people',
  firstCustomer: 'Approve your first customer',
};

/** The business profile is done once customers can reach the provider: an email and an address or phone. */
export function isProfileComplete(provider: { email?: string | null; phone?: string | null; businessAddress?: string | null }): boolean {
  return Boolean(provider.email && (provider.phone || provider.businessAddress));
}

/** Customers can pay once one way is fully set: every detail of a channel, or other instructions. */
export function canBePaid(payee: Payee & { otherInstructions?: string | null }): boolean {
  if (payee.otherInstructions?.trim()) return true;
  return CHANNEL_ORDER.some((channel) => payeeDetails(channel, payee).every((detail) => detail.value !== null));
}

export const testEmailOutput = z.object({
  to: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  sentAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
});
export type TestEmailDto = z.infer<typeof testEmailOutput>;

export const setupOutput = z.object({
  steps: z.array(z.object({ step: z.enum(SETUP_STEPS), done: z.boolean() })),
  email: z.object({
    mode: z.enum(['smtp', 'files']).describe('smtp: SMTP_URL is set; files: every email is written as an .eml file instead of being sent.'),
    folder: z.string().nullable().describe('Where the .eml files go in files mode.'),
    testEmail: testEmailOutput.nullable().describe('The last test email and how its delivery went.'),
  }),
  hidden: z.boolean().describe('The provider hid the checklist before finishing it.'),
});
export type SetupDto = z.infer<typeof setupOutput>;
