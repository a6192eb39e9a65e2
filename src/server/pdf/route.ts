import type { FastifyInstance, FastifyReply } from 'fastify';
import { verifyPdfSignature } from './signed-link.js';

export type InvoicePdfRouteOptions = {
  key: Uint8Array;
  clock: { now(): Date };
  /** The rendered PDF of the invoice, or null when there is no such invoice. */
  loadPdf: (invoiceId: string) => Promise<Uint8Array | null>;
};

export const INVALID_LINK_MESSAGE = 'This invoice link is not valid.';
export const EXPIRED_LINK_MESSAGE = 'This invoice link has expired. Open the invoice again to get a new one.';
export const INVOICE_NOT_FOUND_MESSAGE = 'Invoice not found.';

type PdfRequest = {
  Params: { id: string };
  Querystring: Record<string, string | string[] | undefined>;
};

/** A repeated query parameter is not a link we issued. */
function singleValue(value: string | string[] | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** Keeps the download name a plain token, whatever the id holds. */
function pdfFileName(invoiceId: string): string {
  return `invoice-${invoiceId.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;
}

function sendPdf(reply: FastifyReply, invoiceId: string, pdf: Uint8Array) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename="${pdfFileName(invoiceId)}"`)
    .header('Cache-Control', 'private, no-store')
    // The SPA shows the PDF in an iframe of its own origin; no other site may frame it.
    .header('X-Frame-Options', 'SAMEORIGIN')
    .header('Content-Security-Policy', "frame-ancestors 'self'")
    .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
}

/**
 * GET /api/invoices/:id/pdf, authorised by the signed link alone (an iframe cannot send the session
 * header): the signature names the invoice, so no session or company check is needed here.
 */
export function registerInvoicePdfRoute(app: FastifyInstance, options: InvoicePdfRouteOptions): void {
  app.get<PdfRequest>('/api/invoices/:id/pdf', async (request, reply) => {
    const invoiceId = request.params.id;
    const check = verifyPdfSignature(
      options.key,
      invoiceId,
      singleValue(request.query.exp),
      singleValue(request.query.sig),
      options.clock.now(),
    );
    if (check === 'invalid') return reply.code(403).send({ message: INVALID_LINK_MESSAGE });
    if (check === 'expired') return reply.code(403).send({ message: EXPIRED_LINK_MESSAGE });

    const pdf = await options.loadPdf(invoiceId);
    if (!pdf) return reply.code(404).send({ message: INVOICE_NOT_FOUND_MESSAGE });
    return sendPdf(reply, invoiceId, pdf);
  });
}
