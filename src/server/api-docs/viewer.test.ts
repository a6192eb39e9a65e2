import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { assetCache, preferredEncoding } from './viewer.js';

describe('preferredEncoding', () => {
  it('takes br, then gzip, and nothing the client refuses with q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('br;q=0.0, gzip;q=0')).toBe('identity');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding('identity')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });
});

describe('assetCache', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-docs-'));
    fs.writeFileSync(path.join(dir, 'a.js'), 'console.log("a");'.repeat(1000));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads and compresses each file once per encoding', async () => {
    const load = assetCache(dir);
    const first = load('a.js', 'br');
    expect(load('a.js', 'br')).toBe(first);
    expect(zlib.brotliDecompressSync(await first).toString()).toBe(fs.readFileSync(path.join(dir, 'a.js'), 'utf8'));
    expect(zlib.gunzipSync(await load('a.js', 'gzip')).length).toBe((await load('a.js', 'identity')).length);
  });

  it('tries a failed read again', async () => {
    const load = assetCache(dir);
    await expect(load('later.js', 'gzip')).rejects.toThrow();
    fs.writeFileSync(path.join(dir, 'later.js'), 'x');
    expect(zlib.gunzipSync(await load('later.js', 'gzip')).toString()).toBe('x');
  });
});

describe('GET /api/docs/swagger-ui-bundle.js', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (acceptEncoding: string) => t.app.inject({ url: '/api/docs/swagger-ui-bundle.js', headers: { 'accept-encoding': acceptEncoding } });

  it('answers the compressed copy the client accepts, the same script in each', async () => {
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('SwaggerUIBundle');
    const br = await get('gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });
});
