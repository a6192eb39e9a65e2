import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { unwritableFolderMessage } from './data-folder.js';
import { openPostgresDatabase, type PostgresDatabase } from './database/postgres.js';
import { openSqlite, type SqliteDatabase } from './database/sqlite.js';
import type { AppDeps } from './deps.js';
import { systemClock, type Clock } from './lib/clock.js';
import { Outbox } from './mail/outbox.js';
import { settleRecountedInvoices } from './modules/billing/settlement.js';
import { readSession, recentSessions } from './modules/account/sessions.js';
import { alertOnBalanceChanges } from './modules/companies/balance-alerts.js';
import { readSettings } from './modules/settings/service.js';
import { resolveInvoiceAttachment } from './modules/invoices/pdf.js';
import { WebhookSender } from './modules/webhooks/sender.js';
import { createMailTransport, type MailTransport } from './mail/transport.js';
import { RateLimiter } from './rate-limit.js';
import { databaseWindows, memoryWindows } from './rate-windows.js';
import { loadLinkSigningKey } from './secrets.js';

export type OpenedDatabase = SqliteDatabase | PostgresDatabase;

export type Runtime = { deps: AppDeps; database: OpenedDatabase; transport: MailTransport };

/** Said at start on PostgreSQL, where other processes may serve the same database with keys of their own. */
export const OWN_SIGNING_KEY =
  'SESSION_SECRET is unset, so this process signs links and seals two-factor secrets with its own DATA_DIR/link-signing.key: give every process serving this database the same SESSION_SECRET.';

/** PostgreSQL when DATABASE_URL names one, else the SQLite file; migrated either way. */
export function openConfiguredDatabase(config: Pick<Config, 'databasePath' | 'databaseUrl'>, logger?: FastifyBaseLogger): Promise<OpenedDatabase> | OpenedDatabase {
  const onLostConnection = (error: Error) => logger?.warn({ err: error }, 'PostgreSQL ended an idle connection; the next query opens another');
  return config.databaseUrl ? openPostgresDatabase(config.databaseUrl, { onLostConnection }) : openSqlite(config.databasePath);
}

/**
 * How long a process on PostgreSQL answers signed-in calls from a session it looked up, unless it
 * wrote since: a sign-out or password change made through another process takes effect there
 * within this time.
 */
export const SESSION_REUSE_MS = 1_000;

/** Opens (and migrates) the database and wires the dependencies every request uses. */
export async function createRuntime(
  config: Config,
  overrides: { clock?: Clock; transport?: MailTransport; logger?: FastifyBaseLogger; outboxPollMs?: number } = {},
): Promise<Runtime> {
  const database = await openConfiguredDatabase(config, overrides.logger);
  const clock = overrides.clock ?? systemClock;
  const transport =
    overrides.transport ??
    createMailTransport({ smtpUrl: config.smtpUrl, emlFolder: path.join(config.dataDir, 'outbox') });
  const outbox = new Outbox({
    db: database.db,
    clock,
    transport,
    from: async () => (await readSettings(config, database.db)).mailFrom,
    resolveAttachment: (source) => resolveInvoiceAttachment(deps, source),
    logger: overrides.logger,
    pollMs: overrides.outboxPollMs,
  });
  const linkSigningKey = loadLinkSigningKey(config);
  const webhooks = new WebhookSender({ db: database.db, clock, config, outbox, linkSigningKey, logger: overrides.logger });
  const deps: AppDeps = {
    config,
    db: database.db,
    clock,
    outbox,
    webhooks,
    balanceWatcher: (tx, changes) => alertOnBalanceChanges(deps, tx, changes),
    // several processes may share a PostgreSQL database: they count their limits in it
    rateLimiter: new RateLimiter(clock, { windows: database.engine === 'postgres' ? databaseWindows(database.db) : memoryWindows() }),
    // on PostgreSQL a session lookup is a round trip to the server on every signed-in call
    readSession: database.engine === 'postgres' ? recentSessions(database.commits, { maxAgeMs: SESSION_REUSE_MS }) : readSession,
    linkSigningKey,
    logger: overrides.logger,
  };
  if (database.engine === 'postgres' && !config.sessionSecret) overrides.logger?.warn(OWN_SIGNING_KEY);
  // the invoices it settles change balances, which the low-balance alerts hear of as after any write
  await settleRecountedInvoices(database.db, overrides.logger, deps);
  return { deps, database, transport };
}

/** The server's start: a data folder it cannot write stops it with one sentence naming the folder, and exit code 1. */
export async function createRuntimeOrExit(config: Config, overrides: Parameters<typeof createRuntime>[1] = {}): Promise<Runtime> {
  try {
    return await createRuntime(config, overrides);
  } catch (error) {
    const message = unwritableFolderMessage(config, error);
    if (!message) throw error;
    console.error(message);
    process.exit(1);
  }
}
