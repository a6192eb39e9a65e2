import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { COMPRESS_THRESHOLD_BYTES, SYNC_COMPRESS_MAX_BYTES } from './compression.js';
import { createTestApp, type TestApp } from './testing/app.js';

const decoders = {
  br: (body: Buffer) => zlib.brotliDecompressSync(body),
  gzip: (body: Buffer) => zlib.gunzipSync(body),
};

// A provider name this long makes branding.get, a public tRPC query, answer well over the threshold
// (some 30 kB, the size of a long list page).
const LONG_PROVIDER_NAME = 'Hourbank Consulting '.repeat(1_500).trim();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PROVIDER_NAME: LONG_PROVIDER_NAME });
});
afterAll(() => t.close());

describe('API response compression', () => {
  it.each(['br', 'gzip'] as const)('sends the OpenAPI document %s-encoded when asked', async (encoding) => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const encoded = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': encoding } });
    expect(encoded.statusCode).toBe(200);
    expect(encoded.headers['content-encoding']).toBe(encoding);
    expect(encoded.headers.vary).toContain('accept-encoding');
    expect(encoded.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decoders[encoding](encoded.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('prefers brotli when the client takes both', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('compresses a large tRPC answer and leaves a small one plain', async () => {
    const url = '/trpc/branding.get';
    const large = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoders.gzip(large.rawPayload).toString('utf8'))).toEqual({ result: { data: { providerName: LONG_PROVIDER_NAME } } });

    const small = await t.app.inject({ method: 'GET', url: '/trpc/account.profile', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.statusCode).toBe(401);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().error.message).toBeTruthy();
  });

  it('compresses an answer the size of a list page in one call, with its length, and a larger one as a stream', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/trpc/branding.get', headers: { 'accept-encoding': 'gzip' } });
    expect(decoders.gzip(page.rawPayload).length).toBeGreaterThan(16_384);
    expect(decoders.gzip(page.rawPayload).length).toBeLessThan(SYNC_COMPRESS_MAX_BYTES);
    // no zlib stream (whose native memory outlives the answer) for a body already in memory
    expect(page.headers['content-length']).toBe(String(page.rawPayload.length));
    expect(page.headers['transfer-encoding']).toBeUndefined();

    const document = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(decoders.gzip(document.rawPayload).length).toBeGreaterThan(SYNC_COMPRESS_MAX_BYTES);
    expect(document.headers['transfer-encoding']).toBe('chunked');
  });

  it('leaves small REST answers plain', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no/such/route', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().message).toBe('No API route GET /api/no/such/route.');
  });
});

describe('static assets', () => {
  const script = `export const table = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};\n`;
  let clientDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-client-'));
    const assets = path.join(clientDir, 'assets');
    fs.mkdirSync(assets);
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(assets, 'app-1234.js'), script);
    // Settings unlike @fastify/compress's own, so the bytes show which file was sent.
    fs.writeFileSync(path.join(assets, 'app-1234.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(assets, 'app-1234.js.gz'), zlib.gzipSync(script, { level: 1 }));
    fs.writeFileSync(path.join(assets, 'app-1234.js.map'), '{"version":3,"sources":["secret.ts"]}');
    fs.mkdirSync(path.join(clientDir, '.vite'));
    fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), '{"secret.ts":{}}');
    app = await buildApp(t.deps, { clientDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ] as const)('serves the precompressed file for Accept-Encoding %s, cached as immutable', async (accept, encoding) => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': accept } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const extension = encoding === 'br' ? 'br' : 'gz';
    expect(response.rawPayload.equals(fs.readFileSync(path.join(clientDir, `assets/app-1234.js.${extension}`)))).toBe(true);
    expect(decoders[encoding](response.rawPayload).toString('utf8')).toBe(script);
  });

  it('serves the plain file to a client that takes no encoding', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(script);
  });

  it('never serves source maps', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-1234.js.map' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret.ts');
  });

  it('serves neither the build manifest nor other dot-files', async () => {
    const response = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret.ts');
  });

  it('leaves client routes to index.html and unknown API paths to the JSON 404', async () => {
    const page = await app.inject({ method: 'GET', url: '/signin', headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const api = await app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('No API route GET /api/no/such/route.');
  });
});
