import { z } from 'zod';
import { publicProcedure, router } from '../../trpc.js';

/** What the SPA shows before anyone signs in: the provider's name (header, footer, title). */
export const brandingRouter = router({
  get: publicProcedure
    .input(z.void())
    .output(z.object({ providerName: z.string() }))
    .query(({ ctx }) => ({ providerName: ctx.deps.config.provider.name })),
});
