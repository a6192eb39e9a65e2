import { z } from 'zod';
import { pageOutput } from '../../../shared/list.js';
import { paymentFormInput, paymentListInput, paymentOutput, paymentUpdateInput, type PaymentDto } from '../../../shared/payments.js';
import { idParam } from '../../../shared/validation.js';
import { keepsOmittedFields, router, superAdminProcedure } from '../../trpc.js';
import { findPayment } from './queries.js';
import * as payments from './service.js';

/** A payment as its form sends it: the invoice by id. */
const paymentForm = (payment: PaymentDto) => ({ ...payment, invoice: payment.invoice._id });

const tags = ['Payments (super-admin)'];

export const superAdminPaymentsRouter = router({
  list: superAdminProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/superadmin/payments', tags, summary: 'Payments, newest payment date first; search matches the description', description: 'Super-admins only. Every payment with its invoice number, company, amount in dollars, method, status and date; only completed payments count toward their invoice (status "completed" in any letter case, spaces around it ignored). company narrows them to one company; from and to (YYYY-MM-DD, both included, days of APP_TIMEZONE) to the payments dated in a period. from after to, or a day that does not exist, is a 400.' } })
    .input(paymentListInput)
    .output(pageOutput(paymentOutput))
    .query(({ ctx, input }) => payments.allPayments(ctx.deps, input)),

  create: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/payments', tags, summary: 'Record a payment against an invoice with a balance; emails a receipt when sendEmail', description: "Super-admins only. Records money received for one of the company's invoices that still has a balance; amount is in dollars (at most two decimals). status is free text (default completed); only completed counts toward the invoice, in any letter case and with spaces around it ignored (Completed counts, pending, failed or refunded do not). Once completed payments cover the invoice it is paid and its pending hours count in the company's balance. sendEmail (default true) emails the company a receipt." } })
    .input(paymentFormInput)
    .output(paymentOutput)
    .mutation(({ ctx, input }) => payments.createPayment(ctx.deps, ctx.source, input)),

  update: superAdminProcedure
    .use(keepsOmittedFields(async (ctx, id) => paymentForm(await findPayment(ctx.deps.db, id)), ['company', 'invoice', 'amount', 'method', 'status', 'paymentDate', 'description', 'transactionId', 'sendEmail']))
    .meta({ openapi: { method: 'PUT', path: '/superadmin/payments/{id}', tags, summary: 'Change a payment; the invoice balance, status and hours follow', description: "Super-admins only. Changes a payment's amount (dollars), method, status, date or notes. Fields left out keep their current values and null clears an optional one, so a script may send only what changes. The invoice's remaining balance and status, and whether its hours count, are worked out again." } })
    .input(paymentUpdateInput)
    .output(paymentOutput)
    .mutation(({ ctx, input: { id, ...form } }) => payments.updatePayment(ctx.deps, ctx.source, id, form)),

  delete: superAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/superadmin/payments/{id}', tags, summary: 'Delete a payment; the invoice reopens if it was paid', description: "Super-admins only. Removes the payment; an invoice it had paid in full is open again and its hours are pending again." } })
    .input(z.object({ id: idParam }))
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await payments.deletePayment(ctx.deps, ctx.source, input.id);
      return null;
    }),
});
