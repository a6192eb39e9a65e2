import {
  anonymousRateLimits,
  userRateLimits,
  type RateLimitRule,
  type UserAction,
} from '../shared/limits.js';
import type { Clock } from './deps.js';
import { AppError } from './errors.js';

export type { RateLimitRule };

export type RateLimits = {
  perIp: RateLimitRule;
  perEmail: RateLimitRule;
  perUser: Record<UserAction, RateLimitRule & { what: string }>;
};

export const defaultRateLimits: RateLimits = { ...anonymousRateLimits, perUser: userRateLimits };

type Window = { startedAt: number; count: number; windowMs: number };

const SWEEP_ABOVE = 10_000;

/**
 * Fixed-window counters in memory. One process serves the app, so memory is the right place;
 * a restart forgives everyone, which is acceptable for throttling.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly clock: Clock,
    private readonly rules: RateLimits = defaultRateLimits,
  ) {}

  /** Counts one attempt of `action` from `ip` for `email`; throws 429 once either is over its limit. */
  consume(action: string, ip: string, email?: string): void {
    const checks: [string, RateLimitRule][] = [[`${action}|ip|${ip}`, this.rules.perIp]];
    if (email) checks.push([`${action}|email|${email.trim().toLowerCase()}`, this.rules.perEmail]);
    this.count(checks, 'attempts');
  }

  /** Counts one `action` by a signed-in user; throws 429 once they are over the action's limit. */
  consumeByUser(action: UserAction, userId: string): void {
    const rule = this.rules.perUser[action];
    this.count([[`${action}|user|${userId}`, rule]], rule.what);
  }

  private count(checks: [string, RateLimitRule][], what: string): void {
    const now = this.clock.now().getTime();
    this.sweep(now);
    let waitMs = 0;
    for (const [key, rule] of checks) {
      const window = this.countAttempt(key, rule, now);
      if (window.count > rule.limit) {
        waitMs = Math.max(waitMs, window.startedAt + rule.windowMs - now);
      }
    }
    if (waitMs > 0) {
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }

  private countAttempt(key: string, rule: RateLimitRule, now: number): Window {
    const current = this.windows.get(key);
    if (current && now - current.startedAt < rule.windowMs) {
      current.count += 1;
      return current;
    }
    const fresh = { startedAt: now, count: 1, windowMs: rule.windowMs };
    this.windows.set(key, fresh);
    return fresh;
  }

  private sweep(now: number): void {
    if (this.windows.size < SWEEP_ABOVE) return;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= window.windowMs) this.windows.delete(key);
    }
  }
}
