import { countText } from './format.js';

/*
 * How much one caller may ask of the server at once, and how much one company may create.
 * The numbers sit far above what a person clicking through the app reaches, and low enough that
 * a script or a stuck client cannot fill the database, flood the provider's inbox or keep the
 * single process busy. docs/limits.md explains each one.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export type RateLimitRule = { limit: number; windowMs: number };

/**
 * A length of time in the largest unit that measures it whole, for texts that quote a limit (the
 * API's descriptions): 10 seconds, 1 minute, 15 minutes, 1 hour, 24 hours, 7 days (a single day
 * reads as 24 hours).
 */
export function durationText(ms: number): string {
  const [size, unit]: [number, string] =
    ms % DAY_MS === 0 && ms > DAY_MS ? [ms / DAY_MS, 'day'] : ms % HOUR_MS === 0 ? [ms / HOUR_MS, 'hour'] : ms % MINUTE_MS === 0 ? [ms / MINUTE_MS, 'minute'] : [ms / 1000, 'second'];
  return countText(size, unit);
}

/** How often a limit's window comes round, after a count: 'a minute', 'an hour', 'per 15 minutes'. */
export function perWindowText(windowMs: number): string {
  if (windowMs === MINUTE_MS) return 'a minute';
  if (windowMs === HOUR_MS) return 'an hour';
  if (windowMs === DAY_MS) return 'a day';
  return `per ${durationText(windowMs)}`;
}

/** Calls one tRPC batch request may carry (the app batches the queries of one screen). */
export const MAX_BATCH_CALLS = 10;
export const BATCH_TOO_LARGE = `A batch may hold at most ${MAX_BATCH_CALLS} calls.`;

/**
 * How deeply a JSON request body may nest. No input of the app goes past 5 levels; parsing a
 * megabyte of "[[[[…" blocks the process for a fifth of a second, so deeper bodies are refused unread.
 */
export const MAX_JSON_DEPTH = 32;

/** The largest request body, but for calls that carry a file (REPORT_BODY_LIMIT_BYTES). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** A reported payment's body: a 5 MB proof as base64 (6.7 MB) and its fields; a 6 MB proof still arrives, to be refused by name. */
export const REPORT_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
export const JSON_TOO_DEEP = `The request body is nested too deeply (the limit is ${MAX_JSON_DEPTH} levels).`;

/** Open (not done, not deleted) tasks a company may have; the provider may still add more. */
export const MAX_OPEN_TASKS_PER_COMPANY = 200;
export const TOO_MANY_OPEN_TASKS = `Your company already has ${MAX_OPEN_TASKS_PER_COMPANY} open tasks, the most it may have. Finish or delete some before adding more.`;

/**
 * How far into the past a customer may date a new task (its creationDate). A task is a request for
 * work to come; a year covers entering a backlog, and a date such as 1970 would sort it out of sight.
 * The provider's super-admin does not set task dates.
 */
export const MAX_TASK_BACKDATE_DAYS = 365;
export const TASK_DATE_TOO_OLD = `A task's date can be at most ${MAX_TASK_BACKDATE_DAYS} days in the past.`;
/**
 * How far ahead of the server's clock a customer's task date may be: a day, for a browser in a time
 * zone ahead of the server's or with a fast clock. A task dated next year would sit at the top of
 * every newest-first list.
 */
export const MAX_TASK_FUTURE_HOURS = 24;
export const TASK_DATE_IN_FUTURE = "A task's date cannot be in the future.";

/** Unpaid invoices a company may have before it can buy another package. */
export const MAX_UNPAID_INVOICES_PER_COMPANY = 20;
export const TOO_MANY_UNPAID_INVOICES = `Your company already has ${MAX_UNPAID_INVOICES_PER_COMPANY} unpaid invoices, the most it may have. Please pay some before buying more.`;

/**
 * Users one company may have, approved or waiting. A company admin's invitations stop here, so one
 * customer cannot fill the users table or the provider's approval queue; the provider may still add more.
 */
export const MAX_USERS_PER_COMPANY = 100;
export const TOO_MANY_USERS = `Your company already has ${MAX_USERS_PER_COMPANY} users, the most it may have. Remove some before inviting more.`;

/** Calls made without signing in (sign-in, sign-up, password links): per IP address and per email address. */
export const anonymousRateLimits = {
  perIp: { limit: 30, windowMs: 15 * MINUTE_MS },
  perEmail: { limit: 10, windowMs: 15 * MINUTE_MS },
} satisfies Record<string, RateLimitRule>;

/**
 * Failed sign-ins: from one address (whatever the accounts), and for one account from one address.
 * Only failures count, and only where they happened: an owner signing in from an address that has
 * not failed is never refused, however many others guessed at the account.
 */
export const signInFailureLimits = {
  perAddress: { limit: 30, windowMs: 15 * MINUTE_MS },
  perAccountAndAddress: { limit: 10, windowMs: 15 * MINUTE_MS },
  what: 'attempts',
} satisfies FailureLimits;

