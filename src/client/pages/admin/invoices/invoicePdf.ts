/** A link this close to its expiry is asked for again before it is opened. */
const PDF_LINK_MARGIN_MS = 30_000;

/**
 * Whether the invoice's signed PDF link is still good for a while. The list hands out short-lived
 * links; a list left open longer than that needs fresh ones.
 */
export function pdfLinkFresh(pdfUrl: string, now: number): boolean {
  const exp = Number(new URL(pdfUrl, 'http://link.invalid').searchParams.get('exp'));
  return Number.isFinite(exp) && exp > 0 && exp * 1000 - now > PDF_LINK_MARGIN_MS;
}

/** Opens the PDF in a new tab; the server sends it inline, so the browser shows it and offers its download. */
export function openPdf(pdfUrl: string): void {
  window.open(pdfUrl, '_blank', 'noopener');
}
