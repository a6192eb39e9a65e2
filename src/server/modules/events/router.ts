import { z } from 'zod';
import { EVENT_TYPE_NAMES, EVENT_TYPES, eventListInput, eventOutput } from '../../../shared/events.js';
import { pageOutput } from '../../../shared/list.js';
import { noInput } from '../../../shared/validation.js';
import { router, superAdminProcedure } from '../../trpc.js';
import { listAuditLog } from './audit-log.js';

const tags = ['Audit log (super-admin)'];

const eventTypeOutput = z.object({ type: z.enum(EVENT_TYPE_NAMES), meaning: z.string() });

export const superAdminEventsRouter = router({
  list: superAdminProcedure
    .meta({
      paged: true,
      openapi: {
        method: 'GET',
        path: '/superadmin/events',
        tags,
        summary: "The audit log: every change, sign-in and download, newest first; search matches the event type and its meaning, the name or email address of the user who did it, or a record's id",
        description:
          "Super-admins only. Each event says what happened (type), to which record (subjectType, subjectId) of which company, who did it (actorId and actorLabel, the actor as named at the time; actorId null for the scheduled work, the app's own alerts, or a sign-in by an unknown address), from which address, and the fields it changed, each as it was and as it became (a record created has before null, one removed after null). type, actor (a user's id), company and subject (a record's id: its History) narrow the list; from and to (YYYY-MM-DD, both included, days of APP_TIMEZONE) to a period. Events cannot be changed or deleted; the retention setting may purge old ones.",
      },
    })
    .input(eventListInput)
    .output(pageOutput(eventOutput))
    .query(({ ctx, input }) => listAuditLog(ctx.deps, input)),

  types: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/events/types', tags, summary: 'Every event type with its meaning, as the audit log and the webhooks name them', description: 'Super-admins only. The catalogue of event types, `<record>.<what happened>`, in a stable order.' } })
    .input(noInput)
    .output(z.array(eventTypeOutput))
    .query(() => EVENT_TYPE_NAMES.map((type) => ({ type, meaning: EVENT_TYPES[type] }))),
});
