import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { renderInvoicePdf } from '../../pdf/invoice-pdf.js';
import { invoicePdfData } from './queries.js';
import { readLogo } from '../settings/logo.js';
import { readSettings } from '../settings/service.js';

export const PDF_ATTACHMENT_PREFIX = 'invoice-pdf:';

/** Renders an invoice as it stands now (payments and balance current); null when it does not exist. */
export async function invoicePdfFor(deps: AppDeps, invoiceId: string): Promise<Uint8Array | null> {
  let data;
  let settings;
  try {
    data = await invoicePdfData(deps.db, invoiceId);
    settings = await readSettings(deps.config, deps.db);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
  return renderInvoicePdf({ ...data, issuedAt: deps.clock.now() }, settings.provider, settings.timeZone, await readLogo(deps.db));
}

/** The outbox's attachment resolver for "invoice-pdf:<id>" sources. */
export async function resolveInvoiceAttachment(deps: AppDeps, source: string): Promise<Buffer> {
  if (!source.startsWith(PDF_ATTACHMENT_PREFIX)) throw new Error(`unknown attachment source ${source}`);
  const pdf = await invoicePdfFor(deps, source.slice(PDF_ATTACHMENT_PREFIX.length));
  if (!pdf) throw new Error(`invoice for attachment ${source} no longer exists`);
  return Buffer.from(pdf);
}
