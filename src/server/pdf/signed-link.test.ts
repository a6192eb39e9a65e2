import { describe, expect, it } from 'vitest';
import { signLink, signPdfPath, verifyLink, verifyPdfSignature } from './signed-link.js';
import { tamperedSignature } from '../testing/links.js';

const key = new TextEncoder().encode('a-test-key-that-is-long-enough-123456');
const otherKey = new TextEncoder().encode('another-test-key-that-is-long-enough');
const issuedAt = new Date('2026-03-10T12:00:00.000Z');
const expiresAt = new Date(issuedAt.getTime() + 10 * 60_000);

function partsOf(path: string) {
  const url = new URL(path, 'http://localhost');
  return {
    pathname: url.pathname,
    exp: url.searchParams.get('exp') ?? '',
    sig: url.searchParams.get('sig') ?? '',
  };
}

describe('signed invoice PDF links', () => {
  it('builds the API path with the expiry in seconds and a base64url signature', () => {
    const { pathname, exp, sig } = partsOf(signPdfPath(key, 'inv_1', expiresAt));
    expect(pathname).toBe('/api/invoices/inv_1/pdf');
    expect(exp).toBe(String(expiresAt.getTime() / 1000));
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts its own link until it expires', () => {
    const { exp, sig } = partsOf(signPdfPath(key, 'inv_1', expiresAt));
    expect(verifyPdfSignature(key, 'inv_1', exp, sig, issuedAt)).toBe('valid');
    expect(verifyPdfSignature(key, 'inv_1', exp, sig, new Date(expiresAt.getTime() - 1))).toBe('valid');
  });

  it('reports a genuine link past its expiry as expired', () => {
    const { exp, sig } = partsOf(signPdfPath(key, 'inv_1', expiresAt));
    expect(verifyPdfSignature(key, 'inv_1', exp, sig, expiresAt)).toBe('expired');
    expect(verifyPdfSignature(key, 'inv_1', exp, sig, new Date(expiresAt.getTime() + 3_600_000))).toBe('expired');
  });

  it('refuses a link moved to another invoice', () => {
    const { exp, sig } = partsOf(signPdfPath(key, 'inv_1', expiresAt));
    expect(verifyPdfSignature(key, 'inv_2', exp, sig, issuedAt)).toBe('invalid');
  });

  it('refuses a link whose expiry was pushed back, even once the real one has passed', () => {
    const { exp, sig } = partsOf(signPdfPath(key, 'inv_1', expiresAt));
    const later = String(Number(exp) + 86_400);
    expect(verifyPdfSignature(key, 'inv_1', later, sig, issuedAt)).toBe('invalid');
    expect(verifyPdfSignature(key, 'inv_1', later, sig, new Date(expiresAt.getTime() + 1000))).toBe('invalid');
    expect(verifyPdfSignature(key, 'inv_1', `0${exp}`, sig, issuedAt)).toBe('invalid');
  });

  it('refuses a link signed with another key', () => {
    const { exp, sig } = partsOf(signPdfPath(otherKey, 'inv_1', expiresAt));
    expect(verifyPdfSignature(key, 'inv_1', exp, sig, issuedAt)).toBe('invalid');
  });

  it('refuses a tampered, truncated or missing signature and a malformed expiry', () => {
    const { exp, sig } = partsOf(signPdfPath(key, 'inv_1', expiresAt));
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(verifyPdfSignature(key, 'inv_1', exp, flipped, issuedAt)).toBe('invalid');
    expect(verifyPdfSignature(key, 'inv_1', exp, sig.slice(0, 20), issuedAt)).toBe('invalid');
    expect(verifyPdfSignature(key, 'inv_1', exp, '', issuedAt)).toBe('invalid');
    expect(verifyPdfSignature(key, 'inv_1', '', sig, issuedAt)).toBe('invalid');
    expect(verifyPdfSignature(key, 'inv_1', '1e12', sig, issuedAt)).toBe('invalid');
  });

  it('escapes an id that is not URL-safe and still verifies it', () => {
    const { pathname, exp, sig } = partsOf(signPdfPath(key, '2026/0042', expiresAt));
    expect(pathname).toBe('/api/invoices/2026%2F0042/pdf');
    expect(verifyPdfSignature(key, '2026/0042', exp, sig, issuedAt)).toBe('valid');
  });
});

describe('signed download links', () => {
  const link = signLink(key, '/api/activities/export.csv?company=c1', expiresAt);

  it('signs the path and query with an expiry and hands back the query it signs', () => {
    expect(link).toMatch(/^\/api\/activities\/export\.csv\?company=c1&exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    const { check, query } = verifyLink(key, link, issuedAt);
    expect(check).toBe('valid');
    expect(query.get('company')).toBe('c1');
  });

  it('refuses a changed parameter, path, signature or key', () => {
    expect(verifyLink(key, link.replace('company=c1', 'company=c2'), issuedAt).check).toBe('invalid');
    expect(verifyLink(key, link.replace('/activities/', '/superadmin/'), issuedAt).check).toBe('invalid');
    expect(verifyLink(key, tamperedSignature(link), issuedAt).check).toBe('invalid');
    expect(verifyLink(key, `${link}&company=c2`, issuedAt).check).toBe('invalid');
    expect(verifyLink(otherKey, link, issuedAt).check).toBe('invalid');
    expect(verifyLink(key, '/api/activities/export.csv?company=c1', issuedAt).check).toBe('invalid');
  });

  it('expires, and gives no query once expired', () => {
    const result = verifyLink(key, link, expiresAt);
    expect(result.check).toBe('expired');
    expect([...result.query]).toEqual([]);
  });

  it('is not an invoice PDF signature, nor the other way round', () => {
    const pdf = signPdfPath(key, 'inv_1', expiresAt);
    expect(verifyLink(key, pdf, issuedAt).check).toBe('invalid');
  });
});
