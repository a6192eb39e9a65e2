/** The outbox against a real SMTP server on loopback, through the production transport. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../database/sqlite.js';
import { messageIdOf, Outbox, retryDelayMs, type Email } from './outbox.js';
import { createMailTransport, type MailTransport } from './transport.js';
import {
  outboxRows,
  parseMessage,
  startSmtpServer,
  tempDatabase,
  unusedPort,
  TestClock,
  type TempDatabase,
  type TestSmtpServer,
} from '../testing/mail-kit.js';

const FROM = '"Acme Consulting" <no-reply@acme.test>';

const invoiceEmail: Email = {
  to: ['ann@client.test', 'bob@client.test'],
  subject: 'Invoice 2026-0042 — Acme Consulting',
  text: 'Hello Ann,\n\nInvoice 2026-0042 for 10 hours is ready: http://localhost:3000/invoices\n\n— Acme Consulting',
  html: '<p>Hello Ann,</p><p>Invoice 2026-0042 for 10 hours is <a href="http://localhost:3000/invoices">ready</a>.</p>',
};

let temp: TempDatabase;
let handle: SqliteDatabase;
let clock: TestClock;
let server: TestSmtpServer | undefined;
const transports: MailTransport[] = [];
const outboxes: Outbox[] = [];

function smtpOutbox(port: number, db = handle.db): Outbox {
  const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, emlFolder: temp.folder });
  transports.push(transport);
  const outbox = new Outbox({ db, clock, transport, from: async () => FROM });
  outboxes.push(outbox);
  return outbox;
}

beforeEach(() => {
  temp = tempDatabase('hourbank-mail-');
  handle = temp.open();
  clock = new TestClock();
});

afterEach(async () => {
  for (const outbox of outboxes.splice(0)) await outbox.stop();
  for (const transport of transports.splice(0)) transport.close();
  await server?.close();
  server = undefined;
  await temp.remove();
});

describe('delivery over SMTP', () => {
  it('delivers an email committed with its transaction and marks it sent', async () => {
    server = await startSmtpServer();
    const outbox = smtpOutbox(server.port);
    await handle.db.transaction((tx) => outbox.enqueue(tx, invoiceEmail));
    expect(server.messages).toHaveLength(0);

    clock.advance(5_000);
    expect(await outbox.deliverDue()).toBe(1);

    expect(server.messages).toHaveLength(1);
    const received = server.messages[0]!;
    expect(received.from).toBe('no-reply@acme.test');
    expect(received.to).toEqual(['ann@client.test', 'bob@client.test']);
    const message = parseMessage(received.raw);
    expect(message.headers['to']).toBe('ann@client.test, bob@client.test');
    expect(message.headers['from']).toContain('no-reply@acme.test');
    expect(message.subject).toBe(invoiceEmail.subject);
    expect(message.text).toBe(invoiceEmail.text);
    expect(message.html).toBe(invoiceEmail.html);

    expect((await outboxRows(handle.db))[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: clock.now() });
    expect(await outbox.deliverDue()).toBe(0);
    expect(server.messages).toHaveLength(1);
  });

  it('never sends an email whose transaction rolled back', async () => {
    server = await startSmtpServer();
    const outbox = smtpOutbox(server.port);
    await expect(
      handle.db.transaction(async (tx) => {
        await outbox.enqueue(tx, invoiceEmail);
        throw new Error('payment refused');
      }),
    ).rejects.toThrow('payment refused');

    expect(await outbox.deliverDue()).toBe(0);
    expect(await outboxRows(handle.db)).toEqual([]);
    expect(server.messages).toHaveLength(0);
  });

  it('does not let a line break in the subject add a header or a recipient', async () => {
    server = await startSmtpServer();
    const outbox = smtpOutbox(server.port);
    await handle.db.transaction((tx) =>
      outbox.enqueue(tx, { ...invoiceEmail, to: ['ann@client.test'], subject: 'New sign-up: Evil\r\nBcc: spy@evil.test' }),
    );
    await outbox.deliverDue();

    const received = server.messages[0]!;
    expect(received.to).toEqual(['ann@client.test']);
    const message = parseMessage(received.raw);
    expect(message.headers['bcc']).toBeUndefined();
    expect(message.subject).toBe('New sign-up: Evil Bcc: spy@evil.test');
  });
});

describe('when the SMTP server is down', () => {
  it('keeps the email pending, backs off, and delivers it once when the server is back', async () => {
    const port = await unusedPort();
    const outbox = smtpOutbox(port);
    await handle.db.transaction((tx) => outbox.enqueue(tx, invoiceEmail));

    expect(await outbox.deliverDue()).toBe(0);
    const [failed] = await outboxRows(handle.db);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed!.nextAttemptAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));

    server = await startSmtpServer(port);
    clock.advance(retryDelayMs(1) - 1_000);
    expect(await outbox.deliverDue()).toBe(0);
    expect(server.messages).toHaveLength(0);
    expect((await outboxRows(handle.db))[0]!.attempts).toBe(1);

    clock.advance(1_000);
    expect(await outbox.deliverDue()).toBe(1);
    expect(await outbox.deliverDue()).toBe(0);
    expect(server.messages).toHaveLength(1);
    const delivered = parseMessage(server.messages[0]!.raw);
    expect(delivered.subject).toBe(invoiceEmail.subject);
    expect((await outboxRows(handle.db))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null, sentAt: clock.now() });
    // Every attempt of one email carries the Message-ID made from its row, so a resend is recognisable.
    expect(delivered.headers['message-id']).toBe(messageIdOf(failed!.id, FROM));
  });

  it('loses nothing across a restart: a new Outbox on the reopened database delivers the pending email', async () => {
    const port = await unusedPort();
    const before = smtpOutbox(port);
    await handle.db.transaction((tx) => before.enqueue(tx, invoiceEmail));
    await before.deliverDue();
    await before.stop();
    await handle.close();

    server = await startSmtpServer(port);
    const reopened = temp.open();
    clock.advance(retryDelayMs(1));
    const after = smtpOutbox(port, reopened.db);
    expect(await after.deliverDue()).toBe(1);

    expect(server.messages).toHaveLength(1);
    expect(server.messages[0]!.to).toEqual(invoiceEmail.to);
    expect((await outboxRows(reopened.db))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('a never-attempted email survives a restart too', async () => {
    const first = smtpOutbox(await unusedPort());
    await handle.db.transaction((tx) => first.enqueue(tx, invoiceEmail));
    await handle.close();

    server = await startSmtpServer();
    const reopened = temp.open();
    const second = smtpOutbox(server.port, reopened.db);
    second.start();
    await expect.poll(() => server!.messages.length, { timeout: 5_000, interval: 20 }).toBe(1);
    await second.stop();
    expect((await outboxRows(reopened.db))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
