import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { outbox } from '../../../drizzle/schema.js';
import type { Db, Tx } from '../db.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { inChunks } from '../lib/many-rows.js';
import { backoffDelayMs, LeasedWorker, type LeasedRow } from '../lib/leased-worker.js';
import type { MailTransport } from './transport.js';

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
/** Emails one worker sends at once, over the transport's pooled connections. */
export const SEND_CONCURRENCY = 8;
/**
 * How long a claim on an email lasts unless renewed (leased-worker.ts): a live worker keeps the
 * emails it is sending however slow the server; after a crash the next worker sends them within
 * a minute of its start.
 */
export { LEASE_MS } from '../lib/leased-worker.js';

/**
 * The turn of the worker's own writes (port.ts, WriteScope): each changes outbox rows only, in one
 * statement whose conditions make it safe on its own (a claim takes an email only as it was read),
 * so the worker never waits for the companies' writes, nor they for it.
 */
const OUTBOX_TURN = { turn: 'outbox' };

export function retryDelayMs(attempts: number): number {
  return backoffDelayMs(attempts, FIRST_RETRY_MS, LONGEST_RETRY_MS);
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
export class Outbox extends LeasedWorker<'outbox'> {
  constructor(private readonly options: OutboxOptions) {
    super({
      name: 'email',
      table: 'outbox',
      db: options.db,
      clock: options.clock,
      turn: OUTBOX_TURN,
      concurrency: SEND_CONCURRENCY,
      pollMs: options.pollMs,
      logger: options.logger,
    });
  }

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

  /** Delivers every email due now; resolves with how many were sent. */
  deliverDue(): Promise<number> {
    return this.runDue();
  }

  protected work(row: LeasedRow<'outbox'>): Promise<boolean> {
    return this.deliver(row);
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
