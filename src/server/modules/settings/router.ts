import { z } from 'zod';
import { missingPaymentDetails } from '../../config.js';
import { router, superAdminProcedure } from '../../trpc.js';

const missingSettingsOutput = z.array(
  z.object({
    setting: z.string().describe('The environment variable that holds it, e.g. PROVIDER_BANK_NAME.'),
    label: z.string().describe('What it is, as the screens name it.'),
  }),
);

export const superAdminSettingsRouter = router({
  /** What the invoice emails and PDFs lack: the super-admin's banner lists it. */
  missing: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/settings/missing', tags: ['Settings (super-admin)'], summary: "The provider's payment details left unset (invoice emails and PDFs say \"please contact us\" in their place), with the environment variable to set for each", description: 'Super-admins only. Each entry names the setting, what it is, and the environment variable that sets it (see .env.example); an empty list means every payment detail is set. The server also logs a warning for each at start-up.' } })
    .input(z.void())
    .output(missingSettingsOutput)
    .query(({ ctx }) => missingPaymentDetails(ctx.deps.config.provider)),
});
