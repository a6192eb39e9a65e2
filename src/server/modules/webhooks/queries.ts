import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Page } from '../../../shared/list.js';
import { WEBHOOK_ENDPOINT_LIMIT, type WebhookDeliveryDto, type WebhookDeliveryListQuery, type WebhookEndpointDto, type WebhookEndpointListItemDto } from '../../../shared/webhooks.js';
import type { Tx } from '../../db.js';
import { notFound } from '../../errors.js';
import { countUpTo, pageOf } from '../../lib/paging.js';

/** The fields of an endpoint its events record, in the API's names. */
export const ENDPOINT_EVENT_FIELDS = ['url', 'description', 'eventTypes', 'enabled', 'disabledReason'] as const;

type EndpointRow = Tx['t']['webhookEndpoints']['$inferSelect'];
type DeliveryRow = Tx['t']['webhookDeliveries']['$inferSelect'];

export function endpointDto(row: EndpointRow): WebhookEndpointDto {
  return {
    _id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function deliveryDto(row: DeliveryRow): WebhookDeliveryDto {
  return {
    _id: row.id,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The endpoint row, or a 404. */
export async function endpointRow(tx: Tx, id: string): Promise<EndpointRow> {
  const { webhookEndpoints } = tx.t;
  const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

export async function deliveryRow(tx: Tx, id: string): Promise<DeliveryRow> {
  const { webhookDeliveries } = tx.t;
  const [row] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  if (!row) throw notFound('Webhook delivery');
  return row;
}

export async function endpointCount(tx: Tx): Promise<number> {
  return countUpTo(tx, tx.t.webhookEndpoints, undefined, WEBHOOK_ENDPOINT_LIMIT + 1);
}

/**
 * Every endpoint (there are at most WEBHOOK_ENDPOINT_LIMIT), oldest first, each with its newest
 * delivery, read from the end of its run of the endpoint index.
 */
export async function listEndpoints(tx: Tx): Promise<WebhookEndpointListItemDto[]> {
  const { webhookEndpoints: endpoint, webhookDeliveries: delivery } = tx.t;
  // drizzle leaves a one-table query's columns unqualified, so the subquery names its own
  const newest = (column: 'status' | 'created_at') =>
    sql`(select ${sql.identifier(column)} from ${delivery} as newest where newest.endpoint_id = ${endpoint}.id order by newest.created_at desc limit 1)`;
  const rows = await tx
    .select({ endpoint, lastStatus: newest('status').mapWith(String), lastAt: newest('created_at').mapWith(delivery.createdAt) })
    .from(endpoint)
    .orderBy(asc(endpoint.createdAt), asc(endpoint.id))
    .limit(WEBHOOK_ENDPOINT_LIMIT);
  return rows.map(({ endpoint: row, lastStatus, lastAt }) => ({
    ...endpointDto(row),
    lastDelivery: lastStatus && lastAt ? { status: lastStatus as WebhookDeliveryDto['status'], createdAt: lastAt.toISOString() } : null,
  }));
}

/** A page of an endpoint's deliveries, newest (or oldest) first, along the endpoint index. */
export function listDeliveries(tx: Tx, query: WebhookDeliveryListQuery): Promise<Page<WebhookDeliveryDto>> {
  const { webhookDeliveries: delivery } = tx.t;
  const ofEndpoint = and(eq(delivery.endpointId, query.id));
  const order = query.dir === 'asc' ? [asc(delivery.createdAt), asc(sql`rowid`)] : [desc(delivery.createdAt), desc(sql`rowid`)];
  return pageOf(query, {
    rows: async (limit, offset) => (await tx.select().from(delivery).where(ofEndpoint).orderBy(...order).limit(limit).offset(offset)).map(deliveryDto),
    count: (atMost) => countUpTo(tx, delivery, ofEndpoint, atMost),
  });
}
