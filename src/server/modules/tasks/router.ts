import { z } from 'zod';
import {
  ADMIN_DEFAULT_PRIORITY,
  adminTaskCreateInput,
  CUSTOMER_DEFAULT_PRIORITY,
  adminTaskUpdateInput,
  customerTaskCreateInput,
  markDoneInput,
  allOpenTaskListInput,
  openTaskListInput,
  TASK_CHOICES_LIMIT,
  taskChoiceOutput,
  taskChoicesInput,
  taskOutput,
  taskUpdateInput,
} from '../../../shared/tasks.js';
import { MAX_OPEN_TASKS_PER_COMPANY, MAX_TASK_BACKDATE_DAYS, MAX_TASK_FUTURE_HOURS } from '../../../shared/limits.js';
import { pageOutput } from '../../../shared/list.js';
import { idParam } from '../../../shared/validation.js';
import { rateLimitText } from '../../rate-limit.js';
import { authedProcedure, companyProcedure, keepsOmittedFields, router, superAdminProcedure } from '../../trpc.js';
import * as tasks from './service.js';

const byId = z.object({ id: idParam });
const customerTags = ['Tasks'];
const adminTags = ['Tasks (super-admin)'];
/** What a task update changes; the ones left out keep their values. */
const TASK_FIELDS = ['title', 'description', 'priority'] as const;

export const tasksRouter = router({
  list: authedProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/tasks', tags: customerTags, summary: "Your company's open tasks, by priority; search matches title or description", description: "Any signed-in user; the provider's super-admin, who has no company, gets an empty page. Lists the caller's own company's tasks that are neither done nor deleted (the company parameter is ignored), each with its history of changes." } })
    .input(openTaskListInput)
    .output(pageOutput(taskOutput))
    .query(({ ctx, input }) => tasks.listOwnTasks(ctx.deps, ctx.actor, input)),

  create: companyProcedure
    .meta({ rateLimit: 'task-change', openapi: { method: 'POST', path: '/tasks', tags: customerTags, summary: 'Add a task for your company', description: `Any user of a company (the provider's super-admin has none: 403); ${rateLimitText('task-change')}. Adds an open task to the caller's company with priority ${CUSTOMER_DEFAULT_PRIORITY} unless given, dated creationDate (now when left out; at most ${MAX_TASK_BACKDATE_DAYS} days back and ${MAX_TASK_FUTURE_HOURS} hours ahead, else a 400). A company that already has ${MAX_OPEN_TASKS_PER_COMPANY} open tasks gets a 409.` } })
    .input(customerTaskCreateInput)
    .output(taskOutput)
    .mutation(({ ctx, input }) => tasks.createOwnTask(ctx.deps, ctx.actor, ctx.source, ctx.companyId(), input)),

  update: companyProcedure
    .use(keepsOmittedFields((ctx, id) => (ctx.actor.companyId ? tasks.findOwnTask(ctx.deps.db, id, ctx.actor.companyId) : undefined), TASK_FIELDS))
    .meta({ rateLimit: 'task-change', openapi: { method: 'PUT', path: '/tasks/{id}', tags: customerTags, summary: "Change one of your company's tasks", description: `Any user of a company; ${rateLimitText('task-change')}. Changes the title, description and priority of an open task of the caller's company. Fields left out keep their current values and null clears an optional one, so a script may send only what changes. Each field that changes is kept in the task's history with who and when. Another company's or a deleted task is a 404, a done one a 409.` } })
    .input(taskUpdateInput)
    .output(taskOutput)
    .mutation(({ ctx, input: { id, ...fields } }) => tasks.updateOwnTask(ctx.deps, ctx.source, ctx.companyId(), id, fields)),

  delete: companyProcedure
    .meta({ rateLimit: 'task-change', openapi: { method: 'DELETE', path: '/tasks/{id}', tags: customerTags, summary: "Delete one of your company's tasks", description: `Any user of a company; ${rateLimitText('task-change')}. Hides the task (a soft delete kept in its history) so it leaves the lists and the open-task count; another company's or an already deleted task is a 404.` } })
    .input(byId)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await tasks.deleteOwnTask(ctx.deps, ctx.source, ctx.companyId(), input.id);
      return null;
    }),
});

export const superAdminTasksRouter = router({
  listOpen: superAdminProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/superadmin/allopentasks', tags: adminTags, summary: 'Open tasks of every company, by priority; search matches title or description', description: "Super-admins only. Every company's tasks that are neither done nor deleted, each with its company name and history; company narrows them to one company." } })
    .input(allOpenTaskListInput)
    .output(pageOutput(taskOutput))
    .query(({ ctx, input }) => tasks.allOpenTasks(ctx.deps, input)),

  openOf: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/tasks/choices', tags: adminTags, summary: `Task choices for a time log: up to ${TASK_CHOICES_LIMIT} open tasks of the company, by priority`, description: "Super-admins only. The id and title of the company's tasks that are neither done nor deleted, priority 1 first; an unknown company has none." } })
    .input(taskChoicesInput)
    .output(z.array(taskChoiceOutput))
    .query(({ ctx, input }) => tasks.openTasksOf(ctx.deps, input.company)),

  create: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/tasks', tags: adminTags, summary: 'Add a task for a company', description: `Super-admins only. Adds an open task to the company (a 404 if there is none), dated now, with priority ${ADMIN_DEFAULT_PRIORITY} unless given; the provider is not held to the ${MAX_OPEN_TASKS_PER_COMPANY} open tasks a company may add itself.` } })
    .input(adminTaskCreateInput)
    .output(taskOutput)
    .mutation(({ ctx, input }) => tasks.createTaskFor(ctx.deps, ctx.source, input)),

  update: superAdminProcedure
    .use(keepsOmittedFields((ctx, id) => tasks.findTask(ctx.deps.db, id), TASK_FIELDS))
    .meta({ openapi: { method: 'PUT', path: '/superadmin/tasks/{id}', tags: adminTags, summary: 'Change a task (its company stays)', description: "Super-admins only. Changes the title, description and priority of an open task of any company. Fields left out keep their current values and null clears an optional one, so a script may send only what changes. Each field that changes is kept in the task's history with who and when. A deleted task is a 404, a done one a 409." } })
    .input(adminTaskUpdateInput)
    .output(taskOutput)
    .mutation(({ ctx, input: { id, ...fields } }) => tasks.updateTask(ctx.deps, ctx.source, id, fields)),

  delete: superAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/superadmin/tasks/{id}', tags: adminTags, summary: 'Delete a task', description: "Super-admins only. Hides the task of any company (a soft delete kept in its history), so it leaves the lists and its company's open-task count; an already deleted task is a 404." } })
    .input(byId)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await tasks.deleteTask(ctx.deps, ctx.source, input.id);
      return null;
    }),

  markDone: superAdminProcedure
    .meta({ queryFields: ['emailClient'], openapi: { method: 'PUT', path: '/superadmin/tasks/markdone/{id}', tags: adminTags, summary: 'Mark a task done; emailClient (query, default true) emails the company', description: "Super-admins only. Marks an open task done, kept in its history, and takes it off the company's open tasks; emailClient (in the query or the body, default true) emails every approved user of the company that it is done. A task already done is a 409, a deleted one a 404." } })
    .input(markDoneInput)
    .output(taskOutput)
    .mutation(({ ctx, input }) => tasks.markTaskDone(ctx.deps, ctx.source, input.id, input.emailClient)),
});
