import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './ports.js';

/*
 * A throwaway PostgreSQL server for the tests and the bench: a new cluster in a temporary folder,
 * listening on a free loopback port, trusted for one user, and deleted when stopped. It uses the
 * server programs of the machine's PostgreSQL (Debian's postgresql package puts them under
 * /usr/lib/postgresql/<version>/bin), so nothing outside the machine is needed. PostgreSQL refuses
 * to run as root: as root the cluster is owned by and run as the `postgres` user the package
 * creates.
 */

export type ThrowawayPostgres = {
  /** A URL for the cluster's `postgres` database, as the cluster's only (super)user. */
  url: string;
  /** The server's major version, e.g. 15. */
  version: number;
  stop: () => void;
};

export const MISSING_POSTGRES =
  'PostgreSQL is needed for the tests: install it (Debian: apt-get install postgresql) or set TEST_DATABASE_URL to an empty database server you may create databases on.';

/** The folder holding initdb and pg_ctl: PG_BINDIR, else the newest Debian install, else the PATH. */
function serverBinaries(): string | undefined {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const debian = '/usr/lib/postgresql';
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((name) => fs.existsSync(path.join(debian, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(debian, versions[0], 'bin');
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  return found ? path.dirname(found) : undefined;
}


/**
 * Starts the cluster. For the tests it writes without waiting for the disk (no fsync, no waiting for
 * WAL flushes); `durable` keeps PostgreSQL's own settings, as the bench measures them.
 */
export async function startThrowawayPostgres(options: { durable?: boolean } = {}): Promise<ThrowawayPostgres> {
  const bin = serverBinaries();
  if (!bin) throw new Error(MISSING_POSTGRES);
  const asRoot = process.getuid?.() === 0;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-pg-'));
  const data = path.join(folder, 'data');
  if (asRoot) {
    const owner = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    if (owner.status !== 0) throw new Error(`PostgreSQL does not run as root, and there is no postgres user to run it as. ${MISSING_POSTGRES}`);
    fs.chownSync(folder, Number(owner.stdout.trim()), Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()));
    fs.chmodSync(folder, 0o700);
  }
  const run = (program: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, program), args, { stdio: 'pipe' });

  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'hourbank', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  // durability is not wanted from a test cluster deleted after the run: no fsync, no waiting for WAL flushes
  const fast = options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'];
  const settings = [`-p ${port}`, `-k ${folder}`, `-c listen_addresses=127.0.0.1`, ...fast, '-c max_connections=300'].join(' ');
  run('pg_ctl', ['-D', data, '-o', settings, '-l', path.join(folder, 'server.log'), '-w', '-t', '60', 'start']);
  const version = Number(fs.readFileSync(path.join(data, 'PG_VERSION'), 'utf8').trim());
  let stopped = false;
  return {
    url: `postgres://hourbank@127.0.0.1:${port}/postgres`,
    version,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

/** The URL of database `name` on the server `serverUrl` points to. */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on a connection of its own (CREATE and DROP DATABASE take no transaction). */
export async function onServer(serverUrl: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}
