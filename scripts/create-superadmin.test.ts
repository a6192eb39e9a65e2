import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.js';
import { openSqlite } from '../src/server/database/sqlite.js';
import { findUserByEmail } from '../src/server/modules/users/lookup.js';
import { verifyPassword } from '../src/server/lib/passwords.js';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-superadmin-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const createSuperAdmin = (...args: string[]) =>
  run('npx', ['tsx', 'scripts/create-superadmin.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
  });

describe('npm run create-superadmin', () => {
  it('creates the super-admin on a fresh data folder, then updates it', async () => {
    const created = await createSuperAdmin('--email', 'Boss@Provider.example.com', '--password', 'first password', '--first', 'Pat', '--last', 'Lee');
    expect(created.stdout).toContain('Created super-admin Boss@Provider.example.com');

    const updated = await createSuperAdmin('--email', 'boss@provider.example.com', '--password', 'second password');
    expect(updated.stdout).toContain('Updated super-admin');

    const database = openSqlite(loadConfig({ DATA_DIR: dataDir }).databasePath);
    try {
      const user = await findUserByEmail(database.db, 'boss@provider.example.com');
      expect(user).toMatchObject({ role: 'superadmin', approved: true, companyId: null, firstName: 'Pat', lastName: 'Lee' });
      expect(await verifyPassword(user!.passwordHash, 'second password')).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('refuses missing arguments and a short password without writing', async () => {
    await expect(createSuperAdmin('--email', 'x@example.com')).rejects.toMatchObject({
      stderr: expect.stringContaining('Usage: npm run create-superadmin'),
    });
    await expect(createSuperAdmin('--email', 'x@example.com', '--password', 'short')).rejects.toMatchObject({
      stderr: expect.stringContaining('The password needs to be at least 8 characters long.'),
    });
  });
});
