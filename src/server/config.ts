import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_LOW_BALANCE_HOURS, LOW_BALANCE_MAX_HOURS } from '../shared/balance-alerts.js';
import { hoursToHundredths } from '../shared/hours.js';
import { clientTimeouts } from '../shared/limits.js';
import { EVENT_RETENTION_MAX_DAYS, EVENT_RETENTION_MIN_DAYS, isTimeZoneName } from '../shared/settings.js';

/** The only reader of process.env: every setting, parsed once, with its documented default. */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = (name: string) =>
  optionalText.refine((value) => value === undefined || URL.canParse(value), {
    message: `${name} must be a full URL, e.g. https://example.com/hook`,
  });

/** A whole number of seconds from 1 to an hour, as milliseconds; unset, the default. */
const seconds = (name: string, defaultMs: number) =>
  optionalText
    .refine((value) => value === undefined || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 3600), {
      message: `${name} must be a whole number of seconds from 1 to 3600`,
    })
    .transform((value) => (value === undefined ? defaultMs : Number(value) * 1000));

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: optionalText.default('127.0.0.1'),
  DATA_DIR: optionalText.default('./data'),
  DATABASE_PATH: optionalText,
  DATABASE_URL: optionalText.refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
    message: 'DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for the SQLite file)',
  }),
  APP_URL: optionalUrl('APP_URL'),
  SMTP_URL: optionalText.refine(
    (value) => value === undefined || /^smtps?:\/\//.test(value),
    { message: 'SMTP_URL must start with smtp:// or smtps://' },
  ),
  MAIL_FROM: optionalText,
  PROVIDER_NAME: optionalText.default('Hourbank Consulting'),
  PROVIDER_EMAIL: optionalText.refine(
    (value) => value === undefined || z.email().safeParse(value).success,
    { message: 'PROVIDER_EMAIL must be an email address' },
  ),
  PROVIDER_ADDRESS: optionalText,
  PROVIDER_BANK_NAME: optionalText,
  PROVIDER_ROUTING_NUMBER: optionalText,
  PROVIDER_ACCOUNT_NUMBER: optionalText,
  PROVIDER_PAYMENT_EMAIL: optionalText,
  APP_TIMEZONE: optionalText.refine((value) => value === undefined || isTimeZoneName(value), {
    message: 'APP_TIMEZONE must be an IANA time zone such as America/New_York',
  }),
  LOW_BALANCE_HOURS: optionalText.refine((value) => value === undefined || isThresholdHours(value), {
    message: `LOW_BALANCE_HOURS must be a number of hours from 0 to ${LOW_BALANCE_MAX_HOURS} with at most 2 decimals, e.g. 5 or 2.5`,
  }),
  SCHEDULER_WEBHOOK_URL: optionalUrl('SCHEDULER_WEBHOOK_URL'),
  WEBHOOKS_ALLOW_PRIVATE: optionalText.refine((value) => value === undefined || value === 'true' || value === 'false', {
    message: 'WEBHOOKS_ALLOW_PRIVATE must be true or false',
  }),
  EVENT_RETENTION_DAYS: optionalText.refine((value) => value === undefined || isRetentionDays(value), {
    message: `EVENT_RETENTION_DAYS must be a whole number of days from ${EVENT_RETENTION_MIN_DAYS} to ${EVENT_RETENTION_MAX_DAYS}; leave it unset to keep the audit log forever`,
  }),
  CLIENT_DIR: optionalText,
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: optionalText.refine((value) => value === undefined || parseTrustProxy(value) !== undefined, {
    message:
      'TRUST_PROXY must list the addresses or networks of the proxies in front of the app, comma-separated (e.g. loopback or 127.0.0.1,10.0.0.0/8); a hop count cannot tell a proxy from a client',
  }),
  SESSION_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
    message: 'SESSION_SECRET must be at least 32 characters long',
  }),
  REQUEST_TIMEOUT_SECONDS: seconds('REQUEST_TIMEOUT_SECONDS', clientTimeouts.requestMs),
  DOWNLOAD_STALL_SECONDS: seconds('DOWNLOAD_STALL_SECONDS', clientTimeouts.downloadStallMs),
});

/**
 * Which proxies' X-Forwarded-For to believe, as Fastify's trustProxy takes them: their addresses
 * and networks (proxy-addr also knows loopback, linklocal and uniquelocal). Believing every hop
 * would let any client pick its own address and walk past the rate limits; Fastify refuses to
 * trust a bare hop count for the same reason, so neither is accepted.
 */
export function parseTrustProxy(value: string): string[] | undefined {
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const isProxyAddress = (entry: string) => {
    const [address = '', bits, extra] = entry.split('/');
    if (extra !== undefined) return false;
    if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
    const version = isIP(address);
    if (version === 0) return false;
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
  };
  return entries.length > 0 && entries.every(isProxyAddress) ? entries : undefined;
}

function isRetentionDays(value: string): boolean {
  const days = Number(value);
  return /^\d+$/.test(value) && days >= EVENT_RETENTION_MIN_DAYS && days <= EVENT_RETENTION_MAX_DAYS;
}

function isThresholdHours(value: string): boolean {
  return /^\d+(\.\d{1,2})?$/.test(value) && Number(value) <= LOW_BALANCE_MAX_HOURS;
}

/**
 * The provider as customers see them: the business profile (name, email, phone, business address)
 * and the payment details (bank, Zelle address, the mailing address for checks in `address`, free
 * text for any other way to pay). The environment gives the first values; the Settings page's
 * saved values win over them.
 */
