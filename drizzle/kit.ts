import { sql, type AnyColumn } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import * as sqlite from 'drizzle-orm/sqlite-core';

/*
 * The builders the tables (tables.ts) are written with, one kit per engine. Both kits store the
 * same values: text ids and text, integer cents and hundredths, flags (SQLite's 0/1, PostgreSQL's
 * boolean), instants as integer epoch milliseconds (SQLite integer, PostgreSQL bigint), JSON (SQLite
 * text, PostgreSQL jsonb), files' bytes (SQLite blob, PostgreSQL bytea). Sorting without regard to
 * case is SQLite's `collate nocase` and PostgreSQL's `lower()`: the same order for ASCII text. PostgreSQL's text is byte-ordered (collation
 * "C") as SQLite's is, so every other text sort agrees too.
 */

export const sqliteKit = {
  table: sqlite.sqliteTable,
  id: () => sqlite.text('id').primaryKey(),
  text: sqlite.text,
  int: (name: string) => sqlite.integer(name),
  instant: (name: string) => sqlite.integer(name, { mode: 'timestamp_ms' }),
  flag: (name: string) => sqlite.integer(name, { mode: 'boolean' }),
  json: <T>(name: string) => sqlite.text(name, { mode: 'json' }).$type<T>(),
  /** A file's bytes, read back as a Buffer (SQLite blob, PostgreSQL bytea). */
  bytes: (name: string) => sqlite.blob(name, { mode: 'buffer' }),
  index: sqlite.index,
  uniqueIndex: sqlite.uniqueIndex,
  /** A text column as the case-insensitive sorts order it, in the query and in its index alike. */
  nocase: (column: AnyColumn) => sql`${column} collate nocase`,
  /** A partial index's condition that a flag column is off, as the engine stores flags. */
  isFalse: (name: string) => sql.raw(`${name} = 0`),
  /** An index key in descending order, for a sort that mixes directions. */
  descending: (column: AnyColumn) => sql`${column} desc`,
};

/** What tables.ts is written against: the SQLite kit's types, which both kits share at run time. */
export type Kit = typeof sqliteKit;

/**
 * Text compared byte by byte (collation "C"), as SQLite compares text: sorts and their indexes give
 * the same order on both engines, whatever locale the database was created with.
 */
const byteOrderedText = pg.customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/** Epoch milliseconds in a bigint, read back as a Date, as SQLite's timestamp_ms integers are. */
const epochMilliseconds = pg.customType<{ data: Date; driverData: string | number }>({
  dataType: () => 'bigint',
  toDriver: (value) => value.getTime(),
  fromDriver: (value) => new Date(Number(value)),
});

/** Bytes in a bytea, read back as a Buffer, as SQLite's buffer-mode blobs are. */
const byteArray = pg.customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Every PostgreSQL table has a `rowid` column as SQLite's tables do: a bigint identity, filled in
 * insertion order (migrations/postgres/0003 adds it, with a unique index). Lists break ties and page
 * on by rowid on both engines, so they give the same order. SQLite keeps the rowid at the end of
 * every index's keys; PostgreSQL's indexes name it, so that the same index serves the same sort.
 * It is not one of the tables' columns here: no select or insert names it.
 */
const indexWithRowid = (name: string) => {
  const builder = pg.index(name);
  return { on: (...keys: Parameters<typeof builder.on>) => builder.on(...keys, sql`rowid`) };
};

/**
 * PostgreSQL's kit. Its tables are PostgreSQL tables at run time; they are typed as SQLite's so
 * that every query is written and checked once, against one set of types, and the values both
 * engines hand back are the same (see the file's head).
 */
export const postgresKit = {
  table: pg.pgTable,
  id: () => byteOrderedText('id').primaryKey(),
  text: (name: string) => byteOrderedText(name),
  int: (name: string) => pg.integer(name),
  instant: (name: string) => epochMilliseconds(name),
  flag: (name: string) => pg.boolean(name),
  json: <T>(name: string) => pg.jsonb(name).$type<T>(),
  bytes: (name: string) => byteArray(name),
  index: indexWithRowid,
  uniqueIndex: pg.uniqueIndex,
  nocase: (column: AnyColumn) => sql`lower(${column})`,
  isFalse: (name: string) => sql.raw(`${name} = false`),
  // NULLS FIRST, as PostgreSQL orders `x desc`, so the index serves that order
  descending: (column: pg.ExtraConfigColumn) => column.desc().nullsFirst(),
} as unknown as Kit;
