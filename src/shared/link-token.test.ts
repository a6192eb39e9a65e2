import { describe, expect, it } from 'vitest';
import { linkTokenExpiry, linkTokenState } from './link-token.js';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: unknown) => `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;

describe('link tokens', () => {
  it('reads exp in seconds', () => {
    expect(linkTokenExpiry(token({ exp: 1_800_000_000, sub: 'u' }))).toBe(1_800_000_000);
  });

  it('tells valid from expired at the second', () => {
    const exp = 1_800_000_000;
    expect(linkTokenState(token({ exp }), exp * 1000 - 1)).toBe('valid');
    expect(linkTokenState(token({ exp }), exp * 1000)).toBe('expired');
  });

  it.each(['', 'garbage', 'a.b', 'a.!!!.c', token({ sub: 'no exp' }), token({ exp: '123' }), `${token({ exp: 1 })}.extra`])(
    'calls %j invalid',
    (value) => {
      expect(linkTokenState(value, 0)).toBe('invalid');
    },
  );

  it('decodes payloads that need base64url padding and characters', () => {
    const claims = { exp: 1_900_000_000, note: '~~~???>>>' };
    expect(linkTokenExpiry(token(claims))).toBe(1_900_000_000);
  });
});
