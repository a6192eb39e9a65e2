import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/*
 * /api/docs: Swagger UI (swagger-ui-dist), served from this server so the page loads nothing from
 * another origin and runs under the pages' CSP (script-src 'self': no inline script, so the page
 * starts it from /api/docs/start.js). Its files are read on first request, never at start-up, and
 * compressed once then: the bundle is 1.7 MB, and compressing it on every request would let anyone
 * who asks for it again and again keep a core busy.
 */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hourbank API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>`;

// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
const START = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  docExpansion: 'none',
  defaultModelsExpandDepth: 0,
  displayRequestDuration: true,
  filter: true,
  persistAuthorization: false,
});
`;

type Encoding = 'br' | 'gzip' | 'identity';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const ENCODERS: Record<Exclude<Encoding, 'identity'>, (content: Buffer) => Promise<Buffer>> = {
  br: (content) => brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
  gzip: (content) => gzip(content, { level: 9 }),
};

/** The best encoding the client accepts (q above 0): br, then gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/** Each file once per encoding, on first request; a failed read is tried again next time. */
export function assetCache(distDir: string) {
  const cache = new Map<string, Promise<Buffer>>();
  const once = (key: string, make: () => Promise<Buffer>) => {
    let content = cache.get(key);
    if (!content) {
      content = make();
      content.catch(() => cache.delete(key));
      cache.set(key, content);
    }
    return content;
  };
  const plain = (file: string) => once(file, () => readFile(path.join(distDir, file)));
  return (file: string, encoding: Encoding) => (encoding === 'identity' ? plain(file) : once(`${file}.${encoding}`, async () => ENCODERS[encoding](await plain(file))));
}

export function registerApiDocsViewer(app: FastifyInstance): void {
  const load = assetCache(path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')));

  app.get('/api/docs', (_request, reply) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(PAGE));
  app.get('/api/docs/start.js', (_request, reply) => reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(START));
  app.get<{ Params: { asset: string } }>('/api/docs/:asset', async (request, reply) => {
    const asset = Object.hasOwn(ASSETS, request.params.asset) ? ASSETS[request.params.asset] : undefined;
    if (!asset) return reply.status(404).send({ message: 'Not found.' });
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const content = await load(asset.file, encoding);
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    // the package's version is part of no url, so a day's cache, not immutable
    return reply.type(asset.type).header('Vary', 'Accept-Encoding').header('Cache-Control', 'public, max-age=86400').send(content);
  });
}
