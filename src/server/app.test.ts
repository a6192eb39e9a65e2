import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { JSON_TOO_DEEP, MAX_BATCH_CALLS, MAX_JSON_DEPTH } from '../shared/limits.js';
import { buildApp } from './app.js';
import { DOWNLOAD_ROUTES } from './downloads.js';
import { procedureInternals } from './procedure-internals.js';
import { appRouter } from './router.js';
import { INVALID_JSON, JSON_ONLY, NUL_IN_TEXT, WRONG_METHOD } from './errors.js';
import { api, createTestApp, json, signedInUser, type TestApp } from './testing/app.js';
import { createCompany } from './testing/factories.js';
import { otherConnection } from './testing/engine.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('request handling', () => {
  it('answers malformed JSON with 400 and a message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"emailAddress": "a@b.co",',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers a body over 1 MB with 413', async () => {
    const response = await api(t.app).post('/account/signup', { companyName: 'x'.repeat(1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(json(response).message).toBe('The request body is too large (the limit is 1 MB).');
  });

  it.each(['/api/account/login', '/trpc/account.login'])('refuses a body nested too deeply on %s, unparsed', async (url) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: `{"emailAddress": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(JSON_TOO_DEEP);
  });

  it('takes JSON nested as deep as the limit, and brackets inside strings do not count', async () => {
    const nested = `${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}`;
    const response = await api(t.app).post('/account/login', `{"emailAddress": "a@b.co", "password": "${'[\\"{'.repeat(50)}", "x": ${nested}}`);
    expect(response.statusCode).toBe(401);
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    const response = await api(t.app).get('/no/such/route');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(json(response).message).toBe('No API route GET /api/no/such/route.');
  });

  it('answers a wrong body type with 400', async () => {
    const response = await api(t.app).post('/account/login', ['a', 'b']);
    expect(response.statusCode).toBe(400);
  });

  it('sets security headers with a CSP the SPA can live with', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('gives JSON answers of the API and tRPC the short header set of an API, never cached', async () => {
    for (const url of ['/api/openapi.json', '/api/account/profile', '/trpc/account.profile']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['strict-transport-security'], url).toContain('max-age=');
      expect(response.headers['x-dns-prefetch-control'], url).toBeUndefined();
    }
  });

  it('refuses text with U+0000 with a 400 that says so, signed in or not, on both transports, and saves nothing', async () => {
    const { token } = await signedInUser(t, { role: 'superadmin' });
    const company = await createCompany(t.deps.db, { companyName: 'Nul Co' });
    const rest = await api(t.app, token).post('/superadmin/tasks', { company: company.id, title: 'Bad\u0000title' });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({ message: NUL_IN_TEXT, fieldErrors: { title: [NUL_IN_TEXT] } });
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/account.forgotPassword',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ emailAddress: 'someone\u0000@example.com' }),
    });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.message).toBe(NUL_IN_TEXT);
    const { tasks } = t.deps.db.t;
    expect(await t.deps.db.select().from(tasks).where(eq(tasks.companyId, company.id))).toEqual([]);
  });

  it('hides server faults behind a generic 500 on both transports', async () => {
    const broken = await createTestApp();
    const { token } = await signedInUser(broken, { role: 'superadmin' });
    await createCompany(broken.deps.db, { companyName: 'Listed Co' });
    expect((await api(broken.app, token).get('/superadmin/companies')).json()).toHaveLength(1);
    // the table the call reads (on PostgreSQL the session itself may be answered from the process's memory for a second)
    const operator = await otherConnection(broken.config);
    await operator.exec('ALTER TABLE companies RENAME TO companies_gone');
    await operator.close();
    try {
      const rest = await api(broken.app, token).get('/superadmin/companies');
      expect(rest.statusCode).toBe(500);
      expect(rest.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
      const trpc = await broken.app.inject({ method: 'GET', url: '/trpc/superadmin.companies.list?input=%7B%7D', headers: { jwttoken: token } });
      expect(trpc.statusCode).toBe(500);
      expect(trpc.body).not.toContain('stack');
      expect(trpc.body).not.toContain('companies_gone');
      expect(trpc.json().error.message).toBe('Something went wrong on our side. Please try again.');
    } finally {
      await broken.close();
    }
  });
});

describe('slow and stalled clients (the figures docs/limits.md states)', () => {
  it('waits 30 s for headers, 60 s for a whole request, 60 s on a silent connection and 72 s between kept-alive requests, checking every 5 s', () => {
    const server = t.app.server;
    expect({
      headers: server.headersTimeout,
      request: server.requestTimeout,
      silent: server.timeout,
      keepAlive: server.keepAliveTimeout,
      checkEvery: (server as typeof server & { connectionsCheckingInterval?: number }).connectionsCheckingInterval,
    }).toEqual({ headers: 30_000, request: 60_000, silent: 60_000, keepAlive: 72_000, checkEvery: 5_000 });
  });

  it('closes a download that makes no progress for 30 s', () => {
    expect(t.config.downloadStallMs).toBe(30_000);
  });
});

