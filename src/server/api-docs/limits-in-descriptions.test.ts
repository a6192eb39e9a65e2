import { describe, expect, it } from 'vitest';
import {
  anonymousRateLimits,
  durationText,
  MAX_OPEN_TASKS_PER_COMPANY,
  MAX_TASK_BACKDATE_DAYS,
  MAX_TASK_FUTURE_HOURS,
  MAX_TIMESHEET_ROWS,
  MAX_UNPAID_INVOICES_PER_COMPANY,
  MAX_USERS_PER_COMPANY,
  perWindowText,
  signInFailureLimits,
  twoFactorFailureLimits,
  userRateLimits,
} from '../../shared/limits.js';
import { procedureInternals } from '../procedure-internals.js';
import { defaultRateLimits, rateLimitText } from '../rate-limit.js';
import { appRouter } from '../router.js';

/*
 * The API's descriptions quote the rate limits and caps of src/shared/limits.ts; they are built from
 * those constants, so changing a limit changes what the document says. Here: every rate-limited call
 * states its limit as the limiter counts it, and no description quotes a limit that disagrees.
 */

const described = procedureInternals(appRouter).flatMap(({ path, meta }) =>
  meta?.openapi ? [{ path, rateLimit: meta.rateLimit, text: `${meta.openapi.summary ?? ''} ${meta.openapi.description ?? ''}` }] : [],
);

const number = (text: string) => Number(text.replace(/,/g, ''));

/** Each way a description quotes a limit, and the values it may quote. */
const quotes: [RegExp, number[]][] = [
  ...Object.values(userRateLimits).map((rule): [RegExp, number[]] => [new RegExp(`(\\d[\\d,]*) ${rule.what}\\b`, 'g'), [rule.limit]]),
  [/(\d[\d,]*) calls an address/g, [anonymousRateLimits.perIp.limit]],
  [/(\d[\d,]*) an email address/g, [anonymousRateLimits.perEmail.limit]],
  [/(\d[\d,]*) for one account from one address/g, [signInFailureLimits.perAccountAndAddress.limit, twoFactorFailureLimits.perAccountAndAddress.limit]],
  [/(\d[\d,]*) from one address/g, [signInFailureLimits.perAddress.limit, twoFactorFailureLimits.perAddress.limit]],
  [/(\d[\d,]*) for one account from anywhere/g, [twoFactorFailureLimits.perAccount.limit]],
  [/(?:has|the) (\d[\d,]*) open tasks/g, [MAX_OPEN_TASKS_PER_COMPANY]],
  [/(\d[\d,]*) invoices not yet paid in full|with (\d[\d,]*) of them/g, [MAX_UNPAID_INVOICES_PER_COMPANY]],
  [/at most (\d[\d,]*) users/g, [MAX_USERS_PER_COMPANY]],
  [/(\d[\d,]*) days back/g, [MAX_TASK_BACKDATE_DAYS]],
  [/(\d[\d,]*) hours ahead/g, [MAX_TASK_FUTURE_HOURS]],
  [/(\d[\d,]*) rows/g, [MAX_TIMESHEET_ROWS]],
];

describe('limits in the API descriptions', () => {
  it('every rate-limited call states its limit in the words of the rules the limiter counts by', () => {
    const limited = described.filter((call) => call.rateLimit);
    expect(limited.length).toBeGreaterThan(15);
    for (const { path, rateLimit, text } of limited) expect(text, path).toContain(rateLimitText(rateLimit!));
  });

  it('no description quotes a rate limit or cap that src/shared/limits.ts does not set', () => {
    const disagreements: string[] = [];
    let quoted = 0;
    for (const { path, text } of described) {
      for (const [pattern, allowed] of quotes) {
        for (const match of text.matchAll(pattern)) {
          quoted += 1;
          const value = number(match.slice(1).find((group) => group !== undefined)!);
          if (!allowed.includes(value)) disagreements.push(`${path}: "${match[0]}" (limits.ts says ${allowed.join(' or ')})`);
        }
      }
    }
    expect(disagreements).toEqual([]);
    expect(quoted).toBeGreaterThan(20);
  });

  it('words a limit from the rules given, so other numbers give other words', () => {
    expect(rateLimitText('task-change')).toBe(`at most ${userRateLimits['task-change'].limit} task changes a minute`);
    const other = { ...defaultRateLimits, perIp: { limit: 7, windowMs: 2 * 3_600_000 }, perEmail: { limit: 3, windowMs: 2 * 3_600_000 } };
    expect(rateLimitText('signup', other)).toBe('7 calls an address and 3 an email address per 2 hours');
    expect(rateLimitText('reset-password', other)).toBe('7 calls an address per 2 hours');
    const codes = twoFactorFailureLimits;
    expect(rateLimitText('two-factor-code')).toBe(
      `${codes.perAccountAndAddress.limit} for one account from one address, ${codes.perAddress.limit} from one address and ${codes.perAccount.limit} for one account from anywhere, ${perWindowText(codes.perAddress.windowMs)}`,
    );
  });

  it('words lengths of time in their largest whole unit', () => {
    expect([10_000, 60_000, 15 * 60_000, 3_600_000, 86_400_000, 7 * 86_400_000, 30 * 86_400_000].map(durationText)).toEqual([
      '10 seconds',
      '1 minute',
      '15 minutes',
      '1 hour',
      '24 hours',
      '7 days',
      '30 days',
    ]);
    expect([60_000, 3_600_000, 15 * 60_000].map(perWindowText)).toEqual(['a minute', 'an hour', 'per 15 minutes']);
  });
});
