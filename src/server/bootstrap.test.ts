import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { createRuntime, createRuntimeOrExit, OWN_SIGNING_KEY } from './bootstrap.js';
import { loadConfig } from './config.js';
import { MemoryTransport } from './testing/app.js';
import { testEngine } from './testing/engine.js';
import { freshPostgresDatabase } from './testing/postgres.js';

/*
 * A data folder the server cannot write (a read-only file system, a folder of another account)
 * stops start-up with one sentence naming the folder and exit code 1, not a stack trace. The
 * tests run as root here, whom permissions do not stop, so the file system's refusal is simulated.
 */

const folders: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-start-'));
  folders.push(folder);
  return folder;
}

/** Makes every file the server opens fail as the file system would, with the path it names. */
function refuseOpening(code: string, text: string) {
  const open = fs.openSync;
  vi.spyOn(fs, 'openSync').mockImplementation(((file: fs.PathLike, ...rest: unknown[]) => {
    if (String(file).startsWith(os.tmpdir())) throw Object.assign(new Error(`${code}: ${text}, open '${String(file)}'`), { code, path: String(file), syscall: 'open' });
    return (open as (...args: unknown[]) => number)(file, ...rest);
  }) as typeof fs.openSync);
}

/** Runs start-up, answering what it printed and the code it exited with. */
async function startUp(env: Record<string, string>): Promise<{ printed: string[]; exitCode: number | undefined }> {
  const printed: string[] = [];
  let exitCode: number | undefined;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' ')));
  vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
    exitCode = code;
    throw new Error(`exit ${code}`);
  }) as never);
  try {
    const runtime = await createRuntimeOrExit(loadConfig(env), { transport: new MemoryTransport() });
    await runtime.database.close();
  } catch (error) {
    if (exitCode === undefined) throw error;
  }
  return { printed, exitCode };
}

describe('a data folder the server cannot write', () => {
  it.each([
    ['EROFS', 'read-only file system', 'is on a read-only file system; mount it writable'],
    ['EACCES', 'permission denied', 'may not be written by the account the server runs as; give that account write access to it'],
    ['EPERM', 'operation not permitted', 'may not be written by the account the server runs as; give that account write access to it'],
    ['ENOSPC', 'no space left on device', 'is on a full disk; make room on it'],
  ])('%s stops start-up with one sentence naming the folder, and exit code 1', async (code, text, why) => {
    const folder = dataFolder();
    refuseOpening(code, text);
    const { printed, exitCode } = await startUp({ DATA_DIR: folder });
    expect(exitCode).toBe(1);
    expect(printed).toEqual([`Hourbank cannot start: its data folder ${folder} ${why}, or set DATA_DIR to another folder.`]);
  });

  it('names the database folder when DATABASE_PATH puts the database elsewhere', async () => {
    const folder = dataFolder();
    const elsewhere = dataFolder();
    refuseOpening('EROFS', 'read-only file system');
    const { printed } = await startUp({ DATA_DIR: folder, DATABASE_PATH: path.join(elsewhere, 'hourbank.db') });
    expect(printed).toEqual([`Hourbank cannot start: its database folder ${elsewhere} is on a read-only file system; mount it writable, or set DATABASE_PATH to another folder.`]);
  });

  it('starts as before when the folder is writable', async () => {
    const { printed, exitCode } = await startUp({ DATA_DIR: dataFolder() });
    expect([printed, exitCode]).toEqual([[], undefined]);
  });

  it('any other failure is not dressed up as one', async () => {
    const folder = dataFolder();
    refuseOpening('EMFILE', 'too many open files');
    await expect(startUp({ DATA_DIR: folder })).rejects.toThrow('EMFILE');
  });
});

describe('a process on PostgreSQL', () => {
  const onPostgres = testEngine() === 'postgres';

  /** Starts a runtime on a fresh PostgreSQL database, answering what it warned of. */
  async function warningsAtStart(env: Record<string, string>): Promise<string[]> {
    const database = await freshPostgresDatabase();
    const warnings: string[] = [];
    const logger = { ...pino({ level: 'silent' }), warn: (message: unknown) => void warnings.push(String(message)) } as unknown as FastifyBaseLogger;
    try {
      const runtime = await createRuntime(loadConfig({ DATA_DIR: dataFolder(), DATABASE_URL: database.url, ...env }), { transport: new MemoryTransport(), logger });
      await runtime.database.close();
    } finally {
      await database.drop();
    }
    return warnings;
  }

  it.runIf(onPostgres)('warns at start that other processes need the same SESSION_SECRET when it is unset', async () => {
    expect(await warningsAtStart({})).toEqual([OWN_SIGNING_KEY]);
    expect(await warningsAtStart({ SESSION_SECRET: 'a key every process of this database shares' })).toEqual([]);
  });
});
