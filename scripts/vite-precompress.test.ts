import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from './vite-precompress.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-precompress-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, '.vite'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const large = 'export const rows = [' + Array.from({ length: 300 }, (_, i) => `"row ${i}"`).join(',') + '];\n';

describe('precompressDir', () => {
  it('writes .br and .gz beside each large text asset, decoding to the original', async () => {
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), large);
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.css'), `.a{color:red}\n`.repeat(200));
    await precompressDir(dir);
    for (const name of ['index-abc.js', 'index-abc.css']) {
      const original = fs.readFileSync(path.join(dir, 'assets', name));
      const br = fs.readFileSync(path.join(dir, 'assets', `${name}.br`));
      const gz = fs.readFileSync(path.join(dir, 'assets', `${name}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(original)).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(original.length / 3);
    }
  });

  it('leaves small files, binary files and the build manifest alone', async () => {
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dir, 'assets', 'logo-abc.png'), Buffer.alloc(4096, 1));
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify({ large }));
    expect(await precompressDir(dir)).toEqual([]);
    expect(fs.readdirSync(dir, { recursive: true }).filter((name) => /\.(br|gz)$/.test(String(name)))).toEqual([]);
  });
});
