import { z } from 'zod';
import {
  allInvoiceListInput,
  INVOICE_CHOICES_LIMIT,
  invoiceChoiceOutput,
  invoiceChoicesInput,
  invoiceFormInput,
  invoiceListInput,
  invoiceOutput,
  invoiceUpdateInput,
  purchaseInput,
  purchaseOutput,
} from '../../../shared/invoices.js';
import { pageOutput } from '../../../shared/list.js';
import { idParam, messageOutput } from '../../../shared/validation.js';
import { companyAdminProcedure, router, superAdminProcedure } from '../../trpc.js';
import * as invoices from './service.js';

const byId = z.object({ id: idParam });
const customerTags = ['Invoices'];
const adminTags = ['Invoices (super-admin)'];

export const invoicesRouter = router({
  list: companyAdminProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/invoices', tags: customerTags, summary: "Your company's invoices with their payments, newest first" } })
    .input(invoiceListInput)
    .output(pageOutput(invoiceOutput))
    .query(({ ctx, input }) => invoices.listOwnInvoices(ctx.deps, ctx.companyId, input)),

  purchase: companyAdminProcedure
    .meta({ rateLimit: 'purchase', openapi: { method: 'POST', path: '/invoices/purchase', tags: customerTags, summary: 'Buy a package: creates and emails its invoice; the hours stay pending until it is paid' } })
    .input(purchaseInput)
    .output(purchaseOutput)
    .mutation(({ ctx, input }) => invoices.purchase(ctx.deps, ctx.actor, ctx.companyId, input)),
});

export const superAdminInvoicesRouter = router({
  list: superAdminProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/superadmin/allinvoices', tags: adminTags, summary: 'Invoices, newest transaction date first; search matches the description; openOnly=true keeps those not paid in full' } })
    .input(allInvoiceListInput)
    .output(pageOutput(invoiceOutput))
    .query(({ ctx, input }) => invoices.allInvoices(ctx.deps, input)),

  choices: superAdminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/superadmin/invoices/choices',
        tags: adminTags,
        summary: `Invoice choices for a payment: up to ${INVOICE_CHOICES_LIMIT} of the company's invoices, newest first, with their balance; openOnly keeps those with a balance above 0; include adds the one already chosen`,
      },
    })
    .input(invoiceChoicesInput)
    .output(z.array(invoiceChoiceOutput))
    .query(({ ctx, input }) => invoices.invoiceChoices(ctx.deps.db, input.company, input.openOnly, input.include)),

  create: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/invoices', tags: adminTags, summary: 'Add an invoice (and its pending hours); emails the client when sendInvoiceEmail' } })
    .input(invoiceFormInput)
    .output(invoiceOutput)
    .mutation(({ ctx, input }) => invoices.createInvoice(ctx.deps, input)),

  update: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/invoices/{id}', tags: adminTags, summary: 'Change an invoice (its company stays); balance, status and hours follow' } })
    .input(invoiceUpdateInput)
    .output(invoiceOutput)
    .mutation(({ ctx, input: { id, ...form } }) => invoices.updateInvoice(ctx.deps, id, form)),

  delete: superAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/superadmin/invoices/{id}', tags: adminTags, summary: 'Delete an invoice without payments, with its hours entry' } })
    .input(byId)
    .output(z.null())
    .mutation(({ ctx, input }) => {
      invoices.deleteInvoice(ctx.deps, input.id);
      return null;
    }),

  openBalance: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/invoices/openbal/{id}', tags: adminTags, summary: 'Email the client an open-balance reminder for an unpaid invoice' } })
    .input(byId)
    .output(messageOutput)
    .mutation(({ ctx, input }) => invoices.sendOpenBalanceReminder(ctx.deps, input.id)),
});
