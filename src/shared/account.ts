import { z } from 'zod';
import { EMAIL_PATTERN, emailAddress, newPassword, optionalLine, optionalText, requiredLine } from './validation.js';

export const signUpInput = z.object({
  companyName: requiredLine('Company name'),
  companyAddress: optionalText(),
  website: optionalLine('Website'),
  companyPhone: optionalLine('Company phone', 50),
  firstName: requiredLine('First name'),
  lastName: requiredLine('Last name'),
  mobile: optionalLine('Mobile', 50),
  emailAddress,
  password: newPassword,
  projectDescription: optionalText(5000),
});
export type SignUpInput = z.infer<typeof signUpInput>;

export const loginInput = z.object({
  emailAddress: z.string({ message: 'Email address is required.' }).trim().min(1, 'Email address is required.').max(254, 'Email address must be at most 254 characters.'),
  password: z.string({ message: 'Password is required.' }).min(1, 'Password is required.').max(200, 'The password must be at most 200 characters long.'),
});

export const loginOutput = z.object({
  token: z.string(),
  name: z.string(),
  userId: z.string(),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  role: z.string(),
});
export type LoginOutput = z.infer<typeof loginOutput>;

export const forgotPasswordInput = z.object({ emailAddress });

export const linkTokenInput = z.object({
  token: z.string({ message: 'Invalid token.' }).trim().min(1, 'Invalid token.').max(2000, 'Invalid token.'),
});

export const resetPasswordInput = linkTokenInput.extend({ newPassword });

const PROFILE_MESSAGE = 'Fill out all fields and ensure the email address is valid.';

export const profileUpdateInput = z.object({
  firstName: requiredLine('First name', 200, PROFILE_MESSAGE),
  lastName: requiredLine('Last name', 200, PROFILE_MESSAGE),
  emailAddress: z
    .string({ message: PROFILE_MESSAGE })
    .trim()
    .max(254, PROFILE_MESSAGE)
    .regex(EMAIL_PATTERN, PROFILE_MESSAGE),
  /** Needed only when the email address changes (not just its letter case). */
  currentPassword: z.string().max(200, 'The password must be at most 200 characters long.').optional(),
});

export const CURRENT_PASSWORD_NEEDED = 'Enter your current password to change your email address.';
export const CURRENT_PASSWORD_WRONG = 'Your current password is incorrect.';

/** The sign-in address compares without letter case, so a change of case alone is no change. */
export function isNewEmailAddress(current: string, next: string): boolean {
  return current.trim().toLowerCase() !== next.trim().toLowerCase();
}

export const changePasswordInput = z.object({
  currentPassword: z.string({ message: 'Please fill out all the fields.' }).min(1, 'Please fill out all the fields.').max(200, 'The password must be at most 200 characters long.'),
  newPassword,
});

export const profileOutput = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  mobile: z.string(),
  role: z.string(),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  company: z.object({ _id: z.string(), companyName: z.string() }).nullable(),
});
export type Profile = z.infer<typeof profileOutput>;
