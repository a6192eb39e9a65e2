import type { ScheduleItem } from '../../../shared/schedule.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { recordEvent, type EventSource, type NewEvent } from '../events/service.js';
import { readSettings } from '../settings/service.js';

export const WEBHOOK_TIMEOUT_MS = 10_000;

const NOT_CONFIGURED =
  'The scheduler is not set up: set SCHEDULER_WEBHOOK_URL to the scheduling web endpoint and restart the server.';
const UNREACHABLE = 'The scheduler could not be reached. Please try again in a moment.';
const refused = (status: number) => `The scheduler refused the list (HTTP ${status}). Please try again in a moment.`;

async function post(url: string, items: ScheduleItem[], timeoutMs: number): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(items),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/**
 * Posts [{ name, hours }] in priority order to SCHEDULER_WEBHOOK_URL. The webhook's answer carries
 * nothing we use (the browser used to post it in no-cors mode), so only its status counts. A list
 * the webhook took is recorded (schedule.sent) with what was sent.
 */
export async function sendSchedule(
  deps: AppDeps,
  source: EventSource,
  items: ScheduleItem[],
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<{ message: string }> {
  const url = (await readSettings(deps.config, deps.db)).schedulerWebhookUrl;
  if (!url) throw new AppError('SERVICE_UNAVAILABLE', NOT_CONFIGURED);
  const payload = items.map(({ name, hours }) => ({ name, hours }));
  let response: Response;
  try {
    response = await post(url, payload, timeoutMs);
  } catch (error) {
    deps.logger?.warn({ err: error }, 'scheduler webhook unreachable');
    throw new AppError('BAD_GATEWAY', UNREACHABLE);
  }
  await response.body?.cancel();
  if (!response.ok) {
    deps.logger?.warn({ status: response.status }, 'scheduler webhook refused the schedule');
    throw new AppError('BAD_GATEWAY', refused(response.status));
  }
  await recordScheduleSent(deps, source, payload);
  const companies = payload.length === 1 ? '1 company' : `${payload.length} companies`;
  return { message: `The schedule for ${companies} was sent.` };
}

/** The list the webhook took, in a transaction of its own: sending it wrote nothing else. */
async function recordScheduleSent(deps: AppDeps, source: EventSource, sent: ScheduleItem[]): Promise<void> {
  const event: NewEvent = { type: 'schedule.sent', companyId: null, subjectType: 'schedule', subjectId: null, changes: { items: { before: null, after: sent } } };
  await deps.db.transaction((tx) => recordEvent(tx, source, deps.clock.now(), event));
}
