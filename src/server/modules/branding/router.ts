import { z } from 'zod';
import { authedProcedure, publicProcedure, router } from '../../trpc.js';
import { providerOf } from '../settings/service.js';

const paymentDetailsOutput = z.object({
  name: z.string(),
  email: z.string().nullable().describe('Where customers write about payments.'),
  phone: z.string().nullable(),
  businessAddress: z.string().nullable().describe("The provider's business address (checks go to address)."),
  address: z.string().nullable().describe('The mailing address for checks.'),
  bankName: z.string().nullable(),
  routingNumber: z.string().nullable(),
  accountNumber: z.string().nullable(),
  paymentEmail: z.string().nullable(),
  otherInstructions: z.string().nullable().describe('Free text on any other way to pay.'),
});

export const brandingRouter = router({
  /** What the SPA shows before anyone signs in: the provider's name (footer). */
  get: publicProcedure
    .input(z.void())
    .output(z.object({ providerName: z.string() }))
    .query(async ({ ctx }) => ({ providerName: (await providerOf(ctx.deps.config, ctx.deps.db)).name })),

  /** Where customers send money and whom to ask (checkout, confirmation, Invoices): signed-in users only. */
  paymentDetails: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/payment-details', tags: ['Invoices'], summary: "The provider's payment instructions and contact details: mailing address, bank details, payment email, other ways to pay, email, phone, business address", description: "Any signed-in user. Where customers send payment and whom they ask about it: the provider's name, contact email, phone and business address, the mailing address for checks, bank name, routing and account numbers, payment email (Zelle) and free-text other ways to pay, as the provider has set them; a detail left unset is null." } })
    .input(z.void())
    .output(paymentDetailsOutput)
    .query(async ({ ctx }) => {
      const provider = await providerOf(ctx.deps.config, ctx.deps.db);
      return {
        name: provider.name,
        email: provider.email ?? null,
        phone: provider.phone ?? null,
        businessAddress: provider.businessAddress ?? null,
        address: provider.address ?? null,
        bankName: provider.bankName ?? null,
        routingNumber: provider.routingNumber ?? null,
        accountNumber: provider.accountNumber ?? null,
        paymentEmail: provider.paymentEmail ?? null,
        otherInstructions: provider.otherInstructions ?? null,
      };
    }),
});
