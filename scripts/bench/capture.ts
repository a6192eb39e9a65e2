import type Database from 'better-sqlite3';
import { buildApp } from '../../src/server/app.js';
import { createRuntime } from '../../src/server/bootstrap.js';
import { loadConfig } from '../../src/server/config.js';

/*
 * The bare comparison server must run exactly the SQL the project runs for a call, and that SQL
 * changes as the project does, so it is recorded rather than copied: the project's app answers the
 * call once in this process while every better-sqlite3 statement execution is traced.
 */

export type StatementMethod = 'all' | 'get' | 'run' | 'iterate';

export type CapturedStatement = {
  sql: string;
  params: unknown[];
  method: StatementMethod;
  /** Rows as arrays rather than objects (drizzle reads selected fields that way). */
  raw: boolean;
};

export type Capture = { status: number; statements: CapturedStatement[] };

export type CaptureRequest = { name: string; path: string; token: string };

type StatementLike = { source: string; reader: boolean } & Record<string, (...args: unknown[]) => unknown>;

const TRACED: StatementMethod[] = ['all', 'get', 'run', 'iterate'];

/** Wraps the Statement prototype (shared by every connection) until stopped; every execution is recorded with its parameters. */
function traceStatements(sqlite: Database.Database): { stop: () => CapturedStatement[] } {
  const prototype = Object.getPrototypeOf(sqlite.prepare('select 1')) as StatementLike;
  const originals = Object.fromEntries([...TRACED, 'raw'].map((name) => [name, prototype[name]!]));
  const rawMode = new WeakMap<object, boolean>();
  const captured: CapturedStatement[] = [];
  prototype.raw = function (this: StatementLike, toggle: unknown = true) {
    rawMode.set(this, Boolean(toggle));
    return originals.raw!.call(this, toggle);
  };
  for (const method of TRACED) {
    prototype[method] = function (this: StatementLike, ...params: unknown[]) {
      captured.push({ sql: this.source, params, method, raw: rawMode.get(this) ?? false });
      return originals[method]!.apply(this, params);
    };
  }
  return {
    stop: () => {
      Object.assign(prototype, originals);
      return captured;
    },
  };
}

/** Answers each request twice in-process on the seeded data: once to warm up, once traced. */
export async function captureStatements(dataDir: string, requests: CaptureRequest[]): Promise<Map<string, Capture>> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const { deps, database } = await createRuntime(config);
  const app = await buildApp(deps);
  const captures = new Map<string, Capture>();
  try {
    for (const request of requests) {
      const inject = () => app.inject({ method: 'GET', url: request.path, headers: { jwttoken: request.token } });
      await inject();
      if (database.engine !== 'sqlite') throw new Error('Statements are captured on SQLite only.');
      const trace = traceStatements(database.sqlite.reader);
      let statements: CapturedStatement[] = [];
      let status = 0;
      try {
        status = (await inject()).statusCode;
      } finally {
        statements = trace.stop();
      }
      captures.set(request.name, { status, statements });
    }
  } finally {
    await app.close();
    await database.close();
  }
  return captures;
}

/** Only reads are replayed, and only with parameters JSON can carry. */
export function replayable(capture: Capture): string | undefined {
  if (capture.statements.length === 0) return 'the call ran no SQL';
  const write = capture.statements.find((statement) => statement.method === 'run');
  if (write) return `the call writes (${write.sql.slice(0, 60)})`;
  const odd = capture.statements.flatMap((statement) => statement.params).find((param) => param !== null && !['string', 'number'].includes(typeof param));
  if (odd !== undefined) return `a parameter is a ${typeof odd}`;
  return undefined;
}
