import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openConfiguredDatabase, type OpenedDatabase } from '../../src/server/bootstrap.js';
import { loadConfig } from '../../src/server/config.js';
import { freePort } from '../../src/server/testing/ports.js';

export type RunningServer = {
  url: string;
  dataDir: string;
  /** The server's own database (its SQLite file, or DATABASE_URL's PostgreSQL), opened alongside it. */
  database: OpenedDatabase;
  /** Stops the server (SIGTERM) and removes its data folder. */
  stop: () => Promise<void>;
  /** What the process has written to stdout and stderr so far (its warnings and errors: LOG_LEVEL=warn). */
  output: () => string;
  /** Kills the process outright (SIGKILL), as a power cut would; the data folder stays for a restart. */
  crash: () => Promise<void>;
};


async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/openapi.json`);
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`server did not start within 30 s:\n${output()}`);
}

const compiledServer = path.resolve(import.meta.dirname, '../../dist/server/main.js');

/**
 * Starts the real server (as `npm start` does, minus the build) on a free port and a temp data
 * folder, or on the data folder of a server that crashed; on PostgreSQL when env has a DATABASE_URL.
 */
export async function startServer(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const serverEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    LOG_LEVEL: 'warn',
    PROVIDER_NAME: 'Hourbank Test Consulting',
    PROVIDER_EMAIL: 'provider@hourbank.test',
    // A spec run may use its own client build (npx vite build --outDir DIR), e.g. beside other runs.
    ...(process.env.E2E_CLIENT_DIR ? { CLIENT_DIR: process.env.E2E_CLIENT_DIR } : {}),
    ...env,
  };
  const child = spawn(process.execPath, [compiledServer], {
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  await waitUntilUp(url, child, () => output);
  const database = await openConfiguredDatabase(loadConfig(serverEnv));
  let databaseOpen = true;
  const closeDatabase = async () => {
    if (databaseOpen) await database.close();
    databaseOpen = false;
  };
  return {
    url,
    dataDir,
    database,
    output: () => output,
    stop: async () => {
      await closeDatabase();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        // A server that has not stopped within 5 s is a bug worth seeing, but must not hang the run.
        const killer = setTimeout(() => {
          console.warn(`server did not stop within 5 s after SIGTERM; killing it. Output:\n${output}`);
          child.kill('SIGKILL');
        }, 5_000);
        await exited;
        clearTimeout(killer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    crash: async () => {
      await closeDatabase();
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
