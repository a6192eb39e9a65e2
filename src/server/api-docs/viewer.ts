import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/*
 * /api/docs: Swagger UI (swagger-ui-dist), served from this server so the page loads nothing from
 * another origin and runs under the pages' CSP (script-src 'self': no inline script, so the page
 * starts it from /api/docs/start.js). Its files are read on first request, never at start-up.
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

export function registerApiDocsViewer(app: FastifyInstance): void {
  const distDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const cache = new Map<string, Promise<Buffer>>();
  const load = (file: string) => {
    let content = cache.get(file);
    if (!content) {
      content = readFile(path.join(distDir, file));
      content.catch(() => cache.delete(file));
      cache.set(file, content);
    }
    return content;
  };

  app.get('/api/docs', (_request, reply) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(PAGE));
  app.get('/api/docs/start.js', (_request, reply) => reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(START));
  app.get<{ Params: { asset: string } }>('/api/docs/:asset', async (request, reply) => {
    const asset = Object.hasOwn(ASSETS, request.params.asset) ? ASSETS[request.params.asset] : undefined;
    if (!asset) return reply.status(404).send({ message: 'Not found.' });
    // the package's version is part of no url, so a day's cache, not immutable
    return reply.type(asset.type).header('Cache-Control', 'public, max-age=86400').send(await load(asset.file));
  });
}
