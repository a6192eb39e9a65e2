import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.js';
import { openSqlite } from '../src/server/database/sqlite.js';
import type { Db } from '../src/server/db.js';
import { LEASE_MS, messageIdOf } from '../src/server/mail/outbox.js';
import { parseMessage, startSmtpServer, type TestSmtpServer } from '../src/server/testing/mail-kit.js';
import { createSession } from '../src/server/modules/account/sessions.js';
import { companyHours } from '../src/server/testing/ledger-sums.js';
import { createCompany, createPackage, createUser } from '../src/server/testing/factories.js';
import { hoursToHundredths } from '../src/shared/hours.js';
import { countsTowardBalance } from '../src/shared/payments.js';
import { invoiceStatusOf, isPaidInFull } from '../src/shared/pricing.js';
import { eventually } from './support/page.js';
import { startServer, type RunningServer } from './support/server.js';

/*
 * Crash safety of the whole process. Customers and the provider send a burst of writes through
 * /api; the server is killed with SIGKILL while requests are in flight and restarted on the same data
 * folder. Then every write the server acknowledged is there (and every acknowledged delete is gone),
 * the figures each company row keeps equal its ledger, every invoice's status and hours follow its
 * counted payments, and every queued email reaches the SMTP server exactly once. The one exception
 * is an email the dying process was handing over at the kill: it may arrive twice, and then both
 * copies carry the same Message-ID.
 */

const COMPANIES = 24;
/** The kill comes after this many acknowledged writes (plus a little, so the moment varies). */
const KILL_AFTER = 900;
const PURCHASES_PER_CUSTOMER = 12;
const TASKS_PER_CUSTOMER = 25;
const PROVIDER_WORKERS = 6;
const FROM = '"Hourbank Test Consulting" <billing@hourbank.test>';

type Customer = { companyId: string; token: string; email: string };
type Purchase = { invoiceId: string; companyId: string; priceCents: number };

/** What the server acknowledged (answered 2xx) before the kill. */
const acknowledged = {
  purchases: [] as Purchase[],
  payments: [] as { paymentId: string; invoiceId: string; amountCents: number; status: string }[],
  timeLogs: new Map<string, { companyId: string; hundredths: number }>(),
  deletedTimeLogs: [] as string[],
  tasks: [] as { taskId: string; companyId: string; title: string }[],
  balanceEmails: [] as { companyId: string }[],
};
const acknowledgedCount = () =>
  acknowledged.purchases.length +
  acknowledged.payments.length +
  acknowledged.timeLogs.size +
  acknowledged.deletedTimeLogs.length +
  acknowledged.tasks.length +
  acknowledged.balanceEmails.length;

let smtp: TestSmtpServer;
const serverEnv = () => ({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: FROM });
let server: RunningServer;
let restarted: RunningServer | undefined;
let superAdminToken: string;
const customers: Customer[] = [];
let refused = 0;
let unanswered = 0;

/** A small seeded generator, so each worker's mix of operations is varied but repeatable. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One REST call; resolves with the JSON of a 2xx answer, or undefined when refused or cut off. */
async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T | undefined> {
  try {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { jwttoken: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.ok) return (text ? JSON.parse(text) : null) as T;
    if (response.status >= 500) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    refused += 1;
    return undefined;
  } catch (error) {
    if (error instanceof Error && error.message.includes(' answered ')) throw error;
    unanswered += 1; // the connection died with the process: not acknowledged
    return undefined;
  }
}

let killed = false;
let killing: Promise<void> | undefined;
let killedAt = 0;
const killPoint = KILL_AFTER + Math.floor(Math.random() * 200);

/** Kills the server the moment enough writes are acknowledged; the other calls are still in flight. */
function killWhenDue(): void {
  if (killing || acknowledgedCount() < killPoint) return;
  killedAt = Date.now();
  killing = server.crash().then(() => {
    killed = true;
  });
}

