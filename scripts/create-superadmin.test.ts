import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase } from '../src/server/bootstrap.js';
import { loadConfig } from '../src/server/config.js';
import { findUserByEmail } from '../src/server/modules/users/lookup.js';
import { verifyPassword } from '../src/server/lib/passwords.js';
import { testEngine } from '../src/server/testing/engine.js';
import { freshPostgresDatabase } from '../src/server/testing/postgres.js';

/*
 * npm run create-superadmin on the database the server would use: the data folder's SQLite file,
 * or, on the PostgreSQL run, the database DATABASE_URL names (and nothing in the data folder).
 */

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-superadmin-'));
let env: Record<string, string> = { DATA_DIR: dataDir };
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (testEngine() !== 'postgres') return;
  const database = await freshPostgresDatabase();
  env = { ...env, DATABASE_URL: database.url };
  dropDatabase = database.drop;
});
afterAll(async () => {
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const createSuperAdmin = (...args: string[]) => run('npx', ['tsx', 'scripts/create-superadmin.ts', ...args], { env: { ...process.env, ...env } });

async function withDatabase<T>(read: (database: Awaited<ReturnType<typeof openConfiguredDatabase>>) => Promise<T>): Promise<T> {
  const database = await openConfiguredDatabase(loadConfig(env));
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

describe('npm run create-superadmin', () => {
  it('creates the super-admin on a fresh database, then updates it, each run recorded as the command line’s', async () => {
    const created = await createSuperAdmin('--email', 'Boss@Provider.example.com', '--password', 'first password', '--first', 'Pat', '--last', 'Lee');
    expect(created.stdout).toContain('Created super-admin Boss@Provider.example.com');

    const updated = await createSuperAdmin('--email', 'boss@provider.example.com', '--password', 'second password', '--last', 'Leigh');
    expect(updated.stdout).toContain('Updated super-admin');

    await withDatabase(async ({ db }) => {
      const user = await findUserByEmail(db, 'boss@provider.example.com');
      expect(user).toMatchObject({ role: 'superadmin', approved: true, companyId: null, firstName: 'Pat', lastName: 'Leigh' });
      expect(await verifyPassword(user!.passwordHash, 'second password')).toBe(true);
      const { events } = db.t;
      const recorded = await db.select().from(events).orderBy(asc(events.occurredAt), asc(events.type));
      expect(recorded.map(({ type, actorLabel, actorId, subjectId }) => ({ type, actorLabel, actorId, subjectId }))).toEqual([
        { type: 'user.created', actorLabel: 'Command line', actorId: null, subjectId: user!.id },
        { type: 'user.password_set_by_operator', actorLabel: 'Command line', actorId: null, subjectId: user!.id },
        { type: 'user.updated', actorLabel: 'Command line', actorId: null, subjectId: user!.id },
      ]);
      expect(recorded[0]!.changes).toMatchObject({ emailAddress: { before: null, after: 'Boss@Provider.example.com' }, role: { before: null, after: 'superadmin' } });
      expect(recorded[2]!.changes).toEqual({ lastName: { before: 'Lee', after: 'Leigh' } });
    });
    // on PostgreSQL the data folder stays empty: the script wrote where the server reads
    if (testEngine() === 'postgres') expect(fs.readdirSync(dataDir).filter((name) => name.endsWith('.db'))).toEqual([]);
  });

  it('refuses missing arguments and a short password without writing', async () => {
    await expect(createSuperAdmin('--email', 'x@example.com')).rejects.toMatchObject({
      stderr: expect.stringContaining('Usage: npm run create-superadmin'),
    });
    await expect(createSuperAdmin('--email', 'x@example.com', '--password', 'short')).rejects.toMatchObject({
      stderr: expect.stringContaining('The password needs to be at least 8 characters long.'),
    });
    expect(await withDatabase(({ db }) => findUserByEmail(db, 'x@example.com'))).toBeUndefined();
  });
});