export type Provider = {
  name: string;
  /** Where customers write and where sign-up and purchase notices go. */
  email: string | undefined;
  phone: string | undefined;
  businessAddress: string | undefined;
  /** The mailing address for checks. */
  address: string | undefined;
  otherInstructions: string | undefined;
  /** The logo's absolute address, for emails; only the Settings page sets a logo. */
  logoUrl?: string;
  bankName: string | undefined;
  routingNumber: string | undefined;
  accountNumber: string | undefined;
  paymentEmail: string | undefined;
};

/** The provider's payment details customers need to pay, each with the setting that holds it. */
const PAYMENT_DETAIL_SETTINGS = [
  { setting: 'PROVIDER_BANK_NAME', label: 'Bank name', field: 'bankName' },
  { setting: 'PROVIDER_ROUTING_NUMBER', label: 'Routing number', field: 'routingNumber' },
  { setting: 'PROVIDER_ACCOUNT_NUMBER', label: 'Account number', field: 'accountNumber' },
  { setting: 'PROVIDER_PAYMENT_EMAIL', label: 'Payment email (Zelle)', field: 'paymentEmail' },
  { setting: 'PROVIDER_ADDRESS', label: 'Mailing address (checks)', field: 'address' },
] as const satisfies readonly { setting: string; label: string; field: keyof Provider }[];

export type MissingSetting = { setting: string; label: string };

/**
 * The payment details left unset: the invoice email and PDF print "please contact us" in their place,
 * so the start-up log and the super-admin's screens name each one.
 */
export function missingPaymentDetails(provider: Provider): MissingSetting[] {
  return PAYMENT_DETAIL_SETTINGS.filter(({ field }) => !provider[field]).map(({ setting, label }) => ({ setting, label }));
}

/** One warning per unset payment detail, at start-up, naming the setting to fill in. */
export function warnMissingPaymentDetails(provider: Provider, logger: { warn: (details: object, message: string) => void }): void {
  for (const { setting, label } of missingPaymentDetails(provider)) {
    logger.warn({ setting }, `${label} is not set (Settings page, or ${setting}): invoice emails and PDFs say "please contact us" in its place.`);
  }
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** The SQLite file, used unless databaseUrl names a PostgreSQL database. */
  databasePath: string;
  databaseUrl: string | undefined;
  appUrl: string;
  smtpUrl: string | undefined;
  /** MAIL_FROM as set; unset, emails come from the business name (see the settings module). */
  mailFrom: string | undefined;
  provider: Provider;
  timeZone: string;
  /** The running-low threshold of every company that has none of its own, in hundredths of an hour. */
  lowBalanceHundredths: number;
  schedulerWebhookUrl: string | undefined;
  /**
   * Whether webhook endpoints may be on loopback, link-local or private addresses
   * (WEBHOOKS_ALLOW_PRIVATE): off, the webhooks cannot be aimed at the provider's own network.
   */
  webhooksAllowPrivate: boolean;
  /** Days the audit log keeps an event (EVENT_RETENTION_DAYS); null: forever. */
  eventRetentionDays: number | null;
  sessionSecret: string | undefined;
  /** Proxies whose X-Forwarded-For names the client: none (false) unless TRUST_PROXY says. */
  trustProxy: false | string[];
  logLevel: string;
  /** How long a client may take to send a whole request, headers and body (docs/limits.md). */
  requestTimeoutMs: number;
  /** Within how long of the last byte a client took a stalled download is closed and its slot freed (docs/limits.md). */
  downloadStallMs: number;
  /** The built web client; tests point this at their own build. */
  clientDir: string | undefined;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const providerName = values.PROVIDER_NAME;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databasePath: path.resolve(values.DATABASE_PATH ?? path.join(dataDir, 'hourbank.db')),
    databaseUrl: values.DATABASE_URL,
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    provider: {
      name: providerName,
      email: values.PROVIDER_EMAIL,
      phone: undefined,
      businessAddress: undefined,
      address: values.PROVIDER_ADDRESS,
      otherInstructions: undefined,
      bankName: values.PROVIDER_BANK_NAME,
      routingNumber: values.PROVIDER_ROUTING_NUMBER,
      accountNumber: values.PROVIDER_ACCOUNT_NUMBER,
      paymentEmail: values.PROVIDER_PAYMENT_EMAIL,
    },
    timeZone: values.APP_TIMEZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    lowBalanceHundredths: hoursToHundredths(Number(values.LOW_BALANCE_HOURS ?? DEFAULT_LOW_BALANCE_HOURS)),
    schedulerWebhookUrl: values.SCHEDULER_WEBHOOK_URL,
    webhooksAllowPrivate: values.WEBHOOKS_ALLOW_PRIVATE === 'true',
    eventRetentionDays: values.EVENT_RETENTION_DAYS === undefined ? null : Number(values.EVENT_RETENTION_DAYS),
    sessionSecret: values.SESSION_SECRET,
    trustProxy: values.TRUST_PROXY ? parseTrustProxy(values.TRUST_PROXY)! : false,
    logLevel: values.LOG_LEVEL,
    requestTimeoutMs: values.REQUEST_TIMEOUT_SECONDS,
    downloadStallMs: values.DOWNLOAD_STALL_SECONDS,
    clientDir: values.CLIENT_DIR ? path.resolve(values.CLIENT_DIR) : undefined,
  };
}

/** For the server and the scripts: the configuration, or its problems printed and exit code 1. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
