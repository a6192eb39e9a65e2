import { getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import type { events as eventsTable } from '../../../../drizzle/schema.js';
import { changedFields, type EventType, type FieldChange } from '../../../shared/events.js';
import type { Tx } from '../../db.js';
import { newIds } from '../../lib/ids.js';
import { preparedPer } from '../../lib/prepared.js';
import type { Actor } from '../account/actor.js';
import { hasReceiver, queueWebhookDeliveries, typesReceived, type DeliveredEvent } from '../webhooks/deliveries.js';

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

/** Changes the server's operator makes from its command line (npm run create-superadmin, the demo seed). */
export const COMMAND_LINE: EventSource = { actorId: null, actorLabel: 'Command line', ipAddress: null };

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

/** Events per statement on PostgreSQL (each statement's rows are one JSON parameter), and per statement of their webhook deliveries. */
const INSERT_BATCH = 500;

type EventRow = typeof eventsTable.$inferInsert;

/**
 * Records the events of one change, at `at`, in the caller's transaction, with their deliveries to
 * the webhook endpoints that receive them. Neither way builds a
 * multi-row insert with drizzle, which cost more than writing the rows (a scheduled expiry run
 * records a thousand events and more, each batch a new count of rows, so new SQL to build and
 * compile): on SQLite, in the process, one prepared single-row insert runs per event, then a read
 * of which types an endpoint receives; on PostgreSQL, where each statement is a round trip, one
 * `insert … select` takes a batch as a list and answers those types itself. Deliveries then take
 * one more statement, only when an endpoint receives one of the batch's types.
 */
export async function recordEvents(tx: Tx, source: EventSource, at: Date, events: readonly NewEvent[]): Promise<void> {
  const ids = newIds(events.length);
  const rows: (DeliveredEvent & EventRow)[] = events.map((event, index) => ({ id: ids[index]!, occurredAt: at, ...source, ...event }));
  for (let from = 0; from < rows.length; from += INSERT_BATCH) {
    const batch = rows.slice(from, from + INSERT_BATCH);
    let received: Set<string>;
    if (tx.engine === 'sqlite') {
      const insert = insertEvent(tx);
      for (const row of batch) await insert.run(row);
      received = await typesReceived(tx, batch);
    } else {
      received = new Set((await tx.rows<{ type: string }>(insertEventList(tx, batch))).map((row) => row.type));
    }
    await queueWebhookDeliveries(tx, batch, received);
  }
}

/** An insert of one event, its values as placeholders, prepared once per database. */
const insertEvent = preparedPer((tx) => {
  const { events } = tx.t;
  const values = Object.fromEntries(Object.keys(getTableColumns(events)).map((key) => [key, sql.placeholder(key)]));
  return tx.insert(events).values(values as unknown as EventRow).prepare();
});

/**
 * The events as one `insert … select` from a jsonb list, each event a record of the table's own
 * type (jsonb_populate_recordset reads each field as its column's type), in the list's order; it
 * answers which of the events' types an enabled webhook endpoint receives.
 */
function insertEventList(tx: Tx, rows: readonly EventRow[]): SQL {
  const { events } = tx.t;
  const columns = Object.entries(getTableColumns(events));
  const records = rows.map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, driverValue(column, row[key as keyof EventRow])])));
  const names = sql.join(columns.map(([, column]) => sql.identifier(column.name)), sql`, `);
  const inserted = sql`insert into ${events} (${names}) select ${names} from jsonb_populate_recordset(null::${events}, ${JSON.stringify(records)}::jsonb) with ordinality order by ordinality returning ${sql.identifier(events.type.name)}`;
  // each distinct type asked once, not each event
  return sql`with inserted as (${inserted}) select type from (select distinct ${sql.identifier(events.type.name)} as type from inserted) as batch_types where ${hasReceiver(tx, sql`batch_types.type`)}`;
}

/** A value as its column stores it, but JSON kept as the value itself: the list is JSON already. */
function driverValue(column: Column, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return column.getSQLType() === 'jsonb' ? value : column.mapToDriverValue(value);
}

/** Records one event of a change, at `at`, in the caller's transaction. */
export function recordEvent(tx: Tx, source: EventSource, at: Date, event: NewEvent): Promise<void> {
  return recordEvents(tx, source, at, [event]);
}
