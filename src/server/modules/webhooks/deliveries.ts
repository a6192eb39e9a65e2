import { and, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { FieldChange } from '../../../shared/events.js';
import type { Tx } from '../../db.js';
import { equalsConstant } from '../../database/syntax.js';
import { preparedPer } from '../../lib/prepared.js';

/*
 * Each event's deliveries are made in the event's own transaction (docs/decisions/033): one row per
 * enabled endpoint that chose the event's type, written by one statement per batch of events that
 * reads the endpoints as they are now, in this transaction. No endpoint is kept in memory between
 * calls: another process may have changed them.
 */

/** An event as recordEvents writes it: what a delivery's body is made from. */
export type DeliveredEvent = {
  id: string;
  type: string;
  occurredAt: Date;
  actorId: string | null;
  actorLabel: string;
  companyId: string | null;
  subjectType: string;
  subjectId: string | null;
  changes: Record<string, FieldChange>;
};

/** The Standard Webhooks message id of an event's deliveries: the same on every attempt and redelivery. */
export const messageIdOf = (eventId: string) => `msg_${eventId}`;

/**
 * The JSON body posted for an event, in the Standard Webhooks shape (`type`, `timestamp`, `data`).
 * The request's address is left out: the audit log keeps it, receivers do not need it.
 */
export function eventBody(event: DeliveredEvent): string {
  return JSON.stringify({
    type: event.type,
    timestamp: event.occurredAt.toISOString(),
    data: {
      event: event.id,
      type: event.type,
      occurredAt: event.occurredAt.toISOString(),
      actor: event.actorLabel,
      actorId: event.actorId,
      companyId: event.companyId,
      subjectType: event.subjectType,
      subjectId: event.subjectId,
      changes: event.changes,
    },
  });
}

/**
 * Makes the deliveries of a batch of events, in the caller's transaction: one statement that pairs
 * each event of a type an enabled endpoint receives (`received`, from typesReceived or the events'
 * own insert) with every such endpoint. Most batches have no received type: their bodies are then
 * never built or sent. A delivery is due at once, at the event's time.
 */
export async function queueWebhookDeliveries(tx: Tx, events: readonly DeliveredEvent[], received: ReadonlySet<string>): Promise<void> {
  const delivered = events.filter((event) => received.has(event.type));
  if (delivered.length === 0) return;
  const batch = JSON.stringify(delivered.map((event) => ({ id: event.id, type: event.type, body: eventBody(event) })));
  await deliveriesOfBatch(tx).execute({ batch, at: delivered[0]!.occurredAt.getTime() });
}

/** Whether an enabled endpoint receives events of the type `type` (SQL of the type's text). */
export function hasReceiver(tx: Tx, type: SQL): SQL {
  const { webhookEndpoints: endpoint } = tx.t;
  return exists(
    tx
      .select({ one: sql`1` })
      .from(endpoint)
      .where(and(equalsConstant(endpoint.enabled, true), tx.syntax.jsonArrayHas(endpoint.eventTypes, type))),
  );
}

/** Which of the events' types an enabled endpoint receives, read in the caller's transaction. */
export async function typesReceived(tx: Tx, events: readonly DeliveredEvent[]): Promise<Set<string>> {
  const types = [...new Set(events.map((event) => event.type))].map((type) => ({ type }));
  const rows = await typesReceivedOfList(tx).execute({ types: JSON.stringify(types) });
  return new Set(rows.map((row) => row.type));
}

/** typesReceived's select, of a list of types (`types`: JSON records with a `type`), built once per database. */
const typesReceivedOfList = preparedPer((tx) => {
  const listed = tx.syntax.records(sql.placeholder('types'), 'listed');
  const type = listed.field('type');
  return tx
    .select({ type: sql<string>`${type}`.as('type') })
    .from(listed.table)
    .where(hasReceiver(tx, type))
    .prepare();
});

/**
 * The insert … select of queueWebhookDeliveries, built once per database: it runs with every event
 * written, and drizzle's building of it cost more than running it.
 */
const deliveriesOfBatch = preparedPer((tx) => {
  const { webhookEndpoints: endpoint, webhookDeliveries: delivery } = tx.t;
  const batch = tx.syntax.records(sql.placeholder('batch'), 'batch');
  const eventId = batch.field('id');
  const eventType = batch.field('type');
  const at = sql`cast(${sql.placeholder('at')} as bigint)`;
  // every column, in the table's order (drizzle checks it): an insert … select names them all
  const made = tx
    .select({
      id: sql<string>`${eventId} || '_' || ${endpoint.id}`.as('id'),
      endpointId: endpoint.id,
      messageId: sql<string>`'msg_' || ${eventId}`.as('message_id'),
      eventType: sql<string>`${eventType}`.as('event_type'),
      body: sql<string>`${batch.field('body')}`.as('body'),
      status: sql<'pending'>`'pending'`.as('status'),
      attempts: sql<number>`0`.as('attempts'),
      nextAttemptAt: sql<Date>`${at}`.as('next_attempt_at'),
      responseStatus: sql<null>`null`.as('response_status'),
      durationMs: sql<null>`null`.as('duration_ms'),
      lastError: sql<null>`null`.as('last_error'),
      createdAt: sql<Date>`${at}`.as('created_at'),
      deliveredAt: sql<null>`null`.as('delivered_at'),
    })
    .from(batch.table)
    .innerJoin(endpoint, and(equalsConstant(endpoint.enabled, true), tx.syntax.jsonArrayHas(endpoint.eventTypes, eventType)));
  return tx.insert(delivery).select(made).prepare();
});

/** Why a delivery was never sent: its endpoint was turned off first. */
export const ENDPOINT_TURNED_OFF = 'The endpoint was turned off before this delivery was sent.';

/** Ends the deliveries still waiting for an endpoint being turned off: failed, for redelivery to send again. */
export async function endPendingDeliveries(tx: Tx, endpointId: string, now: Date): Promise<void> {
  const { webhookDeliveries } = tx.t;
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: ENDPOINT_TURNED_OFF, nextAttemptAt: now })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
}
