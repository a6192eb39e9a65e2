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
  unpaidInvoicesOutput,
} from '../../../shared/invoices.js';
import { durationText, MAX_UNPAID_INVOICES_PER_COMPANY } from '../../../shared/limits.js';
import { pageOutput } from '../../../shared/list.js';
import { idParam, messageOutput } from '../../../shared/validation.js';
import { rateLimitText } from '../../rate-limit.js';
import { companyAdminProcedure, keepsOmittedFields, router, superAdminProcedure } from '../../trpc.js';
import { PDF_LINK_LIFETIME_MS } from './queries.js';
import * as invoices from './service.js';

const byId = z.object({ id: idParam });
const customerTags = ['Invoices'];
const adminTags = ['Invoices (super-admin)'];

export const invoicesRouter = router({
  list: companyAdminProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/invoices', tags: customerTags, summary: "Your company's invoices with their payments, newest first", description: `Company admins of a company only (the provider's super-admin has none: 403). The caller's own company's invoices (the company parameter is ignored), with price, rate and remainingBalance in dollars, hours in hours, status (Completed once paid in full, else Pending; a Pending invoice whose remainingBalance is below its price is partly paid, which the screens, PDFs and emails say beside the status), the payments made and a signed pdfUrl good for ${durationText(PDF_LINK_LIFETIME_MS)}.` } })
    .input(invoiceListInput)
    .output(pageOutput(invoiceOutput))
    .query(({ ctx, input }) => invoices.listOwnInvoices(ctx.deps, ctx.companyId(), input)),

  unpaid: companyAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/invoices/unpaid', tags: customerTags, summary: "How many of your company's invoices are not paid in full, and what is still owed on them", description: `Company admins of a company only (the provider's super-admin has none: 403). Counts the caller's own company's invoices not paid in full, unpaid or partly paid, and sums what is left on them: each price less its completed payments, in dollars (pending or failed payments count for nothing). Checkout shows it before another purchase; a company with ${MAX_UNPAID_INVOICES_PER_COMPANY} of them cannot buy more until it pays.` } })
    .input(z.void())
    .output(unpaidInvoicesOutput)
    .query(({ ctx }) => invoices.unpaidInvoices(ctx.deps, ctx.companyId())),

  purchase: companyAdminProcedure
    .meta({ rateLimit: 'purchase', openapi: { method: 'POST', path: '/invoices/purchase', tags: customerTags, summary: 'Buy a package: creates and emails its invoice; the hours stay pending until it is paid', description: `Company admins of a company only; ${rateLimitText('purchase')}. Buys a package on offer to the company now (a 404 otherwise, a 400 for one with no hours): the invoice gets the next number, the price hours x rate in dollars rounded to the cent and the paymentOption's method, its hours wait as pending, and the invoice PDF is emailed to the company's approved users and to the provider. A company with ${MAX_UNPAID_INVOICES_PER_COMPANY} invoices not yet paid in full gets a 409.` } })
    .input(purchaseInput)
    .output(purchaseOutput)
    .mutation(({ ctx, input }) => invoices.purchase(ctx.deps, ctx.source, ctx.actor, ctx.companyId(), input)),
});

