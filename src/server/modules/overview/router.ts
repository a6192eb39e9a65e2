import { z } from 'zod';
import { monthsOutput, receivableOutput, signupsOutput, weekHoursOutput } from '../../../shared/overview.js';
import { router, superAdminProcedure } from '../../trpc.js';
import * as overview from './service.js';

const tags = ['Overview (super-admin)'];

export const superAdminOverviewRouter = router({
  signups: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/overview/signups', tags, summary: 'Sign-ups awaiting approval: how many, and the newest few (approve with PUT /superadmin/users/activate/{id})' } })
    .input(z.void())
    .output(signupsOutput)
    .query(({ ctx }) => overview.signupsAwaitingApproval(ctx.deps)),

  receivable: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/overview/receivable', tags, summary: 'Unpaid and partly paid invoices, and the total still to be paid on them (completed payments only)' } })
    .input(z.void())
    .output(receivableOutput)
    .query(({ ctx }) => overview.receivable(ctx.deps)),

  week: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/overview/week', tags, summary: "Hours logged this week (Monday to Sunday in the provider's time zone) against the weekly target" } })
    .input(z.void())
    .output(weekHoursOutput)
    .query(({ ctx }) => overview.hoursThisWeek(ctx.deps)),

  months: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/overview/months', tags, summary: 'Per calendar month, the last 12: hours invoiced, hours logged, and hours of invoices not yet paid in full' } })
    .input(z.void())
    .output(monthsOutput)
    .query(({ ctx }) => overview.monthlyFigures(ctx.deps)),
});
