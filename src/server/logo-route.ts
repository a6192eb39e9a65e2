import type { FastifyInstance } from 'fastify';
import type { Db } from './db.js';
import { LOGO_PATH, readLogo } from './modules/settings/logo.js';

export const NO_LOGO = 'No logo has been set.';

/**
 * GET /api/branding/logo: the business logo, for emails and pages. It is public (mail clients fetch
 * it without a session) and changes its ?v= with the image, so it may be cached for long.
 */
export function registerLogoRoute(app: FastifyInstance, db: Db): void {
  app.get(LOGO_PATH, async (_request, reply) => {
    const logo = await readLogo(db);
    if (!logo) return reply.code(404).header('Cache-Control', 'no-store').send({ message: NO_LOGO });
    return reply
      .type(logo.contentType)
      .header('Cache-Control', 'public, max-age=86400')
      .header('ETag', `"${logo.version}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(logo.data);
  });
}
