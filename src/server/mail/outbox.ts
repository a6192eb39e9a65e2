import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { outbox } from '../../../drizzle/schema.js';
import type { Db, Tx } from '../db.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { inChunks } from '../lib/many-rows.js';
import type { WriteScope } from '../database/port.js';
import type { MailTransport } from './transport.js';

/**
 * The turn of the worker's own writes (port.ts, WriteScope): each changes outbox rows only, in one
 * statement whose conditions make it safe on its own (a claim takes an email only as it was read),
 * so the worker never waits for the companies' writes, nor they for it.
 */
const OUTBOX_TURN: WriteScope = { turn: 'outbox' };

export type EmailAttachment = { filename: string; contentType: string; source: string };
export type Email = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
  /** The bodies carry a single-use link: keep them only until the email is sent or given up. */
  clearAfterSend?: boolean;
};

/** Turns an attachment's source key (e.g. "invoice-pdf:<id>") into its bytes at send time. */
export type AttachmentResolver = (source: string) => Promise<Buffer>;

export const MAX_ATTEMPTS = 20;
/** Emails per insert statement of enqueueAll. */
const ENQUEUE_BATCH = 50;
/** What is left of the bodies of an email with a single-use link once it has been sent. */
export const CLEARED_BODY = 'Cleared after sending: this email carried a single-use link.';
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
const BATCH = 50;
/** Emails one worker sends at once, over the transport's pooled connections. */
export const SEND_CONCURRENCY = 8;
/**
 * How long a claim on an email lasts unless renewed. The worker renews the claims of the emails it
 * is sending every third of it, so a live worker keeps them however slow the server; after a crash
 * nobody renews them, and the next worker sends them within a minute of its start.
 */
export const LEASE_MS = 60_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

type OutboxOptions = {
  db: Db;
  clock: Clock;
  transport: MailTransport;
  /** The sender, asked at each delivery: the provider may change it on the Settings page at any time. */
  from: () => Promise<string>;
  resolveAttachment?: AttachmentResolver;
  logger?: FastifyBaseLogger;
  pollMs?: number;
};

/**
 * The email outbox. enqueue() writes inside the caller's transaction, so an email exists
 * exactly when the change that caused it was committed. The worker delivers due emails,
 * retrying with exponential backoff; an email that fails MAX_ATTEMPTS times is kept as 'failed'.
 */
