import { and, count, eq, gte, min, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { companies, tasks, timeLogs } from '../../../../drizzle/schema.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import type { Page } from '../../../shared/list.js';
import type { TimeLogDto, TimeLogListQuery, TimeLogSortKey } from '../../../shared/timelogs.js';
import type { DayTotal } from '../../../shared/weekly.js';
import type { Db, Tx } from '../../db.js';
import { notFound } from '../../errors.js';
import { keyedSlices, orderOf, pageOf, searchAny, type ListReader } from '../../lib/paging.js';
import { offsetSpans, utcYearStart } from '../../lib/zone-offsets.js';
import { dateTimeTextSql, hoursTextSql, mayBeInDateTimeText, mayBeInHoursText } from './log-text-sql.js';

export type TimeLogRow = typeof timeLogs.$inferSelect;

const logRowid = sql`${timeLogs}.rowid`;

const logColumns = {
  _id: timeLogs.id,
  company: timeLogs.companyId,
  companyName: companies.companyName,
  timeStamp: timeLogs.timeStamp,
  hundredths: timeLogs.hundredths,
  description: timeLogs.description,
  task: timeLogs.taskId,
  taskTitle: tasks.title,
};

/** Logs with their company's name and their task's title, in one query; `extra` adds columns (sort keys). */
export function timeLogsQuery(tx: Tx, extra: Record<string, SQL> = {}) {
  return tx
    .select({ ...logColumns, ...extra } as typeof logColumns)
    .from(timeLogs)
    .innerJoin(companies, eq(companies.id, timeLogs.companyId))
    .leftJoin(tasks, eq(tasks.id, timeLogs.taskId))
    .$dynamic();
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof timeLogsQuery>['all']>>[number];

function toDto(row: JoinedRow): TimeLogDto {
  return {
    _id: row._id,
    company: row.company,
    companyName: row.companyName,
    timeStamp: row.timeStamp.toISOString(),
    invertedHours: hundredthsToHours(row.hundredths),
    description: row.description,
    task: row.task,
    taskTitle: row.taskTitle,
  };
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
 * Time-log search matches the description, the hours text or the date-time text as the list shows it.
 * A text with characters those texts never have (most words) is matched against the description only.
 */
function searchLogs(tx: Tx, search: string, timeZone: string): SQL | undefined {
  if (!search) return undefined;
  const texts: (SQL | AnyColumn)[] = [timeLogs.description];
  if (mayBeInHoursText(search)) texts.push(hoursTextSql(timeLogs.hundredths));
  if (mayBeInDateTimeText(search)) texts.push(dateTimeTextSql(timeLogs.timeStamp, offsetSpans(timeZone, yearsWithLogs(tx))));
  return searchAny(search, texts);
}

/** Logs, each with its company's name and its task's title, a slice at a time; date-times read in `timeZone`. */
export function timeLogListReader(tx: Tx, query: Omit<TimeLogListQuery, 'page' | 'perPage'>, timeZone: string): ListReader<TimeLogDto> {
  const where = and(query.company ? eq(timeLogs.companyId, query.company) : undefined, searchLogs(tx, query.search, timeZone));
  const keys = timeLogSortColumns[query.sort];
  const read = (extra: Record<string, SQL>, after: SQL | undefined, limit: number, offset: number) =>
    timeLogsQuery(tx, extra).where(and(where, after)).orderBy(...orderOf(query.dir, keys)).limit(limit).offset(offset).all();
  return {
    rows: (limit, offset) => read({}, undefined, limit, offset).map(toDto),
    count: () => tx.select({ total: count() }).from(timeLogs).where(where).get()?.total ?? 0,
    slice: keyedSlices(query.dir, keys, read, toDto),
  };
}

/** One page of logs (see timeLogListReader). */
export function listTimeLogs(tx: Tx, query: TimeLogListQuery, timeZone: string): Page<TimeLogDto> {
  return pageOf(query, timeLogListReader(tx, query, timeZone));
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

/*
 * The weekly view runs one small statement many times (a seek per week, a range per day), so it
 * prepares plain SQL on the driver: drizzle's prepared queries cost some 50 times the seek itself.
 */
const newestLogSql = (companyId: string) =>
  `select time_stamp from time_logs where ${companyId ? 'company_id = ? and ' : ''}time_stamp < ? order by time_stamp desc limit 1`;

const dayTotalSql = (companyId: string) =>
  `select sum(hundredths) as hundredths, count(*) as logs from time_logs where ${companyId ? 'company_id = ? and ' : ''}time_stamp >= ? and time_stamp < ?`;

/** Of one company, or of every company for ''. */
const companyParams = (companyId: string) => (companyId ? [companyId] : []);

/**
 * Finds the instant of the newest log before a given one, of one company or of all: one seek
 * down time_logs_company_idx or time_logs_time_idx.
 */
export function newestLogBefore(db: Db, companyId: string): (before: number) => number | undefined {
  const statement = db.$client.prepare<unknown[], number>(newestLogSql(companyId)).pluck();
  return (before) => statement.get(...companyParams(companyId), before);
}

/** A local calendar day as the instants it spans: from (inclusive) to (exclusive), epoch ms. */
export type DaySpan = { date: string; from: number; to: number };

/** The hundredths and log count of each of the days that has logs, of one company or of all: an index range each. */
export function dayTotals(db: Db, days: DaySpan[], companyId: string): DayTotal[] {
  const statement = db.$client.prepare<unknown[], { hundredths: number | null; logs: number }>(dayTotalSql(companyId));
  const totals: DayTotal[] = [];
  for (const { date, from, to } of days) {
    const { hundredths, logs } = statement.get(...companyParams(companyId), from, to)!;
    if (logs > 0) totals.push({ date, hundredths: hundredths ?? 0, logs });
  }
  return totals;
}

export function assertCompanyExists(tx: Tx, companyId: string): void {
  const company = tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).get();
  if (!company) throw notFound('Company');
}
