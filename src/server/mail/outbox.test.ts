import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { outbox as outboxTable } from '../../../drizzle/schema.js';
import type { SqliteDatabase } from '../database/sqlite.js';
import { CLEARED_BODY, LEASE_MS, MAX_ATTEMPTS, messageIdOf, Outbox, retryDelayMs, SEND_CONCURRENCY, type Email } from './outbox.js';
import { FakeTransport, outboxRows, tempDatabase, TestClock, type TempDatabase } from '../testing/mail-kit.js';

const FROM = '"Acme Consulting" <no-reply@acme.test>';

function email(overrides: Partial<Email> = {}): Email {
  return {
    to: ['ann@client.test'],
    subject: 'Your invoice',
    text: 'Invoice 2026-0001 is attached.',
    html: '<p>Invoice 2026-0001 is attached.</p>',
    ...overrides,
  };
}

let temp: TempDatabase;
let handle: SqliteDatabase;
let clock: TestClock;
let transport: FakeTransport;
let outbox: Outbox;

function newOutbox(options: Partial<ConstructorParameters<typeof Outbox>[0]> = {}): Outbox {
  return new Outbox({ db: handle.db, clock, transport, from: async () => FROM, ...options });
}

async function enqueue(mail: Email = email()): Promise<void> {
  await handle.db.transaction((tx) => outbox.enqueue(tx, mail));
}

/** Sets fields of the outbox's emails: every one's, or those of the subject given. */
async function setEmails(fields: Partial<typeof outboxTable.$inferInsert>, subject?: string): Promise<void> {
  await handle.db.transaction((tx) => tx.update(tx.t.outbox).set(fields).where(subject === undefined ? undefined : eq(tx.t.outbox.subject, subject)));
}

beforeEach(() => {
  temp = tempDatabase('hourbank-mail-');
  handle = temp.open();
  clock = new TestClock();
  transport = new FakeTransport();
  outbox = newOutbox();
});

afterEach(async () => {
  transport.release();
  await outbox.stop();
  await temp.remove();
});

describe('messageIdOf', () => {
  it("names an email by its row id at the sender's domain", () => {
    expect(messageIdOf('abc123', FROM)).toBe('<abc123@acme.test>');
    expect(messageIdOf('abc123', 'billing@provider.example')).toBe('<abc123@provider.example>');
    expect(messageIdOf('abc123', 'no domain')).toBe('<abc123@hourbank.invalid>');
  });
});

