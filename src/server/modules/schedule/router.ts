import { durationText } from '../../../shared/limits.js';
import { MAX_SCHEDULE_HOURS, MIN_SCHEDULE_HOURS, scheduleInput } from '../../../shared/schedule.js';
import { messageOutput } from '../../../shared/validation.js';
import { router, superAdminProcedure } from '../../trpc.js';
import { sendSchedule, WEBHOOK_TIMEOUT_MS } from './service.js';

const tags = ['Scheduler (super-admin)'];

export const superAdminScheduleRouter = router({
  send: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/schedule', tags, summary: 'Forward the priority list [{ name, hours }] to SCHEDULER_WEBHOOK_URL', description: `Super-admins only. Posts the items in the order given (first is highest priority) as a JSON array of { name, hours } to the webhook; hours are decimal hours from ${MIN_SCHEDULE_HOURS} to ${MAX_SCHEDULE_HOURS}, and nothing is stored. A 503 when SCHEDULER_WEBHOOK_URL is not set, a 502 when the webhook cannot be reached within ${durationText(WEBHOOK_TIMEOUT_MS)} or answers with an error status.` } })
    .input(scheduleInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => sendSchedule(ctx.deps, ctx.source, input.items)),
});
