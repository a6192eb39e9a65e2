import { and, eq, gte, max, min, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { companies, tasks, timeLogs } from '../../../../drizzle/schema.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import type { Page } from '../../../shared/list.js';
import type { TimeLogDto, TimeLogListQuery, TimeLogSortKey } from '../../../shared/timelogs.js';
import type { DayTotal } from '../../../shared/weekly.js';
import type { Db, Tx } from '../../db.js';
import { notFound } from '../../errors.js';
import { contains, countOfMatches, countUpTo, keyedSlices, pageOf, pageOrderBy, pageOrderOf, type ListReader } from '../../lib/paging.js';
import { withinDays } from '../../lib/periods.js';
import { offsetSpans, utcYearStart } from '../../lib/zone-offsets.js';
import { MAX_HOURS_PER_LOG } from '../../../shared/timelogs.js';
import { logHoursText } from '../../../shared/log-text.js';
import { dateTextMatch, type InstantRange } from './date-text-ranges.js';
import { mayBeInDateTimeText, mayBeInHoursText, wallMatchSql } from './log-text-sql.js';

export type TimeLogRow = typeof timeLogs.$inferSelect;

const logRowid = sql<number>`${timeLogs}.rowid`;

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
  // companies by companies_name_nocase_idx, each company's logs by time_logs_company_idx: no sort
  companyName: [sql`${companies.companyName} collate nocase`, sql`${companies}.rowid`, timeLogs.timeStamp, logRowid],
  invertedHours: [timeLogs.hundredths, logRowid],
  description: [sql`${timeLogs.description} collate nocase`, logRowid],
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

/** Date-text searches past this many time ranges are only checked log by log (see dateTextMatch). */
const MAX_DATE_RANGES = 50_000;

/** The trigram index matches substrings of at least 3 characters; a phrase query takes the text as it is. */
const TRIGRAM = 3;

/** Past this many matching logs a search is checked log by log while reading the list in its order, which soon fills a page. */
const FEW_MATCHES = 5_000;

/**
 * One way a log can match a search: its matching rows (from an index, unless `scans`: then by
 * reading the whole table), and the same as a check of one log.
 */
type SearchPart = { rows?: SQL; scans?: true; test: SQL; ranges?: InstantRange[] };

/**
 * A description's matching rows come from the trigram index (a short search, which trigrams cannot
 * serve, from a LIKE over the table). Checked log by log, it is a LIKE: `rowid in (<the index's
 * rows>)` would first read every match from the index, hundreds of thousands for a common word.
 */
function descriptionPart(search: string): SearchPart {
  const test = contains(timeLogs.description, search);
  if ([...search].length < TRIGRAM) return { rows: sql`select rowid from time_logs where ${test}`, scans: true, test };
  return { rows: sql`select rowid from time_log_words where time_log_words match ${`"${search.replace(/"/g, '""')}"`}`, test };
}

/** The logs whose hours, as the list writes them, contain the search: the few hundredths values that read so. */
function hoursPart(tx: Tx, search: string): SearchPart | undefined {
  const most = Math.max(MAX_HOURS_PER_LOG * 100, tx.select({ most: max(timeLogs.hundredths) }).from(timeLogs).get()?.most ?? 0);
  const values: number[] = [];
  for (let hundredths = 1; hundredths <= most; hundredths += 1) {
    if (logHoursText(hundredthsToHours(hundredths)).includes(search)) values.push(hundredths);
  }
  if (values.length === 0) return undefined;
  const test = sql`${timeLogs.hundredths} in (select value from json_each(${JSON.stringify(values)}))`;
  return { rows: sql`select rowid from time_logs where ${test}`, test };
}

