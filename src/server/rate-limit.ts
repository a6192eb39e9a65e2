import {
  anonymousRateLimits,
  perWindowText,
  signInFailureLimits,
  twoFactorFailureLimits,
  userRateLimits,
  type FailureLimits,
  type RateLimitRule,
  type UserAction,
} from '../shared/limits.js';
import type { Clock } from './lib/clock.js';
import { AppError } from './errors.js';
import { memoryWindows, type RateWindows } from './rate-windows.js';

export type { RateLimitRule };

/** Calls made without signing in, counted per address. */
export type AddressAction = 'signup' | 'forgot-password' | 'resend-link' | 'reset-password' | 'two-factor';
/**
 * Calls that count their failures only, against the address and the account from that address:
 * a sign-in's wrong email or password (the account is the email address typed), and a wrong
 * two-factor code or password (the account is the user's; the sign-in code step names it from its
 * challenge, so that step counts inside its service).
 */
export type FailureCountedAction = 'sign-in' | 'two-factor-code';
/** What a procedure's meta.rateLimit may name; its builder counts the call before it runs. */
export type RateLimitedAction = AddressAction | UserAction | FailureCountedAction;
/** Who makes a call: the address, the signed-in user, the email address the input names. */
export type Caller = { ip: string; userId?: string; emailAddress?: string };

/** The address calls also counted per email address they name. */
const COUNTED_BY_EMAIL: ReadonlySet<RateLimitedAction> = new Set(['signup', 'forgot-password']);

export type RateLimits = {
  perIp: RateLimitRule;
  perEmail: RateLimitRule;
  perUser: Record<UserAction, RateLimitRule & { what: string }>;
  failures: Record<FailureCountedAction, FailureLimits>;
};

export const defaultRateLimits: RateLimits = {
  ...anonymousRateLimits,
  perUser: userRateLimits,
  failures: { 'sign-in': signInFailureLimits, 'two-factor-code': twoFactorFailureLimits },
};

/**
 * An action's limit in words, from the rules the limiter counts by, for the API's descriptions: 'at
 * most 30 task changes a minute', '30 calls an address and 10 an email address per 15 minutes', or
 * for an action limited by its failures those failures (failureLimitText).
 */
export function rateLimitText(action: RateLimitedAction, rules: RateLimits = defaultRateLimits): string {
  if (isFailureCounted(action)) return failureLimitText(rules.failures[action]);
  if (action in rules.perUser) {
    const rule = rules.perUser[action as UserAction];
    return `at most ${rule.limit} ${rule.what} ${perWindowText(rule.windowMs)}`;
  }
  const { perIp, perEmail } = rules;
  if (!COUNTED_BY_EMAIL.has(action)) return `${perIp.limit} calls an address ${perWindowText(perIp.windowMs)}`;
  if (perIp.windowMs !== perEmail.windowMs) return `${perIp.limit} calls an address ${perWindowText(perIp.windowMs)} and ${perEmail.limit} an email address ${perWindowText(perEmail.windowMs)}`;
  return `${perIp.limit} calls an address and ${perEmail.limit} an email address ${perWindowText(perIp.windowMs)}`;
}

/** Failures allowed before a 429: '10 for one account from one address, 30 from one address and 30 for one account from anywhere, per 15 minutes'. */
export function failureLimitText({ perAccountAndAddress, perAddress, perAccount }: FailureLimits): string {
  const counts: [RateLimitRule, string][] = [
    [perAccountAndAddress, 'for one account from one address'],
    [perAddress, 'from one address'],
    ...(perAccount ? [[perAccount, 'for one account from anywhere'] as [RateLimitRule, string]] : []),
  ];
  const sameWindow = counts.every(([rule]) => rule.windowMs === perAddress.windowMs);
  const parts = counts.map(([rule, whose]) => `${rule.limit} ${whose}${sameWindow ? '' : ` ${perWindowText(rule.windowMs)}`}`);
  const listed = `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return sameWindow ? `${listed}, ${perWindowText(perAddress.windowMs)}` : listed;
}

export function isFailureCounted(action: RateLimitedAction): action is FailureCountedAction {
  return action === 'sign-in' || action === 'two-factor-code';
}

/** Whose failures a call counts: the email address a sign-in names, or the signed-in or challenged user. */
function accountOf(action: FailureCountedAction, caller: Caller): string | undefined {
  return action === 'sign-in' ? caller.emailAddress?.trim().toLowerCase() : caller.userId;
}

function tooMany(what: string, waitMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new AppError('TOO_MANY_REQUESTS', `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}

