import { describe, expect, it } from 'vitest';
import { pdfLinkFresh } from './invoicePdf.js';

describe('an invoice PDF link’s freshness', () => {
  const now = Date.UTC(2026, 2, 2, 15, 0, 0);
  const link = (expSeconds: number | string) => `/api/invoices/abc/pdf?exp=${expSeconds}&sig=xyz`;

  it('is fresh while its expiry is more than half a minute away', () => {
    expect(pdfLinkFresh(link(now / 1000 + 600), now)).toBe(true);
    expect(pdfLinkFresh(link(now / 1000 + 31), now)).toBe(true);
  });

  it('is stale near or past its expiry, or without one', () => {
    expect(pdfLinkFresh(link(now / 1000 + 30), now)).toBe(false);
    expect(pdfLinkFresh(link(now / 1000 - 1), now)).toBe(false);
    expect(pdfLinkFresh(link('soon'), now)).toBe(false);
    expect(pdfLinkFresh('/api/invoices/abc/pdf', now)).toBe(false);
  });
});