/** The logs whose date-time, as the list writes it in `timeZone`, contains the search: time ranges read from time_logs_time_idx. */
function dateTimePart(tx: Tx, search: string, timeZone: string): SearchPart | undefined {
  // one min() or max() per statement: SQLite answers each from the index end, but not both together
  const first = tx.select({ at: min(timeLogs.timeStamp) }).from(timeLogs).get()?.at;
  const last = tx.select({ at: max(timeLogs.timeStamp) }).from(timeLogs).get()?.at;
  if (!first || !last) return undefined;
  const spans = offsetSpans(timeZone, yearsWithLogs(tx));
  const { wall, ranges } = dateTextMatch(search, first.getTime(), last.getTime(), spans, MAX_DATE_RANGES);
  if (ranges?.length === 0) return undefined;
  const rows =
    ranges &&
    sql`select time_logs.rowid from json_each(${JSON.stringify(ranges)}) as range
      join time_logs on time_logs.time_stamp >= range.value ->> 0 and time_logs.time_stamp < range.value ->> 1`;
  const test = ranges && ranges.length <= FEW_RANGES ? inRangesSql(ranges) : wallMatchSql(timeLogs.timeStamp, spans, wall);
  return { rows, test, ranges };
}

/** A date that matches in a few stretches of time (a year, a month) is checked by comparing the instant with them. */
const FEW_RANGES = 64;

function inRangesSql(ranges: InstantRange[]): SQL {
  const time = sql`${timeLogs}.time_stamp`;
  return sql`(${sql.join(
    ranges.map(([from, to]) => sql`(${time} >= ${from} and ${time} < ${to})`),
    sql` or `,
  )})`;
}

/** How many rows a statement selects, reading at most `atMost` of them (see countUpTo). */
const countRowsUpTo = (tx: Tx, rows: SQL, atMost: number) => tx.get<{ n: number }>(sql`select count(*) as n from (${rows} limit ${atMost})`).n;

/** Whether a part matches few logs, read from its index (at most FEW_MATCHES of them). */
const matchesFew = (tx: Tx, { rows }: SearchPart) => rows !== undefined && countRowsUpTo(tx, rows, FEW_MATCHES) < FEW_MATCHES;

/**
 * A part checked log by log: by membership in its few rows (read once, and the check reads nothing
 * of the log but its rowid, which the index the list walks holds), else by its own test.
 */
const logTest = (part: SearchPart, few: boolean) => (few ? sql`+${logRowid} in (${part.rows!})` : part.test);

/**
 * The stretch of time a search's matches lie in, when its date part has time ranges and its other
 * parts few matches: from the first range or the oldest other match to the end of the last range or
 * the newest other match. A page walked in time order starts there: "Nov 3" read every log newer
 * than the last November 3rd (three weeks of them) before its first match, "2023" every log since.
 */
function matchesSpan(tx: Tx, ranges: InstantRange[], few: SearchPart[]): SQL {
  let from = ranges.reduce((first, [start]) => Math.min(first, start), Infinity);
  let to = ranges.reduce((last, [, end]) => Math.max(last, end), -Infinity);
  if (few.length > 0) {
    const span = tx.get<{ first: number | null; last: number | null }>(
      // the subquery keeps SQLite reading the few rows by rowid: asked for min() of time_logs directly, it walks time_logs_time_idx
      sql`select min(at) as first, max(at) as last from (select time_stamp as at from time_logs where rowid in (${sql.join(few.map(({ rows }) => rows!), sql` union all `)}))`,
    );
    if (span.first !== null) from = Math.min(from, span.first);
    if (span.last !== null) to = Math.max(to, span.last + 1);
  }
  return sql`${timeLogs.timeStamp} >= ${from} and ${timeLogs.timeStamp} < ${to}`;
}

/** Which logs a search matches, and how to count them (at most `atMost`) when that differs from counting the rows `where` selects. */
type LogSearch = { where: SQL; count?: (company: SQL | undefined, atMost: number) => number | undefined };

/**
 * Counts a search checked log by log without checking every log: the logs in the date part's
 * time ranges, counted from the index, plus those the other parts find outside those ranges.
 */
