import { getTableColumns, getTableName, is, sql, type Table } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type pg from 'pg';
import * as sqliteTables from '../../../drizzle/schema.js';
import type { Db } from '../db.js';

/*
 * A migrated database's shape, read back from the engine's own catalogue and written in one
 * vocabulary for both engines, so the two can be compared: the columns (name, kind of value,
 * nullability, default, primary key), the indexes (name, uniqueness, keys, partial condition) and
 * the foreign keys. Expressions are written as SQLite writes them: PostgreSQL's deparsed form
 * (casts, parentheses, `lower()` for `collate nocase`, `false` for 0) is brought back to it.
 * SQLite's rowid, which every SQLite table and index has without naming it, is written out as
 * PostgreSQL names it (drizzle/kit.ts): a column, a unique index, and the last key of every other index.
 */

/** The kind of value a column holds, as both engines store it (drizzle/kit.ts). */
export type ColumnKind = 'text' | 'integer' | 'instant' | 'flag' | 'json' | 'bytes' | 'rowid';

export type ColumnShape = { kind: ColumnKind; nullable: boolean; default: string | null; primaryKey: boolean };
export type IndexShape = { unique: boolean; keys: string[]; where: string | null };
export type TableShape = { columns: Record<string, ColumnShape>; indexes: Record<string, IndexShape>; foreignKeys: string[] };
export type SchemaShape = Record<string, TableShape>;

/** The kind of each column the schema declares, by table and column name, and each table's rowid. */
export function declaredKinds(): Record<string, Record<string, ColumnKind>> {
  const kinds: Record<string, Record<string, ColumnKind>> = {};
  for (const table of (Object.values(sqliteTables) as unknown[]).filter((value): value is Table => is(value, SQLiteTable))) {
    const columns: Record<string, ColumnKind> = {};
    for (const column of Object.values(getTableColumns(table))) columns[column.name] = kindOfDeclared(column.columnType);
    columns.rowid = 'rowid';
    kinds[getTableName(table)] = columns;
  }
  return kinds;
}

function kindOfDeclared(columnType: string): ColumnKind {
  const kinds: Record<string, ColumnKind> = {
    SQLiteText: 'text',
    SQLiteInteger: 'integer',
    SQLiteTimestamp: 'instant',
    SQLiteBoolean: 'flag',
    SQLiteTextJson: 'json',
    SQLiteBlobBuffer: 'bytes',
  };
  const kind = kinds[columnType];
  if (!kind) throw new Error(`No column kind for ${columnType}: add it to drizzle/kit.ts and here`);
  return kind;
}

