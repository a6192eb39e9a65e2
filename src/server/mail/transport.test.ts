import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailTransport, type MailTransport, type OutgoingMail } from './transport.js';
import { parseMessage, startSmtpServer, unusedPort, type TestSmtpServer } from '../testing/mail-kit.js';

const mail: OutgoingMail = {
  messageId: '<mail1@acme.test>',
  from: '"Acme Consulting" <no-reply@acme.test>',
  to: ['ann@client.test'],
  subject: 'Reset your password — Acme Consulting',
  text: 'Hello Ann,\n\nReset password: http://localhost:3000/reset-password/abc',
  html: '<p>Hello Ann,</p><p><a href="http://localhost:3000/reset-password/abc">Reset password</a></p>',
  attachments: [],
};

let folder: string;
let transport: MailTransport | undefined;
let server: TestSmtpServer | undefined;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-transport-'));
});

afterEach(async () => {
  transport?.close();
  transport = undefined;
  await server?.close();
  server = undefined;
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('.eml file transport (no SMTP URL)', () => {
  it('writes each email as a readable .eml file into the folder, creating it', async () => {
    const emlFolder = path.join(folder, 'data', 'outbox');
    transport = createMailTransport({ smtpUrl: undefined, emlFolder });
    await transport.send(mail);
    await transport.send({ ...mail, messageId: '<mail2@acme.test>', to: ['bob@client.test'], subject: 'Second' });

    const files = fs.readdirSync(emlFolder).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);

    const messages = files.map((file) => parseMessage(fs.readFileSync(path.join(emlFolder, file), 'utf8')));
    const first = messages.find((message) => message.headers['to'] === 'ann@client.test')!;
    expect(first.subject).toBe(mail.subject);
    expect(first.headers['from']).toContain('no-reply@acme.test');
    expect(first.text).toBe(mail.text);
    expect(first.html).toBe(mail.html);
    expect(messages.map((message) => message.subject).sort()).toEqual(['Reset your password — Acme Consulting', 'Second'].sort());
  });

  it('keeps the emails private: each file 0600 in a folder 0700, also when the folder already existed open to everyone', async () => {
    const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
    const dataDir = path.join(folder, 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    const fresh = path.join(dataDir, 'outbox');
    transport = createMailTransport({ emlFolder: fresh });
    await transport.send(mail);
    expect(modeOf(fresh)).toBe(0o700);
    expect(fs.readdirSync(fresh).map((file) => modeOf(path.join(fresh, file)))).toEqual([0o600]);
    transport.close();

    const existing = path.join(folder, 'old-outbox');
    fs.mkdirSync(existing);
    fs.chmodSync(existing, 0o755);
    transport = createMailTransport({ emlFolder: existing });
    await transport.send(mail);
    await transport.send({ ...mail, messageId: '<mail2@acme.test>' });
    expect(modeOf(existing)).toBe(0o700);
    expect(fs.readdirSync(existing).map((file) => modeOf(path.join(existing, file)))).toEqual([0o600, 0o600]);
  });

  it('includes attachments', async () => {
    transport = createMailTransport({ emlFolder: folder });
    await transport.send({
      ...mail,
      attachments: [{ filename: 'invoice-2026-0042.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 test') }],
    });
    const [file] = fs.readdirSync(folder);
    const raw = fs.readFileSync(path.join(folder, file!), 'utf8');
    expect(raw).toContain('invoice-2026-0042.pdf');
    expect(raw).toContain(Buffer.from('%PDF-1.7 test').toString('base64'));
  });
});

describe('SMTP transport', () => {
  it('sends to a real SMTP server with its attachment', async () => {
    server = await startSmtpServer();
    transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${server.port}`, emlFolder: folder });
    await transport.send({
      ...mail,
      to: ['ann@client.test', 'bob@client.test'],
      attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 test') }],
    });

    expect(server.messages).toHaveLength(1);
    expect(server.messages[0]!.to).toEqual(['ann@client.test', 'bob@client.test']);
    const raw = server.messages[0]!.raw;
    expect(parseMessage(raw).subject).toBe(mail.subject);
    expect(raw).toContain('filename=invoice.pdf');
    expect(raw).toContain(Buffer.from('%PDF-1.7 test').toString('base64'));
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it('rejects when nobody listens', async () => {
    transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${await unusedPort()}`, emlFolder: folder });
    await expect(transport.send(mail)).rejects.toThrow(/ECONNREFUSED|connect/i);
  });

  it('gives up on a server that never greets, with timeouts taken from the URL', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = silent.address() as net.AddressInfo;
      transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}/?greetingTimeout=200`, emlFolder: folder });
      const started = Date.now();
      await expect(transport.send(mail)).rejects.toThrow(/greeting/i);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
