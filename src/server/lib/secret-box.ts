import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Secrets the app must read back are encrypted at rest (AES-256-GCM) so a copy of the database
 * alone (a backup, a stray file) does not hand them out: the authenticator secrets of two-factor
 * sign-in, the webhook endpoints' signing secrets. The key is derived from the app's link-signing
 * key, which lives outside the database (SESSION_SECRET or the key file in the data folder), one
 * key per purpose. Changing the link-signing key makes stored secrets unreadable: two-factor users
 * then sign in with a recovery code and set it up again; a webhook endpoint gets a new secret.
 */

/** What a sealed secret is for: each purpose has its own key. */
export type SecretPurpose = 'two-factor' | 'webhook';

const KEY_INFO: Record<SecretPurpose, string> = { 'two-factor': 'hourbank two-factor secrets', webhook: 'hourbank webhook secrets' };
const FORMAT = 'v1';
const IV_BYTES = 12;

function boxKey(linkSigningKey: Uint8Array, purpose: SecretPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', linkSigningKey, new Uint8Array(0), KEY_INFO[purpose], 32));
}

export function sealSecret(linkSigningKey: Uint8Array, secret: Uint8Array, purpose: SecretPurpose): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', boxKey(linkSigningKey, purpose), iv);
  const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The secret, or null when the text was not sealed with this key. */
export function openSecret(linkSigningKey: Uint8Array, text: string, purpose: SecretPurpose): Uint8Array | null {
  const [format, iv, tag, sealed] = text.split('.');
  if (format !== FORMAT || !iv || !tag || sealed === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', boxKey(linkSigningKey, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]));
  } catch {
    return null;
  }
}
