import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/i;
/** Smaller files gain nothing worth a second request path; the server sends them as they are. */
const MIN_BYTES = 1024;

/**
 * Writes name.br and name.gz beside every compressible file of a built client, at the highest
 * settings: done once per build, so the server (@fastify/static preCompressed) never spends CPU on it.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const written: string[] = [];
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && !isHidden(dir, entry.parentPath))
      .map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        const content = await fs.readFile(file);
        if (content.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        written.push(`${file}.br`, `${file}.gz`);
      }),
  );
  return written;
}

/** Vite's .vite/manifest.json is for build tools and never served. */
function isHidden(root: string, folder: string): boolean {
  return path.relative(root, folder).split(path.sep).some((part) => part.startsWith('.'));
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hourbank:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
