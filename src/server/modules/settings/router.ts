import { z } from 'zod';
import { LOGO_MAX_BYTES, SETTING_NAMES, settingsFields } from '../../../shared/settings.js';
import { messageOutput, noInput } from '../../../shared/validation.js';
import { missingPaymentDetails } from '../../config.js';
import { router, superAdminProcedure } from '../../trpc.js';
import { rearmAboveDefault } from '../companies/balance-alerts.js';
import { removeLogo, saveLogo } from './logo.js';
import { providerOf, saveSettings, settingsView } from './service.js';

const tags = ['Settings (super-admin)'];

const missingSettingsOutput = z.array(
  z.object({
    setting: z.string().describe('The environment variable that gives it a first value, e.g. PROVIDER_BANK_NAME.'),
    label: z.string().describe('What it is, as the screens name it.'),
  }),
);

const nullableText = z.string().nullable();
const settingsOutput = z.object({
  name: z.string(),
  email: nullableText,
  phone: nullableText,
  businessAddress: nullableText,
  bankName: nullableText,
  routingNumber: nullableText,
  accountNumber: nullableText,
  paymentEmail: nullableText,
  checkAddress: nullableText,
  otherInstructions: nullableText,
  lowBalanceHours: z.number().describe('Hours.'),
  timeZone: z.string(),
  schedulerWebhookUrl: nullableText,
  mailFrom: nullableText,
  eventRetentionDays: z.number().int().nullable().describe('Days the audit log keeps an event before the scheduled work deletes it; null: forever (EVENT_RETENTION_DAYS until saved here).'),
  unsaved: z.array(z.enum(SETTING_NAMES)).describe('Settings never saved on the page: their value is the environment\'s or the built-in default.'),
  defaultMailFrom: z.string().describe('The sender emails carry while mailFrom is null.'),
  logo: z.object({ url: z.string(), contentType: z.string(), bytes: z.number() }).nullable(),
});

/** A data URL of at most LOGO_MAX_BYTES bytes, base64 (4 characters per 3 bytes) plus its prefix. */
const logoInput = z.object({
  dataUrl: z
    .string({ message: 'The logo is required.' })
    .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 64, `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB.`)
    .describe('The image as a data URL: data:image/png;base64,... or data:image/jpeg;base64,...'),
});

export const superAdminSettingsRouter = router({
  get: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/settings', tags, summary: "The provider's settings: business profile, payment details and defaults, as in force now", description: "Super-admins only. Each value is the one in force: saved on the Settings page, or else the environment variable's (PROVIDER_NAME, PROVIDER_BANK_NAME, LOW_BALANCE_HOURS, APP_TIMEZONE, ...) or the built-in default; unsaved names the settings still taken from there. lowBalanceHours is in hours." } })
    .input(noInput)
    .output(settingsOutput)
    .query(({ ctx }) => settingsView(ctx.deps)),

  update: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/settings', tags, summary: "Change the provider's settings; they take effect on the next page, email and PDF", description: 'Super-admins only. Saves the fields sent; a field left out keeps its value and null (or empty text) clears an optional one. A saved value wins over the environment variable from then on. Every field is checked as the page checks it: a bad one is a 400 naming the field, and nothing is saved.' } })
    .input(settingsFields.partial())
    .output(settingsOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.db.transaction(async (tx) => {
        const saved = await saveSettings(ctx.deps, tx, ctx.source, input);
        if (input.lowBalanceHours !== undefined) await rearmAboveDefault(tx, saved.lowBalanceHundredths);
      });
      return settingsView(ctx.deps);
    }),

  saveLogo: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/settings/logo', tags, summary: `Set the business logo (PNG or JPEG, at most ${LOGO_MAX_BYTES / 1024} KB) shown on invoices, statements and emails`, description: 'Super-admins only. The image goes as a data URL; anything but a readable PNG or JPEG within the size is a 400 and the old logo stays.' } })
    .input(logoInput)
    .output(settingsOutput)
    .mutation(async ({ ctx, input }) => {
      await saveLogo(ctx.deps, ctx.source, input.dataUrl);
      return settingsView(ctx.deps);
    }),

  removeLogo: superAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/superadmin/settings/logo', tags, summary: 'Remove the business logo', description: 'Super-admins only. Invoices, statements and emails go back to the business name alone.' } })
    .input(noInput)
    .output(messageOutput)
    .mutation(async ({ ctx }) => {
      await removeLogo(ctx.deps, ctx.source);
      return { message: 'The logo was removed.' };
    }),

  /** What the invoice emails and PDFs lack: the super-admin's banner lists it. */
  missing: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/settings/missing', tags, summary: "The provider's payment details left unset (invoice emails and PDFs say \"please contact us\" in their place)", description: 'Super-admins only. Each entry names the detail and the environment variable that gives it a first value; both are set on the Settings page (PUT /superadmin/settings). An empty list means every payment detail is set. The server also logs a warning for each at start-up.' } })
    .input(noInput)
    .output(missingSettingsOutput)
    .query(async ({ ctx }) => missingPaymentDetails(await providerOf(ctx.deps.config, ctx.deps.db))),
});
