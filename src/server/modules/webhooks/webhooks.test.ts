import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedWebhookEndpointDto, WebhookDeliveryDto, WebhookEndpointListItemDto } from '../../../shared/webhooks.js';
import { LEASE_MS } from '../../lib/leased-worker.js';
import { openSecret } from '../../lib/secret-box.js';
import { api, createTestApp, json, queuedEmails, signedInUser, type TestApp } from '../../testing/app.js';
import { recordedEvents } from '../../testing/events.js';
import { startWebhookSink, verifiedPayload, type WebhookSink } from '../../testing/webhook-sink.js';
import { recordEvents, SCHEDULED_WORK, type NewEvent } from '../events/service.js';
import { PRIVATE_ADDRESS } from './address-check.js';
import { ENDPOINT_TURNED_OFF } from './deliveries.js';
import { GIVE_UP_AFTER_MS, WebhookSender } from './sender.js';

/*
 * Outgoing webhooks end to end against a local receiver (WEBHOOKS_ALLOW_PRIVATE on for it): events
 * make deliveries in their own transaction, the worker signs them (checked by the Standard Webhooks
 * reference library), retries with backoff for a day, survives a crash, and turns off an endpoint
 * nothing reached for a day, telling the provider. Without the setting, private addresses are refused.
 */

let t: TestApp;
let sink: WebhookSink;
let as: ReturnType<typeof api>;

const packageEvent = (id: string): NewEvent => ({ type: 'package.created', companyId: null, subjectType: 'package', subjectId: id, changes: { hours: { before: null, after: 10 } } });

/** Records events as a change would, in a transaction of their own. */
const recordAt = (events: NewEvent[]) => t.deps.db.transaction((tx) => recordEvents(tx, SCHEDULED_WORK, t.clock.now(), events));

async function createEndpoint(fields: Record<string, unknown> = {}): Promise<CreatedWebhookEndpointDto> {
  const response = await as.post('/superadmin/webhooks', { url: sink.url(), eventTypes: ['package.created'], description: 'Bookkeeping', ...fields });
  expect(response.statusCode, response.body).toBe(200);
  return json<CreatedWebhookEndpointDto>(response);
}

