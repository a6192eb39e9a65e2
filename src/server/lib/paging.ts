import { and, count, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { offsetOf, type ListQuery, type Page } from '../../shared/list.js';
import type { Tx } from '../db.js';
import { sqliteSyntax, type Syntax } from '../database/syntax.js';

/*
 * What every list query shares: the LIKE pattern of a search box, the ORDER BY of a sort choice,
 * and one page plus the count of all matching rows.
 */

/** A case-insensitive "contains" pattern; %, _ and \ in the text match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Whether a search is long enough for the trigram indexes (SQLite's FTS5 trigram tables, PostgreSQL's pg_trgm), which match substrings of 3 characters or more. */
export function searchesTrigrams(text: string): boolean {
  return [...text].length >= 3;
}

/** An FTS5 query that matches the text as it is, as one phrase (SQLite's trigram indexes: time_log_words, task_words). */
export function phraseQuery(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * `expression LIKE '%text%'` without regard to letter case, with the escape character the pattern
 * uses. `syntax` is the transaction's (tx.syntax); without it the condition is spelled as on SQLite,
 * which on PostgreSQL minds the letter case.
 */
export function contains(expression: SQL | AnyColumn, text: string, syntax: Syntax = sqliteSyntax): SQL {
  return syntax.like(expression, containsPattern(text));
}

/** A column is searched among its distinct values when it has at most this many (see searchOfRepeatedValues). */
export const FEW_DISTINCT_VALUES = 1_000;

/**
 * How a page and its probe find a search of one text column: `indexed` for reading the matches
 * (probe and count), `checked` for checking rows a page walks in another index's order.
 */
export type ColumnSearch = { indexed: SQL; checked: SQL };

/**
 * A search of a column whose values repeat (invoice descriptions are the descriptions of the
 * packages sold): its distinct values, read through the column's index one seek each (a recursive
 * query both SQLite and PostgreSQL run), that contain the text; then `column in (those values)`,
 * which the index answers, or nothing at all. A column with more than FEW_DISTINCT_VALUES distinct
 * values is searched by LIKE, row by row. Undefined for an empty search.
 */
export async function searchOfRepeatedValues(tx: Tx, table: SQLiteTable, column: AnyColumn, text: string): Promise<ColumnSearch | undefined> {
  if (!text) return undefined;
  const values = await tx.rows<{ value: string; matches: number | boolean }>(sql`with recursive distinct_values(value) as (
      select min(${column}) from ${table}
      union all
      select (select min(${column}) from ${table} where ${column} > distinct_values.value) from distinct_values where distinct_values.value is not null)
    select value, ${contains(sql`value`, text, tx.syntax)} as matches from distinct_values where value is not null
    limit ${FEW_DISTINCT_VALUES + 1}`);
  // the limit is the outer select's (PostgreSQL refuses one inside a recursive query): both engines
  // produce a recursive query's rows as they are read, so the seeks stop with it
  if (values.length > FEW_DISTINCT_VALUES) return { indexed: contains(column, text, tx.syntax), checked: contains(column, text, tx.syntax) };
  const matching = values.filter(({ matches }) => matches);
  if (matching.length === 0) return { indexed: sql`0 = 1`, checked: sql`0 = 1` };
  const list = sql.join(
    matching.map(({ value }) => sql`${value}`),
    sql`, `,
  );
  // unindexed (SQLite's unary +) keeps SQLite from reading the list's values by the column's index and sorting them, where the page walks another index
  return { indexed: sql`${column} in (${list})`, checked: sql`${tx.syntax.unindexed(column)} in (${list})` };
}

/** Any of the expressions contains the text; undefined (no condition) for an empty search. */
export function searchAny(text: string, expressions: (SQL | AnyColumn)[], syntax: Syntax = sqliteSyntax): SQL | undefined {
  if (!text) return undefined;
  return sql`(${sql.join(
    expressions.map((expression) => contains(expression, text, syntax)),
    sql` or `,
  )})`;
}

/**
 * ORDER BY for a sort choice: the chosen column then the tie-breakers, all in the chosen direction,
 * so one index (column, ..., rowid) serves the page without a temporary sort.
 */
export function orderOf(dir: ListQuery['dir'], columns: (SQL | AnyColumn)[]): SQL[] {
  const direction = dir === 'asc' ? sql`asc` : sql`desc`;
  return columns.map((column) => sql`${column} ${direction}`);
}

/**
 * How a page finds its rows in order: by walking the sort's index, which stops at the page's end, or
 * by sorting the rows a search matches. A search may match few rows, and the walk would then read
 * every row that does not match (a search matching nothing reads the whole table row by row).
 */
export type PageOrder = 'walk' | 'sortMatches';

/** A search's matches up to this many are sorted (a few milliseconds); more are found by the walk, soon. */
export const SORTED_MATCHES_LIMIT = 2_000;

/** A list's page order, and the rowids of all its matches when it sorts them (the probe read them all). */
export type PageOrderOf = (() => Promise<PageOrder>) & { matches: () => Promise<number[] | undefined> };

/**
 * The page order of a list, decided once on first use: a list narrowed by a search or a date range
 * whose matches `probe` finds to be at most SORTED_MATCHES_LIMIT sorts them. `probe(limit)` reads the
 * rowids of at most `limit` matching rows, in any order, so it stops early when they are many; when
 * it found them all, the page reads just those rows (matchedRowsOnly) and their count is known. A
 * probe that answers undefined has found no narrow way to read the matches: the page walks.
 */
export function pageOrderOf(narrowed: boolean, probe: (limit: number) => Promise<number[] | undefined>): PageOrderOf {
  // the decision is kept as a promise, so calls made while the probe runs share it
  let decided: Promise<{ order: PageOrder; matches?: number[] }> | undefined;
  const decide = async () => {
    if (!narrowed) return { order: 'walk' as const };
    const rowids = await probe(SORTED_MATCHES_LIMIT + 1);
    return rowids && rowids.length <= SORTED_MATCHES_LIMIT ? { order: 'sortMatches' as const, matches: rowids } : { order: 'walk' as const };
  };
  const order = async () => (await (decided ??= decide())).order;
  return Object.assign(order, { matches: async () => (await (decided ??= decide())).matches });
}

/**
 * When the page sorts the probe's matches of a search, `rowid in (those rowids)`, to add to the
 * list's condition: the page then reads its few rows by rowid instead of finding them again with a
 * scan. Plain SQL with at most SORTED_MATCHES_LIMIT values bound, which any engine serves by its
 * primary key. Matches an index finds (a company's rows, a date range) are as cheap to find again,
 * and a list of their rowids only costs its binding: `searched` false leaves the condition alone.
 */
export async function matchedRowsOnly(order: PageOrderOf, rowid: SQL, searched: boolean): Promise<SQL | undefined> {
  if (!searched) return undefined;
  const matches = (await order()) === 'sortMatches' ? await order.matches() : undefined;
  if (!matches) return undefined;
  if (matches.length === 0) return sql`0 = 1`;
  return sql`${rowid} in (${sql.join(
    matches.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The count of a list narrowed by pageOrderOf: its matches when the probe read them all, else `count`. */
export async function countOfMatches(order: PageOrderOf, atMost: number, count: (atMost: number) => Promise<number>): Promise<number> {
  const matches = (await order()) === 'sortMatches' ? await order.matches() : undefined;
  return matches ? Math.min(matches.length, atMost) : count(atMost);
}

/**
 * ORDER BY for a sort choice in the page order: orderOf, with the first key unindexed (SQLite's unary +)
 * when sorting matches, so SQLite cannot walk its index. `syntax` is the transaction's (tx.syntax);
 * without it the key is spelled as on SQLite, which PostgreSQL refuses for text.
 */
export function pageOrderBy(order: PageOrder, dir: ListQuery['dir'], columns: (SQL | AnyColumn)[], syntax: Syntax = sqliteSyntax): SQL[] {
  const [first, ...rest] = columns;
  return orderOf(dir, order === 'walk' || !first ? columns : [syntax.unindexed(sql`(${first})`), ...rest]);
}

/**
 * How a list reads its rows: any slice in the list's order (a page, or a chunk of an export), and
 * the count of all matching rows. The list's page and its CSV export read through the same one.
 */
export type ListReader<T> = {
  rows: (limit: number, offset: number) => Promise<T[]>;
  /** How many rows match, counting no further than `atMost` (see countUpTo). */
  count: (atMost: number) => Promise<number>;
  /** Reads on from where the last slice ended, for a reader that walks a long list (see keyedSlices). */
  slice?: (limit: number, from: SliceCursor) => Promise<Slice<T>>;
};

/**
 * One list made of several, each read through its own reader, one after the other: a list whose
 * order no single index gives (users by company name: the companies' users by the companies' index,
 * then the users without a company). A page that starts past the end of a part counts that part,
 * up to the page's start, to know where the next part's rows begin.
 */
export function concatenatedReaders<T>(parts: ListReader<T>[]): ListReader<T> {
  const rows = async (limit: number, offset: number): Promise<T[]> => {
    const items: T[] = [];
    let skip = offset;
    for (const part of parts) {
      const wanted = limit - items.length;
      if (wanted === 0) break;
      const read = await part.rows(wanted, skip);
      items.push(...read);
      // a part that gave rows started at skip; one that gave none holds skip rows at most
      skip = read.length > 0 ? 0 : skip - (skip === 0 ? 0 : await part.count(skip));
    }
    return items;
  };
  const count = async (atMost: number): Promise<number> => {
    let total = 0;
    for (const part of parts) {
      if (total >= atMost) break;
      total += await part.count(atMost - total);
    }
    return total;
  };
  return { rows, count, slice: offsetSlices(rows) };
}

/** Where a slice of a list ended: how many rows came before, and the sort keys of the last of them. */
export type SliceCursor = { offset: number; keys?: unknown[] };
export type Slice<T> = { items: T[]; next: SliceCursor };

/** Reads a slice by offset: each one steps over every row before it, so a long walk costs the square of its length. */
export function offsetSlices<T>(rows: (limit: number, offset: number) => Promise<T[]>): (limit: number, from: SliceCursor) => Promise<Slice<T>> {
  return async (limit, from) => {
    const items = await rows(limit, from.offset);
    return { items, next: { offset: from.offset + items.length } };
  };
}

/**
 * Reads a slice after the last row of the one before, by its sort keys (a row-value comparison
 * the sort's index seeks to), so each slice costs its own rows only. SQL compares NULL with nothing,
 * so after a last row with a NULL key the slice is read by offset instead. `read` runs the list's
 * query with the keys added to its columns and `after` to its conditions.
 */
export function keyedSlices<Row extends object, T>(
  dir: ListQuery['dir'],
  keys: (SQL | AnyColumn)[],
  read: (keyColumns: Record<string, SQL>, after: SQL | undefined, limit: number, offset: number) => Promise<Row[]>,
  toItem: (row: Row) => T,
): (limit: number, from: SliceCursor) => Promise<Slice<T>> {
  const names = keys.map((_key, index) => `sortKey${index}`);
  const keyColumns = Object.fromEntries(keys.map((key, index) => [names[index]!, sql`${key}`]));
  return async (limit, from) => {
    const seek = from.keys !== undefined && from.keys.every((value) => value !== null);
    const after = seek ? sql`(${sql.join(keys, sql`, `)}) ${dir === 'asc' ? sql`>` : sql`<`} (${sql.join(from.keys!.map((value) => sql`${value}`), sql`, `)})` : undefined;
    const rows = (await read(keyColumns, after, limit, seek ? 0 : from.offset)) as (Row & Record<string, unknown>)[];
    const last = rows.at(-1);
    const next = { offset: from.offset + rows.length, keys: last ? names.map((name) => last[name]) : undefined };
    // toItem picks its fields and ignores the sortKey columns (deleting them would slow every row down)
    return { items: rows.map(toItem), next };
  };
}

/**
 * How many rows the table has that match `where`, reading at most `atMost` of them:
 * `select count(*) from (select 1 ... limit n)`, which any SQL engine stops reading at n rows, where
 * a plain count(*) reads every match (two million time logs take tens of milliseconds).
 */
export async function countUpTo(tx: Tx, table: SQLiteTable, where: SQL | undefined, atMost: number): Promise<number> {
  const [counted] = await preparedCountUpTo(tx, table, where).execute({ atMost });
  return counted?.total ?? 0;
}

/**
 * The alternatives of an OR as parts no row is in twice: each alternative without the rows an
 * earlier one matches (`is not true`, so a NULL in an earlier test excludes nothing). A row in
 * several alternatives is in the first one's part only.
 */
function disjointParts(alternatives: readonly SQL[]): SQL[] {
  return alternatives.map((alternative, index) => (index === 0 ? alternative : sql`${alternative} and (${or(...alternatives.slice(0, index))}) is not true`));
}

/**
 * Where the engine reads each match's row to test an OR of indexed tests (PostgreSQL: a bitmap of
 * the indexes, then the table), a search of several alternatives (the audit log's: its types, its
 * users, a record id) is read part by part, each from its own index (disjointParts), each stopping
 * where the rows wanted are found: among a million events, a search's first 2,001 matches took
 * 20 ms through the bitmap, 0.5 ms from the type index alone; its count to 10,000, 5.6 ms as a
 * union of the parts, 1.7 ms part by part. A later part passes over at most the rows the earlier
 * ones found, so no part reads more than twice the rows wanted. SQLite tests the OR on the index
 * entries and stops at the rows wanted: one statement.
 */
function readsAnyPartByPart(tx: Tx, alternatives: readonly SQL[]): boolean {
  return tx.syntax.readsRowToCheckEntry && alternatives.length > 1;
}

/** countUpTo of the rows matching `where` and any of `alternatives` (see readsAnyPartByPart). */
export async function countAnyUpTo(tx: Tx, table: SQLiteTable, where: SQL | undefined, alternatives: readonly SQL[], atMost: number): Promise<number> {
  if (!readsAnyPartByPart(tx, alternatives)) return countUpTo(tx, table, and(where, or(...alternatives)), atMost);
  let total = 0;
  for (const part of disjointParts(alternatives)) {
    if (total >= atMost) break;
    total += await countUpTo(tx, table, and(where, part), atMost - total);
  }
  return total;
}

/** The rowids of at most `atMost` rows matching `where` and any of `alternatives`, in no order (see readsAnyPartByPart). */
export async function rowidsOfAnyUpTo(tx: Tx, table: SQLiteTable, where: SQL | undefined, alternatives: readonly SQL[], atMost: number): Promise<number[]> {
  const rowid = sql<number>`${table}.rowid`;
  const read = async (condition: SQL | undefined, limit: number) => (await tx.select({ rowid }).from(table).where(condition).limit(limit)).map((row) => row.rowid);
  if (!readsAnyPartByPart(tx, alternatives)) return read(and(where, or(...alternatives)), atMost);
  const found: number[] = [];
  for (const part of disjointParts(alternatives)) {
    if (found.length >= atMost) break;
    found.push(...(await read(and(where, part), atMost - found.length)));
  }
  return found;
}

/** countUpTo as a prepared query, for a list prepared per shape: the cap is the placeholder `atMost`. */
export function preparedCountUpTo(tx: Tx, table: SQLiteTable, where: SQL | undefined) {
  const matching = tx.select({ one: sql`1` }).from(table).where(where).limit(sql.placeholder('atMost')).as('matching');
  return tx.select({ total: count() }).from(matching).prepare();
}

/** A list's count stops at this many rows past the block its page ends in; the total is then a lower bound. */
export const COUNT_BLOCK = 10_000;

/**
 * How far a page's count goes: to the first whole block of COUNT_BLOCK rows past the page's end. So
 * with 25 rows a page, pages 1 to 399 all read "of 10,000+"; page 400 counts on to 20,000, so the
 * pager still offers a next page.
 */
export const countCapOf = (pageEnd: number) => COUNT_BLOCK * (Math.floor(pageEnd / COUNT_BLOCK) + 1);

/**
 * One page of rows and the number of rows over all pages. A short page that is not empty (or the
 * first page) tells the total itself, so the count query runs only when it must; it counts no
 * further than countCapOf, and a count that reaches it answers that many, marked totalIsCapped.
 */
export async function pageOf<T>(query: Pick<ListQuery, 'page' | 'perPage'>, read: ListReader<T>): Promise<Page<T>> {
  const offset = offsetOf(query);
  const items = await read.rows(query.perPage, offset);
  const knownTotal = items.length < query.perPage && (query.page === 1 || items.length > 0);
  if (knownTotal) return { items, total: offset + items.length };
  const cap = countCapOf(offset + query.perPage);
  const total = await read.count(cap);
  return total >= cap ? { items, total: cap, totalIsCapped: true } : { items, total };
}
