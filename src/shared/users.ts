import { z } from 'zod';
import { emailAddress } from './validation.js';

export const userOutput = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  company: z.string().nullable(),
  companyName: z.string().nullable(),
  role: z.string(),
  approved: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof userOutput>;

const name = (label: string) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, { message: `${label} is required.`, abort: true })
    .max(200, `${label} must be at most 200 characters.`);

/** The back office's user form; a user it creates has no password until a set-password link is used. */
export const adminUserFields = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  emailAddress,
  company: z.string().trim().max(64, 'That company id is not valid.').nullish().transform((value) => value || null),
  role: z.string().trim().max(50, 'Role must be at most 50 characters.').default('admin').transform((value) => value || 'admin'),
  approved: z.boolean().default(true),
});
export type AdminUserFields = z.output<typeof adminUserFields>;

export const companyUserOutput = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  role: z.string(),
});
