import { and, count, eq, gte, min, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { companies, tasks, timeLogs } from '../../../../drizzle/schema.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import type { Page } from '../../../shared/list.js';
import type { TimeLogDto, TimeLogListQuery, TimeLogSortKey } from '../../../shared/timelogs.js';
import type { LoggedTime } from '../../../shared/weekly.js';
import type { Tx } from '../../db.js';
import { notFound } from '../../errors.js';
import { orderOf, pageOf, searchAny } from '../../lib/paging.js';
import { offsetSpans, utcYearStart } from '../../lib/zone-offsets.js';
import { dateTimeTextSql, hoursTextSql, mayBeInDateTimeText, mayBeInHoursText } from './log-text-sql.js';

export type TimeLogRow = typeof timeLogs.$inferSelect;

const logRowid = sql`${timeLogs}.rowid`;

/** Logs with their company's name and their task's title, in one query. */
export function timeLogsQuery(tx: Tx) {
  return tx
    .select({
      _id: timeLogs.id,
      company: timeLogs.companyId,
      companyName: companies.companyName,
      timeStamp: timeLogs.timeStamp,
      hundredths: timeLogs.hundredths,
      description: timeLogs.description,
      task: timeLogs.taskId,
      taskTitle: tasks.title,
    })
    .from(timeLogs)
    .innerJoin(companies, eq(companies.id, timeLogs.companyId))
    .leftJoin(tasks, eq(tasks.id, timeLogs.taskId))
    .$dynamic();
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof timeLogsQuery>['all']>>[number];

function toDto({ hundredths, timeStamp, ...row }: JoinedRow): TimeLogDto {
  return { ...row, timeStamp: timeStamp.toISOString(), invertedHours: hundredthsToHours(hundredths) };
}

/** What each sortable column sorts by; rowid breaks ties in the same direction. */
const timeLogSortColumns: Record<TimeLogSortKey, (SQL | AnyColumn)[]> = {
  timeStamp: [timeLogs.timeStamp, logRowid],
  companyName: [companies.companyName, timeLogs.timeStamp, logRowid],
  invertedHours: [timeLogs.hundredths, logRowid],
  description: [timeLogs.description, logRowid],
};

/** The UTC calendar years that have logs: one indexed look-up per year, however many logs. */
function yearsWithLogs(tx: Tx): number[] {
  const years: number[] = [];
  const firstFrom = (from?: number) =>
    tx
      .select({ first: min(timeLogs.timeStamp) })
      .from(timeLogs)
      .where(from === undefined ? undefined : gte(timeLogs.timeStamp, new Date(from)))
      .get()?.first;
  for (let next = firstFrom(); next; ) {
    const year = next.getUTCFullYear();
    years.push(year);
    next = firstFrom(utcYearStart(year + 1));
  }
  return years;
}

/**
 * SPEC.md §2 Time Logs: Search matches the description, the hours text or the date-time text.
 * A text with characters those texts never have (most words) is matched against the description only.
 */
function searchLogs(tx: Tx, search: string, timeZone: string): SQL | undefined {
  if (!search) return undefined;
  const texts: (SQL | AnyColumn)[] = [timeLogs.description];
  if (mayBeInHoursText(search)) texts.push(hoursTextSql(timeLogs.hundredths));
  if (mayBeInDateTimeText(search)) texts.push(dateTimeTextSql(timeLogs.timeStamp, offsetSpans(timeZone, yearsWithLogs(tx))));
  return searchAny(search, texts);
}

/** One page of logs, each with its company's name and its task's title; date-times read in `timeZone`. */
export function listTimeLogs(tx: Tx, query: TimeLogListQuery, timeZone: string): Page<TimeLogDto> {
  const where = and(query.company ? eq(timeLogs.companyId, query.company) : undefined, searchLogs(tx, query.search, timeZone));
  const page = pageOf(query, {
    rows: (limit, offset) =>
      timeLogsQuery(tx)
        .where(where)
        .orderBy(...orderOf(query.dir, timeLogSortColumns[query.sort]))
        .limit(limit)
        .offset(offset)
        .all(),
    count: () => tx.select({ total: count() }).from(timeLogs).where(where).get()?.total ?? 0,
  });
  return { items: page.items.map(toDto), total: page.total };
}

export function findTimeLog(tx: Tx, id: string): TimeLogDto {
  const row = timeLogsQuery(tx).where(eq(timeLogs.id, id)).get();
  if (!row) throw notFound('Time log');
  return toDto(row);
}

export function timeLogRow(tx: Tx, id: string): TimeLogRow {
  const row = tx.select().from(timeLogs).where(eq(timeLogs.id, id)).get();
  if (!row) throw notFound('Time log');
  return row;
}

/** When each log happened and how long it took, of one company or of all, for the weekly view. */
export function loggedTimes(tx: Tx, companyId?: string): LoggedTime[] {
  return tx
    .select({ timeStamp: timeLogs.timeStamp, hundredths: timeLogs.hundredths })
    .from(timeLogs)
    .where(companyId ? eq(timeLogs.companyId, companyId) : undefined)
    .all();
}

export function assertCompanyExists(tx: Tx, companyId: string): void {
  const company = tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).get();
  if (!company) throw notFound('Company');
}
