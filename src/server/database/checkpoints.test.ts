import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCompany } from '../testing/factories.js';
import { CHECKPOINT_EVERY_MS, HARD_LIMIT_PAGES } from './checkpoints.js';
import { openSqlite, type SqliteDatabase } from './sqlite.js';

/*
 * SQLite's checkpoints run in a worker thread (checkpoints.ts): the writer leaves them alone up to a
 * far limit, the worker copies the WAL into the file after commits, and closing stops the worker.
 */

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function openTemp(): { database: SqliteDatabase; file: string } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-checkpoints-'));
  folders.push(folder);
  const file = path.join(folder, 'hourbank.db');
  return { database: openSqlite(file), file };
}

/** The WAL as a connection of the test's own sees it, checkpointing nothing. */
function walFrames(database: SqliteDatabase): { log: number; checkpointed: number } {
  const [state] = database.sqlite.writer.pragma('wal_checkpoint(NOOP)') as { log: number; checkpointed: number }[];
  return state!;
}

describe('checkpoints in a worker thread', () => {
  it('leaves the writer its own checkpoint only past the far limit', async () => {
    const { database } = openTemp();
    try {
      expect(database.sqlite.writer.pragma('wal_autocheckpoint', { simple: true })).toBe(HARD_LIMIT_PAGES);
    } finally {
      await database.close();
    }
  });

  it('copies the WAL into the file after a burst of commits, and the WAL starts over', async () => {
    const { database } = openTemp();
    try {
      for (let n = 0; n < 200; n += 1) await createCompany(database.db, { projectDescription: 'x'.repeat(2_000) });
      // the burst wrote hundreds of pages; the checkpoints after it leave a WAL of a frame or two
      await new Promise((resolve) => setTimeout(resolve, 3 * CHECKPOINT_EVERY_MS));
      await createCompany(database.db);
      await new Promise((resolve) => setTimeout(resolve, 3 * CHECKPOINT_EVERY_MS));
      expect(walFrames(database).log).toBeLessThan(20);
    } finally {
      await database.close();
    }
  });

  it('stops the worker on close, so the files can be removed and opened again', async () => {
    const { database, file } = openTemp();
    await createCompany(database.db);
    await database.close();
    const again = openSqlite(file);
    try {
      expect(await again.db.select().from(again.db.t.companies)).toHaveLength(1);
    } finally {
      await again.close();
    }
  });
});
