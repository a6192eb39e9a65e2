import { z } from 'zod';
import { activitiesInput, activitiesOutput } from '../../../shared/activities.js';
import { activitiesExportInput, downloadLinkOutput, statementInput } from '../../../shared/exports.js';
import { weeklyUsageOutput } from '../../../shared/overview.js';
import { authedProcedure, companyAdminProcedure, companyProcedure, router } from '../../trpc.js';
import { activitiesExportLink, statementLink } from './downloads.js';
import { ownActivities } from './service.js';
import { weeklyUsage } from './weekly-usage.js';

const tags = ['Activities'];

export const activitiesRouter = router({
  list: authedProcedure
    .meta({
      paged: true,
      openapi: { method: 'GET', path: '/activities', tags, summary: "Your company's hours ledger, newest first, with running balances" },
    })
    .input(activitiesInput)
    .output(activitiesOutput)
    .query(({ ctx, input }) => ownActivities(ctx.deps, ctx.actor, input)),

  exportLink: companyProcedure
    .meta({
      rateLimit: 'download',
      openapi: {
        method: 'GET',
        path: '/activities/export/link',
        tags,
        summary: "A signed link (5 minutes) to your company's whole ledger as CSV, newest first, with running balances; or GET /activities/export.csv with the jwttoken header",
      },
    })
    .input(activitiesExportInput)
    .output(downloadLinkOutput)
    .query(({ ctx, input }) => activitiesExportLink(ctx.deps, ctx.companyId, input.timeZone)),

  statementLink: companyAdminProcedure
    .meta({
      rateLimit: 'download',
      openapi: {
        method: 'GET',
        path: '/activities/statement/link',
        tags,
        summary:
          'Company admins: a signed link (5 minutes) to the statement PDF of from..to (YYYY-MM-DD, both included, at most 5 years, ending by today); or GET /activities/statement.pdf with the jwttoken header',
      },
    })
    .input(statementInput)
    .output(downloadLinkOutput)
    .query(({ ctx, input }) => statementLink(ctx.deps, ctx.companyId, input)),

  weeklyUsage: companyProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/activities/weekly',
        tags,
        summary: "Your company's hours used and hours purchased (activated) per week, the last 12 weeks, oldest first",
      },
    })
    .input(z.void())
    .output(weeklyUsageOutput)
    .query(({ ctx }) => weeklyUsage(ctx.deps, ctx.companyId)),
});
