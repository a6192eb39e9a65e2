import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../src/server/database/sqlite.js';
import { createCompany } from '../src/server/testing/factories.js';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-backup-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run backup', () => {
  it('copies the live database, writes included', async () => {
    const database = openSqlite(path.join(dataDir, 'hourbank.db'));
    await createCompany(database.db, { companyName: 'Backed Up Inc' });
    const out = path.join(dataDir, 'copy.db');
    try {
      const { stdout } = await run('npx', ['tsx', 'scripts/backup.ts', '--out', out], { env: { ...process.env, DATA_DIR: dataDir } });
      expect(stdout).toContain(`to ${out}`);
    } finally {
      await database.close();
    }
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    const copy = new Database(out, { readonly: true });
    // eslint-disable-next-line no-restricted-syntax -- better-sqlite3's own statement on the backup file, not a drizzle query
    expect(copy.prepare('select company_name as name from companies').all()).toEqual([{ name: 'Backed Up Inc' }]);
    copy.close();
  });

  it('refuses when the data is in PostgreSQL, naming what backs it up, and copies no SQLite file', async () => {
    const out = path.join(dataDir, 'not-a-backup.db');
    await expect(
      run('npx', ['tsx', 'scripts/backup.ts', '--out', out], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: 'postgres://hourbank@127.0.0.1:1/hourbank' } }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('DATABASE_URL is set: the data is in PostgreSQL') });
    expect(fs.existsSync(out)).toBe(false);
  });

  it('says so when there is no database', async () => {
    await expect(
      run('npx', ['tsx', 'scripts/backup.ts'], { env: { ...process.env, DATA_DIR: path.join(dataDir, 'empty') } }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('nothing to back up') });
  });
});
