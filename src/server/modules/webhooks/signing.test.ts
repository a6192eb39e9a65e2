import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newSigningSecret, signatureHeaders } from './signing.js';

/*
 * Our signatures checked by an independent implementation of the Standard Webhooks specification
 * (its reference TypeScript library): what a receiver would run.
 */
describe('webhook signatures', () => {
  it('verify with the Standard Webhooks library, and fail when the body, id, time or secret differ', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const body = JSON.stringify({ type: 'invoice.updated', timestamp: '2026-12-02T10:00:00.000Z', data: { price: { before: 500, after: 450 } } });
    const now = new Date();
    const headers = signatureHeaders(secret, 'msg_1', now, body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('450', '451'), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow();
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
    const stale = signatureHeaders(secret, 'msg_1', new Date(now.getTime() - 10 * 60_000), body);
    expect(() => new Webhook(secret).verify(body, stale)).toThrow();
  });

  it('sign each attempt at its own time, under the same message id', () => {
    const secret = newSigningSecret();
    const first = signatureHeaders(secret, 'msg_1', new Date('2026-12-02T10:00:00Z'), '{}');
    const retry = signatureHeaders(secret, 'msg_1', new Date('2026-12-02T10:00:30Z'), '{}');
    expect(first['webhook-id']).toBe(retry['webhook-id']);
    expect(first['webhook-timestamp']).toBe('1796205600');
    expect(first['webhook-signature']).not.toBe(retry['webhook-signature']);
  });
});
