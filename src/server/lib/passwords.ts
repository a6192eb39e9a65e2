import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP parameters set explicitly; the library's defaults are weaker. */
const ARGON2ID = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, which isolatedModules cannot read)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

// Verified against when the email is unknown, so a miss costs as long as a wrong password.
const decoyHash = hashPassword('decoy password that matches nothing');

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
