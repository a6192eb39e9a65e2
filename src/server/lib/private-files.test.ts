import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../database/sqlite.js';
import { createCompany } from '../testing/factories.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});
const tempFolder = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-private-'));
  folders.push(folder);
  return folder;
};
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('database files at rest', () => {
  it('creates the database, its WAL and shared-memory files and a new data folder for the owner only', async () => {
    const dataDir = path.join(tempFolder(), 'data');
    const file = path.join(dataDir, 'hourbank.db');
    const database = openSqlite(file);
    try {
      await createCompany(database.db);
      expect(modeOf(dataDir)).toBe(0o700);
      for (const each of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(each), each).toBe(0o600);
    } finally {
      await database.close();
    }
  });

  it('narrows a database an older version left readable by everyone', async () => {
    const file = path.join(tempFolder(), 'hourbank.db');
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.exec('create table kept (value text); insert into kept values (1)');
    fs.chmodSync(file, 0o644);
    fs.chmodSync(`${file}-wal`, 0o644);
    const database = openSqlite(file);
    try {
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(await database.db.rows(sql`select count(*) as n from kept`)).toEqual([{ n: 1 }]);
    } finally {
      await database.close();
      old.close();
    }
  });
});
