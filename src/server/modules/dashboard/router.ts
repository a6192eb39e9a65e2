import { z } from 'zod';
import { dashboardOutput } from '../../../shared/dashboard.js';
import { authedProcedure, router } from '../../trpc.js';
import { dashboardSummary } from './service.js';

export const dashboardRouter = router({
  summary: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/dashboard',
        tags: ['Dashboard'],
        summary: "Your dashboard: your company, its hour balance, open tasks and recent activities",
        description:
          "Any signed-in user; the provider's super-admin, who has no company, gets company null, zeros and empty lists. hourBalance is in hours: balance (completed entries), pending (purchases not yet paid), recentPurchase (the hours of the newest paid purchase), used (recentPurchase less balance, at least 0) and remainingPercent, the gauge's share snapped to 0, 1, 10, 20 and so on up to 90, 99 or 100. With the open-task count come the 3 newest open tasks, the 3 latest completed activities and the run-out forecast (null without use in the last 8 whole weeks or with no hours left), and blocks: the blocks of hours that expire and have hours left, soonest first (as on GET /activities).",
      },
    })
    .input(z.void())
    .output(dashboardOutput)
    .query(({ ctx }) => dashboardSummary(ctx.deps, ctx.actor)),
});
