import { z } from 'zod';

/** The profile's email rule: text, @, text, dot, text (docs/product-rules.md#accounts). */
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

/** The input of a call that takes none. */
export const noInput = z.void();

export const idParam = z.string({ message: 'An id is required.' }).trim().min(1, 'An id is required.').max(64, 'That id is not valid.');

export const messageOutput = z.object({ message: z.string() });

/*
 * Numbers. The SPA sends numbers as JSON numbers; a REST script may send a plain decimal as text
 * ("12.5", " 3 "). Nothing else is a number here: not true, [], "", "0x1A" or "1e3", which a
 * coercing schema would have read as 1, 0, 0, 26 and 1000.
 */
const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** What a number field reads from a form's text: a plain decimal, else NaN (which the field refuses). */
export function numberFromText(value: number | string): number {
  if (typeof value === 'number') return value;
  return DECIMAL_TEXT.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

export type NumberRules = { gt?: number; min?: number; max?: number; int?: boolean };

/** A number field: a finite number or a plain decimal string, within the rules; messages name the field. */
export function numberField(label: string, rules: NumberRules = {}) {
  const notANumber = rules.int ? `${label} must be a whole number.` : `${label} must be a number.`;
  let number = z.number({ message: notANumber });
  if (rules.int) number = number.int({ message: notANumber, abort: true });
  if (rules.gt !== undefined) number = number.gt(rules.gt, { message: `${label} must be more than ${rules.gt}.`, abort: true });
  if (rules.min !== undefined) number = number.min(rules.min, { message: `${label} must be ${rules.min} or more.`, abort: true });
  if (rules.max !== undefined) number = number.max(rules.max, { message: `${label} must be at most ${rules.max}.`, abort: true });
  const decimalText = z.string().trim().regex(DECIMAL_TEXT).transform(Number);
  return z.union([z.number(), decimalText], { message: notANumber }).pipe(number);
}

/*
 * Dates. JavaScript's Date rolls an impossible day over (2026-02-30 becomes March 2), so a date is
 * checked against the calendar before it is read.
 */
const LEADING_DAY = /^(\d{4})-(\d{2})-(\d{2})(?=$|T)/;

/** The YYYY-MM-DD a text starts with when that day does not exist (2026-02-30, 2026-13-01); else undefined. */
export function impossibleDay(text: string): string | undefined {
  const match = LEADING_DAY.exec(text.trim());
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(0);
  parsed.setUTCFullYear(year, month - 1, date); // Date.UTC would read year 50 as 1950
  const exists = parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date;
  return exists ? undefined : match[0];
}

export const notACalendarDay = (label: string, day: string) => `${label} is not a calendar date: ${day} does not exist.`;

/** Refuses text that starts with a day the calendar does not have; other text is left to the format check. */
export const calendarDay = (label: string) =>
  z.string().superRefine((text, ctx) => {
    const day = impossibleDay(text);
    if (day) ctx.addIssue({ code: 'custom', message: notACalendarDay(label, day), input: text, continue: false });
  });

/** An ISO date-time with an offset (what the SPA sends), on a day that exists; formatMessage explains the format. */
export const dateTimeField = (label: string, formatMessage: string) =>
  z.string({ message: formatMessage }).pipe(calendarDay(label)).pipe(z.iso.datetime({ offset: true, message: formatMessage }));

/*
 * One-line text. Names, titles and other single-line fields refuse line breaks and other control
 * characters (they would break emails, PDFs and lists); descriptions keep their newlines. They also
 * refuse the bidirectional controls (embeddings and overrides U+202A-U+202E, isolates U+2066-U+2069,
 * the marks U+200E, U+200F and U+061C): invisible, they reorder what follows them, so a company
 * named "Acme\u202Etxt.exe" would show as "Acmeexe.txt" on every list, email and PDF.
 */
// control characters are exactly what this pattern is for
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

export const notOneLine = (label: string) => `${label} must be a single line without control characters.`;

/** Why a one-line field refuses the invisible marks that change the order in which text is shown. */
export const reordersText = (label: string) =>
  `${label} cannot contain invisible characters that change the direction of text (such as U+202E, which shows what follows it reversed).`;

/** The same text schema, refusing line breaks, control characters and direction controls with a message naming the field. */
export function singleLine<T extends z.ZodString>(schema: T, label: string): T {
  return schema
    .refine((text) => !CONTROL_CHARACTERS.test(text), notOneLine(label))
    .refine((text) => !DIRECTION_CONTROLS.test(text), reordersText(label));
}

/** A required single-line field such as a name or a title. */
export const requiredLine = (label: string, max = 200, message = `${label} is required.`) => singleLine(requiredText(message, max), label);

/** An optional single-line field; left out means ''. */
export const optionalLine = (label: string, max = 500) =>
  singleLine(z.string({ message: `${label} must be text.` }).trim().max(max, `${label} must be at most ${max} characters.`), label)
    .optional()
    .default('');
