import { scheduleInput } from '../../../shared/schedule.js';
import { messageOutput } from '../../../shared/validation.js';
import { router, superAdminProcedure } from '../../trpc.js';
import { sendSchedule } from './service.js';

const tags = ['Scheduler (super-admin)'];

export const superAdminScheduleRouter = router({
  send: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/schedule', tags, summary: 'Forward the priority list [{ name, hours }] to SCHEDULER_WEBHOOK_URL' } })
    .input(scheduleInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => sendSchedule(ctx.deps, input.items)),
});
