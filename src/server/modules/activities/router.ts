import { z } from 'zod';
import { activitiesOutput } from '../../../shared/activities.js';
import { authedProcedure, router } from '../../trpc.js';
import { ownActivities } from './service.js';

export const activitiesRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/activities', tags: ['Activities'], summary: "Your company's hours ledger, newest first, with running balances" } })
    .input(z.void())
    .output(activitiesOutput)
    .query(({ ctx }) => ownActivities(ctx.deps, ctx.actor)),
});
