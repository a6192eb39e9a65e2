import type Database from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { createRuntime } from '../../src/server/bootstrap.js';
import { loadConfig } from '../../src/server/config.js';

/*
 * The bare comparison server must run exactly the SQL the project runs for a call, and that SQL
 * changes as the project does, so it is recorded rather than copied: the project's app answers the
 * call once in this process while every better-sqlite3 statement execution (on PostgreSQL, every
 * query a node-postgres client sends) is traced.
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

/** What the project answered the call with, on its engine. */
export type CaptureEngine = { engine: 'sqlite' } | { engine: 'postgres'; url: string };

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

/** A statement that changes rows (or a transaction's bracket or lock): a call running one is not replayed. */
const WRITING = /^\s*(insert|update|delete|begin|commit|rollback|select pg_advisory)/i;

type QueryArguments = [string | { text: string; values?: unknown[]; rowMode?: string }, unknown?, ...unknown[]];

/** Wraps node-postgres's Client.prototype.query (every pool's clients) until stopped; every query is recorded with its values. */
function tracePostgres(): { stop: () => CapturedStatement[] } {
  const prototype = pg.Client.prototype as unknown as { query: (...args: QueryArguments) => unknown };
  const original = prototype.query;
  const captured: CapturedStatement[] = [];
  prototype.query = function (this: unknown, ...args: QueryArguments) {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : first.text;
    // values come in the query object or as the second argument (drizzle's prepared queries)
    const params = ((typeof first === 'string' ? undefined : first.values) ?? (Array.isArray(second) ? second : [])) as unknown[];
    const raw = typeof first !== 'string' && first.rowMode === 'array';
    captured.push({ sql: text, params, method: WRITING.test(text) ? 'run' : 'all', raw });
    return original.apply(this, args);
  };
  return {
    stop: () => {
      prototype.query = original;
      return captured;
    },
  };
}

/** Answers each request twice in-process on the seeded data: once to warm up, once traced. */
export async function captureStatements(dataDir: string, requests: CaptureRequest[], on: CaptureEngine = { engine: 'sqlite' }): Promise<Map<string, Capture>> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(on.engine === 'postgres' ? { DATABASE_URL: on.url } : {}) });
  const { deps, database } = await createRuntime(config);
  const app = await buildApp(deps);
  const captures = new Map<string, Capture>();
  try {
    for (const request of requests) {
      const inject = () => app.inject({ method: 'GET', url: request.path, headers: { jwttoken: request.token } });
      await inject();
      const trace = database.engine === 'sqlite' ? traceStatements(database.sqlite.reader) : tracePostgres();
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

/** JSON carries it to the bare server as the driver was given it: better-sqlite3 takes text and numbers, node-postgres booleans and arrays of them too. */
function carried(param: unknown, engine: 'sqlite' | 'postgres'): boolean {
  if (param === null || typeof param === 'string' || typeof param === 'number') return true;
  if (engine === 'sqlite') return false;
  return typeof param === 'boolean' || (Array.isArray(param) && param.every((item) => carried(item, engine)));
}

/** Only reads are replayed, and only with parameters JSON can carry. */
export function replayable(capture: Capture, engine: 'sqlite' | 'postgres' = 'sqlite'): string | undefined {
  if (capture.statements.length === 0) return 'the call ran no SQL';
  const write = capture.statements.find((statement) => statement.method === 'run');
  if (write) return `the call writes (${write.sql.slice(0, 60)})`;
  const odd = capture.statements.flatMap((statement) => statement.params).find((param) => !carried(param, engine));
  if (odd !== undefined) return `a parameter is a ${typeof odd}`;
  return undefined;
}
