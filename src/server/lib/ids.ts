import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** Random bytes per id: 120 bits, 24 base32 characters. */
const ID_BYTES = 15;
/** The most bytes one getRandomValues call fills. */
const MOST_RANDOM_BYTES = 65_536;

/** An opaque, unguessable identifier: 120 random bits as 24 base32 characters. */
export function newId(): string {
  const bytes = new Uint8Array(ID_BYTES);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/**
 * `count` ids like newId's, from one read of randomness per 4,000 or so: each read is a system call
 * of some 3 µs, more than the rest of making an id, which counts when a change writes thousands of
 * rows (the expiry run's events).
 */
export function newIds(count: number): string[] {
  const bytes = new Uint8Array(count * ID_BYTES);
  for (let from = 0; from < bytes.length; from += MOST_RANDOM_BYTES) crypto.getRandomValues(bytes.subarray(from, from + MOST_RANDOM_BYTES));
  return Array.from({ length: count }, (_, index) => encodeBase32LowerCaseNoPadding(bytes.subarray(index * ID_BYTES, (index + 1) * ID_BYTES)));
}
