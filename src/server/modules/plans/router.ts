import { z } from 'zod';
import { planInput, planOutput } from '../../../shared/plans.js';
import { idParam } from '../../../shared/validation.js';
import { router, superAdminProcedure } from '../../trpc.js';
import * as plans from './service.js';

const tags = ['Monthly plans (super-admin)'];

export const superAdminPlansRouter = router({
  get: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/companies/{id}/plan', tags, summary: "A company's monthly plan, or null", description: "Super-admins only. The plan's package copy (description, hours, rate, price, hour terms), its day of the month, first month, pause and last month (YYYY-MM), the next month it invoices and the day it does (YYYY-MM-DD in APP_TIMEZONE), and its status: active, paused or ended. null when the company has no plan; an unknown company is a 404." } })
    .input(z.object({ id: idParam }))
    .output(planOutput.nullable())
    .query(({ ctx, input }) => plans.findPlan(ctx.deps, input.id)),

  set: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/companies/{id}/plan', tags, summary: 'Put a company on a monthly plan, or change its plan', description: "Super-admins only. packageId (required the first time; general or the company's own) has its hours, rate and hour terms copied for the months to come; dayOfMonth (1 to 28) is the day each month's invoice is issued and emailed to the company's approved users, in APP_TIMEZONE, by the scheduled work, once per month however many processes run. firstPeriod (YYYY-MM; default the first month whose day has not passed) can change until a month has been invoiced; pausedUntil skips every month up to and including it; lastPeriod ends the plan after that month. null clears a pause or an end. Each invoice's hours activate on payment, as any invoice's." } })
    .input(planInput)
    .output(planOutput)
    .mutation(({ ctx, input }) => plans.setPlan(ctx.deps, ctx.source, input)),
});
