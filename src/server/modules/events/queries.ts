import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { events as eventColumns } from '../../../../drizzle/schema.js';
import { EVENT_TYPE_NAMES, EVENT_TYPES, type EventDto, type EventListQuery } from '../../../shared/events.js';
import type { Page } from '../../../shared/list.js';
import type { Tx } from '../../db.js';
import { countAnyUpTo, countOfMatches, countUpTo, keyedSlices, pageOf, pageOrderBy, pageOrderOf, rowidsOfAnyUpTo, searchAny, type ListReader } from '../../lib/paging.js';
import { withinDays } from '../../lib/periods.js';

/*
 * The audit log: events newest first, from the index of the filter given (type, actor, company or
 * record, each with the time after it), else from the time index; a page stops where it ends.
 */

/** A search names at most this many users; a text matching more names no one in particular. */
const SEARCHED_USERS = 100;

type EventRow = { event: typeof eventColumns.$inferSelect; companyName: string | null };

function toDto({ event, companyName }: EventRow): EventDto {
  return {
    _id: event.id,
    occurredAt: event.occurredAt.toISOString(),
    type: event.type,
    actorId: event.actorId,
    actorLabel: event.actorLabel,
    companyId: event.companyId,
    companyName,
    subjectType: event.subjectType,
    subjectId: event.subjectId,
    // read back from a JSON column, so JSON values whatever the writer passed
    changes: event.changes as EventDto['changes'],
    ipAddress: event.ipAddress,
  };
}

/** The types whose name or meaning contains the text, ignoring case. */
function typesMatching(text: string): string[] {
  const wanted = text.toLowerCase();
  return EVENT_TYPE_NAMES.filter((type) => type.includes(wanted) || EVENT_TYPES[type].toLowerCase().includes(wanted));
}

/** The users whose name or email address contains the text (up to SEARCHED_USERS). */
async function usersMatching(tx: Tx, text: string): Promise<string[]> {
  const { users } = tx.t;
  const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(searchAny(text, [fullName, users.emailAddress], tx.syntax))
    .limit(SEARCHED_USERS);
  return rows.map((row) => row.id);
}

/**
 * A search as a condition on indexed columns: the matching types, the matching users' events, or
 * the record with that id. `indexed` lets each index answer it (a page of the few matches the probe
 * found); `alternatives` are its parts, for the probe and the count, which may read each from its
 * own index (countAnyUpTo, rowidsOfAnyUpTo); `checked` is the same test kept off those
 * indexes, for a page that walks the time index and checks each event it passes (SQLite would
 * otherwise gather every match by its indexes and sort them: 20,000 expiries for "expired").
 */
type SearchCondition = { indexed: SQL | undefined; alternatives: SQL[]; checked: SQL | undefined };

async function searchCondition(tx: Tx, text: string): Promise<SearchCondition> {
  if (!text) return { indexed: undefined, alternatives: [], checked: undefined };
  const { events } = tx.t;
  const types = typesMatching(text);
  const actors = await usersMatching(tx, text);
  const alternativesOf = (column: (expression: SQLWrapper) => SQL) =>
    [types.length > 0 ? inArray(column(events.type), types) : undefined, actors.length > 0 ? inArray(column(events.actorId), actors) : undefined, eq(column(events.subjectId), text)].filter(
      (alternative) => alternative !== undefined,
    );
  const alternatives = alternativesOf((column) => sql`${column}`);
  return { indexed: or(...alternatives), alternatives, checked: or(...alternativesOf((column) => tx.syntax.unindexed(column))) };
}

/** Events for the filters and search, newest first, a slice at a time. */
export function eventListReader(tx: Tx, query: Omit<EventListQuery, 'page' | 'perPage'>, providerZone: string): ListReader<EventDto> {
  const { companies, events } = tx.t;
  const filters = and(
    query.type ? eq(events.type, query.type) : undefined,
    query.actor ? eq(events.actorId, query.actor) : undefined,
    query.company ? eq(events.companyId, query.company) : undefined,
    query.subject ? eq(events.subjectId, query.subject) : undefined,
    withinDays(events.occurredAt, query, providerZone),
  );
  let planned: ReturnType<typeof searchCondition> | undefined;
  const search = () => (planned ??= searchCondition(tx, query.search));
  const rowid = sql<number>`${events}.rowid`;
  // the events of one change share its instant: the rowid orders them as they were written
  const keys = [events.occurredAt, rowid];
  // a search may match few events of a million: found through its indexes and sorted, rather than walked to
  const order = pageOrderOf(Boolean(query.search), async (limit) => rowidsOfAnyUpTo(tx, events, filters, (await search()).alternatives, limit));
  const read = async (extra: Record<string, SQL>, after: SQL | undefined, limit: number, offset: number) => {
    const pageOrder = await order();
    const matches = pageOrder === 'sortMatches' ? await order.matches() : undefined;
    const onlyMatches = matches ? (matches.length === 0 ? sql`0 = 1` : inArray(rowid, matches)) : undefined;
    const where = and(filters, (await search())[pageOrder === 'walk' ? 'checked' : 'indexed'], after, onlyMatches);
    const orderBy = pageOrderBy(pageOrder, query.dir, keys, tx.syntax);
    // past the first page, the rows passed over are counted off on the index (their rowids alone),
    // then only the page's own rows are read and joined to their company: reading and joining the
    // 10,000 events before page 400 took 4.3 ms on SQLite, their rowids 0.1 ms
    const onPage = offset > 0 ? sql`${rowid} in (${tx.select({ rowid }).from(events).where(where).orderBy(...orderBy).limit(limit).offset(offset)})` : where;
    const selected = { event: events, companyName: companies.companyName };
    return tx
      .select({ ...selected, ...extra } as typeof selected)
      .from(events)
      .leftJoin(companies, eq(companies.id, events.companyId))
      .where(onPage)
      .orderBy(...orderBy)
      .limit(limit);
  };
  return {
    rows: async (limit, offset) => (await read({}, undefined, limit, offset)).map(toDto),
    count: async (atMost) =>
      countOfMatches(order, atMost, async (most) => {
        const { alternatives } = await search();
        return alternatives.length > 0 ? countAnyUpTo(tx, events, filters, alternatives, most) : countUpTo(tx, events, filters, most);
      }),
    slice: keyedSlices(query.dir, keys, read, toDto),
  };
}

/** One page of the audit log. */
export async function listEvents(tx: Tx, query: EventListQuery, providerZone: string): Promise<Page<EventDto>> {
  return pageOf(query, eventListReader(tx, query, providerZone));
}
