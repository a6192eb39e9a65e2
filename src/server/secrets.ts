import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';

/**
 * The key that signs reset and set-password links: SESSION_SECRET when set, otherwise a random
 * key generated on first start and kept in the data folder, so links survive restarts.
 */
export function loadLinkSigningKey(config: Config): Uint8Array {
  if (config.sessionSecret) return new TextEncoder().encode(config.sessionSecret);
  const file = path.join(config.dataDir, 'link-signing.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  fs.writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  return key;
}
