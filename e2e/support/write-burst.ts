import { and, eq, gt } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db.js';
import { messageIdOf } from '../../src/server/mail/outbox.js';
import { createSession } from '../../src/server/modules/account/sessions.js';
import { createCompany, createUser } from '../../src/server/testing/factories.js';
import { companyHours } from '../../src/server/testing/ledger-sums.js';
import { parseMessage, type TestSmtpServer } from '../../src/server/testing/mail-kit.js';
import { hoursToHundredths } from '../../src/shared/hours.js';
import { countsTowardBalance } from '../../src/shared/payments.js';
import { invoiceStatusOf, isPaidInFull } from '../../src/shared/pricing.js';

/*
 * A burst of writes through /api from many customers and the provider at once (purchases, payments
 * in full, in halves and failed, time logs with and without an email, deletions, tasks, balance
 * emails), recording what the server acknowledged, and the checks that all of it survived a kill:
 * every acknowledged write is there, the figures each company row keeps equal its ledger, every
 * invoice follows its counted payments, and every queued email reached the SMTP server once.
 */

export type Customer = { companyId: string; token: string; email: string };
type Purchase = { invoiceId: string; companyId: string; priceCents: number };

export type Acknowledged = {
  purchases: Purchase[];
  payments: { paymentId: string; invoiceId: string; amountCents: number; status: string }[];
  timeLogs: Map<string, { companyId: string; hundredths: number }>;
  deletedTimeLogs: string[];
  tasks: { taskId: string; companyId: string; title: string }[];
  balanceEmails: { companyId: string }[];
};

const PURCHASES_PER_CUSTOMER = 12;
// under the limit of 30 task changes a minute per user, which counts across processes
const TASKS_PER_CUSTOMER = 25;

/** The provider and `companies` customer companies with an admin each, signed in. */
export async function burstAccounts(db: Db, companies: number): Promise<{ superAdminToken: string; customers: Customer[] }> {
  const provider = await createUser(db, { role: 'superadmin', companyId: null });
  const superAdminToken = (await createSession(db, provider.id, new Date())).token;
  const customers: Customer[] = [];
  for (let n = 0; n < companies; n += 1) {
    const company = await createCompany(db, { companyName: `Burst Co ${n}` });
    const admin = await createUser(db, { role: 'admin', companyId: company.id });
    customers.push({ companyId: company.id, token: (await createSession(db, admin.id, new Date())).token, email: admin.emailAddress });
  }
  return { superAdminToken, customers };
}

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

type BurstOptions = {
  customers: Customer[];
  superAdminToken: string;
  /** The server the next call goes to. */
  nextServer: () => string;
  /** Whether the workers start another write. */
  keepGoing: () => boolean;
  /** Called after every write, answered or not. */
  afterWrite: () => void;
};

export class WriteBurst {
  readonly acknowledged: Acknowledged = { purchases: [], payments: [], timeLogs: new Map(), deletedTimeLogs: [], tasks: [], balanceEmails: [] };
  /** Calls answered with a 4xx. */
  refused = 0;
  /** Calls whose connection died with a process: not acknowledged. */
  unanswered = 0;
  /** Invoices acknowledged and not yet handed to a provider worker for payment. */
  private nextToPay = 0;

  constructor(private readonly options: BurstOptions) {}

  acknowledgedCount(): number {
    const { purchases, payments, timeLogs, deletedTimeLogs, tasks, balanceEmails } = this.acknowledged;
    return purchases.length + payments.length + timeLogs.size + deletedTimeLogs.length + tasks.length + balanceEmails.length;
  }

  summary(): string {
    const { purchases, payments, timeLogs, deletedTimeLogs, tasks, balanceEmails } = this.acknowledged;
    return (
      `${this.acknowledgedCount()} acknowledged writes checked (${purchases.length} purchases, ${payments.length} payments, ` +
      `${timeLogs.size} time logs, ${deletedTimeLogs.length} deletions, ${tasks.length} tasks, ${balanceEmails.length} balance emails); ` +
      `${this.unanswered} calls cut off by the kill, ${this.refused} refused`
    );
  }

  /** Runs every customer's worker and `providerWorkers` provider workers until keepGoing() says stop. */
  run(packageId: string, providerWorkers: number): Promise<unknown> {
    return Promise.all([
      ...this.options.customers.map((customer, n) => this.customerWorker(customer, packageId, n + 1)),
      ...Array.from({ length: providerWorkers }, (_, n) => this.providerWorker(1000 + n)),
    ]);
  }

