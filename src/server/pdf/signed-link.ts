import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * A download the browser starts itself (an iframe, a link) cannot send the session header, so its
 * URL carries its own proof: an HMAC over what it names and an expiry. Keep the expiry short
 * (minutes): the link is a bearer credential for as long as it lives. The invoice PDF signs its
 * invoice id; an export signs its whole path and query, so no parameter can be changed.
 */
export type PdfSignatureCheck = 'valid' | 'expired' | 'invalid';
export type LinkCheck = PdfSignatureCheck;

const expiryPattern = /^\d{1,12}$/;

function hmac(key: Uint8Array, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

const secondsOf = (date: Date) => String(Math.floor(date.getTime() / 1000));

/** Checks the signature before the expiry, so only a genuine link is ever told it has expired. */
function check(expected: Buffer, exp: string, sig: string, now: Date): LinkCheck {
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return now.getTime() >= Number(exp) * 1000 ? 'expired' : 'valid';
}

const pdfSignatureOf = (key: Uint8Array, invoiceId: string, exp: string) => hmac(key, `invoice-pdf:${invoiceId}:${exp}`);

export function signPdfPath(key: Uint8Array, invoiceId: string, expiresAt: Date): string {
  const exp = secondsOf(expiresAt);
  const sig = pdfSignatureOf(key, invoiceId, exp).toString('base64url');
  return `/api/invoices/${encodeURIComponent(invoiceId)}/pdf?exp=${exp}&sig=${sig}`;
}

export function verifyPdfSignature(key: Uint8Array, invoiceId: string, exp: string, sig: string, now: Date): PdfSignatureCheck {
  if (!expiryPattern.test(exp)) return 'invalid';
  return check(pdfSignatureOf(key, invoiceId, exp), exp, sig, now);
}

const SIGNATURE_PARAM = '&sig=';

/**
 * A link to `pathAndQuery` (which has a query string) good until `expiresAt`: `&exp=` then `&sig=`,
 * the signature over everything before it.
 */
export function signLink(key: Uint8Array, pathAndQuery: string, expiresAt: Date): string {
  if (!pathAndQuery.includes('?')) throw new Error('A signed link needs a query string.');
  const signed = `${pathAndQuery}&exp=${secondsOf(expiresAt)}`;
  return `${signed}${SIGNATURE_PARAM}${hmac(key, `link:${signed}`).toString('base64url')}`;
}

/**
 * Checks a request URL made from signLink, exactly as it came (the signature is the last
 * parameter); answers the check and, when valid, the query it signs.
 */
export function verifyLink(key: Uint8Array, url: string, now: Date): { check: LinkCheck; query: URLSearchParams } {
  const at = url.lastIndexOf(SIGNATURE_PARAM);
  const invalid = { check: 'invalid' as const, query: new URLSearchParams() };
  if (at < 0) return invalid;
  const signed = url.slice(0, at);
  const sig = url.slice(at + SIGNATURE_PARAM.length);
  const query = new URLSearchParams(signed.slice(signed.indexOf('?') + 1));
  const exp = query.getAll('exp');
  if (exp.length !== 1 || !expiryPattern.test(exp[0]!)) return invalid;
  const result = check(hmac(key, `link:${signed}`), exp[0]!, sig, now);
  return result === 'valid' ? { check: result, query } : { check: result, query: new URLSearchParams() };
}
