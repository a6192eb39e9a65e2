import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db.js';

/*
 * The events tests read back: those of a company, of a record, of some types, in the order they
 * were written (the rowid: one change's events share its instant); or those one call recorded.
 */

export type EventFilter = { companyId?: string; subjectId?: string; types?: readonly string[] };

export async function recordedEvents(db: Db, filter: EventFilter, afterRowid = 0) {
  const { events } = db.t;
  const { companyId, subjectId, types } = filter;
  return db
    .select()
    .from(events)
    .where(
      and(
        sql`${events}.rowid > ${afterRowid}`,
        companyId ? eq(events.companyId, companyId) : undefined,
        subjectId ? eq(events.subjectId, subjectId) : undefined,
        types ? inArray(events.type, [...types]) : undefined,
      ),
    )
    .orderBy(sql`${events}.rowid`);
}

/** The events `call` recorded (those of the filter), in the order they were written, and what it answered. */
export async function eventsRecordedBy<T>(db: Db, call: () => Promise<T>, filter: EventFilter = {}) {
  const { events } = db.t;
  const [last] = await db.select({ rowid: sql<number | null>`max(${events}.rowid)` }).from(events);
  const answer = await call();
  return { answer, events: await recordedEvents(db, filter, Number(last?.rowid ?? 0)) };
}
