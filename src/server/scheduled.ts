import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './deps.js';
import { Repeating } from './lib/repeating.js';
import { expireDueBlocks } from './modules/activities/expiry-run.js';
import { warnOfExpiringHours } from './modules/activities/expiry-warnings.js';
import { issueDuePlanInvoices } from './modules/plans/service.js';
import { purgeExpiredEvents } from './modules/events/retention.js';

/** How often the timed work runs (and once at start). */
export const SCHEDULED_EVERY_MS = 60 * 60_000;

/**
 * The app's timed work: the hour blocks' expiries due by now, the warnings of hours about to
 * expire, the monthly plans' invoices due, and the audit log's events past its retention. Every process runs it (at start and
 * hourly); each part writes only what is due and not yet written, inside the transactions that
 * keep its rules, so a second run, or another process's, writes nothing twice.
 */
export async function runScheduledWork(deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  await expireDueBlocks(deps, deps.db, now);
  await warnOfExpiringHours(deps, now);
  await issueDuePlanInvoices(deps, now);
  await purgeExpiredEvents(deps, now);
}

export function scheduledWork(deps: AppDeps, logger?: FastifyBaseLogger): Repeating {
  return new Repeating({ name: 'Scheduled work', everyMs: SCHEDULED_EVERY_MS, work: () => runScheduledWork(deps), logger });
}
