import { z } from 'zod';
import { LOW_BALANCE_MAX_HOURS } from './balance-alerts.js';
import { EMAIL_PATTERN, numberField, requiredLine, singleLine } from './validation.js';

/*
 * The provider's settings, changed on the Settings page (docs/product-rules.md#settings): the
 * business profile customers see, the payment details invoices print, and the defaults that the
 * environment gives until they are saved here.
 */

/** The audit log is kept at least this many days, and at most this many (a hundred years); none: forever. */
export const EVENT_RETENTION_MIN_DAYS = 30;
export const EVENT_RETENTION_MAX_DAYS = 36_500;

/** Every text setting, in the order the page shows them, with the label its messages use. */
export const SETTING_LABELS = {
  name: 'Business name',
  email: 'Business email',
  phone: 'Phone',
  businessAddress: 'Business address',
  bankName: 'Bank name',
  routingNumber: 'Routing number',
  accountNumber: 'Account number',
  paymentEmail: 'Zelle / QuickPay address',
  checkAddress: 'Mailing address for checks',
  otherInstructions: 'Other payment instructions',
  lowBalanceHours: 'Running-low threshold',
  timeZone: 'Time zone',
  schedulerWebhookUrl: 'Scheduler webhook address',
  mailFrom: 'Sender of emails',
  eventRetentionDays: 'Audit log retention (days)',
} as const;

export type SettingName = keyof typeof SETTING_LABELS;
export const SETTING_NAMES = Object.keys(SETTING_LABELS) as [SettingName, ...SettingName[]];

/** The environment variable that gives each setting its first value. */
export const SETTING_ENVIRONMENT: Readonly<Record<SettingName, string | null>> = {
  name: 'PROVIDER_NAME',
  email: 'PROVIDER_EMAIL',
  phone: null,
  businessAddress: null,
  bankName: 'PROVIDER_BANK_NAME',
  routingNumber: 'PROVIDER_ROUTING_NUMBER',
  accountNumber: 'PROVIDER_ACCOUNT_NUMBER',
  paymentEmail: 'PROVIDER_PAYMENT_EMAIL',
  checkAddress: 'PROVIDER_ADDRESS',
  otherInstructions: null,
  lowBalanceHours: 'LOW_BALANCE_HOURS',
  timeZone: 'APP_TIMEZONE',
  schedulerWebhookUrl: 'SCHEDULER_WEBHOOK_URL',
  mailFrom: 'MAIL_FROM',
  eventRetentionDays: 'EVENT_RETENTION_DAYS',
};

/** An optional text setting: empty (or null) clears it; the wire carries null for unset. */
function optionalSetting(name: SettingName, max: number, options: { multiline?: boolean; pattern?: RegExp; patternMessage?: string } = {}) {
  const label = SETTING_LABELS[name];
  let text = z.string({ message: `${label} must be text.` }).trim().max(max, `${label} must be at most ${max} characters.`);
  if (!options.multiline) text = singleLine(text, label);
  const checked = options.pattern
    ? text.refine((value) => value === '' || options.pattern!.test(value), options.patternMessage ?? `${label} is not valid.`)
    : text;
  return checked.nullable().transform((value) => (value ? value : null));
}

const US_PHONE = /^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;
const PHONE = /^\+?[\d\s().-]{7,25}(\s*(x|ext\.?)\s*\d{1,6})?$/i;
/** "Name <address>" or a bare address. */
const SENDER = /^(?:"?[^"<>\r\n]*"?\s*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

export function isTimeZoneName(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const webhookUrl = (value: string) => {
  if (!URL.canParse(value)) return false;
  return ['http:', 'https:'].includes(new URL(value).protocol);
};

/** What the Settings page saves: every field; a script may send only the ones that change. */
export const settingsFields = z.object({
  name: requiredLine(SETTING_LABELS.name, 120),
  email: optionalSetting('email', 254, { pattern: EMAIL_PATTERN, patternMessage: 'Business email must be a valid email address.' }),
  phone: optionalSetting('phone', 40, { pattern: PHONE, patternMessage: 'Phone must be a phone number, such as +1 555 010 0100.' }),
  businessAddress: optionalSetting('businessAddress', 300, { multiline: true }),
  bankName: optionalSetting('bankName', 120),
  routingNumber: optionalSetting('routingNumber', 9, { pattern: /^\d{9}$/, patternMessage: 'Routing number must be the 9 digits of an ABA routing number.' }),
  accountNumber: optionalSetting('accountNumber', 17, { pattern: /^\d{4,17}$/, patternMessage: 'Account number must be 4 to 17 digits.' }),
  paymentEmail: optionalSetting('paymentEmail', 254, {
    pattern: new RegExp(`${EMAIL_PATTERN.source}|${US_PHONE.source}`),
    patternMessage: 'Zelle / QuickPay address must be an email address or a US mobile number.',
  }),
  checkAddress: optionalSetting('checkAddress', 300, { multiline: true }),
  otherInstructions: optionalSetting('otherInstructions', 2000, { multiline: true }),
  lowBalanceHours: numberField(SETTING_LABELS.lowBalanceHours, { min: 0, max: LOW_BALANCE_MAX_HOURS }).refine(
    (hours) => Number.isInteger(Number((hours * 100).toPrecision(15))),
    'Running-low threshold must have at most 2 decimals.',
  ),
  timeZone: z
    .string({ message: 'Time zone is required.' })
    .trim()
    .min(1, { message: 'Time zone is required.', abort: true })
    .max(64, 'Time zone must be at most 64 characters.')
    .refine(isTimeZoneName, 'Time zone must be a time zone name, such as America/New_York.'),
  schedulerWebhookUrl: optionalSetting('schedulerWebhookUrl', 2000).refine(
    (value) => value === null || webhookUrl(value),
    'Scheduler webhook address must be a full http:// or https:// address.',
  ),
  eventRetentionDays: numberField(SETTING_LABELS.eventRetentionDays, { int: true, min: EVENT_RETENTION_MIN_DAYS, max: EVENT_RETENTION_MAX_DAYS }).nullable(),
  mailFrom: optionalSetting('mailFrom', 200, { pattern: SENDER, patternMessage: 'Sender of emails must be an address, or a name and an address such as "Acme Consulting" <billing@acme.example>.' }),
});
export type SettingsFields = z.output<typeof settingsFields>;

/** The settings as the page reads them: the values in force, and which still come from the environment. */
export type SettingsDto = SettingsFields & {
  /** Settings never saved on the page, whose value is the environment's (or the built-in default). */
  unsaved: SettingName[];
  /** The sender used when mailFrom is empty. */
  defaultMailFrom: string;
  logo: { url: string; contentType: string; bytes: number } | null;
};

/** Logos are PNG or JPEG (what PDFs embed) of at most this many bytes. */
export const LOGO_MAX_BYTES = 256 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

/** The sender every email carries when none is set: the business name at no-reply@localhost. */
export const defaultSender = (businessName: string) => `"${businessName.replace(/["\\]/g, '')}" <no-reply@localhost>`;