/**
 * Fixed-window counters, kept where the app's processes can all count in them (rate-windows.ts):
 * one process's memory, or the database several processes share.
 */
export class RateLimiter {
  private readonly windows: RateWindows;
  private readonly rules: RateLimits;

  /** Counts in `windows` (this process's memory unless given) by `rules` (the app's unless given). */
  constructor(
    private readonly clock: Clock,
    options: { windows?: RateWindows; rules?: RateLimits } = {},
  ) {
    this.windows = options.windows ?? memoryWindows();
    this.rules = options.rules ?? defaultRateLimits;
  }

  /**
   * The one entry for procedures (their meta.rateLimit): counts the call or, for an action counted
   * by its failures, refuses an address or account that failed too often. Throws 429 once over the limit.
   */
  async admit(action: RateLimitedAction, caller: Caller): Promise<void> {
    if (isFailureCounted(action)) {
      const account = accountOf(action, caller);
      if (account !== undefined) await this.checkFailures(action, caller.ip, account);
    } else if (action in this.rules.perUser) {
      if (!caller.userId) throw new Error(`The rate limit ${action} counts per user: give it a signed-in procedure.`);
      await this.consumeByUser(action as UserAction, caller.userId);
    } else {
      await this.consume(action, caller.ip, COUNTED_BY_EMAIL.has(action) ? caller.emailAddress : undefined);
    }
  }

  /** Counts one attempt of `action` from `ip` for `email`; throws 429 once either is over its limit. */
  async consume(action: string, ip: string, email?: string): Promise<void> {
    const checks: [string, RateLimitRule][] = [[`${action}|ip|${ip}`, this.rules.perIp]];
    if (email) checks.push([`${action}|email|${email.trim().toLowerCase()}`, this.rules.perEmail]);
    await this.count(checks, 'attempts');
  }

  /**
   * Refuses (429) an address that has failed `action` too often, or the account from this address,
   * or the account from everywhere where the action has such a ceiling. Counts nothing: only
   * failures count (recordFailure).
   */
  async checkFailures(action: FailureCountedAction, ip: string, account: string): Promise<void> {
    const now = this.clock.now().getTime();
    let waitMs = 0;
    for (const [key, rule] of this.failureKeys(action, ip, account)) {
      const window = await this.windows.peek(key, now);
      if (window && window.count >= rule.limit) waitMs = Math.max(waitMs, window.startedAt + rule.windowMs - now);
    }
    if (waitMs > 0) throw tooMany(this.rules.failures[action].what, waitMs);
  }

  /** Counts one failure of `action` against the address, the account from that address and the account. */
  async recordFailure(action: FailureCountedAction, caller: Caller): Promise<void> {
    const account = accountOf(action, caller);
    if (account === undefined) return;
    const now = this.clock.now().getTime();
    for (const [key, rule] of this.failureKeys(action, caller.ip, account)) await this.windows.hit(key, rule.windowMs, now);
  }

  private failureKeys(action: FailureCountedAction, ip: string, account: string): [string, RateLimitRule][] {
    const { perAddress, perAccountAndAddress, perAccount } = this.rules.failures[action];
    const keys: [string, RateLimitRule][] = [
      [`${action}-failure|ip|${ip}`, perAddress],
      [`${action}-failure|account|${account}|${ip}`, perAccountAndAddress],
    ];
    if (perAccount) keys.push([`${action}-failure|account|${account}`, perAccount]);
    return keys;
  }

  /** Whether `key` is seen for the first time in `windowMs`; it is counted as seen either way. */
  async isFirst(key: string, windowMs: number): Promise<boolean> {
    return (await this.windows.hit(key, windowMs, this.clock.now().getTime())).count === 1;
  }

  /** Counts one `action` by a signed-in user; throws 429 once they are over the action's limit. */
  async consumeByUser(action: UserAction, userId: string): Promise<void> {
    const rule = this.rules.perUser[action];
    await this.count([[`${action}|user|${userId}`, rule]], rule.what);
  }

  private async count(checks: [string, RateLimitRule][], what: string): Promise<void> {
    const now = this.clock.now().getTime();
    let waitMs = 0;
    for (const [key, rule] of checks) {
      const window = await this.windows.hit(key, rule.windowMs, now);
      if (window.count > rule.limit) waitMs = Math.max(waitMs, window.startedAt + rule.windowMs - now);
    }
    if (waitMs > 0) throw tooMany(what, waitMs);
  }
}