async function deliveries(endpointId: string): Promise<WebhookDeliveryDto[]> {
  const response = await as.get(`/superadmin/webhooks/${endpointId}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return json<WebhookDeliveryDto[]>(response);
}

beforeAll(async () => {
  sink = await startWebhookSink();
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
  t.clock.set(new Date());
  as = api(t.app, (await signedInUser(t, { role: 'superadmin', companyId: null })).token);
});

afterAll(async () => {
  await t.close();
  await sink.close();
});

beforeEach(async () => {
  // the receiver's clock and ours agree, as the reference library checks the signature's time
  t.clock.set(new Date());
  sink.answer(200);
  sink.requests.length = 0;
  await t.deps.db.transaction((tx) => tx.delete(tx.t.webhookEndpoints));
});

describe('endpoints', () => {
  it('shows the signing secret once, keeps it sealed, and lists the endpoint without it', async () => {
    const endpoint = await createEndpoint();
    expect(endpoint).toMatchObject({ url: sink.url(), eventTypes: ['package.created'], enabled: true, disabledReason: null, description: 'Bookkeeping' });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const [row] = await t.deps.db.select().from(t.deps.db.t.webhookEndpoints);
    expect(row!.secretCipher).not.toContain(endpoint.secret.slice(6));
    expect(new TextDecoder().decode(openSecret(t.deps.linkSigningKey, row!.secretCipher, 'webhook')!)).toBe(endpoint.secret);

    const listed = json<WebhookEndpointListItemDto[]>(await as.get('/superadmin/webhooks'));
    expect(listed).toEqual([{ ...endpoint, secret: undefined, lastDelivery: null }].map(({ secret: _secret, ...rest }) => rest));
    expect(JSON.stringify(json(await as.get(`/superadmin/webhooks/${endpoint._id}`)))).not.toContain(endpoint.secret);
    expect((await recordedEvents(t.deps.db, { subjectId: endpoint._id })).map((event) => event.type)).toEqual(['webhook_endpoint.created']);
  });

  it('refuses a bad address or event type with a clear message, and writes nothing', async () => {
    const refused = [
      [{ url: 'ftp://example.com/hook' }, 'The endpoint address must be a full http:// or https:// address.'],
      [{ eventTypes: ['no.such'] }, 'Each event type must be one of GET /superadmin/events/types.'],
      [{ eventTypes: [] }, 'Choose at least one event type.'],
      [{ url: 'http://no-such-host.invalid/hook' }, 'The host no-such-host.invalid could not be found.'],
    ] as const;
    for (const [fields, message] of refused) {
      const response = await as.post('/superadmin/webhooks', { url: sink.url(), eventTypes: ['package.created'], ...fields });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    }
    expect(json(await as.get('/superadmin/webhooks'))).toEqual([]);
  });

  it('changes only the fields sent; turning off ends waiting deliveries, turning on clears why it was off', async () => {
    const endpoint = await createEndpoint();
    await recordAt([packageEvent('p-off')]);
    const off = await as.put(`/superadmin/webhooks/${endpoint._id}`, { enabled: false });
    expect(json(off)).toMatchObject({ enabled: false, url: sink.url(), eventTypes: ['package.created'], description: 'Bookkeeping' });
    expect(await deliveries(endpoint._id)).toMatchObject([{ status: 'failed', lastError: ENDPOINT_TURNED_OFF, attempts: 0 }]);
    expect(await t.deps.webhooks.runDue()).toBe(0);
    expect(sink.requests).toEqual([]);

    await recordAt([packageEvent('p-while-off')]);
    expect(await deliveries(endpoint._id)).toHaveLength(1);

    await t.deps.db.transaction((tx) => tx.update(tx.t.webhookEndpoints).set({ disabledReason: 'No delivery reached it.' }));
    expect(json(await as.put(`/superadmin/webhooks/${endpoint._id}`, { enabled: true }))).toMatchObject({ enabled: true, disabledReason: null });
    const types = (await recordedEvents(t.deps.db, { subjectId: endpoint._id })).map((event) => event.type);
    expect(types).toEqual(['webhook_endpoint.created', 'webhook_endpoint.updated', 'webhook_endpoint.updated']);
  });

  it('rotates the secret: the answer shows the new one, and deliveries are signed with it', async () => {
    const endpoint = await createEndpoint();
    const rotated = json<CreatedWebhookEndpointDto>(await as.post(`/superadmin/webhooks/${endpoint._id}/secret`));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    await recordAt([packageEvent('p-rotated')]);
    await t.deps.webhooks.runDue();
    expect(verifiedPayload(rotated.secret, sink.requests[0]!)).toMatchObject({ type: 'package.created' });
    expect(() => verifiedPayload(endpoint.secret, sink.requests[0]!)).toThrow();
    const [rotation] = await recordedEvents(t.deps.db, { subjectId: endpoint._id, types: ['webhook_endpoint.secret_rotated'] });
    expect(JSON.stringify(rotation)).not.toContain(rotated.secret);
  });

  it('deletes an endpoint with its delivery log', async () => {
    const endpoint = await createEndpoint();
    await recordAt([packageEvent('p-deleted')]);
    expect((await as.delete(`/superadmin/webhooks/${endpoint._id}`)).statusCode).toBe(200);
    expect(await t.deps.db.select().from(t.deps.db.t.webhookDeliveries)).toEqual([]);
    expect((await as.get(`/superadmin/webhooks/${endpoint._id}/deliveries`)).statusCode).toBe(404);
  });
});

describe('deliveries', () => {
  it('are made with their event, only to enabled endpoints of its type, and none when the change rolls back', async () => {
    const wanted = await createEndpoint();
    const otherType = await createEndpoint({ eventTypes: ['invoice.created'] });
    const off = await createEndpoint({ enabled: false });
    const invoiceMade: NewEvent = { type: 'invoice.created', companyId: null, subjectType: 'invoice', subjectId: 'i-1', changes: {} };
    const taskMade: NewEvent = { type: 'task.created', companyId: null, subjectType: 'task', subjectId: 't-1', changes: {} };
    // one batch of several types, one of which no endpoint receives
    await recordAt([packageEvent('p-1'), invoiceMade, taskMade, packageEvent('p-2')]);
    await expect(
      t.deps.db.transaction(async (tx) => {
        await recordEvents(tx, SCHEDULED_WORK, t.clock.now(), [packageEvent('p-rolled-back')]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    expect((await deliveries(wanted._id)).map((delivery) => [delivery.eventType, delivery.status])).toEqual([
      ['package.created', 'pending'],
      ['package.created', 'pending'],
    ]);
    expect((await deliveries(otherType._id)).map((delivery) => delivery.eventType)).toEqual(['invoice.created']);
    expect(await deliveries(off._id)).toEqual([]);
  });

  it('post the event signed per Standard Webhooks, verified by its reference library, and log the answer', async () => {
    const endpoint = await createEndpoint();
    await recordAt([packageEvent('p-signed')]);
    const [event] = await recordedEvents(t.deps.db, { subjectId: 'p-signed' });
    expect(await t.deps.webhooks.runDue()).toBe(1);

    expect(sink.requests).toHaveLength(1);
    const [request] = sink.requests;
    expect(request!.headers['webhook-id']).toBe(`msg_${event!.id}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(verifiedPayload(endpoint.secret, request!)).toEqual({
      type: 'package.created',
      timestamp: event!.occurredAt.toISOString(),
      data: {
        event: event!.id,
        type: 'package.created',
        occurredAt: event!.occurredAt.toISOString(),
        actor: 'Scheduled work',
        actorId: null,
        companyId: null,
        subjectType: 'package',
        subjectId: 'p-signed',
        changes: { hours: { before: null, after: 10 } },
      },
    });
    const [delivery] = await deliveries(endpoint._id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200, lastError: null, nextAttemptAt: null, messageId: `msg_${event!.id}` });
    expect(delivery!.durationMs).toBeGreaterThanOrEqual(0);
    const [listed] = json<WebhookEndpointListItemDto[]>(await as.get('/superadmin/webhooks'));
    expect(listed!.lastDelivery).toEqual({ status: 'delivered', createdAt: delivery!.createdAt });
  });

  it('page newest first', async () => {
    const endpoint = await createEndpoint();
    for (const id of ['p-a', 'p-b', 'p-c']) {
      await recordAt([packageEvent(id)]);
      t.clock.advance(1_000);
    }
    const page = await as.get(`/superadmin/webhooks/${endpoint._id}/deliveries?per_page=2`);
    expect(page.headers['x-total-count']).toBe('3');
    const [newest] = await recordedEvents(t.deps.db, { subjectId: 'p-c' });
    expect(json<WebhookDeliveryDto[]>(page).map((delivery) => delivery.messageId)).toEqual([`msg_${newest!.id}`, expect.any(String)]);
  });

  it('are retried after 30 s, then twice as long each time, under the same webhook-id, until the receiver takes them', async () => {
    const endpoint = await createEndpoint();
    await recordAt([packageEvent('p-retried')]);
    sink.answer(500);
    expect(await t.deps.webhooks.runDue()).toBe(0);
    let [delivery] = await deliveries(endpoint._id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, lastError: 'The endpoint answered HTTP 500.' });
    expect(Date.parse(delivery!.nextAttemptAt!)).toBe(t.clock.now().getTime() + 30_000);

    t.clock.advance(29_999);
    expect(await t.deps.webhooks.runDue()).toBe(0);
    expect(sink.requests).toHaveLength(1);
    t.clock.advance(1);
    await t.deps.webhooks.runDue();
    [delivery] = await deliveries(endpoint._id);
    expect(delivery).toMatchObject({ attempts: 2 });
    expect(Date.parse(delivery!.nextAttemptAt!)).toBe(t.clock.now().getTime() + 60_000);

    sink.answer(204);
    t.clock.advance(60_000);
    expect(await t.deps.webhooks.runDue()).toBe(1);
    [delivery] = await deliveries(endpoint._id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 204, lastError: null });
    expect(new Set(sink.requests.map((request) => request.headers['webhook-id'])).size).toBe(1);
    expect(verifiedPayload(endpoint.secret, sink.requests[2]!, t.clock.now())).toMatchObject({ type: 'package.created' });
  });

  it('count a redirect as a failure and do not follow it', async () => {
    const endpoint = await createEndpoint();
    await recordAt([packageEvent('p-redirected')]);
    sink.answer(302);
    await t.deps.webhooks.runDue();
    expect(await deliveries(endpoint._id)).toMatchObject([{ status: 'pending', responseStatus: 302, lastError: 'The endpoint answered HTTP 302 (redirects are not followed).' }]);
    expect(sink.requests).toHaveLength(1);
  });

  it('are given up a day after they were made; the endpoint nothing reached is turned off and the provider emailed', async () => {
    const endpoint = await createEndpoint();
    const madeAt = t.clock.now().getTime();
    await recordAt([packageEvent('p-failing')]);
    sink.answer(503);
    const attemptsAt: number[] = [];
    for (let delivery = (await deliveries(endpoint._id))[0]!; delivery.status === 'pending'; delivery = (await deliveries(endpoint._id))[0]!) {
      t.clock.set(new Date(delivery.nextAttemptAt!));
      attemptsAt.push(t.clock.now().getTime() - madeAt);
      await t.deps.webhooks.runDue();
    }
    const gaps = attemptsAt.slice(1).map((at, n) => at - attemptsAt[n]!);
    expect(gaps.slice(0, 9)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_840_000, 7_200_000]);
    expect(Math.max(...gaps)).toBe(7_200_000);
    expect(attemptsAt.at(-1)).toBe(GIVE_UP_AFTER_MS);
    expect(await deliveries(endpoint._id)).toMatchObject([{ status: 'failed', attempts: attemptsAt.length, responseStatus: 503 }]);

    const turnedOff = json<{ enabled: boolean; disabledReason: string }>(await as.get(`/superadmin/webhooks/${endpoint._id}`));
    expect(turnedOff.enabled).toBe(false);
    expect(turnedOff.disabledReason).toContain('No delivery reached it for a day');
    expect(await recordedEvents(t.deps.db, { subjectId: endpoint._id, types: ['webhook_endpoint.disabled'] })).toMatchObject([
      { actorId: null, actorLabel: 'Hourbank (automatic)', changes: { enabled: { before: true, after: false } } },
    ]);
    const email = (await queuedEmails(t.deps)).find((row) => row.subject.startsWith('A webhook endpoint was turned off'));
    expect(email).toMatchObject({ toAddresses: 'provider@hourbank.test' });
    expect(email!.textBody).toContain(sink.url());
  });

  it('given up on leave the endpoint on when another delivery reached it meanwhile', async () => {
    const endpoint = await createEndpoint();
    await recordAt([packageEvent('p-stuck')]);
    sink.answer(500);
    await t.deps.webhooks.runDue();
    t.clock.advance(60 * 60_000);
    sink.answer(200);
    await recordAt([packageEvent('p-fine')]);
    // only the new one is due now; it reaches the endpoint
    const [stuck] = (await deliveries(endpoint._id)).filter((delivery) => delivery.status === 'pending' && delivery.attempts === 1);
    await t.deps.db.transaction((tx) => tx.update(tx.t.webhookDeliveries).set({ nextAttemptAt: new Date(t.clock.now().getTime() + GIVE_UP_AFTER_MS) }).where(eq(tx.t.webhookDeliveries.id, stuck!._id)));
    await t.deps.webhooks.runDue();
    sink.answer(500);
    t.clock.advance(GIVE_UP_AFTER_MS);
    await t.deps.webhooks.runDue();
    expect((await deliveries(endpoint._id)).map((delivery) => delivery.status).sort()).toEqual(['delivered', 'failed']);
    expect(json(await as.get(`/superadmin/webhooks/${endpoint._id}`))).toMatchObject({ enabled: true });
  });

  it('held by a worker that died mid-send are sent by the next worker once the lease runs out', async () => {
    const endpoint = await createEndpoint();
    await recordAt([packageEvent('p-crash')]);
    sink.hold();
    const dying = t.deps.webhooks.runDue();
    await expect.poll(() => sink.requests.length).toBe(1);
    // the worker dies here: nothing renews its lease any more
    const survivor = new WebhookSender(t.deps);
    expect(await survivor.runDue()).toBe(0);
    t.clock.advance(LEASE_MS - 1);
    expect(await survivor.runDue()).toBe(0);
    t.clock.advance(1);
    sink.stopHolding();
    expect(await survivor.runDue()).toBe(1);
    sink.release();
    await dying;
    expect(sink.requests.map((request) => request.headers['webhook-id'])).toEqual([sink.requests[0]!.headers['webhook-id'], sink.requests[0]!.headers['webhook-id']]);
    expect(await deliveries(endpoint._id)).toMatchObject([{ status: 'delivered' }]);
  });

  it('are sent again by Redeliver, as a new delivery with the same body and webhook-id', async () => {
    const endpoint = await createEndpoint();
    await recordAt([packageEvent('p-again')]);
    await t.deps.webhooks.runDue();
    const [first] = await deliveries(endpoint._id);
    const again = await as.post(`/superadmin/webhooks/deliveries/${first!._id}/redeliver`);
    expect(json(again)).toMatchObject({ status: 'pending', messageId: first!.messageId, attempts: 0 });
    await t.deps.webhooks.runDue();
    expect(sink.requests.map((request) => request.body)).toEqual([sink.requests[0]!.body, sink.requests[0]!.body]);
    expect(sink.requests[1]!.headers['webhook-id']).toBe(first!.messageId);
    expect(verifiedPayload(endpoint.secret, sink.requests[1]!)).toMatchObject({ data: { subjectId: 'p-again' } });
    expect((await deliveries(endpoint._id)).map((delivery) => delivery.status)).toEqual(['delivered', 'delivered']);
    expect(await recordedEvents(t.deps.db, { subjectId: first!._id, types: ['webhook_delivery.redelivered'] })).toHaveLength(1);
    expect((await as.post('/superadmin/webhooks/deliveries/no-such/redeliver')).statusCode).toBe(404);
  });

  it('include a test event on request, sent even to an endpoint that is off', async () => {
    const endpoint = await createEndpoint({ enabled: false });
    const queued = json<WebhookDeliveryDto>(await as.post(`/superadmin/webhooks/${endpoint._id}/test`));
    expect(queued).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    expect(await t.deps.webhooks.runDue()).toBe(1);
    expect(verifiedPayload(endpoint.secret, sink.requests[0]!)).toMatchObject({ type: 'webhook.test', data: { endpoint: endpoint._id } });
    expect(await recordedEvents(t.deps.db, { subjectId: endpoint._id, types: ['webhook_endpoint.test_sent'] })).toHaveLength(1);
  });
});