export class Outbox {
  private timer: NodeJS.Timeout | undefined;
  /** The pass in progress, if any. */
  private running: Promise<number> | undefined;
  /** One more pass, asked for while another was running; it starts when that one ends. */
  private queued: Promise<number> | undefined;
  private stopped = true;
  /** Emails this worker has claimed and is sending, whose leases it renews. */
  private readonly inFlight = new Set<string>();
  private leaseTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: OutboxOptions) {}

  /** Queues the email in the caller's transaction; its id, or undefined when it has no recipients. */
  async enqueue(tx: Tx, email: Email): Promise<string | undefined> {
    const [id] = await this.enqueueAll(tx, [email]);
    return id;
  }

  /**
   * Queues the emails in the caller's transaction, a few dozen per statement: for work that sends
   * many at once. Their ids, in order; undefined for an email with no recipients, which is not queued.
   */
  async enqueueAll(tx: Tx, emails: readonly Email[]): Promise<(string | undefined)[]> {
    const now = this.options.clock.now();
    const rows: (typeof outbox.$inferInsert)[] = [];
    const ids = emails.map((email) => {
      const recipients = uniqueAddresses(email.to);
      if (recipients.length === 0) {
        this.options.logger?.warn({ subject: email.subject }, 'email has no recipients; not queued');
        return undefined;
      }
      const row = {
        id: newId(),
        toAddresses: recipients.join(', '),
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html,
        attachments: email.attachments ?? [],
        clearAfterSend: email.clearAfterSend ?? false,
        nextAttemptAt: now,
        createdAt: now,
      };
      rows.push(row);
      return row.id;
    });
    await inChunks(rows, ENQUEUE_BATCH, (chunk) => tx.insert(tx.t.outbox).values(chunk));
    if (rows.length > 0) tx.afterCommit(() => this.wake());
    return ids;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const pollMs = this.options.pollMs ?? 5_000;
    this.timer = setInterval(() => this.wake(), pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops the worker and waits for the delivery in flight; the database may be closed afterwards. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    for (let pass = this.queued ?? this.running; pass; pass = this.queued ?? this.running) {
      await pass.catch(() => 0);
    }
  }

  /** Asks the worker to look for due emails soon: after the current transaction has committed. */
  wake(): void {
    if (this.stopped) return;
    setImmediate(() => {
      if (this.stopped) return;
      this.deliverDue().catch((error: unknown) => {
        this.options.logger?.error({ err: error }, 'email worker failed; will try again');
      });
    });
  }

  /**
   * Delivers every email due now; resolves with how many were sent. A call made while a pass
   * is running waits for it and then makes one more pass, so it also sees emails queued meanwhile.
   */
  deliverDue(): Promise<number> {
    if (!this.running) {
      this.running = this.deliverBatches().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => 0)
      .then(() => {
        this.queued = undefined;
        return this.deliverDue();
      });
    return this.queued;
  }

  private async deliverBatches(): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await this.dueEmails();
      const claimed = [];
      for (const row of due) if (await this.claim(row)) claimed.push(row);
      sent += await this.deliverAll(claimed);
      if (due.length < BATCH) return sent;
    }
  }

  /** Sends the claimed emails, SEND_CONCURRENCY at a time, renewing their leases meanwhile. */
  private async deliverAll(rows: (typeof outbox.$inferSelect)[]): Promise<number> {
    let sent = 0;
    let next = 0;
    for (const row of rows) this.inFlight.add(row.id);
    this.leaseTimer ??= setInterval(() => void this.renewLeases().catch((error: unknown) => this.options.logger?.warn({ err: error }, 'could not renew the leases of the emails being sent')), LEASE_MS / 3).unref();
    const sender = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        try {
          if (await this.deliver(row)) sent += 1;
        } finally {
          this.inFlight.delete(row.id);
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, rows.length) }, sender));
    } finally {
      if (this.inFlight.size === 0 && this.leaseTimer) {
        clearInterval(this.leaseTimer);
        this.leaseTimer = undefined;
      }
    }
    return sent;
  }

  /** Pushes the leases of the emails being sent a LEASE_MS ahead, so no other worker takes them. */
  async renewLeases(): Promise<void> {
    if (this.inFlight.size === 0) return;
    const { db, clock } = this.options;
    const { outbox } = db.t;
    const ids = [...this.inFlight];
    await db.transaction((tx) =>
      tx
        .update(outbox)
        .set({ nextAttemptAt: new Date(clock.now().getTime() + LEASE_MS) })
        .where(and(inArray(outbox.id, ids), eq(outbox.status, 'pending'))),
      OUTBOX_TURN,
    );
  }

  private dueEmails(): Promise<(typeof outbox.$inferSelect)[]> {
    const now = this.options.clock.now();
    const { db } = this.options;
    const { outbox } = db.t;
    return db
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(BATCH);
  }

  /**
   * Takes a due email for this pass by moving its next attempt a lease ahead, so another worker
   * on the same database (a second process, a script) skips it; if this process dies while
   * sending, the email is due again once the lease has run out (at most LEASE_MS).
   */
  private async claim(row: typeof outbox.$inferSelect): Promise<boolean> {
    const { db, clock } = this.options;
    const { outbox } = db.t;
    const taken = await db.transaction((tx) =>
      tx
        .update(outbox)
        .set({ nextAttemptAt: new Date(clock.now().getTime() + LEASE_MS) })
        .where(
          and(
            eq(outbox.id, row.id),
            eq(outbox.status, 'pending'),
            eq(outbox.attempts, row.attempts),
            eq(outbox.nextAttemptAt, row.nextAttemptAt),
          ),
        )
        .returning({ id: outbox.id }),
      OUTBOX_TURN,
    );
    return taken.length === 1;
  }

  private async deliver(row: typeof outbox.$inferSelect): Promise<boolean> {
    const { db, clock, transport, resolveAttachment, logger } = this.options;
    const { outbox } = db.t;
    const from = await this.options.from();
    try {
      const attachments = await Promise.all(
        row.attachments.map(async (attachment) => {
          if (!resolveAttachment) throw new Error(`no resolver for attachment ${attachment.source}`);
          return { ...attachment, content: await resolveAttachment(attachment.source) };
        }),
      );
      await transport.send({
        messageId: messageIdOf(row.id, from),
        from,
        to: row.toAddresses.split(', '),
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        attachments,
      });
      await db.transaction((tx) =>
        tx
          .update(outbox)
          .set({ status: 'sent', sentAt: clock.now(), attempts: row.attempts + 1, lastError: null, ...clearedBodies(row) })
          .where(eq(outbox.id, row.id)),
        OUTBOX_TURN,
      );
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      const gaveUp = attempts >= MAX_ATTEMPTS;
      const message = error instanceof Error ? error.message : String(error);
      await db.transaction((tx) =>
        tx
          .update(outbox)
          .set({
            attempts,
            lastError: message,
            status: gaveUp ? 'failed' : 'pending',
            nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(attempts)),
            ...(gaveUp ? clearedBodies(row) : {}),
          })
          .where(eq(outbox.id, row.id)),
        OUTBOX_TURN,
      );
      logger?.[gaveUp ? 'error' : 'warn'](
        { emailId: row.id, attempts, err: message },
        gaveUp ? 'email delivery failed for good' : 'email delivery failed; will retry',
      );
      return false;
    }
  }
}

/**
 * The Message-ID of an outbox email: its row id at the sender's domain. A crash between the SMTP
 * server's acceptance and the row being marked sent makes the email go out again after the restart;
 * with the same Message-ID, mail systems and people can see it is the same email.
 */
export function messageIdOf(emailId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'hourbank.invalid';
  return `<${emailId}@${domain}>`;
}

/** Bodies that no longer hold the link of a sent (or abandoned) single-use email; nothing otherwise. */
function clearedBodies(row: typeof outbox.$inferSelect): { textBody?: string; htmlBody?: string } {
  return row.clearAfterSend ? { textBody: CLEARED_BODY, htmlBody: `<p>${CLEARED_BODY}</p>` } : {};
}

/** Trimmed, without blanks, each mailbox once (addresses compared ignoring case); first spelling kept. */
function uniqueAddresses(addresses: string[]): string[] {
  const seen = new Set<string>();
  const unique: string[] = [];
  for (const raw of addresses) {
    const address = raw.trim();
    const key = address.toLowerCase();
    if (!address || seen.has(key)) continue;
    seen.add(key);
    unique.push(address);
  }
  return unique;
}
