import { and, eq, gte, max, min, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { timeLogs } from '../../../../drizzle/schema.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import type { Page } from '../../../shared/list.js';
import type { TimeLogDto, TimeLogListQuery, TimeLogSortKey } from '../../../shared/timelogs.js';
import type { DayTotal } from '../../../shared/weekly.js';
import type { Tables } from '../../../../drizzle/tables.js';
import type { Db, Tx } from '../../db.js';
import type { Syntax } from '../../database/syntax.js';
import { notFound } from '../../errors.js';
import { contains, COUNT_BLOCK, countOfMatches, countUpTo, keyedSlices, pageOf, pageOrderBy, pageOrderOf, phraseQuery, searchesTrigrams, type ListReader } from '../../lib/paging.js';
import { withinDays } from '../../lib/periods.js';
import { offsetSpans, utcYearStart } from '../../lib/zone-offsets.js';
import { MAX_HOURS_PER_LOG } from '../../../shared/timelogs.js';
import { logHoursText } from '../../../shared/log-text.js';
import { dateTextMatch, type InstantRange } from './date-text-ranges.js';
import { mayBeInDateTimeText, mayBeInHoursText, wallMatchSql } from './log-text-sql.js';

export type TimeLogRow = typeof timeLogs.$inferSelect;

/** A log's rowid: the table's name and rowid, which both engines have (on PostgreSQL a bigint read as a number). */
const logRowid = ({ timeLogs }: Tables) => sql<number>`${timeLogs}.rowid`.mapWith(Number);

const logColumnsOf = ({ companies, tasks, timeLogs }: Tables) => ({
  _id: timeLogs.id,
  company: timeLogs.companyId,
  companyName: companies.companyName,
  timeStamp: timeLogs.timeStamp,
  hundredths: timeLogs.hundredths,
  description: timeLogs.description,
  task: timeLogs.taskId,
  taskTitle: tasks.title,
});

/** Logs with their company's name and their task's title, in one query; `extra` adds columns (sort keys). */
export function timeLogsQuery(tx: Tx, extra: Record<string, SQL> = {}) {
  const { companies, tasks, timeLogs } = tx.t;
  const logColumns = logColumnsOf(tx.t);
  return tx
    .select({ ...logColumns, ...extra } as typeof logColumns)
    .from(timeLogs)
    .innerJoin(companies, eq(companies.id, timeLogs.companyId))
    .leftJoin(tasks, eq(tasks.id, timeLogs.taskId))
    .$dynamic();
}

type JoinedRow = Awaited<ReturnType<typeof timeLogsQuery>>[number];

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

/** The fields a time log's events name (time_log.created, .updated, .deleted), as timeLogOutput names them. */
export const TIME_LOG_EVENT_FIELDS = ['company', 'task', 'timeStamp', 'invertedHours', 'description'] as const satisfies readonly (keyof TimeLogDto)[];

/** A stored log's fields as toDto shows them, for its events' before and after. */
export function eventValuesOf(log: Pick<TimeLogRow, 'companyId' | 'taskId' | 'timeStamp' | 'hundredths' | 'description'>): Pick<TimeLogDto, (typeof TIME_LOG_EVENT_FIELDS)[number]> {
  return {
    company: log.companyId,
    task: log.taskId,
    timeStamp: log.timeStamp.toISOString(),
    invertedHours: hundredthsToHours(log.hundredths),
    description: log.description,
  };
}

/** What each sortable column sorts by; rowid breaks ties in the same direction. */
const timeLogSortColumns = (tables: Tables, { noCase }: Syntax): Record<TimeLogSortKey, (SQL | AnyColumn)[]> => {
  const { companies, timeLogs } = tables;
  const rowid = logRowid(tables);
  return {
    timeStamp: [timeLogs.timeStamp, rowid],
    // companies by companies_name_nocase_idx, each company's logs by time_logs_company_idx: no sort
    companyName: [noCase(companies.companyName), sql`${companies}.rowid`, timeLogs.timeStamp, rowid],
    invertedHours: [timeLogs.hundredths, rowid],
    description: [noCase(timeLogs.description), rowid],
  };
};

/** The UTC calendar years that have logs: one indexed look-up per year, however many logs. */
async function yearsWithLogs(tx: Tx): Promise<number[]> {
  const { timeLogs } = tx.t;
  const years: number[] = [];
  const firstFrom = async (from?: number) => {
    const [row] = await tx
      .select({ first: min(timeLogs.timeStamp) })
      .from(timeLogs)
      .where(from === undefined ? undefined : gte(timeLogs.timeStamp, new Date(from)));
    return row?.first;
  };
  for (let next = await firstFrom(); next; ) {
    const year = next.getUTCFullYear();
    years.push(year);
    next = await firstFrom(utcYearStart(year + 1));
  }
  return years;
}

/** Date-text searches past this many time ranges are only checked log by log (see dateTextMatch). */
const MAX_DATE_RANGES = 50_000;

/** Past this many matching logs a search is checked log by log while reading the list in its order, which soon fills a page. */
const FEW_MATCHES = 5_000;

/**
 * One way a log can match a search: its matching rows (from an index, unless `scans`: then by
 * reading the whole table), and the same as a check of one log.
 */
type SearchPart = { rows?: SQL; scans?: true; test: SQL; ranges?: InstantRange[]; probed?: Probed };

/**
 * What a part's probe found (matchesFew): `found` rows, reading no further than `readUpTo`, and so
 * whether its matches are few (its rows then bound as a list) or many; a part without rows to read
 * (a date matched by its wall-clock text) is probed as `unindexed`. A part not yet probed has none.
 */
type Probed = { reading: 'few' | 'many'; found: number; readUpTo: number } | { reading: 'unindexed' };

const readingOf = (part: SearchPart) => part.probed?.reading;
const isFew = (part: SearchPart) => readingOf(part) === 'few';

/**
 * A description's matching rows come from the trigram index (a short search, which trigrams cannot
 * serve, from a LIKE over the table). Checked log by log, it is a LIKE: `rowid in (<the index's
 * rows>)` would first read every match from the index, hundreds of thousands for a common word.
 * The index is each engine's own, so the rows are read in two ways: SQLite's is the FTS5 table
 * time_log_words, read by MATCH; PostgreSQL's is time_logs_description_trgm_idx (pg_trgm), which
 * serves the ILIKE itself.
 */
function descriptionPart(tx: Tx, search: string): SearchPart {
  const test = contains(tx.t.timeLogs.description, search, tx.syntax);
  const rows = sql`select rowid from time_logs where ${test}`;
  if (!searchesTrigrams(search)) return { rows, scans: true, test };
  if (tx.engine === 'postgres') return { rows, test };
  return { rows: sql`select rowid from time_log_words where time_log_words match ${phraseQuery(search)}`, test };
}

/** The logs whose hours, as the list writes them, contain the search: the few hundredths values that read so. */
async function hoursPart(tx: Tx, search: string): Promise<SearchPart | undefined> {
  const { timeLogs } = tx.t;
  const [highest] = await tx.select({ most: max(timeLogs.hundredths) }).from(timeLogs);
  const most = Math.max(MAX_HOURS_PER_LOG * 100, highest?.most ?? 0);
  const values: number[] = [];
  for (let hundredths = 1; hundredths <= most; hundredths += 1) {
    if (logHoursText(hundredthsToHours(hundredths)).includes(search)) values.push(hundredths);
  }
  if (values.length === 0) return undefined;
  const test = tx.syntax.inValues(timeLogs.hundredths, values);
  return { rows: sql`select rowid from time_logs where ${test}`, test };
}

/** The logs whose date-time, as the list writes it in `timeZone`, contains the search: time ranges read from time_logs_time_idx. */
async function dateTimePart(tx: Tx, search: string, timeZone: string): Promise<SearchPart | undefined> {
  const { timeLogs } = tx.t;
  // one min() or max() per statement: SQLite answers each from the index end, but not both together
  const [first] = await tx.select({ at: min(timeLogs.timeStamp) }).from(timeLogs);
  const [last] = await tx.select({ at: max(timeLogs.timeStamp) }).from(timeLogs);
  if (!first?.at || !last?.at) return undefined;
  const spans = offsetSpans(timeZone, await yearsWithLogs(tx));
  const { wall, ranges } = dateTextMatch(search, first.at.getTime(), last.at.getTime(), spans, MAX_DATE_RANGES);
  if (ranges?.length === 0) return undefined;
  const rows = ranges && sql`select time_logs.rowid from ${logsInRanges(tx, ranges)}`;
  const test = ranges && ranges.length <= FEW_RANGES ? inRangesSql(tx, ranges) : wallMatchSql(timeLogs.timeStamp, spans, wall, tx.syntax);
  return { rows, test, ranges };
}

/** A date that matches in a few stretches of time (a year, a month) is checked by comparing the instant with them. */
const FEW_RANGES = 64;

/** The time ranges joined with the logs in them, for `select ... from` (each range read from time_logs_time_idx). */
function logsInRanges(tx: Tx, ranges: InstantRange[]): SQL {
  const range = tx.syntax.pairs(ranges, 'range');
  return sql`${range.table}
      join time_logs on time_logs.time_stamp >= ${range.from} and time_logs.time_stamp < ${range.to}`;
}

function inRangesSql(tx: Tx, ranges: InstantRange[]): SQL {
  const time = sql`${tx.t.timeLogs}.time_stamp`;
  return sql`(${sql.join(
    ranges.map(([from, to]) => sql`(${time} >= ${from} and ${time} < ${to})`),
    sql` or `,
  )})`;
}

/** How many rows a statement selects, reading at most `atMost` of them (see countUpTo). */
async function countRowsUpTo(tx: Tx, rows: SQL, atMost: number): Promise<number> {
  const [counted] = await tx.rows<{ n: number }>(sql`select count(*) as n from (${rows} limit ${atMost}) as counted`);
  return counted!.n;
}

/** How many logs a part matches, counting at most `atMost`: from its probe when that read far enough. */
async function countOfPart(tx: Tx, part: SearchPart, atMost: number): Promise<number> {
  const { probed } = part;
  if (probed && probed.reading !== 'unindexed' && (probed.found < probed.readUpTo || atMost <= probed.found)) return Math.min(probed.found, atMost);
  return countRowsUpTo(tx, part.rows!, atMost);
}

/**
 * Whether a part matches few logs, read from its index (fewer than FEW_MATCHES). If so, its rows
 * become the list of those rowids, read this once: the statements that follow (the page, its
 * count) test a bound list instead of reading the index again. PostgreSQL's trigram index finds
 * candidates whose descriptions it then reads to check: "1.5" has some 11,000 at full size, and no match.
 */
async function matchesFew(tx: Tx, part: SearchPart, readUpTo = FEW_MATCHES): Promise<boolean> {
  if (part.rows === undefined) {
    part.probed = { reading: 'unindexed' };
    return false;
  }
  const matched = await tx.rows<Record<string, number>>(sql`${part.rows} limit ${readUpTo}`);
  const few = matched.length < FEW_MATCHES;
  part.probed = { reading: few ? 'few' : 'many', found: matched.length, readUpTo };
  if (few) part.rows = tx.syntax.numbers(matched.map((row) => Number(Object.values(row)[0])));
  return few;
}

/**
 * A part checked log by log: by membership in its few rows (read once, and the check reads nothing
 * of the log but its rowid, which the index the list walks holds), else by its own test.
 */
const logTest = (tx: Tx, part: SearchPart) => (isFew(part) ? sql`${tx.syntax.unindexed(logRowid(tx.t))} in (${part.rows!})` : part.test);

/**
 * The stretch of time a search's matches lie in, when its date part has time ranges and its other
 * parts few matches: from the first range or the oldest other match to the end of the last range or
 * the newest other match. A page walked in time order starts there: "Nov 3" read every log newer
 * than the last November 3rd (three weeks of them) before its first match, "2023" every log since.
 */
async function matchesSpan(tx: Tx, ranges: InstantRange[], few: SearchPart[]): Promise<SQL> {
  const { timeLogs } = tx.t;
  let from = ranges.reduce((first, [start]) => Math.min(first, start), Infinity);
  let to = ranges.reduce((last, [, end]) => Math.max(last, end), -Infinity);
  if (few.length > 0) {
    const [span] = await tx.rows<{ first: number | null; last: number | null }>(
      // the subquery keeps SQLite reading the few rows by rowid: asked for min() of time_logs directly, it walks time_logs_time_idx
      sql`select min(at) as first, max(at) as last from (select time_stamp as at from time_logs where rowid in (${sql.join(few.map(({ rows }) => rows!), sql` union all `)})) as few`,
    );
    if (span!.first !== null) from = Math.min(from, span!.first);
    if (span!.last !== null) to = Math.max(to, span!.last + 1);
  }
  return sql`${timeLogs.timeStamp} >= ${from} and ${timeLogs.timeStamp} < ${to}`;
}

/** Which logs a search matches, and how to count them (at most `atMost`) when that differs from counting the rows `where` selects. */
type LogSearch = { where: SQL; count?: (company: SQL | undefined, atMost: number) => Promise<number | undefined> };

/**
 * Counts a search checked log by log without checking every log: the logs in the date part's
 * time ranges, counted from the index, plus those the other parts find outside those ranges.
 */
function countByRanges(tx: Tx, date: SearchPart & { ranges: InstantRange[] }, others: SearchPart[]) {
  const { timeLogs } = tx.t;
  return async (company: SQL | undefined, atMost: number): Promise<number> => {
    const inRanges = await countRowsUpTo(tx, sql`select 1 from ${logsInRanges(tx, date.ranges)} ${company ? sql`and ${company}` : sql``}`, atMost);
    if (others.length === 0 || inRanges >= atMost) return inRanges;
    const outside = and(company, sql`${logRowid(tx.t)} in (${sql.join(others.map(({ rows }) => rows!), sql` union all `)})`, sql`not ${date.test}`);
    return inRanges + (await countUpTo(tx, timeLogs, outside, atMost - inRanges));
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
async function searchLogs(tx: Tx, search: string, timeZone: string): Promise<LogSearch | undefined> {
  if (!search) return undefined;
  const date = mayBeInDateTimeText(search) ? await dateTimePart(tx, search, timeZone) : undefined;
  const description = descriptionPart(tx, search);
  const hours = mayBeInHoursText(search) ? await hoursPart(tx, search) : undefined;
  const others = [description, hours].filter((part) => part !== undefined);
  const parts = date ? [date, ...others] : others;
  for (const part of [date, hours]) if (part && !part.scans) await matchesFew(tx, part);
  // Without a date part, hours that match many logs settle how the page is read (log by log), and
  // the description's matches matter only to a count the hours leave short of its cap: its probe
  // waits for that count (on PostgreSQL it rechecks every trigram candidate, 111,111 for "1.5" at
  // two million logs, since pg_trgm indexes no punctuation).
  const descriptionWaits = !date && hours !== undefined && !isFew(hours);
  // a search of the description alone probes as far as the first pages' count goes, and answers it:
  // on PostgreSQL a second read of a common word's trigram matches ("review") costs as much again
  if (!description.scans && !descriptionWaits) await matchesFew(tx, description, parts.length === 1 ? COUNT_BLOCK : FEW_MATCHES);
  if (await allMatchFew(tx, parts)) return { where: sql`${logRowid(tx.t)} in (${sql.join(parts.map(({ rows }) => rows!), sql` union all `)})` };
  const tests = sql`(${sql.join(
    parts.map((part) => logTest(tx, part)),
    sql` or `,
  )})`;
  const where = and(tests, date?.ranges && others.every(isFew) ? await matchesSpan(tx, date.ranges, others) : undefined)!;
  const countable = date?.ranges && others.every(({ rows }) => rows);
  if (countable) return { where, count: countByRanges(tx, { ...date, ranges: date.ranges! }, others) };
  const only = parts.length === 1 && parts[0]!.rows ? parts[0] : undefined;
  // one part's rows are distinct logs: count them as they are, without checking each log again
  if (only) return { where, count: async (company, atMost) => (company ? undefined : countOfPart(tx, only, atMost)) };
  // one part with many matches, counted from its index (a date matched by its wall-clock text, "0 PM", has none), and the others few, or waiting
  const notFew = parts.filter((part) => readingOf(part) === 'many' || readingOf(part) === 'unindexed');
  const [many] = notFew;
  if (notFew.length === 1 && readingOf(many!) === 'many' && parts.every((part) => part.probed || (part === description && descriptionWaits))) {
    return { where, count: countManyAndFew(tx, many!, parts.filter((part) => part !== many)) };
  }
  return { where };
}

/**
 * Whether every part matches few logs, given the probes of the parts not read by a scan. A part read
 * by a scan (or waiting) is probed only when every probed part is few: probing it reads the whole table.
 */
async function allMatchFew(tx: Tx, parts: SearchPart[]): Promise<boolean> {
  if (!parts.every((part) => !part.probed || isFew(part))) return false;
  for (const part of parts) if (!part.probed && !(await matchesFew(tx, part))) return false;
  return true;
}

/**
 * Counts a search with one part that matches many logs, read from its index, and others that
 * match few ("1.5": its hours, and a description or two): the many part's rows as its index gives
 * them, plus the few others' logs it does not match. Checking every log instead reads some 300,000
 * of them, with their rows, to count 10,000 matches of "1.5" at two million logs. The index's rows
 * are every company's, so with a company filter the logs are checked one by one. An other part not
 * yet probed (a waiting description) is probed only when the many part's count falls short; if it
 * matches many too, the logs are checked one by one.
 */
function countManyAndFew(tx: Tx, many: SearchPart, few: SearchPart[]) {
  const { timeLogs } = tx.t;
  return async (company: SQL | undefined, atMost: number): Promise<number | undefined> => {
    if (company) return undefined;
    const inMany = await countOfPart(tx, many, atMost);
    if (inMany >= atMost) return inMany;
    for (const part of few) {
      if (!part.probed) await matchesFew(tx, part);
      if (!isFew(part)) return undefined;
    }
    const outside = and(sql`${logRowid(tx.t)} in (${sql.join(few.map(({ rows }) => rows!), sql` union all `)})`, sql`not ${many.test}`);
    return inMany + (await countUpTo(tx, timeLogs, outside, atMost - inMany));
  };
}

/**
 * Logs, each with its company's name and its task's title, a slice at a time; Search reads
 * date-times in `timeZone` (the screen's), the date range days in `providerZone`. A date range that
 * holds few logs has them read by time_logs_time_idx (or time_logs_company_idx) and sorted. The
 * search reads the database to choose how it matches: once, on the reader's first read.
 */
export function timeLogListReader(tx: Tx, query: Omit<TimeLogListQuery, 'page' | 'perPage'>, timeZone: string, providerZone: string): ListReader<TimeLogDto> {
  const { timeLogs } = tx.t;
  const company = query.company ? eq(timeLogs.companyId, query.company) : undefined;
  const days = withinDays(timeLogs.timeStamp, query, providerZone);
  let planned: Promise<{ search: LogSearch | undefined; where: SQL | undefined }> | undefined;
  const plan = () => (planned ??= searchLogs(tx, query.search, timeZone).then((search) => ({ search, where: and(company, days, search?.where) })));
  const keys = timeLogSortColumns(tx.t, tx.syntax)[query.sort];
  const order = pageOrderOf(days !== undefined, async (limit) => {
    const { where } = await plan();
    const rows = await tx.select({ rowid: logRowid(tx.t) }).from(timeLogs).where(where).limit(limit);
    return rows.map((row) => row.rowid);
  });
  const read = async (extra: Record<string, SQL>, after: SQL | undefined, limit: number, offset: number) => {
    const { where } = await plan();
    const pageOrder = await order();
    const orderBy = pageOrderBy(pageOrder, query.dir, keys, tx.syntax);
    if (pageOrder === 'walk' && tx.syntax.readsRowToCheckEntry && query.sort !== 'companyName') {
      // the page's rowids from the index the order walks (its entries hold the sort keys and the
      // rowid a search tests), without reading each passed-over log; then the page's own rows
      const rowids = tx.select({ rowid: logRowid(tx.t) }).from(timeLogs).where(and(where, after)).orderBy(...orderBy).limit(limit).offset(offset);
      return timeLogsQuery(tx, extra).where(sql`${logRowid(tx.t)} in (${rowids})`).orderBy(...orderBy);
    }
    return timeLogsQuery(tx, extra).where(and(where, after)).orderBy(...orderBy).limit(limit).offset(offset);
  };
  return {
    rows: async (limit, offset) => (await read({}, undefined, limit, offset)).map(toDto),
    count: async (atMost) => {
      const { search, where } = await plan();
      // a search's own count knows nothing of the date range
      const searchCount = days ? undefined : search?.count;
      return countOfMatches(order, atMost, async (most) => (await searchCount?.(company, most)) ?? countUpTo(tx, timeLogs, where, most));
    },
    slice: keyedSlices(query.dir, keys, read, toDto),
  };
}

/** One page of logs (see timeLogListReader). */
export async function listTimeLogs(tx: Tx, query: TimeLogListQuery, timeZone: string, providerZone: string): Promise<Page<TimeLogDto>> {
  return pageOf(query, timeLogListReader(tx, query, timeZone, providerZone));
}

export async function findTimeLog(tx: Tx, id: string): Promise<TimeLogDto> {
  const { timeLogs } = tx.t;
  const [row] = await timeLogsQuery(tx).where(eq(timeLogs.id, id));
  if (!row) throw notFound('Time log');
  return toDto(row);
}

export async function timeLogRow(tx: Tx, id: string): Promise<TimeLogRow> {
  const { timeLogs } = tx.t;
  const [row] = await tx.select().from(timeLogs).where(eq(timeLogs.id, id));
  if (!row) throw notFound('Time log');
  return row;
}

/** `company_id = <id> and `, to start the condition of a statement on one company's logs; nothing for every company (''). */
const ofCompany = (companyId: string): SQL => (companyId ? sql`company_id = ${companyId} and ` : sql``);

/**
 * Finds the instant of the newest log before a given one, of one company or of all: one seek
 * down time_logs_company_idx or time_logs_time_idx. Plain SQL, as the weeks' probe below, for the
 * weekly view.
 */
export async function newestLogBefore(db: Db, companyId: string, before: number): Promise<number | undefined> {
  const [row] = await db.rows<{ time_stamp: number }>(
    sql`select time_stamp from time_logs where ${ofCompany(companyId)}time_stamp < ${before} order by time_stamp desc limit 1`,
  );
  return row?.time_stamp;
}

/** Which of the [from, to) stretches hold a log (of one company, or of all): their `from`s, in one statement of one seek each. */
export async function stretchesWithLogs(db: Db, stretches: readonly (readonly [number, number])[], companyId: string): Promise<number[]> {
  if (stretches.length === 0) return [];
  const stretch = db.syntax.pairs(stretches, 'stretch');
  const rows = await db.rows<{ starts: number }>(
    sql`select ${stretch.from} as starts from ${stretch.table}
      where exists (select 1 from time_logs where ${ofCompany(companyId)}time_stamp >= ${stretch.from} and time_stamp < ${stretch.to})`,
  );
  return rows.map((row) => Number(row.starts));
}

/** A local calendar day as the instants it spans: from (inclusive) to (exclusive), epoch ms. */
export type DaySpan = { date: string; from: number; to: number };

/**
 * The hundredths and log count of each of the days in one statement: the days are a VALUES list,
 * and each day reads its own index range (time_logs_time_hours_idx, or time_logs_company_idx for one
 * company) in two scalar subqueries. A join grouped by day reads the same ranges but sorts every log
 * to group it, twice as slow; the subqueries need no grouping. Plain SQL both engines run.
 */
function dayTotalsSql(days: DaySpan[], companyId: string): SQL {
  const values = sql.join(
    // cast: PostgreSQL would take the bound instants of a VALUES list for text, and not compare them with a bigint
    days.map(({ date, from, to }) => sql`(${date}, cast(${from} as bigint), cast(${to} as bigint))`),
    sql`, `,
  );
  const range = () => sql`${ofCompany(companyId)}time_stamp >= days.day_from and time_stamp < days.day_to`;
  return sql`with days(date, day_from, day_to) as (values ${values})
    select days.date as date,
      (select sum(hundredths) from time_logs where ${range()}) as hundredths,
      (select count(*) from time_logs where ${range()}) as logs
    from days`;
}

/** The hundredths and log count of each of the days that has logs, of one company or of all: one statement, an index range a day. */
export async function dayTotals(db: Db, days: DaySpan[], companyId: string): Promise<DayTotal[]> {
  if (days.length === 0) return [];
  const rows = await db.rows<{ date: string; hundredths: number | null; logs: number }>(dayTotalsSql(days, companyId));
  return rows.filter(({ logs }) => logs > 0).map(({ date, hundredths, logs }) => ({ date, hundredths: hundredths ?? 0, logs }));
}

export async function assertCompanyExists(tx: Tx, companyId: string): Promise<void> {
  const { companies } = tx.t;
  const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound('Company');
}