/**
 * Wrong two-factor codes (and wrong passwords where turning it on or off asks for one), counted as
 * sign-in failures are: per address, and per (account, address), so guesses from elsewhere never
 * lock out the owner's address. Six digits with a step either side make a guess right about once
 * in 330,000; the per-account ceiling keeps that rate bounded however many addresses guess, and
 * sits at three addresses' worth, so one address cannot reach it (at most 20 of its guesses fall
 * in any 15 minutes, across the edge of two of its windows).
 */
export const twoFactorFailureLimits = {
  perAddress: { limit: 30, windowMs: 15 * MINUTE_MS },
  perAccountAndAddress: { limit: 10, windowMs: 15 * MINUTE_MS },
  perAccount: { limit: 30, windowMs: 15 * MINUTE_MS },
  what: 'code attempts',
} satisfies FailureLimits;

/**
 * Calls limited by their failures only: from one address whatever the accounts, for one account from
 * one address and, where a rule gives one, for one account from every address. `what` names them in
 * the 429 message.
 */
export type FailureLimits = {
  perAddress: RateLimitRule;
  perAccountAndAddress: RateLimitRule;
  perAccount?: RateLimitRule;
  what: string;
};

/** Writes a signed-in user may make, per user; `what` names them in the 429 message. */
export const userRateLimits = {
  /** Adding, changing or deleting the company's tasks (each change also writes history). */
  'task-change': { limit: 30, windowMs: MINUTE_MS, what: 'task changes' },
  /** Buying a package: each purchase writes an invoice and sends two emails. */
  purchase: { limit: 20, windowMs: 60 * MINUTE_MS, what: 'purchases' },
  /**
   * Reporting a payment sent: each report may carry a 5 MB proof kept in the database and emails the
   * provider. One invoice has one report pending at a time, so a company needs a handful an hour.
   */
  'payment-report': { limit: 20, windowMs: 60 * MINUTE_MS, what: 'payment reports' },
  /** A company admin inviting colleagues: each invitation writes a user and emails the provider. */
  'colleague-invite': { limit: 20, windowMs: 60 * MINUTE_MS, what: 'invitations' },
  'profile-update': { limit: 20, windowMs: 15 * MINUTE_MS, what: 'profile changes' },
  /** Each attempt checks the current password, which is slow on purpose; a stolen session must not guess it. */
  'change-password': { limit: 10, windowMs: 15 * MINUTE_MS, what: 'password changes' },
  /** The provider's balance emails by hand, one company or every running-low one at once: each fills inboxes. */
  'balance-email': { limit: 60, windowMs: 15 * MINUTE_MS, what: 'balance emails' },
  /**
   * Download links (CSV exports, statements): each download reads a whole list or ledger, so a
   * user gets a few a minute, enough for any screen, too few to load the server.
   */
  download: { limit: 20, windowMs: 10 * MINUTE_MS, what: 'downloads' },
} satisfies Record<string, RateLimitRule & { what: string }>;

export type UserAction = keyof typeof userRateLimits;

/**
 * Task rows one weekly timesheet may save at once (seven day cells each, so 350 logs at most): far
 * more than a week of one company's work, few enough that one transaction stays short.
 */
export const MAX_TIMESHEET_ROWS = 50;
export const TIMESHEET_TOO_LARGE = `A timesheet may have at most ${MAX_TIMESHEET_ROWS} rows (${MAX_TIMESHEET_ROWS * 7} day cells); save it in parts.`;

const SECOND_MS = 1000;

/**
 * How long the server waits on a client (docs/limits.md, "Slow and stalled clients"). Without
 * these a client that sends its request slowly, or stops reading a download, keeps its connection
 * (and a download its slot) for as long as it likes. A phone on a poor connection sends its headers
 * in a second or two and a 1 MB body in well under a minute. A payment's proof is the exception: a
 * 5 MB file is 6.7 MB as sent, which needs about 1 Mbit/s up to arrive within the request time.
 */
export const clientTimeouts = {
  /** From a request's first byte to the end of its headers. */
  headersMs: 30 * SECOND_MS,
  /** From a request's first byte to the end of its body (REQUEST_TIMEOUT_SECONDS may change it). */
  requestMs: 60 * SECOND_MS,
  /** A connection in the middle of a request that neither sends nor takes a byte. */
  silentMs: 60 * SECOND_MS,
  /** An idle connection kept open for the client's next request (Fastify's default, longer than the 60 s of common proxies). */
  keepAliveMs: 72 * SECOND_MS,
  /** How often the headers and request times are checked, so either may run over by up to this much. */
  checkEveryMs: 5 * SECOND_MS,
  /**
   * A download whose client stops taking bytes is closed, and its slot freed, within this time of
   * the last byte it took; a pause of up to half of it is always allowed (DOWNLOAD_STALL_SECONDS may change it).
   */
  downloadStallMs: 30 * SECOND_MS,
} as const;