/** Bring an expression to one spelling: lower case, no quotes, no casts, no redundant brackets or spaces. */
export function normalizeExpression(text: string): string {
  const out = text
    .replace(/[`"]/g, '')
    .replace(/::[a-z ]+(\[\])?/gi, '')
    .replace(/trim\(both from ([^)]+)\)/gi, 'trim($1)')
    .replace(/([\w.]+) collate nocase/gi, 'lower($1)')
    .replace(/\bcollate "?c"?/gi, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
  return withoutGroupingBrackets(out).replace(/ = false\b/g, ' = 0').replace(/ = true\b/g, ' = 1').replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();
}

/**
 * Drops the brackets that only group (not a function call's): PostgreSQL brackets every comparison
 * and each expression key. Good enough to compare index expressions, which never need them.
 */
function withoutGroupingBrackets(text: string): string {
  const closing: boolean[] = [];
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === '(') {
      const grouping = !/\w$/.test(text.slice(0, index).trimEnd()) || /\b(and|or|not|when|then|else)$/.test(text.slice(0, index).trimEnd());
      closing.push(grouping);
      if (grouping) continue;
    } else if (char === ')' && closing.pop()) continue;
    out += char;
  }
  return out;
}

function normalizeDefault(value: string | null, kind: ColumnKind): string | null {
  if (value === null) return null;
  const plain = normalizeExpression(value).replace(/^'(.*)'$/, '$1');
  if (kind === 'flag') return plain === '1' || plain === 'true' ? 'true' : 'false';
  return plain;
}

const IMPLICIT_ROWID: ColumnShape = { kind: 'rowid', nullable: false, default: null, primaryKey: false };

/** The shape of a migrated SQLite database (the app's tables only). */
export async function sqliteShape(db: Db, kinds = declaredKinds()): Promise<SchemaShape> {
  const shape: SchemaShape = {};
  for (const table of Object.keys(kinds)) {
    const columns: Record<string, ColumnShape> = {};
    const info = await db.rows<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(sql`select * from pragma_table_info(${table})`);
    for (const column of info) {
      const kind = kinds[table]![column.name] ?? 'text';
      const stored = column.type.toLowerCase();
      const expected = kind === 'text' || kind === 'json' ? 'text' : kind === 'bytes' ? 'blob' : 'integer';
      columns[column.name] = {
        kind: stored === expected ? kind : (`${stored}?` as ColumnKind),
        nullable: column.notnull === 0 && column.pk === 0,
        default: normalizeDefault(column.dflt_value, kind),
        primaryKey: column.pk > 0,
      };
    }
    columns.rowid = IMPLICIT_ROWID;
    const indexes: Record<string, IndexShape> = { [`${table}_rowid_idx`]: { unique: true, keys: ['rowid'], where: null } };
    const rows = await db.rows<{ name: string; sql: string }>(sql`select name, sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`);
    for (const row of rows) {
      const index = parseIndex(row.sql);
      indexes[row.name] = index.unique ? index : { ...index, keys: [...index.keys, 'rowid'] };
    }
    const foreignKeys = (await db.rows<{ table: string; from: string; to: string; on_delete: string }>(sql`select * from pragma_foreign_key_list(${table})`))
      .map((key) => `${key.from} -> ${key.table}.${key.to} on delete ${key.on_delete.toLowerCase()}`)
      .sort();
    shape[table] = { columns, indexes, foreignKeys };
  }
  return shape;
}

/** The shape of a migrated PostgreSQL database (the app's tables only). */
export async function postgresShape(client: pg.Client | pg.Pool, kinds = declaredKinds()): Promise<SchemaShape> {
  const shape: SchemaShape = {};
  const typeOf: Record<string, ColumnKind> = { text: 'text', integer: 'integer', bigint: 'instant', boolean: 'flag', jsonb: 'json', bytea: 'bytes' };
  for (const table of Object.keys(kinds)) {
    const columns: Record<string, ColumnShape> = {};
    const info = await client.query<{ column_name: string; data_type: string; is_nullable: string; column_default: string | null; collation_name: string | null; is_identity: string }>(
      `select column_name, data_type, is_nullable, column_default, collation_name, is_identity from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
      [table],
    );
    const primary = await client.query<{ column: string }>(
      `select a.attname as column from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey) where i.indrelid = $1::regclass and i.indisprimary`,
      [table],
    );
    const primaryColumns = new Set(primary.rows.map((row) => row.column));
    for (const column of info.rows) {
      if (column.column_name === 'rowid' && column.is_identity === 'YES' && column.data_type === 'bigint' && column.is_nullable === 'NO') {
        columns.rowid = IMPLICIT_ROWID;
        continue;
      }
      const kind = typeOf[column.data_type] ?? (`${column.data_type}?` as ColumnKind);
      // text is compared byte by byte, as SQLite compares it (drizzle/kit.ts)
      const byteOrdered = column.data_type !== 'text' || column.collation_name === 'C';
      columns[column.column_name] = {
        kind: byteOrdered ? kind : (`${kind} (collation ${column.collation_name})` as ColumnKind),
        nullable: column.is_nullable === 'YES',
        default: normalizeDefault(column.column_default, kind),
        primaryKey: primaryColumns.has(column.column_name),
      };
    }
    const indexes: Record<string, IndexShape> = {};
    const rows = await client.query<{ name: string; definition: string }>(
      `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indrelid = $1::regclass and not i.indisprimary`,
      [table],
    );
    for (const row of rows.rows) indexes[row.name] = parseIndex(row.definition);
    const keys = await client.query<{ definition: string }>(`select pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = $1::regclass and contype = 'f'`, [table]);
    const foreignKeys = keys.rows
      .map((row) => {
        const match = /FOREIGN KEY \((\w+)\) REFERENCES (\w+)\((\w+)\)(?: ON DELETE (.+))?$/.exec(row.definition);
        if (!match) return `unread: ${row.definition}`;
        return `${match[1]} -> ${match[2]}.${match[3]} on delete ${(match[4] ?? 'no action').toLowerCase()}`;
      })
      .sort();
    shape[table] = { columns, indexes, foreignKeys };
  }
  return shape;
}

/** Reads `CREATE [UNIQUE] INDEX name ON table [USING method] (keys) [WHERE condition]` as either engine writes it. */
function parseIndex(definition: string): IndexShape {
  const unique = /^create unique index/i.test(definition);
  const afterTable = definition.replace(/^create (unique )?index\s+\S+\s+on\s+\S+\s*(using \w+\s*)?/i, '');
  let depth = 0;
  let end = 0;
  for (let index = 0; index < afterTable.length; index += 1) {
    if (afterTable[index] === '(') depth += 1;
    if (afterTable[index] === ')') depth -= 1;
    if (depth === 0) {
      end = index;
      break;
    }
  }
  const keysText = afterTable.slice(1, end);
  const rest = afterTable.slice(end + 1).trim();
  const where = /^where\s+(.+)$/is.exec(rest)?.[1] ?? null;
  return { unique, keys: splitTopLevel(keysText).map(normalizeExpression), where: where === null ? null : normalizeExpression(where) };
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim());
}
