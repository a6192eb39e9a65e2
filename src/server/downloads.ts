import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DownloadLink, ExportList } from '../shared/exports.js';
import { callerFor, loggedFailure, type AppCaller } from './calls.js';
import type { AppDeps } from './deps.js';
import { DownloadSlots, type DownloadHolder } from './download-slots.js';
import { ACTIVITIES_CSV_PATH, activitiesCsv, STATEMENT_PDF_PATH, statementPdf } from './modules/activities/downloads.js';
import type { EventSource } from './modules/events/service.js';
import { countLinkFetch, downloadSource, openDownloadLink } from './modules/exports/links.js';
import { exportListOf, providerExport, providerExportPath, type CsvDownload } from './modules/exports/service.js';
import { proofDownload, proofPath } from './modules/reported-payments/service.js';
import { requestInfo } from './request-info.js';
import type { DownloadRoute } from './api-docs/rest-shapes.js';

/*
 * The downloads: back-office lists as CSV, a company's activities as CSV and its statement as PDF.
 * Each is fetched from a signed link its link call issued (the browser cannot send the session
 * header with a download), or, for a script, with the jwttoken header: the route then makes the
 * link call itself, so the session, role, input and rate limit are checked in one place. A link
 * fetched again counts again against the limit (countLinkFetch). Each download served is recorded,
 * by the user its link names, from the address that fetched it.
 */

export const INVALID_DOWNLOAD_LINK = 'This download link is not valid.';
export const EXPIRED_DOWNLOAD_LINK = 'This download link has expired. Start the download again.';

/** The downloads as the API reference lists them. */
export const DOWNLOAD_ROUTES: DownloadRoute[] = [
  { path: '/superadmin/exports/{list}.csv', linkPath: '/superadmin/exports/{list}/link', mediaType: 'text/csv', summary: "A back-office list as CSV (UTF-8 with a byte-order mark) with the list's search, company, sort and filters" },
  { path: '/activities/export.csv', linkPath: '/activities/export/link', mediaType: 'text/csv', summary: "Your company's whole ledger as CSV, newest first, with running balances" },
  { path: '/activities/statement.pdf', linkPath: '/activities/statement/link', mediaType: 'application/pdf', summary: 'Company admins: the statement PDF of a period' },
  {
    path: '/reported-payments/{id}/proof',
    linkPath: '/reported-payments/{id}/proof/link',
    mediaType: ['application/pdf', 'image/png', 'image/jpeg'],
    summary: "A reported payment's proof (PDF, PNG or JPEG, its type read from its bytes): its company's admins and the provider only",
  },
];

/** A download let through: what its link signs, and who fetches it. */
type Authorised = { payload: unknown; source: EventSource };

type Request = FastifyRequest<{ Params: { file?: string; id?: string }; Querystring: Record<string, string | string[] | undefined> }>;

/** Query strings are text; the link calls' few booleans are read from it. */
function scriptInput(query: Request['query']): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) input[name] = value === 'true' ? true : value === 'false' ? false : value;
  return input;
}

/** Answers a failure as the API answers any: a link call's error and a service's AppError alike. */
function sendError(reply: FastifyReply, thrown: unknown) {
  const { status, body } = loggedFailure(thrown, reply.log);
  return reply.status(status).header('Cache-Control', 'no-store').send(body);
}

/** A customer download's link names the company it reads. */
const customerHolder = (payload: unknown): DownloadHolder => ({ pool: 'customers', companyId: (payload as { company: string }).company });

