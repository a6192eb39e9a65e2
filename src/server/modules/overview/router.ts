import { z } from 'zod';
import { expiringSoonOutput, monthsOutput, receivableOutput, signupsOutput, weekHoursOutput } from '../../../shared/overview.js';
import { router, superAdminProcedure } from '../../trpc.js';
import * as overview from './service.js';

const tags = ['Overview (super-admin)'];

export const superAdminOverviewRouter = router({
  expiring: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/overview/expiring', tags, summary: 'Hours that expire in the next 30 days: their total, in how many blocks, and the soonest 8', description: "Super-admins only. Blocks of hours (purchases paid with a validity, and hours rolled over) that expire within the next 30 days and still have hours unused as their company's ledger stands: totalHours and blockCount over all of them, and the soonest 8 with their company and the day they expire (YYYY-MM-DD in APP_TIMEZONE)." } })
    .input(z.void())
    .output(expiringSoonOutput)
    .query(({ ctx }) => overview.expiringSoon(ctx.deps)),

  signups: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/overview/signups', tags, summary: 'Sign-ups awaiting approval: how many, and the newest few (approve with PUT /superadmin/users/activate/{id})', description: 'Super-admins only. Counts every user not yet approved (sign-ups, colleagues a company admin invited, and users added in the back office with approval off) and lists the newest 5 with their company.' } })
    .input(z.void())
    .output(signupsOutput)
    .query(({ ctx }) => overview.signupsAwaitingApproval(ctx.deps)),

  receivable: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/overview/receivable', tags, summary: 'Unpaid and partly paid invoices, and the total still to be paid on them (completed payments only)', description: 'Super-admins only. unpaidCount counts the invoices not paid in full with no completed payment, partlyPaidCount those with some; totalReceivable is the sum of their prices less their completed payments, in dollars (pending or failed payments count for nothing).' } })
    .input(z.void())
    .output(receivableOutput)
    .query(({ ctx }) => overview.receivable(ctx.deps)),

  week: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/overview/week', tags, summary: "Hours logged this week (Monday to Sunday in the provider's time zone) against the weekly target", description: "Super-admins only. totalHours is every company's hours logged from weekStart to weekEnd of the current week in APP_TIMEZONE; targetHours is the 35-hour weekly target." } })
    .input(z.void())
    .output(weekHoursOutput)
    .query(({ ctx }) => overview.hoursThisWeek(ctx.deps)),

  months: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/overview/months', tags, summary: 'Per calendar month, the last 12: hours invoiced, hours logged, and hours of invoices not yet paid in full', description: 'Super-admins only. The 12 calendar months up to the current one in APP_TIMEZONE, oldest first, as YYYY-MM: soldHours are the hours of the invoices dated in the month (paid or not), usedHours the hours logged in it, awaitingPaymentHours the hours of its invoices not yet paid in full; all in hours, not dollars.' } })
    .input(z.void())
    .output(monthsOutput)
    .query(({ ctx }) => overview.monthlyFigures(ctx.deps)),
});
