import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite, type SqliteDatabase } from '../database/sqlite.js';

/** A temp folder holding one migrated SQLite file; open() may be called again to simulate a restart. */
export type TempDatabase = { folder: string; open: () => SqliteDatabase; remove: () => Promise<void> };

export function tempDatabase(prefix = 'hourbank-db-'): TempDatabase {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const opened: SqliteDatabase[] = [];
  return {
    folder,
    open: () => {
      const database = openSqlite(path.join(folder, 'test.db'));
      opened.push(database);
      return database;
    },
    remove: async () => {
      for (const database of opened) if (database.sqlite.writer.open) await database.close();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
