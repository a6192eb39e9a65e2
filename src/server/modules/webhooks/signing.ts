import { createHmac, randomBytes } from 'node:crypto';

/*
 * Webhook signatures as the Standard Webhooks specification (standardwebhooks.com) has them, so a
 * receiver verifies them with any of its libraries: the secret is `whsec_` and 24 random bytes in
 * base64; a delivery carries `webhook-id` (the message's id, the same on every retry),
 * `webhook-timestamp` (seconds since the epoch, of this attempt) and `webhook-signature`: `v1,` and
 * the base64 HMAC-SHA256, keyed by the secret's bytes, of `<id>.<timestamp>.<body>`.
 */

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 24;

/** A new endpoint's signing secret. */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The headers that sign one delivery attempt of `body`. */
export function signatureHeaders(secret: string, messageId: string, sentAt: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(sentAt.getTime() / 1000).toString();
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
