import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_MS } from '../src/server/mail/outbox.js';
import { migrationsFolders } from '../src/server/paths.js';
import { createPackage } from '../src/server/testing/factories.js';
import { startSmtpServer, type TestSmtpServer } from '../src/server/testing/mail-kit.js';
import { databaseUrlOn, onServer, startThrowawayPostgres, type ThrowawayPostgres } from '../src/server/testing/postgres-cluster.js';
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
 * Two app processes on one PostgreSQL database, as behind a proxy. They start at the same moment
 * (one of them applies the migrations, once), then customers and the provider send a burst of
 * writes alternating between the two. One process is killed with SIGKILL mid-burst, with requests in
 * flight; the burst goes on against the survivor, as a proxy sends everything to the process still
 * answering. Then every write either process acknowledged is there, the figures each company row
 * keeps equal its ledger, every invoice follows its counted payments, and the survivor's outbox
 * worker delivers every queued email exactly once, the dead process's claimed ones included once
 * their lease runs out. The one exception, as in crash.spec.ts: an email the dying process was
 * handing over at the kill may arrive twice, with the same Message-ID both times.
 */

const COMPANIES = 24;
/** The kill comes after this many acknowledged writes (plus a little, so the moment varies). */
const KILL_AFTER = 600;
/** Writes the survivor acknowledges after the kill before the burst ends. */
const AFTER_KILL = 300;
const PROVIDER_WORKERS = 6;
const FROM = '"Hourbank Test Consulting" <billing@hourbank.test>';
/** The killed process signs its emails apart (the Message-ID, from the address's domain, stays the same). */
const KILLED_SENDER = 'Hourbank Killed Process';
/** Processes serving one database share the key that signs links (and seals two-factor secrets). */
const SESSION_SECRET = 'the key both test processes sign their links with';

let cluster: ThrowawayPostgres;
let databaseUrl: string;
let smtp: TestSmtpServer;
let doomed: RunningServer;
let survivor: RunningServer;
let superAdminToken: string;
let customers: Customer[];
let packageId: string;

beforeAll(async () => {
  cluster = await startThrowawayPostgres();
  await onServer(cluster.url, 'create database hourbank_multi');
  databaseUrl = databaseUrlOn(cluster.url, 'hourbank_multi');
  smtp = await startSmtpServer();
  const env = { DATABASE_URL: databaseUrl, SESSION_SECRET, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: FROM };
  [doomed, survivor] = await Promise.all([startServer({ ...env, MAIL_FROM: `"${KILLED_SENDER}" <billing@hourbank.test>` }), startServer(env)]);
  ({ superAdminToken, customers } = await burstAccounts(survivor.database.db, COMPANIES));
  packageId = (await createPackage(survivor.database.db)).id;
}, 120_000);

afterAll(async () => {
  await survivor?.stop();
  await doomed?.stop();
  await smtp?.close();
  cluster?.stop();
});

describe('two processes on one PostgreSQL database', () => {
  it('applied the migrations once, though both started together', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolders.postgres, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = await onServer(databaseUrl, 'select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash');
    expect(applied.rows).toHaveLength(journal.entries.length);
    expect(applied.rows.filter((row: { times: number }) => row.times !== 1)).toEqual([]);
  });

  it('serve one sign-in on both, and open on one a link the other signed', async () => {
    const { token } = customers[0]!;
    const purchase = await fetch(`${doomed.url}/api/invoices/purchase`, {
      method: 'POST',
      headers: { jwttoken: token, 'content-type': 'application/json' },
      body: JSON.stringify({ packageId, paymentOption: 'ACH' }),
    });
    expect(purchase.status).toBe(200);
    const invoices = (await (await fetch(`${survivor.url}/api/invoices?page=1&per_page=5`, { headers: { jwttoken: token } })).json()) as { pdfUrl: string }[];
    const pdf = await fetch(`${doomed.url}${invoices[0]!.pdfUrl}`);
    expect({ status: pdf.status, type: pdf.headers.get('content-type') }).toEqual({ status: 200, type: 'application/pdf' });
  });

  it('keep every acknowledged write when one is killed mid-burst, and deliver every queued email once', { timeout: 300_000 }, async () => {
    const killPoint = KILL_AFTER + Math.floor(Math.random() * 200);
    let calls = 0;
    let killing: Promise<void> | undefined;
    let killedAt = 0;
    const servedBy = { doomed: 0, survivor: 0 };
    const burst: WriteBurst = new WriteBurst({
      customers,
      superAdminToken,
      nextServer: () => {
        const toDoomed = !killing && calls++ % 2 === 0;
        servedBy[toDoomed ? 'doomed' : 'survivor'] += 1;
        return toDoomed ? doomed.url : survivor.url;
      },
      keepGoing: () => !killing || burst.acknowledgedCount() < killPoint + AFTER_KILL,
      afterWrite: () => {
        if (killing || burst.acknowledgedCount() < killPoint) return;
        killedAt = Date.now();
        killing = doomed.crash();
      },
    });
    await burst.run(packageId, PROVIDER_WORKERS);
    expect(killing, `the burst ended after ${burst.acknowledgedCount()} acknowledged writes, before the kill point ${killPoint}`).toBeDefined();
    await killing;
    expect(burst.unanswered, 'calls in flight to the killed process').toBeGreaterThan(0);
    expect(burst.acknowledgedCount()).toBeGreaterThanOrEqual(killPoint + AFTER_KILL);

    const db = survivor.database.db;
    // an email the dead process had claimed has its lease still running; so may one the survivor is sending
    const claimedAtKill = await emailsClaimedAt(db, killedAt);

    await expectAcknowledgedWritesPresent(db, burst.acknowledged);
    await expectFiguresMatchLedger(db);
    await expectInvoicesFollowPayments(db);

    // The survivor sends what the dead process had claimed once the lease runs out, the rest at once.
    const { outbox } = db.t;
    await eventually(async () => (await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, 'pending'))).length, LEASE_MS + 30_000).toBe(0);
    const emails = await expectEachEmailSentOnce(db, smtp, FROM, { claimedAtKill, customers, acknowledged: burst.acknowledged, killedSender: KILLED_SENDER });
    console.log(
      `multi-process test: ${servedBy.doomed} calls to the killed process, ${servedBy.survivor} to the survivor; ${burst.summary()}; ${emails}`,
    );
  });
});
