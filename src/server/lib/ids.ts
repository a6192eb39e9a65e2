import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** An opaque, unguessable identifier: 120 random bits as 24 base32 characters. */
export function newId(): string {
  const bytes = new Uint8Array(15);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}