function countByRanges(tx: Tx, date: SearchPart & { ranges: InstantRange[] }, others: SearchPart[]) {
  return (company: SQL | undefined, atMost: number): number => {
    const logsInRanges = sql`select 1 from json_each(${JSON.stringify(date.ranges)}) as range
      join time_logs on time_logs.time_stamp >= range.value ->> 0 and time_logs.time_stamp < range.value ->> 1 ${company ? sql`and ${company}` : sql``}`;
    const inRanges = countRowsUpTo(tx, logsInRanges, atMost);
    if (others.length === 0 || inRanges >= atMost) return inRanges;
    const outside = and(company, sql`${logRowid} in (${sql.join(others.map(({ rows }) => rows!), sql` union all `)})`, sql`not ${date.test}`);
    return inRanges + countUpTo(tx, timeLogs, outside, atMost - inRanges);
  };
}

/**
 * Time-log search matches the description, the hours text or the date-time text as the list shows
 * it. A search matching few logs reads them from the indexes (the description's trigrams, the
 * hours, the time ranges of the matching dates). One matching many is checked log by log while
 * the list is read in its order, which soon fills a page; it is counted from the date's time
 * ranges where it has them, else by checking every log. A text with characters the hours or
 * date-time texts never have (most words) is matched against the description only.
 */
function searchLogs(tx: Tx, search: string, timeZone: string): LogSearch | undefined {
  if (!search) return undefined;
  const date = mayBeInDateTimeText(search) ? dateTimePart(tx, search, timeZone) : undefined;
  const others = [descriptionPart(search), mayBeInHoursText(search) ? hoursPart(tx, search) : undefined].filter((part) => part !== undefined);
  const parts = date ? [date, ...others] : others;
  // a part read by a scan is counted only when every other part is few: counting it reads the whole table
  const few = new Map(parts.filter((part) => !part.scans).map((part) => [part, matchesFew(tx, part)]));
  const allFew = [...few.values()].every(Boolean) && parts.every((part) => few.has(part) || matchesFew(tx, part));
  if (allFew) return { where: sql`${logRowid} in (${sql.join(parts.map(({ rows }) => rows!), sql` union all `)})` };
  const tests = sql`(${sql.join(
    parts.map((part) => logTest(part, few.get(part) ?? false)),
    sql` or `,
  )})`;
  const where = and(tests, date?.ranges && others.every((part) => few.get(part)) ? matchesSpan(tx, date.ranges, others) : undefined)!;
  const countable = date?.ranges && others.every(({ rows }) => rows);
  if (countable) return { where, count: countByRanges(tx, { ...date, ranges: date.ranges! }, others) };
  const only = parts.length === 1 ? parts[0]!.rows : undefined;
  // one part's rows are distinct logs: count them as they are, without checking each log again
  if (only) return { where, count: (company, atMost) => (company ? undefined : countRowsUpTo(tx, only, atMost)) };
  const many = parts.filter((part) => few.get(part) === false);
  if (many.length === 1 && parts.every((part) => few.has(part))) return { where, count: countManyAndFew(tx, many[0]!, parts.filter((part) => part !== many[0])) };
  return { where };
}

/**
 * Counts a search with one part that matches many logs, read from its index, and others that
 * match few ("1.5": its hours, and a description or two): the many part's rows as its index gives
 * them, plus the few others' logs it does not match. Checking every log instead reads some 300,000
 * of them, with their rows, to count 10,000 matches of "1.5" at two million logs. The index's rows
 * are every company's, so with a company filter the logs are checked one by one.
 */
function countManyAndFew(tx: Tx, many: SearchPart, few: SearchPart[]) {
  return (company: SQL | undefined, atMost: number): number | undefined => {
    if (company) return undefined;
    const inMany = countRowsUpTo(tx, many.rows!, atMost);
    if (inMany >= atMost) return inMany;
    const outside = and(sql`${logRowid} in (${sql.join(few.map(({ rows }) => rows!), sql` union all `)})`, sql`not ${many.test}`);
    return inMany + countUpTo(tx, timeLogs, outside, atMost - inMany);
  };
}

