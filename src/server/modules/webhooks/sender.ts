import { and, eq, gte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db.js';
import type { Clock } from '../../lib/clock.js';
import { backoffDelayMs, LeasedWorker, type LeasedRow } from '../../lib/leased-worker.js';
import { openSecret } from '../../lib/secret-box.js';
import type { Outbox } from '../../mail/outbox.js';
import { providerRecipients } from '../../mail/recipients.js';
import { webhookEndpointDisabledEmail } from '../../mail/templates.js';
import { AUTOMATIC, recordEvent } from '../events/service.js';
import { providerOf } from '../settings/service.js';
import { endPendingDeliveries } from './deliveries.js';
import { postDelivery, type AttemptResult } from './post.js';
import { signatureHeaders } from './signing.js';

/*
 * The webhook worker (docs/product-rules.md, webhooks): sends due deliveries through the shared
 * leased worker, so a crash loses none and several processes never send one twice. A failed
 * attempt is retried after 30 seconds, then twice as long each time, at most 2 hours apart, until
 * a day after the delivery was made; the last attempt falls at that day's end. A delivery given up
 * on turns its endpoint off, when nothing reached the endpoint since the delivery was made, and
 * tells the provider.
 */

const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 2 * 60 * 60_000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** Deliveries made by any change are looked for this often; the provider's own (test, redeliver) wake the worker at once. */
const POLL_MS = 2_000;
/** Deliveries one process sends at once. */
const SEND_CONCURRENCY = 8;
/** The turn of the worker's writes (port.ts): delivery rows, and an endpoint it turns off. */
const WEBHOOK_TURN = { turn: 'webhooks' };

/** When a delivery that failed its `attempts`-th attempt at `now` is tried again; null: given up. */
export function nextAttemptAt(createdAt: Date, now: Date, attempts: number): Date | null {
  const lastChance = createdAt.getTime() + GIVE_UP_AFTER_MS;
  if (now.getTime() >= lastChance) return null;
  return new Date(Math.min(now.getTime() + backoffDelayMs(attempts, FIRST_RETRY_MS, LONGEST_RETRY_MS), lastChance));
}

export type WebhookSenderDeps = {
  db: Db;
  clock: Clock;
  config: Config;
  outbox: Outbox;
  linkSigningKey: Uint8Array;
  logger?: FastifyBaseLogger;
};

type Delivery = LeasedRow<'webhookDeliveries'>;

export const SECRET_UNREADABLE = "The endpoint's signing secret cannot be read (the link-signing key changed): rotate its secret.";

export class WebhookSender extends LeasedWorker<'webhookDeliveries'> {
  constructor(private readonly deps: WebhookSenderDeps) {
    super({
      name: 'webhook delivery',
      table: 'webhookDeliveries',
      db: deps.db,
      clock: deps.clock,
      turn: WEBHOOK_TURN,
      concurrency: SEND_CONCURRENCY,
      pollMs: POLL_MS,
      logger: deps.logger,
    });
  }

  /** Sends one delivery; true when the endpoint took it. */
  protected async work(row: Delivery): Promise<boolean> {
    const { db, config, linkSigningKey, clock } = this.deps;
    const { webhookEndpoints } = db.t;
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row.endpointId));
    // a deleted endpoint took its deliveries with it
    if (!endpoint) return false;
    const secret = openSecret(linkSigningKey, endpoint.secretCipher, 'webhook');
    const result = secret
      ? await postDelivery({
          url: endpoint.url,
          headers: signatureHeaders(new TextDecoder().decode(secret), row.messageId, clock.now(), row.body),
          body: row.body,
          allowPrivate: config.webhooksAllowPrivate,
        })
      : { ok: false, responseStatus: null, durationMs: 0, error: SECRET_UNREADABLE };
    await this.record(row, result);
    return result.ok;
  }

  /** Keeps the attempt's outcome; a delivery given up on may turn its endpoint off. */
  private async record(row: Delivery, result: AttemptResult): Promise<void> {
    const { db, clock, logger } = this.deps;
    const { webhookDeliveries } = db.t;
    const now = clock.now();
    const attempts = row.attempts + 1;
    const retryAt = result.ok ? null : nextAttemptAt(row.createdAt, now, attempts);
    const status = result.ok ? 'delivered' : retryAt ? 'pending' : 'failed';
    await db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({
          status,
          attempts,
          responseStatus: result.responseStatus,
          durationMs: result.durationMs,
          lastError: result.error,
          deliveredAt: result.ok ? now : null,
          ...(retryAt ? { nextAttemptAt: retryAt } : {}),
        })
        // a failure is kept only while the delivery waits: turning its endpoint off ended it meanwhile
        .where(and(eq(webhookDeliveries.id, row.id), result.ok ? undefined : eq(webhookDeliveries.status, 'pending')));
      if (status === 'failed') await this.disableIfNothingReached(tx, row);
    }, WEBHOOK_TURN);
    if (!result.ok) logger?.[status === 'failed' ? 'error' : 'warn']({ deliveryId: row.id, attempts, err: result.error }, status === 'failed' ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry');
  }

  /**
   * Turns the endpoint off when no delivery reached it since `given` was made (a day of failures),
   * ends its other waiting deliveries, records why, and emails the provider; an endpoint that
   * received anything meanwhile stays on.
   */
  private async disableIfNothingReached(tx: Tx, given: Delivery): Promise<void> {
    const { config, outbox, clock } = this.deps;
    const { webhookEndpoints: endpoints, webhookDeliveries: deliveries } = tx.t;
    // a delivery reaches its endpoint within a day of being made, so one delivered since `given`
    // was made was itself made at most a day before: the endpoint index's range holds it
    const [reached] = await tx
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(
        and(
          eq(deliveries.endpointId, given.endpointId),
          gte(deliveries.createdAt, new Date(given.createdAt.getTime() - GIVE_UP_AFTER_MS)),
          eq(deliveries.status, 'delivered'),
          gte(deliveries.deliveredAt, given.createdAt),
        ),
      )
      .limit(1);
    if (reached) return;
    const reason = `No delivery reached it for a day (since ${given.createdAt.toISOString()}).`;
    const now = clock.now();
    const [endpoint] = await tx
      .update(endpoints)
      .set({ enabled: false, disabledReason: reason, updatedAt: now })
      .where(and(eq(endpoints.id, given.endpointId), eq(endpoints.enabled, true)))
      .returning({ id: endpoints.id, url: endpoints.url });
    if (!endpoint) return;
    await endPendingDeliveries(tx, endpoint.id, now);
    await recordEvent(tx, AUTOMATIC, now, {
      type: 'webhook_endpoint.disabled',
      companyId: null,
      subjectType: 'webhook_endpoint',
      subjectId: endpoint.id,
      changes: { enabled: { before: true, after: false }, disabledReason: { before: null, after: reason } },
    });
    const provider = await providerOf(config, tx);
    await outbox.enqueue(tx, {
      to: await providerRecipients(tx, provider),
      ...webhookEndpointDisabledEmail(provider, { url: endpoint.url, reason, webhooksUrl: `${config.appUrl}/webhooks` }),
    });
  }
}
