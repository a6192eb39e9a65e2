import { eq } from 'drizzle-orm';
import type { EventType } from '../../../shared/events.js';
import type { Page } from '../../../shared/list.js';
import {
  TEST_EVENT_TYPE,
  WEBHOOK_ENDPOINT_LIMIT,
  type CreatedWebhookEndpointDto,
  type WebhookDeliveryDto,
  type WebhookDeliveryListQuery,
  type WebhookEndpointDto,
  type WebhookEndpointForm,
  type WebhookEndpointListItemDto,
} from '../../../shared/webhooks.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { sealSecret } from '../../lib/secret-box.js';
import { changeEvents, recordEvent, recordEvents, type EventSource } from '../events/service.js';
import { resolvePublicAddresses } from './address-check.js';
import { endPendingDeliveries } from './deliveries.js';
import { ENDPOINT_EVENT_FIELDS, deliveryDto, deliveryRow, endpointCount, endpointDto, endpointRow, listDeliveries, listEndpoints } from './queries.js';
import { newSigningSecret } from './signing.js';

/*
 * The provider's webhook endpoints (docs/product-rules.md, webhooks): where events are posted, which
 * ones, and the signing secret, shown once when made or replaced. Each change records its event.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'linkSigningKey' | 'webhooks'>;

export const TOO_MANY_ENDPOINTS = `There can be at most ${WEBHOOK_ENDPOINT_LIMIT} webhook endpoints; delete one you no longer use first.`;

const subjectOf = (id: string) => ({ companyId: null, subjectType: 'webhook_endpoint', subjectId: id });

export function webhookEndpoints(deps: Deps): Promise<WebhookEndpointListItemDto[]> {
  return listEndpoints(deps.db);
}

export async function webhookEndpoint(deps: Deps, id: string): Promise<WebhookEndpointDto> {
  return endpointDto(await endpointRow(deps.db, id));
}

export async function webhookDeliveries(deps: Deps, query: WebhookDeliveryListQuery): Promise<Page<WebhookDeliveryDto>> {
  await endpointRow(deps.db, query.id);
  return listDeliveries(deps.db, query);
}

/** A 400 naming why, when the URL's host does not resolve or resolves to a private address (unless allowed). */
async function checkAddress(deps: Deps, url: string): Promise<void> {
  const checked = await resolvePublicAddresses(new URL(url).hostname, deps.config.webhooksAllowPrivate);
  if ('refused' in checked) throw new AppError('BAD_REQUEST', checked.refused, 'url');
}

/** A new signing secret, and its sealed form for the row. */
function freshSecret(deps: Deps): { secret: string; secretCipher: string } {
  const secret = newSigningSecret();
  return { secret, secretCipher: sealSecret(deps.linkSigningKey, new TextEncoder().encode(secret), 'webhook') };
}

export async function createWebhookEndpoint(deps: Deps, source: EventSource, form: WebhookEndpointForm): Promise<CreatedWebhookEndpointDto> {
  await checkAddress(deps, form.url);
  const now = deps.clock.now();
  const { secret, secretCipher } = freshSecret(deps);
  return deps.db.transaction(async (tx) => {
    if ((await endpointCount(tx)) >= WEBHOOK_ENDPOINT_LIMIT) throw new AppError('CONFLICT', TOO_MANY_ENDPOINTS);
    const id = newId();
    await tx.insert(tx.t.webhookEndpoints).values({ id, ...form, secretCipher, disabledReason: null, createdAt: now, updatedAt: now });
    const endpoint = endpointDto(await endpointRow(tx, id));
    await recordEvents(tx, source, now, changeEvents('webhook_endpoint.created', subjectOf(id), undefined, endpoint, ENDPOINT_EVENT_FIELDS));
    return { ...endpoint, secret };
  });
}

/**
 * Changes an endpoint. Turning it on clears why the app had turned it off; turning it off (or the
 * app doing so) ends its pending deliveries, which redelivery can send again later.
 */