/**
 * Logs, each with its company's name and its task's title, a slice at a time; Search reads
 * date-times in `timeZone` (the screen's), the date range days in `providerZone`. A date range that
 * holds few logs has them read by time_logs_time_idx (or time_logs_company_idx) and sorted.
 */
export function timeLogListReader(tx: Tx, query: Omit<TimeLogListQuery, 'page' | 'perPage'>, timeZone: string, providerZone: string): ListReader<TimeLogDto> {
  const company = query.company ? eq(timeLogs.companyId, query.company) : undefined;
  const days = withinDays(timeLogs.timeStamp, query, providerZone);
  const search = searchLogs(tx, query.search, timeZone);
  const where = and(company, days, search?.where);
  const keys = timeLogSortColumns[query.sort];
  const order = pageOrderOf(days !== undefined, (limit) => tx.select({ rowid: logRowid }).from(timeLogs).where(where).limit(limit).all().map((row) => row.rowid));
  const read = (extra: Record<string, SQL>, after: SQL | undefined, limit: number, offset: number) =>
    timeLogsQuery(tx, extra).where(and(where, after)).orderBy(...pageOrderBy(order(), query.dir, keys)).limit(limit).offset(offset).all();
  // a search's own count knows nothing of the date range
  const searchCount = days ? undefined : search?.count;
  return {
    rows: (limit, offset) => read({}, undefined, limit, offset).map(toDto),
    count: (atMost) => countOfMatches(order, atMost, (most) => searchCount?.(company, most) ?? countUpTo(tx, timeLogs, where, most)),
    slice: keyedSlices(query.dir, keys, read, toDto),
  };
}

/** One page of logs (see timeLogListReader). */
export function listTimeLogs(tx: Tx, query: TimeLogListQuery, timeZone: string, providerZone: string): Page<TimeLogDto> {
  return pageOf(query, timeLogListReader(tx, query, timeZone, providerZone));
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
 * The weekly view runs one small statement many times (a seek per week with logs), so it prepares
 * plain SQL on the driver: drizzle's prepared queries cost some 50 times the seek itself.
 */
const newestLogSql = (companyId: string) =>
  `select time_stamp from time_logs where ${companyId ? 'company_id = ? and ' : ''}time_stamp < ? order by time_stamp desc limit 1`;

/**
 * The hundredths and log count of each of `dayCount` days in one statement: the days are a VALUES
 * list, and each day reads its own index range (time_logs_time_hours_idx, or time_logs_company_idx
 * for one company) in two scalar subqueries. A join grouped by day reads the same ranges but sorts
 * every log to group it, twice as slow; the subqueries need no grouping. Plain SQL both engines run.
 */
const dayTotalsSql = (dayCount: number, companyId: string) => {
  const range = `${companyId ? 'company_id = ? and ' : ''}time_stamp >= days.day_from and time_stamp < days.day_to`;
  return `with days(date, day_from, day_to) as (values ${Array.from({ length: dayCount }, () => '(?, ?, ?)').join(', ')})
    select days.date as date,
      (select sum(hundredths) from time_logs where ${range}) as hundredths,
      (select count(*) from time_logs where ${range}) as logs
    from days`;
};

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

/** The hundredths and log count of each of the days that has logs, of one company or of all: one statement, an index range a day. */
export function dayTotals(db: Db, days: DaySpan[], companyId: string): DayTotal[] {
  if (days.length === 0) return [];
  const statement = db.$client.prepare<unknown[], { date: string; hundredths: number | null; logs: number }>(dayTotalsSql(days.length, companyId));
  const company = companyParams(companyId);
  const rows = statement.all(...days.flatMap(({ date, from, to }) => [date, from, to]), ...company, ...company);
  return rows.filter(({ logs }) => logs > 0).map(({ date, hundredths, logs }) => ({ date, hundredths: hundredths ?? 0, logs }));
}

export function assertCompanyExists(tx: Tx, companyId: string): void {
  const company = tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).get();
  if (!company) throw notFound('Company');
}
