import type Database from 'better-sqlite3';
import { getTableColumns, getTableName, type Table } from 'drizzle-orm';

/*
 * Raw prepared inserts named after drizzle/schema.ts: the keys are the schema's property names,
 * so a renamed column fails to type-check here rather than seeding a different shape.
 * Values are in storage form: instants as epoch ms, flags as 0/1, money and hours as integers.
 */

export type SqlValue = string | number | null;

export type Insert<K extends string> = (row: Record<K, SqlValue>) => void;

export function inserter<T extends Table, K extends keyof T['_']['columns'] & string>(
  sqlite: Database.Database,
  table: T,
  keys: readonly K[],
): Insert<K> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const names = keys.map((key) => `"${columns[key]!.name}"`).join(', ');
  const statement = sqlite.prepare(`insert into "${getTableName(table)}" (${names}) values (${keys.map(() => '?').join(', ')})`);
  // positional binding: a sixth faster than named parameters over half a million rows
  return (row) => {
    statement.run(keys.map((key) => row[key]));
  };
}

export const flag = (value: boolean) => (value ? 1 : 0);
