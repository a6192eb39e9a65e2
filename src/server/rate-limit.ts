import type { Clock } from './deps.js';
import { AppError } from './errors.js';

export type RateLimitRule = { limit: number; windowMs: number };

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Per action: how many attempts one IP address, and one email address, may make in a window. */
export const defaultRateLimits = {
  perIp: { limit: 30, windowMs: FIFTEEN_MINUTES },
  perEmail: { limit: 10, windowMs: FIFTEEN_MINUTES },
} satisfies Record<string, RateLimitRule>;

type Window = { startedAt: number; count: number };

/**
 * Fixed-window counters in memory. One process serves the app, so memory is the right place;
 * a restart forgives everyone, which is acceptable for sign-in throttling.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly clock: Clock,
    private readonly rules: { perIp: RateLimitRule; perEmail: RateLimitRule } = defaultRateLimits,
  ) {}

  /** Counts one attempt of `action` from `ip` for `email`; throws 429 once either is over its limit. */
  consume(action: string, ip: string, email?: string): void {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const checks: [string, RateLimitRule][] = [[`${action}|ip|${ip}`, this.rules.perIp]];
    if (email) checks.push([`${action}|email|${email.trim().toLowerCase()}`, this.rules.perEmail]);
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
        `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }

  private countAttempt(key: string, rule: RateLimitRule, now: number): Window {
    const current = this.windows.get(key);
    if (current && now - current.startedAt < rule.windowMs) {
      current.count += 1;
      return current;
    }
    const fresh = { startedAt: now, count: 1 };
    this.windows.set(key, fresh);
    return fresh;
  }

  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    const longest = Math.max(this.rules.perIp.windowMs, this.rules.perEmail.windowMs);
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= longest) this.windows.delete(key);
    }
  }
}
