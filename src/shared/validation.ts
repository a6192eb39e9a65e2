import { z } from 'zod';

/** SPEC.md §5: an email address is text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 8;

export const requiredText = (message: string, max = 200) =>
  z
    .string({ message })
    .trim()
    .min(1, { message, abort: true })
    .max(max, `${message.replace(/ is required\.$/, '')} must be at most ${max} characters.`);

export const optionalText = (max = 500) =>
  z.string().trim().max(max, `Must be at most ${max} characters.`).optional().default('');

export const emailAddress = z
  .string({ message: 'Email address is required.' })
  .trim()
  .min(1, { message: 'Email address is required.', abort: true })
  .max(254, 'Email address must be at most 254 characters.')
  .regex(EMAIL_PATTERN, 'Enter a valid email address.');

export const newPassword = z
  .string({ message: 'Password is required.' })
  .min(MIN_PASSWORD_LENGTH, 'The password needs to be at least 8 characters long.')
  .max(200, 'The password must be at most 200 characters long.');

export const idParam = z.string({ message: 'An id is required.' }).trim().min(1, 'An id is required.').max(64, 'That id is not valid.');

export const messageOutput = z.object({ message: z.string() });
