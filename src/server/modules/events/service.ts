import { changedFields, type EventType, type FieldChange } from '../../../shared/events.js';
import type { Tx } from '../../db.js';
import { newId } from '../../lib/ids.js';
import type { Actor } from '../account/actor.js';
import { queueWebhookDeliveries } from '../webhooks/deliveries.js';

/*
 * The event stream (docs/product-rules.md, events): each change is recorded by the service that
 * makes it, in the transaction that makes it, so an event exists exactly when its change was
 * committed. Who did it comes from the caller, never from state kept between requests.
 */

/** Who made a change, and from where. */
export type EventSource = { actorId: string | null; actorLabel: string; ipAddress: string | null };

/** Changes made by the scheduled work (expiries, monthly plans, alerts). */
export const SCHEDULED_WORK: EventSource = { actorId: null, actorLabel: 'Scheduled work', ipAddress: null };

/**
 * What the app does by itself as the consequence of a change: the balance alerts a ledger write
 * raises, whoever made it (the change that raised them is the event just before).
 */
export const AUTOMATIC: EventSource = { actorId: null, actorLabel: 'Hourbank (automatic)', ipAddress: null };

/** A signed-in user's request as the source of its changes. */
export function sourceOf(actor: Pick<Actor, 'userId' | 'firstName' | 'lastName' | 'emailAddress'>, ipAddress: string | null): EventSource {
  return { actorId: actor.userId, actorLabel: `${actor.firstName} ${actor.lastName} <${actor.emailAddress}>`, ipAddress };
}

export type NewEvent = {
  type: EventType;
  companyId: string | null;
  subjectType: string;
  subjectId: string | null;
  changes: Record<string, FieldChange>;
};

/** What an event is about: the kind of record, its id, and the company it concerns. */
export type EventSubject = Pick<NewEvent, 'companyId' | 'subjectType' | 'subjectId'>;

/**
 * The event of a record's fields going from `before` (none: it was made) to `after` (none: it was
 * removed), with the fields that differ; none when none did, as an update that changes nothing
 * records nothing.
 */
export function changeEvents<T extends Record<string, unknown>>(type: EventType, subject: EventSubject, before: T | undefined, after: T | undefined, fields: readonly (keyof T & string)[]): NewEvent[] {
  const changes = changedFields(before, after, fields);
  return Object.keys(changes).length === 0 ? [] : [{ type, ...subject, changes }];
}

/** Rows per insert statement when many events are recorded at once. */
const INSERT_BATCH = 200;

/**
 * Records the events of one change, at `at`, in the caller's transaction, with their deliveries to
 * the webhook endpoints that receive them.
 */
export async function recordEvents(tx: Tx, source: EventSource, at: Date, events: readonly NewEvent[]): Promise<void> {
  const rows = events.map((event) => ({ id: newId(), occurredAt: at, ...source, ...event }));
  for (let from = 0; from < rows.length; from += INSERT_BATCH) {
    const batch = rows.slice(from, from + INSERT_BATCH);
    await tx.insert(tx.t.events).values(batch);
    await queueWebhookDeliveries(tx, batch);
  }
}

/** Records one event of a change, at `at`, in the caller's transaction. */
export function recordEvent(tx: Tx, source: EventSource, at: Date, event: NewEvent): Promise<void> {
  return recordEvents(tx, source, at, [event]);
}