  /** One REST call; resolves with the JSON of a 2xx answer, or undefined when refused or cut off. */
  private async call<T>(token: string, method: string, path: string, body?: unknown): Promise<T | undefined> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.options.nextServer()}/api${path}`, {
        method,
        headers: { jwttoken: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      text = await response.text();
    } catch {
      this.unanswered += 1;
      return undefined;
    }
    if (response.ok) return (text ? JSON.parse(text) : null) as T;
    if (response.status >= 500) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    this.refused += 1;
    return undefined;
  }

  private async customerWorker(customer: Customer, packageId: string, seed: number): Promise<void> {
    const random = randomFrom(seed);
    let purchases = 0;
    let taskCount = 0;
    const { acknowledged } = this;
    while (this.options.keepGoing() && (purchases < PURCHASES_PER_CUSTOMER || taskCount < TASKS_PER_CUSTOMER)) {
      if (purchases < PURCHASES_PER_CUSTOMER && (taskCount >= TASKS_PER_CUSTOMER || random() < 0.35)) {
        purchases += 1;
        const answer = await this.call<{ newInvoice: { _id: string; price: number } }>(customer.token, 'POST', '/invoices/purchase', { packageId, paymentOption: 'ACH' });
        if (answer) acknowledged.purchases.push({ invoiceId: answer.newInvoice._id, companyId: customer.companyId, priceCents: Math.round(answer.newInvoice.price * 100) });
      } else {
        taskCount += 1;
        const title = `Burst task ${seed}-${taskCount}`;
        const answer = await this.call<{ _id: string }>(customer.token, 'POST', '/tasks', { title, description: 'Written during the burst' });
        if (answer) acknowledged.tasks.push({ taskId: answer._id, companyId: customer.companyId, title });
      }
      this.options.afterWrite();
    }
  }

  private async providerWorker(seed: number): Promise<void> {
    const random = randomFrom(seed);
    const { acknowledged, options } = this;
    let logs = 0;
    while (options.keepGoing()) {
      const roll = random();
      const customer = options.customers[Math.floor(random() * options.customers.length)]!;
      if (roll < 0.35 && this.nextToPay < acknowledged.purchases.length) {
        await this.payInvoice(acknowledged.purchases[this.nextToPay++]!, random);
      } else if (roll < 0.8) {
        logs += 1;
        const hours = 0.25 + Math.floor(random() * 12) / 4;
        const answer = await this.call<{ _id: string }>(options.superAdminToken, 'POST', '/superadmin/timelogs', {
          company: customer.companyId,
          timeStamp: new Date(Date.now() - logs * 60_000).toISOString(),
          invertedHours: hours,
          description: `Burst work ${seed}-${logs}`,
          emailClient: random() < 0.3,
        });
        if (answer) acknowledged.timeLogs.set(answer._id, { companyId: customer.companyId, hundredths: hoursToHundredths(hours) });
      } else if (roll < 0.86 && acknowledged.timeLogs.size > 0) {
        // unanswered, the deletion may or may not have happened: the log is checked neither way
        const [logId] = [...acknowledged.timeLogs.keys()].slice(-1);
        acknowledged.timeLogs.delete(logId!);
        const answer = await this.call<null>(options.superAdminToken, 'DELETE', `/superadmin/timelogs/${logId}`);
        if (answer !== undefined) acknowledged.deletedTimeLogs.push(logId!);
      } else {
        const answer = await this.call<{ message: string }>(options.superAdminToken, 'PUT', `/superadmin/companies/email/runningLow/${customer.companyId}`);
        if (answer) acknowledged.balanceEmails.push({ companyId: customer.companyId });
      }
      options.afterWrite();
    }
  }

  /** Pays an invoice in full, in two halves, or records a failed payment that must not count. */
  private async payInvoice(purchase: Purchase, random: () => number): Promise<void> {
    const roll = random();
    const half = Math.floor(purchase.priceCents / 2);
    const parts =
      roll < 0.5
        ? [{ cents: purchase.priceCents, status: 'completed' }]
        : roll < 0.8
          ? [
              { cents: half, status: 'completed' },
              { cents: purchase.priceCents - half, status: 'completed' },
            ]
          : [{ cents: purchase.priceCents, status: 'failed' }];
    for (const part of parts) {
      const answer = await this.call<{ _id: string }>(this.options.superAdminToken, 'POST', '/superadmin/payments', {
        company: purchase.companyId,
        invoice: purchase.invoiceId,
        amount: part.cents / 100,
        method: 'ACH',
        status: part.status,
        sendEmail: part.status === 'completed',
      });
      if (!answer) return;
      this.acknowledged.payments.push({ paymentId: answer._id, invoiceId: purchase.invoiceId, amountCents: part.cents, status: part.status });
    }
  }
}

/** The emails a worker had claimed at `instant` (their lease runs past it): a process killed then was sending them. */
export async function emailsClaimedAt(db: Db, instant: number): Promise<Set<string>> {
  const { outbox } = db.t;
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), gt(outbox.nextAttemptAt, new Date(instant))));
  return new Set(rows.map((row) => row.id));
}

export async function expectAcknowledgedWritesPresent(db: Db, acknowledged: Acknowledged): Promise<void> {
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

export async function expectFiguresMatchLedger(db: Db): Promise<void> {
  const { companies, tasks } = db.t;
  for (const company of await db.select().from(companies)) {
    const ledger = await companyHours(db, company.id);
    expect({ balance: company.balanceHundredths, pending: company.pendingHundredths }, `hours of ${company.companyName}`).toEqual(ledger);
    const open = (await db.select().from(tasks).where(eq(tasks.companyId, company.id))).filter((task) => !task.done && !task.deleted).length;
    expect(company.openTasks, `open tasks of ${company.companyName}`).toBe(open);
  }
}

export async function expectInvoicesFollowPayments(db: Db): Promise<void> {
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

/**
 * Once the outbox is drained: every queued email was sent and reached the SMTP server, nothing
 * arrived that no email of the outbox sent, and only an email in `claimedAtKill` (being handed
 * over when a process died) arrived twice, both times with the same Message-ID (and once from the
 * killed process, when it signs its emails apart). Every acknowledged
 * balance email was queued for its company's admin. Resolves with a line of figures.
 */
export async function expectEachEmailSentOnce(
  db: Db,
  smtp: TestSmtpServer,
  from: string,
  options: {
    claimedAtKill: Set<string>;
    customers: Customer[];
    acknowledged: Acknowledged;
    /** With several processes, the sender name of the killed one's emails: one copy of an email sent twice must be its. */
    killedSender?: string;
  },
): Promise<string> {
  const queued = await db.select().from(db.t.outbox);
  expect(queued.filter((row) => row.status !== 'sent')).toEqual([]);
  const received = new Map<string, number>();
  const senders = new Map<string, string[]>();
  for (const message of smtp.messages) {
    const { headers } = parseMessage(message.raw);
    const id = headers['message-id'] ?? '';
    received.set(id, (received.get(id) ?? 0) + 1);
    senders.set(id, [...(senders.get(id) ?? []), headers.from ?? '']);
  }
  const byMessageId = new Map(queued.map((row) => [messageIdOf(row.id, from), row.id]));
  expect([...received.keys()].filter((id) => !byMessageId.has(id)), 'messages that no outbox row sent').toEqual([]);
  const missing = queued.filter((row) => !received.has(messageIdOf(row.id, from)));
  expect(missing.map((row) => row.subject), 'queued emails that never arrived').toEqual([]);
  const twice = [...received].filter(([, times]) => times > 1).map(([id]) => byMessageId.get(id)!);
  expect(twice.filter((id) => !options.claimedAtKill.has(id)), 'emails sent twice that were not being sent at the kill').toEqual([]);
  if (options.killedSender) {
    const notByKilled = [...received].filter(([id, times]) => times > 1 && !senders.get(id)!.some((from) => from.includes(options.killedSender!)));
    expect(notByKilled.map(([id]) => id), 'emails sent twice, neither time by the killed process').toEqual([]);
  }
  expect(Math.max(0, ...received.values())).toBeLessThanOrEqual(2);

  for (const customer of options.customers) {
    const sent = options.acknowledged.balanceEmails.filter((email) => email.companyId === customer.companyId).length;
    const balanceEmails = queued.filter((row) => row.toAddresses.includes(customer.email) && /balance/i.test(row.subject)).length;
    expect(balanceEmails, `balance emails to ${customer.email}`).toBeGreaterThanOrEqual(sent);
  }
  return `${queued.length} emails delivered, ${options.claimedAtKill.size} claimed at the kill, ${twice.length} of them sent twice`;
}
