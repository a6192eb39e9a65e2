import { activitiesInput, activitiesOutput } from '../../../shared/activities.js';
import { authedProcedure, router } from '../../trpc.js';
import { ownActivities } from './service.js';

export const activitiesRouter = router({
  list: authedProcedure
    .meta({
      paged: true,
      openapi: { method: 'GET', path: '/activities', tags: ['Activities'], summary: "Your company's hours ledger, newest first, with running balances" },
    })
    .input(activitiesInput)
    .output(activitiesOutput)
    .query(({ ctx, input }) => ownActivities(ctx.deps, ctx.actor, input)),
});
