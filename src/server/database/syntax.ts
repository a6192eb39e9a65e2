import { sql, type Column, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';

/*
 * The few things the two engines spell differently in a query, each written once per engine. A
 * query asks its transaction (`tx.syntax`; drizzle keeps `dialect` for its own) and stays one query for both. The tables' own
 * spellings (an index's case-insensitive key, a flag's partial condition) are in drizzle/kit.ts,
 * and agree with these.
 */

export type Syntax = {
  /** Text as the case-insensitive sorts order it, the same expression as their indexes' keys. */
  noCase(expression: SQLWrapper): SQL;
  /** `expression in (values)`, the values bound as one parameter however many there are. */
  inValues(expression: SQLWrapper, values: readonly (string | number)[]): SQL;
  /** `expression in (the placeholder's values)`, for a prepared query; bind it to `valueList(values)`. */
  inPlaceholder(expression: SQLWrapper, placeholder: Placeholder): SQL;
  /** The values as inPlaceholder's placeholder takes them. */
  valueList(values: readonly (string | number)[]): unknown;
  /**
   * The expression, with the engine told not to look it up by its index where it can be told
   * (SQLite's unary +): for a condition checked row by row while a page walks another index.
   */
  unindexed(expression: SQLWrapper): SQL;
  /** 1 for each row where the condition holds, 0 where not: for counting within a group. */
  oneWhen(condition: SQLWrapper): SQL;
  /** `expression LIKE pattern` without regard to letter case, `\\` escaping % and _ (SQLite's LIKE ignores case, PostgreSQL's ILIKE). */
  like(expression: SQLWrapper, pattern: string | Placeholder): SQL;
  /**
   * A FROM item of [from, to) pairs of whole numbers, bound as parameters however many there are,
   * named `alias`; `from` and `to` are its two columns.
   */
  pairs(pairs: readonly (readonly [number, number])[], alias: string): { table: SQL; from: SQL; to: SQL };
  /** A subquery of one column holding the given whole numbers, bound as one parameter: for `x in (…)`. */
  numbers(values: readonly number[]): SQL;
  /**
   * A FROM item of records (objects of text fields) bound as one parameter, the JSON text of their
   * array (`json`, a placeholder for a prepared statement), named `alias`; `field(name)` is a
   * record's field as text (a name the code spells, never one a caller sends: it is written into
   * the SQL).
   */
  records(json: Placeholder, alias: string): { table: SQL; field: (name: string) => SQL };
  /** Whether a JSON array column of text holds the value. */
  jsonArrayHas(column: SQLWrapper, value: SQLWrapper): SQL;
  /**
   * Whether a page walking an index checks its conditions on each row it reads from the table,
   * though the index entry holds what they test (PostgreSQL, unless it scans the index only):
   * such a page is better chosen by rowid from the index first, then read (the Time Logs page does).
   */
  readsRowToCheckEntry: boolean;
};

/**
 * `column = value` with the value written into the SQL as the column stores it (a flag's 0 on
 * SQLite, false on PostgreSQL), never bound: the condition a partial index is made for, which the
 * planner can match to the index only when it sees the value (SQLite's statements never show it
 * one, see planWithoutValues). For a fixed flag or number only, never for text a caller sends.
 */
export function equalsConstant(column: Column, value: boolean | number): SQL {
  const stored: unknown = column.mapToDriverValue(value);
  if (typeof stored !== 'number' && typeof stored !== 'boolean') throw new Error(`${column.name} does not store ${String(value)} as a number or flag.`);
  return sql`${column} = ${sql.raw(String(stored))}`;
}

export const sqliteSyntax: Syntax = {
  noCase: (expression) => sql`${expression} collate nocase`,
  inValues: (expression, values) => sql`${expression} in (select value from json_each(${JSON.stringify(values)}))`,
  inPlaceholder: (expression, placeholder) => sql`${expression} in (select value from json_each(${placeholder}))`,
  valueList: (values) => JSON.stringify(values),
  unindexed: (expression) => sql`+${expression}`,
  oneWhen: (condition) => sql`(${condition})`,
  like: (expression, pattern) => sql`${expression} like ${pattern} escape '\\'`,
  numbers: (values) => sql`select value from json_each(${JSON.stringify(values)})`,
  records: (json, alias) => ({
    table: sql`json_each(${json}) as ${sql.raw(alias)}`,
    field: (name) => sql.raw(`(${alias}.value ->> '${name}')`),
  }),
  jsonArrayHas: (column, value) => sql`exists (select 1 from json_each(${column}) where value = ${value})`,
  // SQLite tests a condition on the index entry before it reads the row
  readsRowToCheckEntry: false,
  // one JSON array of [from, to] arrays, each pair a row of json_each
  pairs: (pairs, alias) => ({
    table: sql`json_each(${JSON.stringify(pairs)}) as ${sql.raw(alias)}`,
    from: sql.raw(`${alias}.value ->> 0`),
    to: sql.raw(`${alias}.value ->> 1`),
  }),
};

export const postgresSyntax: Syntax = {
  noCase: (expression) => sql`lower(${expression})`,
  // one array parameter (sql.param): drizzle would spread a bare array into a list of parameters
  inValues: (expression, values) => sql`${expression} = any(${sql.param(values)})`,
  inPlaceholder: (expression, placeholder) => sql`${expression} = any(${placeholder})`,
  valueList: (values) => values,
  // PostgreSQL's planner has no such hint: it costs the index against the walk itself
  unindexed: (expression) => sql`${expression}`,
  oneWhen: (condition) => sql`(case when ${condition} then 1 else 0 end)`,
  like: (expression, pattern) => sql`${expression} ilike ${pattern} escape '\\'`,
  // two bigint arrays (the froms, the tos) unnested side by side: row n is the n-th pair
  pairs: (pairs, alias) => ({
    table: sql`unnest(${sql.param(pairs.map(([from]) => from))}::bigint[], ${sql.param(pairs.map(([, to]) => to))}::bigint[]) as ${sql.raw(alias)}(range_from, range_to)`,
    from: sql.raw(`${alias}.range_from`),
    to: sql.raw(`${alias}.range_to`),
  }),
  numbers: (values) => sql`select unnest(${sql.param(values)}::bigint[])`,
  records: (json, alias) => ({
    table: sql`jsonb_array_elements(cast(${json} as jsonb)) as ${sql.raw(alias)}(value)`,
    field: (name) => sql.raw(`(${alias}.value ->> '${name}')`),
  }),
  // jsonb's ? operator: whether the array holds the text as an element
  jsonArrayHas: (column, value) => sql`${column} ? ${value}`,
  // an index scan reads each entry's row to test the filter; only an index-only scan spares it
  readsRowToCheckEntry: true,
};
