import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Authenticator secrets are encrypted at rest (AES-256-GCM) so a copy of the database alone (a
 * backup, a stray file) does not hand out second factors. The key is derived from the app's
 * link-signing key, which lives outside the database: SESSION_SECRET or the key file in the data
 * folder. Changing that key makes stored secrets unreadable; their owners then sign in with a
 * recovery code and set two-factor sign-in up again.
 */
const FORMAT = 'v1';
const IV_BYTES = 12;

function boxKey(linkSigningKey: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', linkSigningKey, new Uint8Array(0), 'hourbank two-factor secrets', 32));
}

export function sealSecret(linkSigningKey: Uint8Array, secret: Uint8Array): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', boxKey(linkSigningKey), iv);
  const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The secret, or null when the text was not sealed with this key. */
export function openSecret(linkSigningKey: Uint8Array, text: string): Uint8Array | null {
  const [format, iv, tag, sealed] = text.split('.');
  if (format !== FORMAT || !iv || !tag || sealed === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', boxKey(linkSigningKey), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]));
  } catch {
    return null;
  }
}