describe('the tRPC transport', () => {
  it('shares validation messages and field errors with REST', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/trpc/account.signup',
      headers: { 'content-type': 'application/json' },
      payload: { companyName: 'A', firstName: 'B', lastName: 'C', emailAddress: 'bad', password: 'longenough' },
    });
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.message).toBe('Enter a valid email address.');
    expect(error.data.fieldErrors).toEqual({ emailAddress: ['Enter a valid email address.'] });
    expect(JSON.stringify(error)).not.toContain('stack');
  });

  it('answers 401 without a session and 403 for a missing role', async () => {
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/trpc/superadmin.users.list' });
    expect(unauthenticated.statusCode).toBe(401);
    const { token } = await signedInUser(t, { role: 'admin' });
    const forbidden = await t.app.inject({ method: 'GET', url: '/trpc/superadmin.users.list', headers: { jwttoken: token } });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('tRPC refusals, each with a message of its own', () => {
  it.each([
    ['a change read with GET', { method: 'GET', url: '/trpc/account.login' }, 405, WRONG_METHOD],
    ['a read sent with POST', { method: 'POST', url: '/trpc/account.profile', headers: { 'content-type': 'application/json' }, payload: '{}' }, 405, WRONG_METHOD],
    ['a PUT', { method: 'PUT', url: '/trpc/account.login', headers: { 'content-type': 'application/json' }, payload: '{}' }, 405, WRONG_METHOD],
    ['a body that is not JSON', { method: 'POST', url: '/trpc/account.login', headers: { 'content-type': 'text/plain' }, payload: 'hello' }, 415, JSON_ONLY],
    ['malformed JSON', { method: 'POST', url: '/trpc/account.login', headers: { 'content-type': 'application/json' }, payload: '{"emailAddress": ' }, 400, INVALID_JSON],
  ] as const)('%s', async (_case, request, status, message) => {
    const response = await t.app.inject(request as never);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toBe(message);
    expect(response.body).not.toContain('JSON at position');
  });
});

describe('tRPC batches', () => {
  const batchOf = (procedurePath: string, calls: number) =>
    `/trpc/${Array.from({ length: calls }, () => procedurePath).join(',')}?batch=1`;

  it(`answers a batch of ${MAX_BATCH_CALLS} calls, each in its place`, async () => {
    const { token } = await signedInUser(t);
    const response = await t.app.inject({ method: 'GET', url: batchOf('account.profile', MAX_BATCH_CALLS), headers: { jwttoken: token } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(MAX_BATCH_CALLS);
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
  });

  it('refuses a larger batch with 400 and a message, before any call runs', async () => {
    const company = await createCompany(t.deps.db);
    const { token } = await signedInUser(t, { companyId: company.id });
    const calls = MAX_BATCH_CALLS + 1;
    const inputs = Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, { title: `Batch task ${i}` }]));
    const response = await t.app.inject({
      method: 'POST',
      url: batchOf('tasks.create', calls),
      headers: { jwttoken: token, 'content-type': 'application/json' },
      payload: JSON.stringify(inputs),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ message: 'A batch may hold at most 10 calls.', data: { code: 'BAD_REQUEST', httpStatus: 400 } });
    const { tasks } = t.deps.db.t;
    expect(await t.deps.db.select().from(tasks).where(eq(tasks.companyId, company.id))).toHaveLength(0);
  });
});

describe('API documentation', () => {
  const routes = procedureInternals(appRouter)
    // each call's path, and a former path it still answers at (documented as deprecated)
    .flatMap(({ meta }) => (meta?.openapi ? [meta.openapi.path, ...(meta.formerPaths ?? [])].map((path) => ({ method: meta.openapi!.method, path })) : []))
    // the downloads the HTTP wiring serves itself
    .concat(DOWNLOAD_ROUTES.map((route) => ({ method: 'GET', path: route.path })));

  it('lists every /api route in /api/openapi.json', async () => {
    const document = json<{ paths: Record<string, Record<string, unknown>> }>(await api(t.app).get('/openapi.json'));
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const { method, path: routePath } of routes) {
      expect(document.paths[routePath]?.[method.toLowerCase()], `${method} ${routePath}`).toBeDefined();
    }
    const documented = Object.values(document.paths).flatMap((item) => Object.keys(item));
    expect(documented).toHaveLength(routes.length);
  });

  it('serves the Swagger UI reference at /api/docs from this server, pointed at /api/openapi.json', async () => {
    const response = await api(t.app).get('/docs');
    expect(response.headers['content-type']).toContain('text/html');
    const sources = [...response.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toEqual(['/api/docs/swagger-ui.css', '/favicon.svg', '/api/docs/swagger-ui-bundle.js', '/api/docs/start.js']);
    expect(response.body).not.toMatch(/<script>|<style>/); // the CSP allows no inline code
    const start = await api(t.app).get('/docs/start.js');
    expect(start.body).toContain("url: '/api/openapi.json'");
    expect(start.body).toContain('validatorUrl: null');
    const bundle = await api(t.app).get('/docs/swagger-ui-bundle.js');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('text/javascript');
    expect(bundle.body).toContain('SwaggerUIBundle');
    expect((await api(t.app).get('/docs/package.json')).statusCode).toBe(404);
  });
});

describe('the web client', () => {
  let clientDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
    app = await buildApp(t.deps, { clientDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('falls back to index.html for client routes, uncached', async () => {
    const response = await app.inject({ method: 'GET', url: '/reset-password/abc.def.ghi' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the home page to a client that asks for no encoding, as a health check or proxy does', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip' }]) {
      const response = await app.inject({ method: 'GET', url: '/', headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    expect((await app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('serves hashed assets as immutable and 404s missing files', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});
