import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The invoice PDF is shown in an iframe, which cannot send the session header, so its URL carries
 * its own proof: an HMAC over the invoice id and an expiry. Keep the expiry short (minutes): the
 * link is a bearer credential for as long as it lives.
 */
export type PdfSignatureCheck = 'valid' | 'expired' | 'invalid';

const expiryPattern = /^\d{1,12}$/;

function signatureOf(key: Uint8Array, invoiceId: string, exp: string): Buffer {
  return createHmac('sha256', key).update(`invoice-pdf:${invoiceId}:${exp}`).digest();
}

export function signPdfPath(key: Uint8Array, invoiceId: string, expiresAt: Date): string {
  const exp = String(Math.floor(expiresAt.getTime() / 1000));
  const sig = signatureOf(key, invoiceId, exp).toString('base64url');
  return `/api/invoices/${encodeURIComponent(invoiceId)}/pdf?exp=${exp}&sig=${sig}`;
}

/** Checks the signature before the expiry, so only a genuine link is ever told it has expired. */
export function verifyPdfSignature(
  key: Uint8Array,
  invoiceId: string,
  exp: string,
  sig: string,
  now: Date,
): PdfSignatureCheck {
  if (!expiryPattern.test(exp)) return 'invalid';
  const expected = signatureOf(key, invoiceId, exp);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return now.getTime() >= Number(exp) * 1000 ? 'expired' : 'valid';
}