describe('enqueue', () => {
  it('writes a pending row due now, and deliverDue sends it once and marks it sent', async () => {
    await enqueue();
    const [queued] = await outboxRows(handle.db);
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, toAddresses: 'ann@client.test', sentAt: null });
    expect(queued!.nextAttemptAt).toEqual(clock.now());

    clock.advance(1_000);
    expect(await outbox.deliverDue()).toBe(1);
    expect(transport.sent).toEqual([
      {
        messageId: messageIdOf(queued!.id, FROM),
        from: FROM,
        to: ['ann@client.test'],
        subject: 'Your invoice',
        text: 'Invoice 2026-0001 is attached.',
        html: '<p>Invoice 2026-0001 is attached.</p>',
        attachments: [],
      },
    ]);
    expect((await outboxRows(handle.db))[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: clock.now() });

    expect(await outbox.deliverDue()).toBe(0);
    expect(transport.sent).toHaveLength(1);
  });

  it('queues nothing when the transaction rolls back', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await outbox.enqueue(tx, email());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    expect(await outboxRows(handle.db)).toEqual([]);
    expect(await outbox.deliverDue()).toBe(0);
    expect(transport.attempts).toBe(0);
  });

  it('trims and deduplicates recipients, ignoring case', async () => {
    await enqueue(email({ to: [' ann@client.test ', 'bob@client.test', 'ann@client.test', 'ANN@Client.test', '  '] }));
    expect((await outboxRows(handle.db))[0]!.toAddresses).toBe('ann@client.test, bob@client.test');

    await outbox.deliverDue();
    expect(transport.sent[0]!.to).toEqual(['ann@client.test', 'bob@client.test']);
  });

  it('does not queue an email without recipients', async () => {
    await enqueue(email({ to: [] }));
    await enqueue(email({ to: ['', '   '] }));
    expect(await outboxRows(handle.db)).toEqual([]);
  });

  it('keeps attachments as references and resolves them at send time', async () => {
    const resolveAttachment = vi.fn(async (source: string) => Buffer.from(`bytes of ${source}`));
    outbox = newOutbox({ resolveAttachment });
    await enqueue(email({ attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', source: 'invoice-pdf:42' }] }));
    expect(resolveAttachment).not.toHaveBeenCalled();

    await outbox.deliverDue();
    expect(resolveAttachment).toHaveBeenCalledWith('invoice-pdf:42');
    expect(transport.sent[0]!.attachments).toEqual([
      { filename: 'invoice.pdf', contentType: 'application/pdf', source: 'invoice-pdf:42', content: Buffer.from('bytes of invoice-pdf:42') },
    ]);
  });

  it('counts an attachment that cannot be resolved as a failed attempt', async () => {
    await enqueue(email({ attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', source: 'invoice-pdf:42' }] }));
    expect(await outbox.deliverDue()).toBe(0);
    expect(transport.attempts).toBe(0);
    expect((await outboxRows(handle.db))[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('invoice-pdf:42') });
  });
});

describe('retries', () => {
  it('leaves a failed email pending with the error and retries it only after the backoff', async () => {
    await enqueue();
    transport.failing = 'connect ECONNREFUSED';
    expect(await outbox.deliverDue()).toBe(0);

    const [row] = await outboxRows(handle.db);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connect ECONNREFUSED', sentAt: null });
    expect(row!.nextAttemptAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));

    transport.failing = false;
    clock.advance(retryDelayMs(1) - 1);
    expect(await outbox.deliverDue()).toBe(0);
    expect(transport.attempts).toBe(1);

    clock.advance(1);
    expect(await outbox.deliverDue()).toBe(1);
    expect((await outboxRows(handle.db))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('backs off exponentially from 30 seconds up to an hour', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(3)).toBe(120_000);
    for (let attempts = 1; attempts < 100; attempts += 1) {
      expect(retryDelayMs(attempts + 1)).toBeGreaterThanOrEqual(retryDelayMs(attempts));
    }
    expect(retryDelayMs(7)).toBe(1_920_000);
    expect(retryDelayMs(8)).toBe(3_600_000);
    expect(retryDelayMs(MAX_ATTEMPTS)).toBe(3_600_000);
    expect(retryDelayMs(5_000)).toBe(3_600_000);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and never retries a failed email`, async () => {
    await enqueue();
    transport.failing = 'mailbox unavailable';
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const before = clock.now().getTime();
      await outbox.deliverDue();
      const row = (await outboxRows(handle.db))[0]!;
      expect(row.attempts).toBe(attempt);
      expect(row.status).toBe(attempt < MAX_ATTEMPTS ? 'pending' : 'failed');
      if (attempt < MAX_ATTEMPTS) expect(row.nextAttemptAt.getTime()).toBe(before + retryDelayMs(attempt));
      clock.advance(retryDelayMs(attempt));
    }
    expect(transport.attempts).toBe(MAX_ATTEMPTS);

    transport.failing = false;
    clock.advance(7 * 24 * 60 * 60_000);
    expect(await outbox.deliverDue()).toBe(0);
    expect(transport.attempts).toBe(MAX_ATTEMPTS);
    expect((await outboxRows(handle.db))[0]).toMatchObject({ status: 'failed', lastError: 'mailbox unavailable', sentAt: null });
  });

  it('sends a single-use link email whole, then keeps only a cleared body; other emails keep theirs', async () => {
    const link = 'http://hourbank.test/reset-password/secret.token.here';
    await enqueue(email({ subject: 'Reset', text: `Reset: ${link}`, html: `<a href="${link}">Reset</a>`, clearAfterSend: true }));
    await enqueue(email({ subject: 'Your invoice' }));
    expect((await outboxRows(handle.db)).find((row) => row.subject === 'Reset')!.textBody).toContain(link);

    expect(await outbox.deliverDue()).toBe(2);
    expect(transport.sent.find((mail) => mail.subject === 'Reset')!.text).toContain(link);
    const rows = await outboxRows(handle.db);
    const [reset, invoice] = ['Reset', 'Your invoice'].map((subject) => rows.find((row) => row.subject === subject)!);
    expect(reset).toMatchObject({ status: 'sent', textBody: CLEARED_BODY, htmlBody: `<p>${CLEARED_BODY}</p>` });
    expect(invoice).toMatchObject({ status: 'sent', textBody: 'Invoice 2026-0001 is attached.' });
  });

  it('clears a single-use link email it gives up on, and keeps it while it may still be retried', async () => {
    await enqueue(email({ text: 'link: http://hourbank.test/reset-password/a.b.c', clearAfterSend: true }));
    transport.failing = 'mailbox unavailable';
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await outbox.deliverDue();
      const row = (await outboxRows(handle.db))[0]!;
      expect(row.textBody).toBe(attempt < MAX_ATTEMPTS ? 'link: http://hourbank.test/reset-password/a.b.c' : CLEARED_BODY);
      clock.advance(retryDelayMs(attempt));
    }
    expect((await outboxRows(handle.db))[0]!.status).toBe('failed');
  });

  it('does not let one failing email hold back the others', async () => {
    const flaky = new FakeTransport();
    const send = flaky.send;
    flaky.send = async (mail) => {
      if (mail.to.includes('bounce@client.test')) throw new Error('no such user');
      await send(mail);
    };
    outbox = newOutbox({ transport: flaky });
    await enqueue(email({ to: ['bounce@client.test'], subject: 'A' }));
    await enqueue(email({ to: ['bob@client.test'], subject: 'B' }));

    expect(await outbox.deliverDue()).toBe(1);
    expect(flaky.sent.map((mail) => mail.subject)).toEqual(['B']);
    expect((await outboxRows(handle.db)).map((row) => row.status)).toEqual(['pending', 'sent']);
  });

  it('delivers every due email in one call, beyond one batch', async () => {
    await handle.db.transaction(async (tx) => {
      for (let i = 0; i < 45; i += 1) await outbox.enqueue(tx, email({ subject: `Email ${i}` }));
    });
    expect(await outbox.deliverDue()).toBe(45);
    expect(new Set(transport.sent.map((mail) => mail.subject)).size).toBe(45);
    expect((await outboxRows(handle.db)).every((row) => row.status === 'sent')).toBe(true);
  });

  it('logs a failed attempt as a warning and giving up as an error', async () => {
    const logger = fakeLogger();
    outbox = newOutbox({ logger });
    await enqueue();
    transport.failing = 'boom';
    await outbox.deliverDue();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.error).not.toHaveBeenCalled();

    await setEmails({ attempts: MAX_ATTEMPTS - 1 });
    clock.advance(retryDelayMs(1));
    await outbox.deliverDue();
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect((await outboxRows(handle.db))[0]!.status).toBe('failed');
  });
});

describe('worker', () => {
  it('delivers an enqueued email by itself once started', async () => {
    outbox.start();
    await enqueue();
    await vi.waitFor(() => expect(transport.sent).toHaveLength(1), { timeout: 2_000, interval: 10 });
    await vi.waitFor(async () => expect((await outboxRows(handle.db))[0]!.status).toBe('sent'), { timeout: 2_000, interval: 10 });
  });

  it('sends nothing at enqueue time before start() or after stop()', async () => {
    await enqueue();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(transport.attempts).toBe(0);

    outbox.start();
    await vi.waitFor(() => expect(transport.sent).toHaveLength(1), { timeout: 2_000, interval: 10 });
    await outbox.stop();
    await enqueue(email({ subject: 'After stop' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(transport.sent).toHaveLength(1);
  });

  it('polls for emails that become due later', async () => {
    outbox = newOutbox({ pollMs: 10 });
    await enqueue();
    transport.failing = 'down';
    await outbox.deliverDue();
    transport.failing = false;

    outbox.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(transport.sent).toHaveLength(0);
    clock.advance(retryDelayMs(1));
    await vi.waitFor(() => expect(transport.sent).toHaveLength(1), { timeout: 2_000, interval: 10 });
  });

  it('stop() waits for the delivery in flight', async () => {
    transport.hold();
    outbox.start();
    await enqueue();
    await vi.waitFor(() => expect(transport.attempts).toBe(1), { timeout: 2_000, interval: 5 });

    let stopped = false;
    const stopping = outbox.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);

    transport.release();
    await stopping;
    expect((await outboxRows(handle.db))[0]!.status).toBe('sent');
  });

  it('may close the database right after stop(), even with a wake-up pending', async () => {
    const logger = fakeLogger();
    outbox = newOutbox({ logger });
    outbox.start();
    await enqueue();
    await outbox.stop();
    await handle.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(transport.attempts).toBe(0);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('starting twice leaves one poller that stop() ends', async () => {
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const clearIntervalSpy = vi.spyOn(globalThis, 'clearInterval');
    try {
      outbox.start();
      outbox.start();
      await outbox.stop();
      const timers = setIntervalSpy.mock.results.map((result) => result.value as unknown);
      for (const timer of timers) expect(clearIntervalSpy).toHaveBeenCalledWith(timer);
    } finally {
      setIntervalSpy.mockRestore();
      clearIntervalSpy.mockRestore();
    }
  });

  it('logs a worker failure instead of leaving an unhandled rejection', async () => {
    const logger = fakeLogger();
    outbox = newOutbox({ logger });
    outbox.start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await handle.close();
    outbox.wake();
    await vi.waitFor(() => expect(logger.error).toHaveBeenCalled(), { timeout: 2_000, interval: 5 });
  });
});

describe('concurrent deliverDue', () => {
  it('never sends an email twice', async () => {
    await handle.db.transaction(async (tx) => {
      for (let i = 0; i < 5; i += 1) await outbox.enqueue(tx, email({ subject: `Email ${i}` }));
    });
    transport.hold();
    const first = outbox.deliverDue();
    const second = outbox.deliverDue();
    const third = outbox.deliverDue();
    transport.release();
    await Promise.all([first, second, third]);

    expect(transport.sent).toHaveLength(5);
    expect((await outboxRows(handle.db)).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('two Outbox instances on one database do not send an email twice', async () => {
    await handle.db.transaction(async (tx) => {
      for (let i = 0; i < 5; i += 1) await outbox.enqueue(tx, email({ subject: `Email ${i}` }));
    });
    const other = newOutbox();
    transport.hold();
    const both = Promise.all([outbox.deliverDue(), other.deliverDue()]);
    transport.release();
    await both;
    expect(transport.sent.map((mail) => mail.subject).sort()).toEqual(['Email 0', 'Email 1', 'Email 2', 'Email 3', 'Email 4']);
  });

  it('an email held by a worker that died mid-send is sent by the next one within a minute', async () => {
    await enqueue();
    transport.hold();
    void outbox.deliverDue();
    await vi.waitFor(() => expect(transport.attempts).toBe(1), { timeout: 2_000, interval: 5 });
    // the worker dies here: nothing renews its lease any more

    const survivorTransport = new FakeTransport();
    const survivor = newOutbox({ transport: survivorTransport });
    expect(await survivor.deliverDue()).toBe(0);
    clock.advance(LEASE_MS - 1_000);
    expect(await survivor.deliverDue()).toBe(0);
    clock.advance(1_000);
    expect(await survivor.deliverDue()).toBe(1);
    expect(survivorTransport.sent).toHaveLength(1);
  });

  it('a live worker renews the lease of an email it is still sending, so no other worker sends it twice', async () => {
    await enqueue();
    transport.hold();
    const sending = outbox.deliverDue();
    await vi.waitFor(() => expect(transport.attempts).toBe(1), { timeout: 2_000, interval: 5 });

    const other = new FakeTransport();
    const second = newOutbox({ transport: other });
    for (let minute = 0; minute < 5; minute += 1) {
      clock.advance(LEASE_MS / 3);
      await outbox.renewLeases();
      expect(await second.deliverDue()).toBe(0);
    }
    transport.release();
    expect(await sending).toBe(1);
    expect(other.sent).toHaveLength(0);
    expect((await outboxRows(handle.db)).map((row) => row.status)).toEqual(['sent']);
  });

  it(`sends up to ${SEND_CONCURRENCY} emails at once, and every one exactly once`, async () => {
    let sending = 0;
    let most = 0;
    const sent: string[] = [];
    const slow = new FakeTransport();
    slow.send = async (mail) => {
      sending += 1;
      most = Math.max(most, sending);
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(mail.subject);
      sending -= 1;
    };
    const worker = newOutbox({ transport: slow });
    for (let n = 0; n < 30; n += 1) await enqueue(email({ subject: `Email ${n}` }));
    expect(await worker.deliverDue()).toBe(30);
    expect(most).toBe(SEND_CONCURRENCY);
    expect([...sent].sort()).toEqual(Array.from({ length: 30 }, (_, n) => `Email ${n}`).sort());
    expect(new Set((await outboxRows(handle.db)).map((row) => row.status))).toEqual(new Set(['sent']));
  });

  it('a call made during a delivery also delivers what was enqueued meanwhile', async () => {
    await enqueue(email({ subject: 'First' }));
    transport.hold();
    const first = outbox.deliverDue();
    await vi.waitFor(() => expect(transport.attempts).toBe(1), { timeout: 2_000, interval: 5 });

    await enqueue(email({ subject: 'Second' }));
    const second = outbox.deliverDue();
    transport.release();
    await Promise.all([first, second]);

    expect(transport.sent.map((mail) => mail.subject)).toEqual(['First', 'Second']);
    expect((await outboxRows(handle.db)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });
});

it('keeps rows of other statuses alone', async () => {
  await enqueue(email({ subject: 'Old' }));
  await setEmails({ status: 'sent' }, 'Old');
  expect(await outbox.deliverDue()).toBe(0);
  expect(transport.attempts).toBe(0);
});

type FakeLogger = FastifyBaseLogger & { warn: ReturnType<typeof vi.fn>; error: ReturnType<typeof vi.fn> };

function fakeLogger(): FakeLogger {
  const logger = {
    level: 'info',
    fatal: vi.fn(),
    error: vi.fn(),
    warn: vi.fn(),
    info: vi.fn(),
    debug: vi.fn(),
    trace: vi.fn(),
    silent: vi.fn(),
    child: () => logger,
  };
  return logger as unknown as FakeLogger;
}