export const superAdminInvoicesRouter = router({
  list: superAdminProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/superadmin/allinvoices', tags: adminTags, summary: 'Invoices, newest transaction date first; search matches the description; openOnly=true keeps those not paid in full', description: `Super-admins only. Every company's invoices with price, rate and remainingBalance in dollars, hours in hours, status (Completed once paid in full, else Pending; a Pending invoice whose remainingBalance is below its price is partly paid, which the screens, PDFs and emails say beside the status), the payments made and a signed pdfUrl good for ${durationText(PDF_LINK_LIFETIME_MS)}; company narrows them to one company, from and to (YYYY-MM-DD, both included, days of APP_TIMEZONE) to the invoices whose transaction date is in a period. from after to, or a day that does not exist, is a 400.` } })
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
        description:
          'Super-admins only. Each choice has the invoice number, its remainingBalance in dollars (price less completed payments) and the payment method the customer meant to use; include names an invoice of the same company to list whatever the filter and the limit, and an unknown company has none.',
      },
    })
    .input(invoiceChoicesInput)
    .output(z.array(invoiceChoiceOutput))
    .query(({ ctx, input }) => invoices.invoiceChoices(ctx.deps.db, input.company, input.openOnly, input.include)),

  create: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/invoices', tags: adminTags, summary: 'Add an invoice (and its pending hours); emails the client when sendInvoiceEmail', description: "Super-admins only. Adds an invoice for the company (a 404 if there is none) with the next number, dated transactionDate (now when left out); with hours above 0 the price is hours x rate in dollars rounded to the cent, otherwise price is required. Its hours are pending until completed payments cover the price (at once for a price of 0); a packageId must be general or the company's own, and sendInvoiceEmail (default true) emails the PDF to the company's approved users. validityMonths and rollover (as on a package) say what becomes of the hours once the invoice is paid in full; left out, a new invoice takes its package's (none without a package) and an edit keeps the invoice's own. A block already paid keeps the terms it was paid with." } })
    .input(invoiceFormInput)
    .output(invoiceOutput)
    .mutation(({ ctx, input }) => invoices.createInvoice(ctx.deps, ctx.source, input)),

  update: superAdminProcedure
    .use(keepsOmittedFields((ctx, id) => invoices.findInvoice(ctx.deps.db, ctx.deps, id), ['company', 'transactionDate', 'selectedPaymentMethod', 'description', 'hours', 'rate', 'price', 'sendInvoiceEmail', 'validityMonths', 'rollover']))
    .meta({ openapi: { method: 'PUT', path: '/superadmin/invoices/{id}', tags: adminTags, summary: 'Change an invoice (its company stays); balance, status and hours follow', description: "Super-admins only. Changes the invoice's description, hours, rate, price (hours x rate when hours are above 0), date, method, package and email flag. Fields left out keep their current values and null clears an optional one, so a script may send only what changes. A different company is a 400. Its hours entry follows, and its remaining balance, status and whether its hours count are worked out again from the completed payments; a price below them is a 400, and nothing is emailed. validityMonths and rollover (as on a package) say what becomes of the hours once the invoice is paid in full; left out, a new invoice takes its package's (none without a package) and an edit keeps the invoice's own. A block already paid keeps the terms it was paid with." } })
    .input(invoiceUpdateInput)
    .output(invoiceOutput)
    .mutation(({ ctx, input: { id, ...form } }) => invoices.updateInvoice(ctx.deps, ctx.source, id, form)),

  delete: superAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/superadmin/invoices/{id}', tags: adminTags, summary: 'Delete an invoice without payments, with its hours entry', description: 'Super-admins only. Removes the invoice and its hours entry from the ledger; an invoice with any payment applied, whatever its status, is a 409. Its invoice number is not given out again.' } })
    .input(byId)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await invoices.deleteInvoice(ctx.deps, ctx.source, input.id);
      return null;
    }),

  billOverage: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/companies/{id}/overage-invoice', tags: adminTags, summary: "Bill a company's overage: an invoice for the hours its negative balance owes", description: "Super-admins only. Adds and emails an invoice for the hours the company's negative balance owes, less hours already bought and awaiting payment, at its overage rate (its own, else the rate of its latest invoice bought from a package). Paying it brings the balance back to zero. A balance not negative, or an overage already covered by purchases awaiting payment, is a 409; a company with no rate to bill at is a 400; an unknown company a 404." } })
    .input(byId)
    .output(invoiceOutput)
    .mutation(({ ctx, input }) => invoices.billOverage(ctx.deps, ctx.source, input.id)),

  openBalance: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/invoices/openbal/{id}', tags: adminTags, summary: 'Email the client an open-balance reminder for an unpaid invoice', description: "Super-admins only. Emails the company's approved users a reminder of what is still owed on the invoice, with its PDF; an invoice paid in full, or a company without approved users, is a 409." } })
    .input(byId)
    .output(messageOutput)
    .mutation(({ ctx, input }) => invoices.sendOpenBalanceReminder(ctx.deps, ctx.source, input.id)),
});
