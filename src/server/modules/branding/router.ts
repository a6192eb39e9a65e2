import { z } from 'zod';
import { authedProcedure, publicProcedure, router } from '../../trpc.js';
import { providerOf } from '../settings/service.js';

const paymentDetailsOutput = z.object({
  name: z.string(),
  address: z.string().nullable(),
  bankName: z.string().nullable(),
  routingNumber: z.string().nullable(),
  accountNumber: z.string().nullable(),
  paymentEmail: z.string().nullable(),
});

export const brandingRouter = router({
  /** What the SPA shows before anyone signs in: the provider's name (footer). */
  get: publicProcedure
    .input(z.void())
    .output(z.object({ providerName: z.string() }))
    .query(({ ctx }) => ({ providerName: providerOf(ctx.deps.config, ctx.deps.db).name })),

  /** Where customers send money (shown on the confirmation page): signed-in users only. */
  paymentDetails: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/payment-details', tags: ['Invoices'], summary: "The provider's payment instructions: mailing address, bank details, payment email", description: "Any signed-in user. Where customers send payment, from the server's configuration (PROVIDER_NAME, PROVIDER_ADDRESS, PROVIDER_BANK_NAME, PROVIDER_ROUTING_NUMBER, PROVIDER_ACCOUNT_NUMBER, PROVIDER_PAYMENT_EMAIL); a detail left unset is null." } })
    .input(z.void())
    .output(paymentDetailsOutput)
    .query(({ ctx }) => {
      const provider = providerOf(ctx.deps.config, ctx.deps.db);
      return {
        name: provider.name,
        address: provider.address ?? null,
        bankName: provider.bankName ?? null,
        routingNumber: provider.routingNumber ?? null,
        accountNumber: provider.accountNumber ?? null,
        paymentEmail: provider.paymentEmail ?? null,
      };
    }),
});
