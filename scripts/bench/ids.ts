import crypto from 'node:crypto';

/*
 * Ids of the same shape as the app's newId() (120 random bits as 24 lowercase base32 characters),
 * made from one bulk read of randomness: the seed writes half a million rows, and one system call
 * plus one encoder pass per id would take longer than all the inserts.
 */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const ID_BYTES = 15;
const BATCH = 4_096;

let pool = Buffer.alloc(0);
let offset = 0;

/** Five bytes make eight characters, so 15 bytes make exactly 24 with no padding. */
export function encodeIdBytes(bytes: Buffer, start = 0): string {
  let text = '';
  for (let group = start; group < start + ID_BYTES; group += 5) {
    // 40 bits: the high 8 above 2^32 so the arithmetic stays exact in a double
    let bits = bytes[group]! * 2 ** 32 + bytes.readUInt32BE(group + 1);
    let chars = '';
    for (let i = 0; i < 8; i += 1) {
      chars = ALPHABET[bits % 32]! + chars;
      bits = Math.floor(bits / 32);
    }
    text += chars;
  }
  return text;
}

export function benchId(): string {
  if (offset >= pool.length) {
    pool = crypto.randomBytes(ID_BYTES * BATCH);
    offset = 0;
  }
  const id = encodeIdBytes(pool, offset);
  offset += ID_BYTES;
  return id;
}