async function customerWorker(customer: Customer, packageId: string, seed: number): Promise<void> {
  const random = randomFrom(seed);
  let purchases = 0;
  let taskCount = 0;
  while (!killing && (purchases < PURCHASES_PER_CUSTOMER || taskCount < TASKS_PER_CUSTOMER)) {
    if (purchases < PURCHASES_PER_CUSTOMER && (taskCount >= TASKS_PER_CUSTOMER || random() < 0.35)) {
      purchases += 1;
      const answer = await call<{ newInvoice: { _id: string; price: number } }>(customer.token, 'POST', '/invoices/purchase', { packageId, paymentOption: 'ACH' });
      if (answer) acknowledged.purchases.push({ invoiceId: answer.newInvoice._id, companyId: customer.companyId, priceCents: Math.round(answer.newInvoice.price * 100) });
    } else {
      taskCount += 1;
      const title = `Crash task ${seed}-${taskCount}`;
      const answer = await call<{ _id: string }>(customer.token, 'POST', '/tasks', { title, description: 'Written during the burst' });
      if (answer) acknowledged.tasks.push({ taskId: answer._id, companyId: customer.companyId, title });
    }
    killWhenDue();
  }
}

/** Invoices acknowledged and not yet handed to a provider worker for payment. */
let nextToPay = 0;

async function providerWorker(seed: number): Promise<void> {
  const random = randomFrom(seed);
  let logs = 0;
  while (!killing) {
    const roll = random();
    const customer = customers[Math.floor(random() * customers.length)]!;
    if (roll < 0.35 && nextToPay < acknowledged.purchases.length) {
      await payInvoice(acknowledged.purchases[nextToPay++]!, random);
    } else if (roll < 0.8) {
      logs += 1;
      const hours = 0.25 + Math.floor(random() * 12) / 4;
      const answer = await call<{ _id: string }>(superAdminToken, 'POST', '/superadmin/timelogs', {
        company: customer.companyId,
        timeStamp: new Date(Date.now() - logs * 60_000).toISOString(),
        invertedHours: hours,
        description: `Crash work ${seed}-${logs}`,
        emailClient: random() < 0.3,
      });
      if (answer) acknowledged.timeLogs.set(answer._id, { companyId: customer.companyId, hundredths: hoursToHundredths(hours) });
    } else if (roll < 0.86 && acknowledged.timeLogs.size > 0) {
      const [logId] = [...acknowledged.timeLogs.keys()].slice(-1);
      acknowledged.timeLogs.delete(logId!);
      const answer = await call<null>(superAdminToken, 'DELETE', `/superadmin/timelogs/${logId}`);
      if (answer !== undefined) acknowledged.deletedTimeLogs.push(logId!);
    } else {
      const answer = await call<{ message: string }>(superAdminToken, 'PUT', `/superadmin/companies/email/runningLow/${customer.companyId}`);
      if (answer) acknowledged.balanceEmails.push({ companyId: customer.companyId });
    }
    killWhenDue();
  }
}

/** Pays an invoice in full, in two halves, or records a failed payment that must not count. */
async function payInvoice(purchase: Purchase, random: () => number): Promise<void> {
  const roll = random();
  const parts =
    roll < 0.5
      ? [{ cents: purchase.priceCents, status: 'completed' }]
      : roll < 0.8
        ? [
            { cents: Math.floor(purchase.priceCents / 2), status: 'completed' },
            { cents: purchase.priceCents - Math.floor(purchase.priceCents / 2), status: 'completed' },
          ]
        : [{ cents: purchase.priceCents, status: 'failed' }];
  for (const part of parts) {
    const answer = await call<{ _id: string }>(superAdminToken, 'POST', '/superadmin/payments', {
      company: purchase.companyId,
      invoice: purchase.invoiceId,
      amount: part.cents / 100,
      method: 'ACH',
      status: part.status,
      sendEmail: part.status === 'completed',
    });
    if (!answer) return;
    acknowledged.payments.push({ paymentId: answer._id, invoiceId: purchase.invoiceId, amountCents: part.cents, status: part.status });
  }
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer(serverEnv());
  const db = server.database.db;
  const provider = await createUser(db, { role: 'superadmin', companyId: null });
  superAdminToken = (await createSession(db, provider.id, new Date())).token;
  for (let n = 0; n < COMPANIES; n += 1) {
    const company = await createCompany(db, { companyName: `Crash Co ${n}` });
    const admin = await createUser(db, { role: 'admin', companyId: company.id });
    customers.push({ companyId: company.id, token: (await createSession(db, admin.id, new Date())).token, email: admin.emailAddress });
  }
});

