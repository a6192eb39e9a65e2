import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerInvoicePdfRoute } from './route.js';
import { signPdfPath } from './signed-link.js';

const key = new TextEncoder().encode('a-test-key-that-is-long-enough-123456');
const start = new Date('2026-03-10T12:00:00.000Z');
const tenMinutesLater = new Date(start.getTime() + 10 * 60_000);
const pdfBytes = new TextEncoder().encode('%PDF-1.7 fake invoice');

let app: FastifyInstance;
let now = start;

async function buildApp(invoices: Record<string, Uint8Array> = { inv_1: pdfBytes }) {
  app = Fastify();
  registerInvoicePdfRoute(app, {
    key,
    clock: { now: () => now },
    loadPdf: async (invoiceId) => invoices[invoiceId] ?? null,
  });
  await app.ready();
  return app;
}

afterEach(async () => {
  now = start;
  await app?.close();
});

describe('GET /api/invoices/:id/pdf', () => {
  it('answers the PDF inline, uncached and frameable by the same origin only', async () => {
    await buildApp();
    const response = await app.inject({ method: 'GET', url: signPdfPath(key, 'inv_1', tenMinutesLater) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="invoice-inv_1.pdf"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(response.rawPayload.equals(Buffer.from(pdfBytes))).toBe(true);
  });

  it('refuses a link without a signature', async () => {
    await buildApp();
    const response = await app.inject({ method: 'GET', url: '/api/invoices/inv_1/pdf' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This invoice link is not valid.' });
  });

  it("refuses another invoice's link", async () => {
    await buildApp({ inv_1: pdfBytes, inv_2: pdfBytes });
    const url = signPdfPath(key, 'inv_1', tenMinutesLater).replace('inv_1', 'inv_2');
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This invoice link is not valid.' });
  });

  it('refuses a repeated query parameter', async () => {
    await buildApp();
    const url = signPdfPath(key, 'inv_1', tenMinutesLater);
    const sig = new URL(url, 'http://localhost').searchParams.get('sig');
    const response = await app.inject({ method: 'GET', url: `${url}&sig=${sig}` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This invoice link is not valid.' });
  });

  it('tells an expired link to fetch a new one', async () => {
    await buildApp();
    const url = signPdfPath(key, 'inv_1', tenMinutesLater);
    now = new Date(tenMinutesLater.getTime() + 1000);
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'This invoice link has expired. Open the invoice again to get a new one.',
    });
  });

  it('answers 404 for a genuine link to an invoice that no longer exists', async () => {
    await buildApp({});
    const response = await app.inject({ method: 'GET', url: signPdfPath(key, 'inv_1', tenMinutesLater) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Invoice not found.' });
  });

  it('serves an id that needed escaping under a safe file name', async () => {
    await buildApp({ '2026/0042': pdfBytes });
    const response = await app.inject({ method: 'GET', url: signPdfPath(key, '2026/0042', tenMinutesLater) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('inline; filename="invoice-2026_0042.pdf"');
  });
});
