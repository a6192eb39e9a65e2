import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Clock } from './lib/clock.js';
import type { Db } from './db.js';
import type { BalanceWatcher } from './modules/activities/company-hours.js';
import type { Outbox } from './mail/outbox.js';
import type { RateLimiter } from './rate-limit.js';
import type { SessionReader } from './modules/account/sessions.js';
import type { WebhookSender } from './modules/webhooks/sender.js';

/** Everything a request handler may touch, passed in so tests can build many apps side by side. */
export type AppDeps = {
  config: Config;
  db: Db;
  clock: Clock;
  outbox: Outbox;
  /** Sends the webhook deliveries the events made (modules/webhooks). */
  webhooks: WebhookSender;
  /** Hears of every change of a company's balance, inside its transaction: the low-balance alerts. */
  balanceWatcher: BalanceWatcher;
  rateLimiter: RateLimiter;
  /** How signed-in calls read their session: from the database each time, or kept for a second (several processes). */
  readSession: SessionReader;
  /** HS256 key for reset and set-password links. */
  linkSigningKey: Uint8Array;
  logger?: FastifyBaseLogger;
};