afterAll(async () => {
  await restarted?.stop();
  if (!restarted) await server?.stop();
  await smtp?.close();
});

describe('a crash in the middle of a write burst', () => {
  it('keeps every acknowledged write, consistent figures, and delivers every queued email once', { timeout: 240_000 }, async () => {
    const packageId = (await createPackage(server.database.db)).id;
    const workers = [
      ...customers.map((customer, n) => customerWorker(customer, packageId, n + 1)),
      ...Array.from({ length: PROVIDER_WORKERS }, (_, n) => providerWorker(1000 + n)),
    ];
    await Promise.all(workers);
    expect(killing, `the burst ended after ${acknowledgedCount()} acknowledged writes, before the kill point ${killPoint}`).toBeDefined();
    await killing;
    expect(killed).toBe(true);

    // The outbox as the dead process left it: an email it had claimed (lease in the future) was being sent.
    const config = loadConfig({ ...process.env, DATA_DIR: server.dataDir });
    const leftBehind = openSqlite(config.databasePath);
    const { outbox } = leftBehind.db.t;
    const inFlightAtKill = new Set(
      (await leftBehind.db.select({ id: outbox.id, status: outbox.status, nextAttemptAt: outbox.nextAttemptAt }).from(outbox))
        .filter((row) => row.status === 'pending' && row.nextAttemptAt.getTime() > killedAt)
        .map((row) => row.id),
    );
    await leftBehind.close();

    restarted = await startServer(serverEnv(), { dataDir: server.dataDir });
    const db = restarted.database.db;

    await expectAcknowledgedWritesPresent(db);
    await expectFiguresMatchLedger(db);
    await expectInvoicesFollowPayments(db);

    // Emails claimed at the kill are due again when their lease runs out; the rest go at once.
    await eventually(async () => (await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, 'pending'))).length, LEASE_MS + 30_000).toBe(0);
    const queued = await db.select().from(outbox);
    expect(queued.filter((row) => row.status !== 'sent')).toEqual([]);
    const received = new Map<string, number>();
    for (const message of smtp.messages) {
      const id = parseMessage(message.raw).headers['message-id'] ?? '';
      received.set(id, (received.get(id) ?? 0) + 1);
    }
    const byMessageId = new Map(queued.map((row) => [messageIdOf(row.id, FROM), row.id]));
    expect([...received.keys()].filter((id) => !byMessageId.has(id)), 'messages that no outbox row sent').toEqual([]);
    const missing = queued.filter((row) => !received.has(messageIdOf(row.id, FROM)));
    expect(missing.map((row) => row.subject), 'queued emails that never arrived').toEqual([]);
    const twice = [...received].filter(([, times]) => times > 1).map(([id]) => byMessageId.get(id)!);
    expect(twice.filter((id) => !inFlightAtKill.has(id)), 'emails sent twice that were not being sent at the kill').toEqual([]);
    expect(Math.max(0, ...received.values())).toBeLessThanOrEqual(2);

    // Acknowledged balance emails were queued for their company's admins.
    for (const customer of customers) {
      const sent = acknowledged.balanceEmails.filter((email) => email.companyId === customer.companyId).length;
      const balanceEmails = queued.filter((row) => row.toAddresses.includes(customer.email) && /balance/i.test(row.subject)).length;
      expect(balanceEmails, `balance emails to ${customer.email}`).toBeGreaterThanOrEqual(sent);
    }

    console.log(
      `crash test: ${acknowledgedCount()} acknowledged writes checked (${acknowledged.purchases.length} purchases, ${acknowledged.payments.length} payments, ` +
        `${acknowledged.timeLogs.size} time logs, ${acknowledged.deletedTimeLogs.length} deletions, ${acknowledged.tasks.length} tasks, ${acknowledged.balanceEmails.length} balance emails); ` +
        `${unanswered} calls cut off by the kill, ${refused} refused; ${queued.length} emails delivered, ${inFlightAtKill.size} in flight at the kill, ${twice.length} of them sent twice`,
    );
  });
});

