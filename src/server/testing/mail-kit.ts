/**
 * Helpers for the mail tests: a temp database, a movable clock, a transport that fails or
 * blocks on demand, a real SMTP listener on loopback and a small reader for raw MIME messages.
 */
import net from 'node:net';
import { asc } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../db.js';
import type { MailTransport, OutgoingMail } from '../mail/transport.js';

export { TestClock } from './clock.js';
export { tempDatabase, type TempDatabase } from './database.js';

/** Every email in the outbox, oldest first (same moment: by subject). */
export async function outboxRows(db: Db) {
  const { outbox } = db.t;
  return db.select().from(outbox).orderBy(asc(outbox.createdAt), asc(outbox.subject));
}

/** Records what it sends; fails while `failing` is set; with hold() every send waits for release(). */
export class FakeTransport implements MailTransport {
  sent: OutgoingMail[] = [];
  attempts = 0;
  failing: false | string = false;
  private gate: Promise<void> | undefined;
  private open: (() => void) | undefined;

  send = async (mail: OutgoingMail): Promise<void> => {
    this.attempts += 1;
    if (this.gate) await this.gate;
    if (this.failing) throw new Error(this.failing);
    this.sent.push(mail);
  };

  close = () => {};

  hold(): void {
    this.gate = new Promise((resolve) => {
      this.open = resolve;
    });
  }

  release(): void {
    this.open?.();
    this.gate = undefined;
  }
}

export type ReceivedMessage = { from: string; to: string[]; raw: string };
export type TestSmtpServer = { port: number; messages: ReceivedMessage[]; close: () => Promise<void> };

/** A real SMTP server on 127.0.0.1 (no auth, no STARTTLS) that keeps every message it receives. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const messages: ReceivedMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        messages.push({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A sender that dies mid-connection (the crash test kills the server) resets its socket.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as net.AddressInfo;
  return {
    port: address.port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nobody listens on (free at the time of the call). */
export async function unusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export type ParsedMessage = { headers: Record<string, string>; subject: string; text: string; html: string };

/** Reads the parts of a nodemailer message a test cares about (headers, text/plain, text/html). */
export function parseMessage(raw: string): ParsedMessage {
  const { headers, body } = splitHeaders(raw);
  const parts: Record<string, string> = {};
  collectParts(headers, body, parts);
  return {
    headers,
    subject: decodeWords(headers['subject'] ?? ''),
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
  };
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function collectParts(headers: Record<string, string>, body: string, parts: Record<string, string>): void {
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const part = splitHeaders(section.replace(/^\n/, ''));
      collectParts(part.headers, part.body, parts);
    }
    return;
  }
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  parts[type] ??= decodeBody(body.replace(/\n$/, ''), headers['content-transfer-encoding'] ?? '7bit');
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\n/g, '');
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
