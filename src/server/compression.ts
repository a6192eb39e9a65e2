import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a compressed body saves too little to be worth the CPU and the extra header bytes. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Bodies in memory up to this size (the screens' list pages) are compressed in one call on the
 * event loop, larger ones and streams through a zlib stream. A stream per answer, the plugin's
 * default above 8 kB on 2 cores, allocates its zlib state in libuv's threads, which the process
 * keeps: at 20 concurrent clients on list pages of 10-18 kB the server held 130 MB more than with
 * no compression, 60 MB more with this (decision 035).
 */
export const SYNC_COMPRESS_MAX_BYTES = 65_536;

/**
 * gzip or brotli for API responses over the threshold (static assets are compressed at build time,
 * see scripts/vite-precompress.ts). Must be registered before the routes it applies to.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    // Requests stay uncompressed: nothing sends compressed bodies, and inflating them would be a way round bodyLimit.
    globalDecompression: false,
  });
}