async function expectAcknowledgedWritesPresent(db: Db): Promise<void> {
  const { activities, invoices, payments, tasks, timeLogs } = db.t;
  for (const purchase of acknowledged.purchases) {
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, purchase.invoiceId));
    expect(invoice, `invoice ${purchase.invoiceId}`).toMatchObject({ companyId: purchase.companyId, priceCents: purchase.priceCents });
    expect((await db.select().from(activities).where(eq(activities.invoiceId, purchase.invoiceId)).limit(1))[0], `hours of invoice ${purchase.invoiceId}`).toBeDefined();
  }
  for (const payment of acknowledged.payments) {
    const [row] = await db.select().from(payments).where(eq(payments.id, payment.paymentId));
    expect(row, `payment ${payment.paymentId}`).toMatchObject({ invoiceId: payment.invoiceId, amountCents: payment.amountCents, status: payment.status });
  }
  for (const [logId, log] of acknowledged.timeLogs) {
    expect((await db.select().from(timeLogs).where(eq(timeLogs.id, logId)))[0], `time log ${logId}`).toMatchObject({ companyId: log.companyId });
    const [entry] = await db.select().from(activities).where(eq(activities.timeLogId, logId)).limit(1);
    expect(entry, `ledger entry of time log ${logId}`).toMatchObject({ companyId: log.companyId, hundredths: -log.hundredths, status: 'completed' });
  }
  for (const logId of acknowledged.deletedTimeLogs) {
    expect((await db.select().from(timeLogs).where(eq(timeLogs.id, logId)))[0], `deleted time log ${logId}`).toBeUndefined();
    expect((await db.select().from(activities).where(eq(activities.timeLogId, logId)).limit(1))[0], `ledger entry of deleted time log ${logId}`).toBeUndefined();
  }
  for (const task of acknowledged.tasks) {
    expect((await db.select().from(tasks).where(eq(tasks.id, task.taskId)))[0], `task ${task.taskId}`).toMatchObject({ companyId: task.companyId, title: task.title });
  }
}

async function expectFiguresMatchLedger(db: Db): Promise<void> {
  const { companies, tasks } = db.t;
  for (const company of await db.select().from(companies)) {
    const ledger = await companyHours(db, company.id);
    expect({ balance: company.balanceHundredths, pending: company.pendingHundredths }, `hours of ${company.companyName}`).toEqual(ledger);
    const open = (await db.select().from(tasks).where(eq(tasks.companyId, company.id))).filter((task) => !task.done && !task.deleted).length;
    expect(company.openTasks, `open tasks of ${company.companyName}`).toBe(open);
  }
}

async function expectInvoicesFollowPayments(db: Db): Promise<void> {
  const { activities, invoices, payments } = db.t;
  for (const invoice of await db.select().from(invoices)) {
    const counted = (await db.select().from(payments).where(eq(payments.invoiceId, invoice.id))).filter((payment) => countsTowardBalance(payment.status));
    const paid = counted.reduce((sum, payment) => sum + payment.amountCents, 0);
    expect(invoice.paidCents, `paid total of invoice ${invoice.invoiceNumber}`).toBe(paid);
    const complete = isPaidInFull(invoice.priceCents - paid);
    expect({ status: invoice.status, complete: invoice.completeStatus }, `invoice ${invoice.invoiceNumber}`).toEqual({
      status: invoiceStatusOf(invoice.priceCents, paid),
      complete,
    });
    const [hours] = await db.select().from(activities).where(eq(activities.invoiceId, invoice.id)).limit(1);
    expect(hours?.status, `hours of invoice ${invoice.invoiceNumber}`).toBe(complete ? 'completed' : 'pending');
  }
}
