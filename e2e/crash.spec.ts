import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.js';
import { openSqlite } from '../src/server/database/sqlite.js';
import { LEASE_MS } from '../src/server/mail/outbox.js';
import { createPackage } from '../src/server/testing/factories.js';
import { startSmtpServer, type TestSmtpServer } from '../src/server/testing/mail-kit.js';
import { eventually } from './support/page.js';
import { startServer, type RunningServer } from './support/server.js';
import {
  burstAccounts,
  emailsClaimedAt,
  expectAcknowledgedWritesPresent,
  expectEachEmailSentOnce,
  expectFiguresMatchLedger,
  expectInvoicesFollowPayments,
  WriteBurst,
  type Customer,
} from './support/write-burst.js';

/*
 * Crash safety of the whole process. Customers and the provider send a burst of writes through
 * /api; the server is killed with SIGKILL while requests are in flight and restarted on the same data
 * folder. Then every write the server acknowledged is there (and every acknowledged delete is gone),
 * the figures each company row keeps equal its ledger, every invoice's status and hours follow its
 * counted payments, and every queued email reaches the SMTP server exactly once. The one exception
 * is an email the dying process was handing over at the kill: it may arrive twice, and then both
 * copies carry the same Message-ID. (multi-process.spec.ts does the same with two processes on one
 * PostgreSQL database.)
 */

const COMPANIES = 24;
/** The kill comes after this many acknowledged writes (plus a little, so the moment varies). */
const KILL_AFTER = 900;
const PROVIDER_WORKERS = 6;
const FROM = '"Hourbank Test Consulting" <billing@hourbank.test>';

let smtp: TestSmtpServer;
const serverEnv = () => ({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: FROM });
let server: RunningServer;
let restarted: RunningServer | undefined;
let superAdminToken: string;
let customers: Customer[];

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer(serverEnv());
  ({ superAdminToken, customers } = await burstAccounts(server.database.db, COMPANIES));
});

afterAll(async () => {
  await restarted?.stop();
  if (!restarted) await server?.stop();
  await smtp?.close();
});

describe('a crash in the middle of a write burst', () => {
  it('keeps every acknowledged write, consistent figures, and delivers every queued email once', { timeout: 240_000 }, async () => {
    const packageId = (await createPackage(server.database.db)).id;
    const killPoint = KILL_AFTER + Math.floor(Math.random() * 200);
    let killing: Promise<void> | undefined;
    let killedAt = 0;
    const burst: WriteBurst = new WriteBurst({
      customers,
      superAdminToken,
      nextServer: () => server.url,
      keepGoing: () => !killing,
      // kills the server the moment enough writes are acknowledged; the other calls are still in flight
      afterWrite: () => {
        if (killing || burst.acknowledgedCount() < killPoint) return;
        killedAt = Date.now();
        killing = server.crash();
      },
    });
    await burst.run(packageId, PROVIDER_WORKERS);
    expect(killing, `the burst ended after ${burst.acknowledgedCount()} acknowledged writes, before the kill point ${killPoint}`).toBeDefined();
    await killing;

    // The outbox as the dead process left it: an email it had claimed (lease in the future) was being sent.
    const leftBehind = openSqlite(loadConfig({ ...process.env, DATA_DIR: server.dataDir }).databasePath);
    const claimedAtKill = await emailsClaimedAt(leftBehind.db, killedAt);
    await leftBehind.close();

    restarted = await startServer(serverEnv(), { dataDir: server.dataDir });
    const db = restarted.database.db;

    await expectAcknowledgedWritesPresent(db, burst.acknowledged);
    await expectFiguresMatchLedger(db);
    await expectInvoicesFollowPayments(db);

    // Emails claimed at the kill are due again when their lease runs out; the rest go at once.
    const { outbox } = db.t;
    await eventually(async () => (await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, 'pending'))).length, LEASE_MS + 30_000).toBe(0);
    const emails = await expectEachEmailSentOnce(db, smtp, FROM, { claimedAtKill, customers, acknowledged: burst.acknowledged });
    console.log(`crash test: ${burst.summary()}; ${emails}`);
  });
});
