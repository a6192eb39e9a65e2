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
      },
    })
    .input(z.void())
    .output(dashboardOutput)
    .query(({ ctx }) => dashboardSummary(ctx.deps, ctx.actor)),
});
