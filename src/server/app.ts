import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { BODY_LIMIT_BYTES, clientTimeouts } from '../shared/limits.js';
import type { Config } from './config.js';
import { registerCompression } from './compression.js';
import type { AppDeps } from './deps.js';
import { registerDownloads } from './downloads.js';
import { failureOf } from './error-shape.js';
import { INVALID_JSON, JSON_ONLY } from './errors.js';
import { jsonNestingError } from './json-depth.js';
import { loggedRequest } from './log-redaction.js';
import { invoicePdfFor } from './modules/invoices/pdf.js';
import { projectRoot } from './paths.js';
import { registerLogoRoute } from './logo-route.js';
import { registerInvoicePdfRoute } from './pdf/route.js';
import { procedureInternals } from './procedure-internals.js';
import { registerRestApi } from './rest.js';
import { appRouter } from './router.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerTrpc } from './trpc-http.js';

const defaultClientDir = path.join(projectRoot, 'dist/client');

export type BuildAppOptions = {
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  /** Folder of the built SPA; defaults to dist/client. */
  clientDir?: string;
};

/** Builds the whole HTTP app from its dependencies; no module-level state, so tests build many. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Fastify's own request logging, with the keys of signed and password links left out of URLs
    ...(options.logger ? { loggerInstance: options.logger.child({}, { serializers: { req: loggedRequest } }) } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: deps.config.trustProxy,
    routerOptions: { maxParamLength: 2000 },
    ...timeoutOptions(deps.config),
  });

  registerSecurityHeaders(app);

  await registerCompression(app);
  acceptEmptyJsonBodies(app);
  handleErrors(app);

  // every procedure's path, type, meta and input, read once for both transports
  const procedures = procedureInternals(appRouter);
  await registerTrpc(app, deps, procedures);

  registerInvoicePdfRoute(app, {
    key: deps.linkSigningKey,
    clock: deps.clock,
    loadPdf: (invoiceId) => invoicePdfFor(deps, invoiceId),
  });
  registerDownloads(app, deps);
  registerLogoRoute(app, deps.db);
  registerRestApi(app, deps, procedures);
  await serveClient(app, options.clientDir ?? defaultClientDir);
  return app;
}

/**
 * How long the server waits on a client (src/shared/limits.ts, docs/limits.md): Node's own checks
 * of the headers and request times, and Fastify's for a silent connection and keep-alive. Left at
 * Fastify's defaults, a request body trickled in a byte at a time held its connection for good.
 */
function timeoutOptions(config: Pick<Config, 'requestTimeoutMs'>) {
  const requestMs = config.requestTimeoutMs;
  // Node refuses a headers time longer than the request time.
  const headersMs = Math.min(clientTimeouts.headersMs, requestMs);
  return {
    connectionTimeout: clientTimeouts.silentMs,
    keepAliveTimeout: clientTimeouts.keepAliveMs,
    requestTimeout: requestMs,
    http: { headersTimeout: headersMs, requestTimeout: requestMs, connectionsCheckingInterval: clientTimeouts.checkEveryMs },
  };
}

/** Bodiless PUT/POST calls of the API may still say application/json; an empty body means no input. */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    const tooDeep = jsonNestingError(text);
    if (tooDeep) return done(tooDeep, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error(INVALID_JSON), { statusCode: 400 }), undefined);
    }
  });
}

function handleErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      const failure = failureOf(error);
      return reply.status(failure.status).send(failure.body);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // the route's own limit: a call that carries a file takes more than the app's 1 MB (meta.bodyLimit)
      const limitMb = (request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES) / 1024 / 1024;
      return reply.status(413).send({ message: `The request body is too large (the limit is ${limitMb} MB).` });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: JSON_ONLY });
    }
    return reply.status(status).send({ message: error.message });
  });
}

/** Client routes fall back to index.html; a missing asset must not (reset links end in ".<signature>"). */
function looksLikeStaticFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname.startsWith('/assets/') || /\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|woff2?|ttf|txt|json|webmanifest)$/i.test(pathname);
}

async function serveClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // One catch-all route that looks for the file on request; a route per file would cost a scan
      // of the folder and some hundred routes at every start. A miss goes to the handler below.
      wildcard: true,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each asset (scripts/vite-precompress.ts).
      preCompressed: true,
      // Source maps stay private even when a build writes them, and so does .vite/manifest.json.
      allowedPath: (pathname) => !pathname.endsWith('.map'),
      dotfiles: 'ignore',
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  const indexHtml = hasClient ? fs.readFileSync(indexFile, 'utf8') : undefined;
  const sendIndex = (reply: FastifyReply) => {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web client is not built yet: run `npm run build`.');
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  };
  // Left to the static files, "/" is a folder: without Accept-Encoding it answered 403.
  app.get('/', (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/trpc')) {
      return reply.status(404).send({ message: `No API route ${request.method} ${url.split('?')[0]}.` });
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || looksLikeStaticFile(url)) {
      return reply.status(404).send({ message: 'Not found.' });
    }
    return sendIndex(reply);
  });
}