export function registerDownloads(app: FastifyInstance, deps: AppDeps): void {
  const slots = new DownloadSlots();

  /**
   * The signed payload of the request's link, or of the link the script's session gets, with who
   * fetches it (the link's user, from the request's address); null once answered.
   */
  async function authorised(request: Request, reply: FastifyReply, path: string, issue: (caller: AppCaller) => Promise<DownloadLink>): Promise<Authorised | null> {
    let url = request.url;
    if (!url.includes('&sig=')) {
      try {
        url = (await issue(callerFor(deps, requestInfo(request)))).url;
      } catch (cause) {
        await sendError(reply, cause);
        return null;
      }
    }
    const opened = openDownloadLink(deps, url);
    if (opened.check !== 'valid' || opened.path !== path) {
      await reply.status(403).send({ message: opened.check === 'expired' ? EXPIRED_DOWNLOAD_LINK : INVALID_DOWNLOAD_LINK });
      return null;
    }
    try {
      await countLinkFetch(deps, opened.link, opened.by);
    } catch (cause) {
      await sendError(reply, cause);
      return null;
    }
    return { payload: opened.payload, source: await downloadSource(deps, opened.by, request.ip) };
  }

  /** Runs a download if its holder has a free slot; the slot is freed when its reply is done or cut off. */
  function admitted(reply: FastifyReply, holder: DownloadHolder): boolean {
    const grant = slots.take(holder);
    if (!grant.granted) {
      void reply.status(429).header('Retry-After', '60').send({ message: grant.message });
      return false;
    }
    reply.raw.once('close', grant.release);
    return true;
  }

  /**
   * Closes a download whose client has stopped taking bytes, within the stall time of the last one
   * it took, so a reader that stopped cannot keep its slot. The socket's own idle timer does the
   * watching, set to half the stall time: Node lets it run a second round when the last write was
   * partly taken, and a write still draining, however slowly, keeps it from firing at all. The
   * connection is reset rather than ended, which drops what waits in the buffers for a reader that
   * is gone.
   */
  function closeWhenStalled(reply: FastifyReply) {
    const stallMs = deps.config.downloadStallMs;
    reply.raw.setTimeout(stallMs / 2, () => {
      reply.log.info({ stallMs }, 'download closed: its client stopped reading');
      const socket = reply.raw.socket;
      if (typeof socket?.resetAndDestroy === 'function') socket.resetAndDestroy();
      else reply.raw.destroy();
    });
  }

  async function sendCsv(reply: FastifyReply, holder: DownloadHolder, make: () => Promise<CsvDownload> | CsvDownload) {
    if (!admitted(reply, holder)) return reply;
    let download: CsvDownload;
    try {
      download = await make();
    } catch (cause) {
      return sendError(reply, cause);
    }
    closeWhenStalled(reply);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${download.fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .send(Readable.from(download.chunks));
  }

  app.get('/api/superadmin/exports/:file', async (request: Request, reply) => {
    const list = exportListOf(`/api/superadmin/exports/${request.params.file ?? ''}`);
    if (!list) return reply.status(404).send({ message: `No API route GET ${request.url.split('?')[0]}.` });
    const download = await authorised(request, reply, providerExportPath(list), (caller) =>
      caller.superadmin.exports.link({ ...scriptInput(request.query), list } as never),
    );
    if (download === null) return reply;
    return sendCsv(reply, { pool: 'provider' }, () => providerExport(deps, download.source, list as ExportList, download.payload));
  });

  app.get(ACTIVITIES_CSV_PATH, async (request: Request, reply) => {
    const download = await authorised(request, reply, ACTIVITIES_CSV_PATH, (caller) => caller.activities.exportLink(scriptInput(request.query) as never));
    if (download === null) return reply;
    return sendCsv(reply, customerHolder(download.payload), () => activitiesCsv(deps, download.source, download.payload));
  });

  app.get(STATEMENT_PDF_PATH, async (request: Request, reply) => {
    const download = await authorised(request, reply, STATEMENT_PDF_PATH, (caller) => caller.activities.statementLink(scriptInput(request.query) as never));
    if (download === null || !admitted(reply, customerHolder(download.payload))) return reply;
    try {
      const { fileName, pdf } = await statementPdf(deps, download.source, download.payload);
      closeWhenStalled(reply);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    } catch (cause) {
      return sendError(reply, cause);
    }
  });

  // A file a customer sent: an attachment of the type its bytes were checked to be, never rendered
  // as a page of the app (nosniff, and a policy that lets it run and load nothing).
  app.get('/api/reported-payments/:id/proof', async (request: Request, reply) => {
    const id = request.params.id ?? '';
    const download = await authorised(request, reply, proofPath(id), (caller) => caller.reportedPayments.proofLink({ id }));
    if (download === null || !admitted(reply, customerHolder(download.payload))) return reply;
    try {
      const { fileName, contentType, data } = await proofDownload(deps, download.source, download.payload);
      closeWhenStalled(reply);
      return reply
        .type(contentType)
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(data);
    } catch (cause) {
      return sendError(reply, cause);
    }
  });
}
