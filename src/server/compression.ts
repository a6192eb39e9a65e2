import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a compressed body saves too little to be worth the CPU and the extra header bytes. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * gzip or brotli for API responses over the threshold (static assets are compressed at build time,
 * see scripts/vite-precompress.ts). Must be registered before the routes it applies to.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Requests stay uncompressed: nothing sends compressed bodies, and inflating them would be a way round bodyLimit.
    globalDecompression: false,
  });
}
