import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventSource } from '../events/service.js';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';
import { createCompany } from '../../testing/factories.js';
import { sendSchedule } from './service.js';

type Received = { method: string; contentType: string | undefined; body: string };

/** A webhook on 127.0.0.1 that records what it is sent and answers with the given status. */
async function startWebhook(status: number, delayMs = 0) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ method: request.method ?? '', contentType: request.headers['content-type'], body });
      setTimeout(() => response.writeHead(status, { 'content-type': 'text/plain' }).end('answer'), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/exec`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An address where nothing listens: a port that was free a moment ago. */
async function downUrl(): Promise<string> {
  const webhook = await startWebhook(200);
  await webhook.close();
  return webhook.url;
}

async function appWithWebhook(url?: string) {
  const testApp = await createTestApp(url ? { SCHEDULER_WEBHOOK_URL: url } : {});
  const boss = await signedInUser(testApp, { role: 'superadmin' });
  return { testApp, asBoss: api(testApp.app, boss.token), bossId: boss.user.id };
}

const items = [
  { name: 'Wayne Enterprises', hours: 1 },
  { name: 'Acme', hours: 12.25 },
  { name: 'Initech', hours: 0 },
];

/** Who sends the schedule when the service is called directly. */
const SOURCE: EventSource = { actorId: null, actorLabel: 'Schedule test', ipAddress: null };

/** The schedules sent, as their events recorded them. */
const scheduleEvents = (testApp: TestApp) => testApp.deps.db.select().from(testApp.deps.db.t.events).where(eq(testApp.deps.db.t.events.type, 'schedule.sent'));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('POST /superadmin/schedule with a webhook that accepts', () => {
  let webhook: Awaited<ReturnType<typeof startWebhook>>;
  let t: TestApp;
  let asBoss: ReturnType<typeof api>;
  let bossId: string;

  beforeAll(async () => {
    webhook = await startWebhook(200);
    ({ testApp: t, asBoss, bossId } = await appWithWebhook(webhook.url));
  });
  afterAll(async () => {
    await t.close();
    await webhook.close();
  });

  it('posts the list [{ name, hours }] as JSON, in the order given', async () => {
    const response = await asBoss.post('/superadmin/schedule', { items: items.map((item) => ({ ...item, companyId: 'x' })) });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: 'The schedule for 3 companies was sent.' });
    expect(webhook.received).toHaveLength(1);
    expect(webhook.received[0]).toMatchObject({ method: 'POST', contentType: 'application/json' });
    expect(webhook.received[0]?.body).toBe(JSON.stringify(items));
    expect(await scheduleEvents(t)).toMatchObject([{ actorId: bossId, companyId: null, subjectType: 'schedule', changes: { items: { before: null, after: items } } }]);
  });

  it.each([
    { case: 'an empty list', payload: { items: [] }, message: 'Add at least one company to schedule.' },
    { case: 'no list', payload: {}, message: 'Send the companies to schedule as a list.' },
    { case: '1001 rows', payload: { items: Array.from({ length: 1001 }, () => ({ name: 'A', hours: 1 })) }, message: 'At most 1000 companies can be scheduled at once.' },
    { case: 'a blank name', payload: { items: [{ name: '', hours: 1 }] }, message: 'Each row needs a company name.' },
    { case: 'negative hours', payload: { items: [{ name: 'A', hours: -1 }] }, message: 'Hours to schedule must be 0 or more.' },
    { case: 'text hours', payload: { items: [{ name: 'A', hours: 'lots' }] }, message: 'Hours to schedule must be a number.' },
    { case: 'missing hours', payload: { items: [{ name: 'A' }] }, message: 'Hours to schedule must be a number.' },
  ])('refuses $case (400) and posts nothing', async ({ payload, message }) => {
    const before = webhook.received.length;
    const response = await asBoss.post('/superadmin/schedule', payload);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
    expect(webhook.received).toHaveLength(before);
  });

  it('refuses customers (403) and strangers (401)', async () => {
    const company = await createCompany(t.deps.db);
    const customer = await signedInUser(t, { companyId: company.id, role: 'admin' });
    const before = webhook.received.length;
    expect((await api(t.app, customer.token).post('/superadmin/schedule', { items })).statusCode).toBe(403);
    expect((await api(t.app).post('/superadmin/schedule', { items })).statusCode).toBe(401);
    expect(webhook.received).toHaveLength(before);
  });

  it('gives up after the timeout when the webhook does not answer', async () => {
    const slow = await startWebhook(200, 2_000);
    cleanups.push(slow.close);
    const deps = { ...t.deps, config: { ...t.deps.config, schedulerWebhookUrl: slow.url } };
    await expect(sendSchedule(deps, SOURCE, items, 100)).rejects.toMatchObject({ code: 'BAD_GATEWAY', message: 'The scheduler could not be reached. Please try again in a moment.' });
  });
});

describe('POST /superadmin/schedule when the webhook fails', () => {
  it('answers 503 naming SCHEDULER_WEBHOOK_URL when it is not configured', async () => {
    const { testApp, asBoss } = await appWithWebhook();
    cleanups.push(testApp.close);
    const response = await asBoss.post('/superadmin/schedule', { items });
    expect(response.statusCode).toBe(503);
    expect(json(response).message).toBe('The scheduler is not set up: set SCHEDULER_WEBHOOK_URL to the scheduling web endpoint and restart the server.');
  });

  it('answers 502 when the webhook is down', async () => {
    const { testApp, asBoss } = await appWithWebhook(await downUrl());
    cleanups.push(testApp.close);
    const response = await asBoss.post('/superadmin/schedule', { items });
    expect(response.statusCode).toBe(502);
    expect(json(response).message).toBe('The scheduler could not be reached. Please try again in a moment.');
  });

  it('answers 502 when the webhook answers 500', async () => {
    const failing = await startWebhook(500);
    cleanups.push(failing.close);
    const { testApp, asBoss } = await appWithWebhook(failing.url);
    cleanups.push(testApp.close);
    const response = await asBoss.post('/superadmin/schedule', { items });
    expect(response.statusCode).toBe(502);
    expect(json(response).message).toBe('The scheduler refused the list (HTTP 500). Please try again in a moment.');
    expect(failing.received.map((request) => request.body)).toEqual([JSON.stringify(items)]);
    expect(await scheduleEvents(testApp)).toEqual([]);
  });
});
