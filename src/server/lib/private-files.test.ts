import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db.js';
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
  it('creates the database, its WAL and shared-memory files and a new data folder for the owner only', () => {
    const dataDir = path.join(tempFolder(), 'data');
    const file = path.join(dataDir, 'hourbank.db');
    const database = openDatabase(file);
    try {
      createCompany(database.db);
      expect(modeOf(dataDir)).toBe(0o700);
      for (const each of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(each), each).toBe(0o600);
    } finally {
      database.close();
    }
  });

  it('narrows a database an older version left readable by everyone', () => {
    const file = path.join(tempFolder(), 'hourbank.db');
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.exec('create table kept (value text); insert into kept values (1)');
    fs.chmodSync(file, 0o644);
    fs.chmodSync(`${file}-wal`, 0o644);
    const database = openDatabase(file);
    try {
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(database.sqlite.prepare('select count(*) as n from kept').get()).toEqual({ n: 1 });
    } finally {
      database.close();
      old.close();
    }
  });
});
