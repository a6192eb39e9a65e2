import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../db.js';

/** A temp folder holding one migrated SQLite file; open() may be called again to simulate a restart. */
export type TempDatabase = { folder: string; open: () => DatabaseHandle; remove: () => void };

export function tempDatabase(prefix = 'hourbank-db-'): TempDatabase {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const handles: DatabaseHandle[] = [];
  return {
    folder,
    open: () => {
      const handle = openDatabase(path.join(folder, 'test.db'));
      handles.push(handle);
      return handle;
    },
    remove: () => {
      for (const handle of handles) if (handle.sqlite.open) handle.close();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
