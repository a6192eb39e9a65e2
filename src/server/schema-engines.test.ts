import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './db-postgres.js';
import { tempDatabase, type TempDatabase } from './testing/database.js';
import { freshPostgresDatabase } from './testing/postgres.js';
import { declaredKinds, postgresShape, sqliteShape, type SchemaShape } from './testing/schema-shape.js';

/*
 * One schema, two engines: a fresh database of each, migrated by its own migrations, has the same
 * tables, columns (kind, nullability, default, primary key), indexes (including the partial and
 * expression indexes the list sorts read) and foreign keys, read back from each engine's catalogue.
 */

let sqlite: TempDatabase;
let postgres: { url: string; drop: () => Promise<void> };
let sqliteSide: SchemaShape;
let postgresSide: SchemaShape;

beforeAll(async () => {
  sqlite = tempDatabase();
  sqliteSide = await sqliteShape(sqlite.open().db);
  postgres = await freshPostgresDatabase({ migrated: false });
  const handle = await openPostgres(postgres.url);
  try {
    postgresSide = await postgresShape(handle.pool);
  } finally {
    await handle.close();
  }
});
afterAll(async () => {
  await sqlite?.remove();
  await postgres?.drop();
});

describe('the migrations of both engines', () => {
  it('make the same tables and columns, each column holding its declared kind of value', () => {
    const kinds = declaredKinds();
    for (const side of [sqliteSide, postgresSide]) {
      expect(Object.keys(side).sort()).toEqual(Object.keys(kinds).sort());
      for (const [table, columns] of Object.entries(kinds)) {
        expect(Object.fromEntries(Object.entries(side[table]!.columns).map(([name, column]) => [name, column.kind]))).toEqual(columns);
      }
    }
    for (const table of Object.keys(kinds)) expect(postgresSide[table]!.columns, table).toEqual(sqliteSide[table]!.columns);
  });

  it('make the same indexes, partial and expression indexes included', () => {
    for (const table of Object.keys(sqliteSide)) expect(postgresSide[table]!.indexes, table).toEqual(withoutSearchIndexes(sqliteSide[table]!.indexes, postgresSide[table]!.indexes));
  });

  it('make the same foreign keys', () => {
    for (const table of Object.keys(sqliteSide)) expect(postgresSide[table]!.foreignKeys, table).toEqual(sqliteSide[table]!.foreignKeys);
  });

  it('give time log, payment and task texts a substring index on each engine', async () => {
    // SQLite: an FTS5 table with the trigram tokenizer; PostgreSQL: a pg_trgm GIN index. Their queries differ; their matches are tested on both engines.
    const [fts] = await sqlite.open().db.rows<{ sql: string }>(sql`select sql from sqlite_master where name = 'time_log_words'`);
    expect(fts?.sql).toMatch(/using fts5\(description, content='time_logs', tokenize='trigram'\)/i);
    const [taskWords] = await sqlite.open().db.rows<{ sql: string }>(sql`select sql from sqlite_master where name = 'task_words'`);
    expect(taskWords?.sql).toMatch(/using fts5\(title, description, content='tasks', tokenize='trigram'\)/i);
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      for (const [name, column] of Object.entries(TRIGRAM_INDEXES)) {
        const index = await client.query<{ definition: string }>(`select pg_get_indexdef('${name}'::regclass) as definition`);
        expect(index.rows[0]?.definition, name).toMatch(new RegExp(`USING gin \\(${column} gin_trgm_ops\\)`));
      }
    } finally {
      await client.end();
    }
    // SQLite searches payment descriptions through a b-tree index of them (a search is a scan of its entries)
    expect(sqliteSide.payments!.indexes.payments_description_idx).toBeDefined();
  });
});

/** PostgreSQL's trigram indexes, each with the column it indexes. */
const TRIGRAM_INDEXES: Record<string, string> = {
  time_logs_description_trgm_idx: 'description',
  payments_description_trgm_idx: 'description',
  tasks_title_trgm_idx: 'title',
  tasks_description_trgm_idx: 'description',
};

/** PostgreSQL's trigram indexes have no index of SQLite's as their counterpart (SQLite's are a table of their own, or a b-tree): the last test checks both. */
function withoutSearchIndexes(sqliteIndexes: SchemaShape[string]['indexes'], postgresIndexes: SchemaShape[string]['indexes']) {
  const expected = { ...sqliteIndexes };
  for (const name of Object.keys(TRIGRAM_INDEXES)) if (postgresIndexes[name]) expected[name] = postgresIndexes[name];
  return expected;
}
