import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Compact HS256 JWTs, synchronous so they can be issued inside a database transaction.
 * The browser decodes the payload (exp, in seconds) to tell an expired link before asking.
 */
/** The claims every token of the app carries; a kind of token may add its own, which it checks itself. */
export type JwtPayload = { sub: string; jti: string; purpose: string; exp: number; iat: number; [claim: string]: unknown };

const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function signature(key: Uint8Array, signingInput: string): Buffer {
  return createHmac('sha256', key).update(signingInput).digest();
}

export function signJwt(key: Uint8Array, payload: JwtPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signingInput = `${header}.${body}`;
  return `${signingInput}.${signature(key, signingInput).toString('base64url')}`;
}

/** The payload of a token whose signature is genuine, expired or not; null for anything else. */
export function verifyJwtSignature(key: Uint8Array, token: string): JwtPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, sig] = parts as [string, string, string];
  if (head !== header) return null;
  const expected = signature(key, `${head}.${body}`);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<JwtPayload>;
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.jti !== 'string' ||
      typeof payload.purpose !== 'string' ||
      typeof payload.exp !== 'number' ||
      typeof payload.iat !== 'number'
    ) {
      return null;
    }
    return payload as JwtPayload;
  } catch {
    return null;
  }
}