export async function updateWebhookEndpoint(deps: Deps, source: EventSource, id: string, form: WebhookEndpointForm): Promise<WebhookEndpointDto> {
  const current = endpointDto(await endpointRow(deps.db, id));
  if (form.url !== current.url) await checkAddress(deps, form.url);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = endpointDto(await endpointRow(tx, id));
    const disabledReason = form.enabled ? null : before.disabledReason;
    await tx
      .update(tx.t.webhookEndpoints)
      .set({ ...form, disabledReason, updatedAt: now })
      .where(eq(tx.t.webhookEndpoints.id, id));
    if (before.enabled && !form.enabled) await endPendingDeliveries(tx, id, now);
    const after = endpointDto(await endpointRow(tx, id));
    await recordEvents(tx, source, now, changeEvents('webhook_endpoint.updated', subjectOf(id), before, after, ENDPOINT_EVENT_FIELDS));
    return after;
  });
}

/** Replaces the signing secret; the new one is in this answer only. Deliveries not yet sent are signed with it. */
export function rotateWebhookSecret(deps: Deps, source: EventSource, id: string): Promise<CreatedWebhookEndpointDto> {
  const now = deps.clock.now();
  const { secret, secretCipher } = freshSecret(deps);
  return deps.db.transaction(async (tx) => {
    await endpointRow(tx, id);
    await tx.update(tx.t.webhookEndpoints).set({ secretCipher, updatedAt: now }).where(eq(tx.t.webhookEndpoints.id, id));
    // a secret is never recorded, only that it changed
    await recordEvent(tx, source, now, { type: 'webhook_endpoint.secret_rotated', ...subjectOf(id), changes: {} });
    return { ...endpointDto(await endpointRow(tx, id)), secret };
  });
}

/** Deletes the endpoint with its delivery log. */
export async function deleteWebhookEndpoint(deps: Deps, source: EventSource, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = endpointDto(await endpointRow(tx, id));
    await tx.delete(tx.t.webhookEndpoints).where(eq(tx.t.webhookEndpoints.id, id));
    await recordEvents(tx, source, deps.clock.now(), changeEvents('webhook_endpoint.deleted', subjectOf(id), before, undefined, ENDPOINT_EVENT_FIELDS));
  });
}

/**
 * A delivery the provider asked for (a test event, a redelivery): due at once, sent even to an
 * endpoint that is turned off, so a receiver can be checked before it is turned back on.
 */
async function makeDelivery(
  deps: Deps,
  source: EventSource,
  event: { type: EventType; subjectType: string; subjectId: string },
  delivery: { endpointId: string; messageId: string; eventType: string; body: (now: Date) => string },
): Promise<WebhookDeliveryDto> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const id = newId();
    await tx.insert(tx.t.webhookDeliveries).values({ id, endpointId: delivery.endpointId, messageId: delivery.messageId, eventType: delivery.eventType, body: delivery.body(now), nextAttemptAt: now, createdAt: now });
    await recordEvent(tx, source, now, { type: event.type, companyId: null, subjectType: event.subjectType, subjectId: event.subjectId, changes: {} });
    tx.afterCommit(() => deps.webhooks.wake());
    return deliveryDto(await deliveryRow(tx, id));
  });
}

/** Posts a test event (TEST_EVENT_TYPE) to the endpoint, whatever types it receives. */
export async function sendTestEvent(deps: Deps, source: EventSource, endpointId: string): Promise<WebhookDeliveryDto> {
  await endpointRow(deps.db, endpointId);
  const messageId = `msg_test_${newId()}`;
  return makeDelivery(deps, source, { type: 'webhook_endpoint.test_sent', ...subjectOf(endpointId) }, {
    endpointId,
    messageId,
    eventType: TEST_EVENT_TYPE,
    body: (now) => JSON.stringify({ type: TEST_EVENT_TYPE, timestamp: now.toISOString(), data: { endpoint: endpointId, message: 'A test event from Hourbank: the endpoint is reachable and can check signatures.' } }),
  });
}

/** Sends a delivery again as a new delivery: the same body and webhook-id, so the receiver can tell it has seen it. */
export async function redeliver(deps: Deps, source: EventSource, deliveryId: string): Promise<WebhookDeliveryDto> {
  const original = await deliveryRow(deps.db, deliveryId);
  return makeDelivery(deps, source, { type: 'webhook_delivery.redelivered', subjectType: 'webhook_delivery', subjectId: original.id }, {
    endpointId: original.endpointId,
    messageId: original.messageId,
    eventType: original.eventType,
    body: () => original.body,
  });
}
