import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookSink, type WebhookSink } from '../../testing/webhook-sink.js';
import { PRIVATE_ADDRESS } from './address-check.js';
import { postDelivery } from './post.js';

/* One attempt over HTTP, against a local receiver: through the checked address, within its time. */
let sink: WebhookSink;

beforeAll(async () => {
  sink = await startWebhookSink();
});
afterAll(() => sink.close());
beforeEach(() => {
  sink.requests.length = 0;
  sink.answer(200);
});

const port = () => new URL(sink.url()).port;

describe('a delivery attempt', () => {
  it('connects to the address the host was checked to have, keeping the host name in the Host header', async () => {
    const result = await postDelivery({ url: `http://localhost:${port()}/in`, headers: { 'webhook-id': 'msg_1' }, body: '{"a":1}', allowPrivate: true });
    expect(result).toMatchObject({ ok: true, responseStatus: 200, error: null });
    expect(sink.requests).toMatchObject([{ path: '/in', body: '{"a":1}', headers: { host: `localhost:${port()}`, 'webhook-id': 'msg_1', 'content-type': 'application/json' } }]);
  });

  it('tries the next address checked when one refuses the connection (a host listening on one of its addresses)', async () => {
    // the sink listens on 127.0.0.1 only: 127.0.0.2 refuses, as an IPv6 address would where a receiver listens on IPv4
    const lookupHost = async () => [{ address: '127.0.0.2', family: 4 }, { address: '127.0.0.1', family: 4 }];
    const result = await postDelivery({ url: `http://receiver.test:${port()}/in`, headers: {}, body: '{}', allowPrivate: true, lookupHost });
    expect(result).toMatchObject({ ok: true, responseStatus: 200, error: null });
    expect(sink.requests).toMatchObject([{ path: '/in', headers: { host: `receiver.test:${port()}` } }]);
  });

  it('is refused before connecting when the host is private and private ones are not allowed', async () => {
    const result = await postDelivery({ url: `http://localhost:${port()}/in`, headers: {}, body: '{}', allowPrivate: false });
    expect(result).toMatchObject({ ok: false, responseStatus: null, error: PRIVATE_ADDRESS });
    expect(sink.requests).toEqual([]);
  });

  it('fails when the endpoint does not answer in time', async () => {
    sink.hold();
    try {
      const result = await postDelivery({ url: sink.url(), headers: {}, body: '{}', allowPrivate: true, timeoutMs: 300 });
      expect(result).toMatchObject({ ok: false, responseStatus: null, error: 'The endpoint did not answer within 0.3 seconds.' });
      expect(result.durationMs).toBeGreaterThanOrEqual(290);
    } finally {
      sink.release();
    }
  });

  it('fails, naming why, when nothing listens', async () => {
    const result = await postDelivery({ url: 'http://127.0.0.1:9/in', headers: {}, body: '{}', allowPrivate: true });
    expect(result).toMatchObject({ ok: false, responseStatus: null, error: expect.stringContaining('ECONNREFUSED') });
  });
});
