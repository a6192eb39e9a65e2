import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tables } from '../../../drizzle/tables.js';
import type { WriteScope } from '../database/port.js';
import type { Db } from '../db.js';
import type { Clock } from './clock.js';

/*
 * A worker that drains a table of jobs written inside other transactions (the email outbox, the
 * webhook deliveries), in this process and in any other serving the same database. A job is a row
 * with `status` 'pending' and a `nextAttemptAt`; the worker claims due rows by moving their next
 * attempt a lease ahead (only as it read them, so two workers never take the same row), renews the
 * leases of what it is still working on, and leaves the outcome (sent, retried later, given up) to
 * the job's owner. A worker that dies holds nothing once its leases have run out.
 */

/** The tables drained this way; each has `id`, `status`, `attempts` and `nextAttemptAt`. */
export type LeasedTableName = 'outbox' | 'webhookDeliveries';
export type LeasedRow<Name extends LeasedTableName> = Tables[Name]['$inferSelect'];

/**
 * The four columns the worker reads and writes. The tables name them alike, and drizzle writes
 * the table it is given, so the statements are written once against the outbox's type.
 */
const queueOf = (db: Db, name: LeasedTableName): Tables['outbox'] => db.t[name] as Tables['outbox'];

/** How long a claim lasts unless renewed: renewed every third of it, so a live worker keeps its rows. */
export const LEASE_MS = 60_000;

/** The wait before attempt `attempts + 1`: `firstMs`, doubling with each failure, at most `longestMs`. */
export function backoffDelayMs(attempts: number, firstMs: number, longestMs: number): number {
  return Math.min(firstMs * 2 ** Math.max(0, attempts - 1), longestMs);
}

export type LeasedWorkerOptions<Name extends LeasedTableName> = {
  /** What the jobs are, for the log ("email", "webhook delivery"). */
  name: string;
  table: Name;
  db: Db;
  clock: Clock;
  /** The turn of the worker's own writes (port.ts): each changes only rows of its table. */
  turn: WriteScope;
  /** Rows worked on at once. */
  concurrency: number;
  /** Rows read and claimed per round. */
  batch?: number;
  pollMs?: number;
  logger?: FastifyBaseLogger;
};

/** The worker; its owner (the outbox, the webhook sender) says what working on a row is. */
export abstract class LeasedWorker<Name extends LeasedTableName> {
  private timer: NodeJS.Timeout | undefined;
  /** The pass in progress, if any. */
  private running: Promise<number> | undefined;
  /** One more pass, asked for while another was running; it starts when that one ends. */
  private queued: Promise<number> | undefined;
  private stopped = true;
  /** Rows this worker has claimed and is working on, whose leases it renews. */
  private readonly inFlight = new Set<string>();
  private leaseTimer: NodeJS.Timeout | undefined;

  constructor(private readonly setup: LeasedWorkerOptions<Name>) {}

  /** Works on one claimed row and records its outcome; true when it succeeded. */
  protected abstract work(row: LeasedRow<Name>): Promise<boolean>;

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.setup.pollMs ?? 5_000);
    this.timer.unref();
    this.wake();
  }

  /** Stops the worker and waits for the work in flight; the database may be closed afterwards. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    for (let pass = this.queued ?? this.running; pass; pass = this.queued ?? this.running) {
      await pass.catch(() => 0);
    }
  }

  /** Asks the worker to look for due rows soon: after the current transaction has committed. */
  wake(): void {
    if (this.stopped) return;
    setImmediate(() => {
      if (this.stopped) return;
      this.runDue().catch((error: unknown) => {
        this.setup.logger?.error({ err: error }, `${this.setup.name} worker failed; will try again`);
      });
    });
  }

  /**
   * Works on every row due now; resolves with how many succeeded. A call made while a pass is
   * running waits for it and then makes one more pass, so it also sees rows written meanwhile.
   */
  runDue(): Promise<number> {
    if (!this.running) {
      this.running = this.runBatches().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => 0)
      .then(() => {
        this.queued = undefined;
        return this.runDue();
      });
    return this.queued;
  }

  /** Pushes the leases of the rows being worked on a LEASE_MS ahead, so no other worker takes them. */
  async renewLeases(): Promise<void> {
    if (this.inFlight.size === 0) return;
    const { db, clock, table, turn } = this.setup;
    const queue = queueOf(db, table);
    const ids = [...this.inFlight];
    await db.transaction(
      (tx) =>
        tx
          .update(queue)
          .set({ nextAttemptAt: new Date(clock.now().getTime() + LEASE_MS) })
          .where(and(inArray(queue.id, ids), eq(queue.status, 'pending'))),
      turn,
    );
  }

  private async runBatches(): Promise<number> {
    const batch = this.setup.batch ?? 50;
    let succeeded = 0;
    for (;;) {
      const due = await this.dueRows(batch);
      const claimed = [];
      for (const row of due) if (await this.claim(row)) claimed.push(row);
      succeeded += await this.workOn(claimed);
      if (due.length < batch) return succeeded;
    }
  }

  /** Works on the claimed rows, `concurrency` at a time, renewing their leases meanwhile. */
  private async workOn(rows: LeasedRow<Name>[]): Promise<number> {
    const { concurrency, logger, name } = this.setup;
    let succeeded = 0;
    let next = 0;
    for (const row of rows) this.inFlight.add(row.id);
    this.leaseTimer ??= setInterval(
      () => void this.renewLeases().catch((error: unknown) => logger?.warn({ err: error }, `could not renew the leases of the ${name} rows in flight`)),
      LEASE_MS / 3,
    ).unref();
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        try {
          if (await this.work(row)) succeeded += 1;
        } finally {
          this.inFlight.delete(row.id);
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
    } finally {
      if (this.inFlight.size === 0 && this.leaseTimer) {
        clearInterval(this.leaseTimer);
        this.leaseTimer = undefined;
      }
    }
    return succeeded;
  }

  private async dueRows(limit: number): Promise<LeasedRow<Name>[]> {
    const { db, clock, table } = this.setup;
    const queue = queueOf(db, table);
    const rows = await db
      .select()
      .from(queue)
      .where(and(eq(queue.status, 'pending'), lte(queue.nextAttemptAt, clock.now())))
      .orderBy(asc(queue.nextAttemptAt))
      .limit(limit);
    return rows as unknown as LeasedRow<Name>[];
  }

  /**
   * Takes a due row for this pass by moving its next attempt a lease ahead, so another worker on
   * the same database (a second process, a script) skips it; if this process dies while working on
   * it, the row is due again once the lease has run out (at most LEASE_MS).
   */
  private async claim(row: LeasedRow<Name>): Promise<boolean> {
    const { db, clock, table, turn } = this.setup;
    const queue = queueOf(db, table);
    const taken = await db.transaction(
      (tx) =>
        tx
          .update(queue)
          .set({ nextAttemptAt: new Date(clock.now().getTime() + LEASE_MS) })
          .where(and(eq(queue.id, row.id), eq(queue.status, 'pending'), eq(queue.attempts, row.attempts), eq(queue.nextAttemptAt, row.nextAttemptAt)))
          .returning({ id: queue.id }),
      turn,
    );
    return taken.length === 1;
  }
}
