import { z } from 'zod';
import { pageOutput } from '../../../shared/list.js';
import { paymentFormInput, paymentListInput, paymentOutput, paymentUpdateInput } from '../../../shared/payments.js';
import { idParam } from '../../../shared/validation.js';
import { router, superAdminProcedure } from '../../trpc.js';
import * as payments from './service.js';

const tags = ['Payments (super-admin)'];

export const superAdminPaymentsRouter = router({
  list: superAdminProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/superadmin/payments', tags, summary: 'Payments, newest payment date first; search matches the description' } })
    .input(paymentListInput)
    .output(pageOutput(paymentOutput))
    .query(({ ctx, input }) => payments.allPayments(ctx.deps, input)),

  create: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/payments', tags, summary: 'Record a payment against an invoice with a balance; emails a receipt when sendEmail' } })
    .input(paymentFormInput)
    .output(paymentOutput)
    .mutation(({ ctx, input }) => payments.createPayment(ctx.deps, input)),

  update: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/payments/{id}', tags, summary: 'Change a payment; the invoice balance, status and hours follow' } })
    .input(paymentUpdateInput)
    .output(paymentOutput)
    .mutation(({ ctx, input: { id, ...form } }) => payments.updatePayment(ctx.deps, id, form)),

  delete: superAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/superadmin/payments/{id}', tags, summary: 'Delete a payment; the invoice reopens if it was paid' } })
    .input(z.object({ id: idParam }))
    .output(z.null())
    .mutation(({ ctx, input }) => {
      payments.deletePayment(ctx.deps, input.id);
      return null;
    }),
});
