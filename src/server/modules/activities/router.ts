import { z } from 'zod';
import { activitiesInput, activitiesOutput } from '../../../shared/activities.js';
import { weeklyUsageOutput } from '../../../shared/overview.js';
import { authedProcedure, companyProcedure, router } from '../../trpc.js';
import { ownActivities } from './service.js';
import { weeklyUsage } from './weekly-usage.js';

export const activitiesRouter = router({
  list: authedProcedure
    .meta({
      paged: true,
      openapi: { method: 'GET', path: '/activities', tags: ['Activities'], summary: "Your company's hours ledger, newest first, with running balances" },
    })
    .input(activitiesInput)
    .output(activitiesOutput)
    .query(({ ctx, input }) => ownActivities(ctx.deps, ctx.actor, input)),

  weeklyUsage: companyProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/activities/weekly',
        tags: ['Activities'],
        summary: "Your company's hours used and hours purchased (activated) per week, the last 12 weeks, oldest first",
      },
    })
    .input(z.void())
    .output(weeklyUsageOutput)
    .query(({ ctx }) => weeklyUsage(ctx.deps, ctx.companyId)),
});