describe('private addresses, without WEBHOOKS_ALLOW_PRIVATE', () => {
  let strict: TestApp;
  let asStrict: ReturnType<typeof api>;

  beforeAll(async () => {
    strict = await createTestApp();
    asStrict = api(strict.app, (await signedInUser(strict, { role: 'superadmin', companyId: null })).token);
  });
  afterAll(() => strict.close());
  afterEach(() => strict.deps.db.transaction((tx) => tx.delete(tx.t.webhookEndpoints)));

  it.each(['http://127.0.0.1:9/hook', 'http://localhost/hook', 'http://[::1]/hook', 'http://10.0.0.8/hook', 'http://169.254.169.254/latest', 'http://192.168.1.20/hook'])('refuses an endpoint at %s, and writes nothing', async (url) => {
    const response = await asStrict.post('/superadmin/webhooks', { url, eventTypes: ['package.created'] });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ message: PRIVATE_ADDRESS });
    expect(json(await asStrict.get('/superadmin/webhooks'))).toEqual([]);
  });

  it('refuses to send to a host that resolves to a private address by the time of sending', async () => {
    // made while allowed (as an operator might have), then sent by a worker that does not allow it
    const endpoint = await createEndpoint({ url: `http://localhost:${new URL(sink.url()).port}/hook` });
    await recordAt([packageEvent('p-private')]);
    const strictSender = new WebhookSender({ ...t.deps, config: { ...t.deps.config, webhooksAllowPrivate: false } });
    expect(await strictSender.runDue()).toBe(0);
    expect(sink.requests).toEqual([]);
    expect(await deliveries(endpoint._id)).toMatchObject([{ status: 'pending', attempts: 1, responseStatus: null, lastError: PRIVATE_ADDRESS }]);
  });
});
