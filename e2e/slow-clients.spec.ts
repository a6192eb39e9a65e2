import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_RUNNING } from '../src/server/download-slots.js';
import { createSession } from '../src/server/modules/account/sessions.js';
import { createCompany, createUser } from '../src/server/testing/factories.js';
import { clientTimeouts } from '../src/shared/limits.js';
import { eventually } from './support/page.js';
import { startServer, type RunningServer } from './support/server.js';

/*
 * Slow and stalled clients against the real server (docs/limits.md, "Slow and stalled clients"):
 * a download whose reader stops reading gives its slot back, and a request sent too slowly is cut
 * off, each within the stated time. The server runs with the request time shortened to 2 s and the
 * download stall to 4 s (the production figures are checked in src/server/app.test.ts); the connection
 * check interval is the production one.
 */

const REQUEST_S = 2;
const STALL_S = 4;
const { checkEveryMs } = clientTimeouts;
/** Room for a busy machine on top of a stated time. */
const SLACK_MS = 4_000;

let server: RunningServer;
/** Three companies whose ledgers make a CSV of about 10 MB, more than the socket buffers hold. */
const bigCompanies: string[] = [];
let otherCompany: string;

beforeAll(async () => {
  server = await startServer({ REQUEST_TIMEOUT_SECONDS: String(REQUEST_S), DOWNLOAD_STALL_SECONDS: String(STALL_S) });
  const db = server.database.db;
  for (const name of ['Stalled A', 'Stalled B', 'Stalled C']) {
    const company = await createCompany(db, { companyName: name });
    bigCompanies.push(company.id);
    await db.transaction(async (tx) => {
      const entries = Array.from({ length: 5_000 }, (_, index) => ({
        id: `${company.id}-${index}`,
        companyId: company.id,
        activityType: 'TimeLog' as const,
        status: 'completed' as const,
        hundredths: -100,
        description: `Entry ${index} ${'x'.repeat(2_000)}`,
        timeStamp: new Date(Date.UTC(2025, 0, 1) + index * 60_000),
        createdAt: new Date(Date.UTC(2025, 0, 1)),
      }));
      for (let start = 0; start < entries.length; start += 500) await tx.insert(tx.t.activities).values(entries.slice(start, start + 500));
    });
  }
  otherCompany = (await createCompany(db, { companyName: 'Waiting D' })).id;
});
afterAll(() => server?.stop());

/** A session of a new member of the company (each user has their own download rate limit). */
async function tokenOf(companyId: string): Promise<string> {
  const user = await createUser(server.database.db, { companyId, role: 'member', password: null });
  return (await createSession(server.database.db, user.id, new Date())).token;
}

/** A raw connection to the server that reads nothing until told (`resume`). */
function connect(): net.Socket {
  const { hostname, port } = new URL(server.url);
  const socket = net.connect({ host: hostname, port: Number(port) });
  socket.pause();
  return socket;
}

const downloadRequest = (token: string) => `GET /api/activities/export.csv HTTP/1.1\r\nHost: localhost\r\njwttoken: ${token}\r\nConnection: close\r\n\r\n`;

/** Everything the socket receives from now on, once it has closed (reset or ended). */
function received(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.once('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

/** Whether the socket closes within `ms`. */
function closesWithin(socket: net.Socket, ms: number): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function download(token: string): Promise<{ status: number; message?: string }> {
  const response = await fetch(`${server.url}/api/activities/export.csv`, { headers: { jwttoken: token } });
  if (response.ok) {
    await response.arrayBuffer();
    return { status: response.status };
  }
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}

/** How much the slow reader takes between its pauses. */
const BURST_BYTES = 1_000_000;

/** The end of a complete chunked HTTP body. */
const LAST_CHUNK = '\r\n0\r\n\r\n';

describe('a download whose reader stops reading', () => {
  it(`gives its slot back within ${STALL_S} s of no progress, so another company's download goes through`, async () => {
    const stalled = await Promise.all(bigCompanies.map(tokenOf)).then((tokens) =>
      tokens.map((token) => {
        const socket = connect();
        socket.write(downloadRequest(token));
        return socket;
      }),
    );
    // the three stalled downloads hold the customers' three slots: the fourth company waits
    await eventually(async () => (await download(await tokenOf(otherCompany))).message, 15_000).toBe(TOO_MANY_RUNNING);
    const freedBy = Date.now() + STALL_S * 1000 + SLACK_MS;

    await eventually(async () => (await download(await tokenOf(otherCompany))).status, freedBy - Date.now()).toBe(200);

    // by then the server has closed each stalled connection: reading now finds it cut short, not a whole file
    await new Promise((resolve) => setTimeout(resolve, freedBy - Date.now()));
    for (const socket of stalled) {
      const answer = received(socket);
      socket.resume();
      expect(await closesWithin(socket, 2_000)).toBe(true);
      expect((await answer).endsWith(LAST_CHUNK)).toBe(false);
    }
  });

  it('is left alone while it drains, however slowly, and arrives whole', async () => {
    const socket = connect();
    const answer = received(socket);
    const started = Date.now();
    socket.write(downloadRequest(await tokenOf(bigCompanies[0]!)));
    // reads at most BURST_BYTES at a time with pauses well inside the stall time, so the ~10 MB
    // download takes about ten pauses, well beyond the stall time, however fast the machine
    let burst = 0;
    socket.on('data', (chunk: Buffer) => {
      burst += chunk.length;
      if (burst >= BURST_BYTES) socket.pause();
    });
    while (!socket.destroyed) {
      await new Promise((resolve) => setTimeout(resolve, STALL_S * 250));
      burst = 0;
      socket.resume();
    }
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(text.endsWith(LAST_CHUNK)).toBe(true);
    expect(Date.now() - started).toBeGreaterThan(STALL_S * 1000);
  });
});

describe('a request sent too slowly', () => {
  const deadline = REQUEST_S * 1000 + checkEveryMs + SLACK_MS;

  async function trickle(head: string, bytes: string, everyMs: number): Promise<{ answer: string; closed: boolean }> {
    const socket = connect();
    const answer = received(socket);
    socket.resume();
    socket.write(head);
    let sent = 0;
    const dripping = setInterval(() => {
      if (sent < bytes.length && !socket.destroyed) socket.write(bytes[sent++]!);
    }, everyMs);
    const closed = await closesWithin(socket, deadline);
    clearInterval(dripping);
    socket.destroy();
    return { answer: await answer, closed };
  }

  const post = (length: number) => `POST /api/account/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

  it(`is cut off with 408 when its body has not arrived within ${REQUEST_S} s`, async () => {
    const { answer, closed } = await trickle(post(200), ' '.repeat(200), 250);
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it(`is cut off with 408 when its headers have not arrived within ${REQUEST_S} s`, async () => {
    const { answer, closed } = await trickle('GET /api/openapi.json HTTP/1.1\r\n', 'X-Slow: '.padEnd(200, 'z'), 250);
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('is answered as usual when it arrives slowly but in time', async () => {
    const body = JSON.stringify({ emailAddress: 'nobody@example.com', password: 'x' });
    const { answer } = await trickle(post(body.length), body, Math.floor((REQUEST_S * 1000) / 2 / body.length));
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
  });
});
