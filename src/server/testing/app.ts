import { asc } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { createRuntime, type OpenedDatabase } from '../bootstrap.js';
import { testEngine, type TestEngine } from './engine.js';
import { freshPostgresDatabase } from './postgres.js';
import { loadConfig, type Config } from '../config.js';
import type { AppDeps } from '../deps.js';
import { TestClock } from './clock.js';
import type { MailTransport, OutgoingMail } from '../mail/transport.js';
import { createUser, type UserFields } from './factories.js';

export { TestClock };

/** A transport that keeps what it was asked to send. */
export class MemoryTransport implements MailTransport {
  sent: OutgoingMail[] = [];
  send = async (mail: OutgoingMail) => {
    this.sent.push(mail);
  };
  close = () => {};
}

export type TestApp = {
  app: FastifyInstance;
  deps: AppDeps;
  /** The database under deps.db, with its SQLite connections: for query plans (query-plans.ts). */
  database: OpenedDatabase;
  clock: TestClock;
  config: Config;
  transport: MemoryTransport;
  close: () => Promise<void>;
};

/**
 * A whole app on a fresh, migrated database in its own temp folder: a SQLite file, or a new database
 * on the run's PostgreSQL server when the run is on PostgreSQL (testing/engine.ts). With a logger, it
 * logs as the server does.
 */
export async function createTestApp(env: Record<string, string> = {}, options: { logger?: FastifyBaseLogger; engine?: TestEngine } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-test-'));
  const postgres = (options.engine ?? testEngine()) === 'postgres' ? await freshPostgresDatabase() : undefined;
  const config = loadConfig({
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    DATA_DIR: dataDir,
    APP_URL: 'http://hourbank.test',
    PROVIDER_EMAIL: 'provider@hourbank.test',
    PROVIDER_NAME: 'Test Provider LLC',
    APP_TIMEZONE: 'America/New_York',
    ...env,
  });
  const clock = new TestClock();
  const transport = new MemoryTransport();
  const runtime = await createRuntime(config, { clock, transport, logger: options.logger });
  const app = await buildApp(runtime.deps, { clientDir: path.join(dataDir, 'no-client'), logger: options.logger });
  return {
    app,
    deps: runtime.deps,
    database: runtime.database,
    clock,
    config,
    transport,
    close: async () => {
      await app.close();
      await runtime.deps.webhooks.stop();
      await runtime.deps.outbox.stop();
      await runtime.database.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Body = Record<string, unknown> | unknown[] | string | undefined;

/** A small REST client over app.inject, the way a script would call /api. */
export function api(app: FastifyInstance, token?: string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: Body) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: token ? { jwttoken: token } : {},
      ...(body === undefined ? {} : typeof body === 'string' ? { payload: body, headers: { 'content-type': 'application/json', ...(token ? { jwttoken: token } : {}) } } : { payload: body }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body?: Body) => call('POST', url, body),
    put: (url: string, body?: Body) => call('PUT', url, body),
    delete: (url: string) => call('DELETE', url),
  };
}

export const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) =>
  response.json() as T;

/** Creates a user and signs them in over /api; returns the user and their session token. */
export type SignedInUser = Awaited<ReturnType<typeof signedInUser>>;

export async function signedInUser(testApp: TestApp, fields: UserFields = {}) {
  const user = await createUser(testApp.deps.db, fields);
  const response = await api(testApp.app).post('/account/login', {
    emailAddress: user.emailAddress,
    password: user.password ?? '',
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return { user, token: json<{ token: string }>(response).token };
}

/**
 * Moves the test clock to `iso` and signs in a new user there: a session lapses after 30 days
 * without use, so a test that jumps months signs in again after the jump.
 */
export async function signedInAt(testApp: TestApp, iso: string, fields: UserFields = {}): Promise<SignedInUser> {
  testApp.clock.set(new Date(iso));
  return signedInUser(testApp, fields);
}

/** Emails written to the outbox so far, oldest first. */
export async function queuedEmails(deps: AppDeps) {
  const { outbox } = deps.db.t;
  return deps.db.select().from(outbox).orderBy(asc(outbox.createdAt), asc(outbox.id));
}

/** The token of the reset or set-password link in an email's text. */
export function linkTokenIn(text: string): string {
  const match = /\/reset-password\/([\w.-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in email:\n${text}`);
  return match[1];
}
