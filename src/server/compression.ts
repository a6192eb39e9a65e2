import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a compressed body saves too little to be worth the CPU and the extra header bytes. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * gzip or brotli for API responses over the threshold (static assets are compressed at build time,
 * see scripts/vite-precompress.ts). Must be registered before the routes it applies to.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  bufferFetchResponses(app);
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Requests stay uncompressed: nothing sends compressed bodies, and inflating them would be a way round bodyLimit.
    globalDecompression: false,
  });
}

/**
 * tRPC answers with a fetch Response, which @fastify/compress treats as a stream of unknown size
 * and so compresses even when tiny. Its JSON is already complete in memory, so taking it as bytes
 * costs nothing and lets the threshold apply. Streamed answers (chunked, event streams) pass as they are.
 */
function bufferFetchResponses(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!(payload instanceof Response)) return payload;
    const type = payload.headers.get('content-type') ?? '';
    if (!type.startsWith('application/json') || payload.headers.has('transfer-encoding')) return payload;
    reply.code(payload.status);
    for (const [name, value] of payload.headers) reply.header(name, value);
    return Buffer.from(await payload.arrayBuffer());
  });
}
