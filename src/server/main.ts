import pino from 'pino';
import { buildApp } from './app.js';
import { createRuntimeOrExit } from './bootstrap.js';
import { loadConfigOrExit, warnMissingPaymentDetails } from './config.js';
import { providerOf } from './modules/settings/service.js';
import { scheduledWork } from './scheduled.js';

const config = loadConfigOrExit();
const logger = pino({ level: config.logLevel });
const { deps, database, transport } = await createRuntimeOrExit(config, { logger });
const app = await buildApp(deps, { logger, clientDir: config.clientDir });
const scheduled = scheduledWork(deps, logger);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  // In-flight requests get a moment to finish; a kept-alive connection must not hold the exit.
  const forceClose = setTimeout(() => app.server.closeAllConnections(), 2_000);
  await app.close();
  clearTimeout(forceClose);
  await scheduled.stop();
  // a delivery given up on may queue an email: the webhooks stop before the outbox
  await deps.webhooks.stop();
  await deps.outbox.stop();
  transport.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
deps.outbox.start();
deps.webhooks.start();
scheduled.start();
logger.info(
  { url: `http://${config.host}:${config.port}`, database: config.databasePath, mail: config.smtpUrl ? 'smtp' : 'eml files' },
  'Hourbank is running',
);
warnMissingPaymentDetails(await providerOf(config, deps.db), logger);
