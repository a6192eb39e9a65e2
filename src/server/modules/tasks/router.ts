import { z } from 'zod';
import {
  adminTaskCreateInput,
  adminTaskUpdateInput,
  customerTaskCreateInput,
  markDoneInput,
  openTaskListInput,
  TASK_CHOICES_LIMIT,
  taskChoiceOutput,
  taskChoicesInput,
  taskOutput,
  taskUpdateInput,
} from '../../../shared/tasks.js';
import { pageOutput } from '../../../shared/list.js';
import { idParam } from '../../../shared/validation.js';
import { authedProcedure, companyProcedure, router, superAdminProcedure } from '../../trpc.js';
import * as tasks from './service.js';

const byId = z.object({ id: idParam });
const customerTags = ['Tasks'];
const adminTags = ['Tasks (super-admin)'];

export const tasksRouter = router({
  list: authedProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/tasks', tags: customerTags, summary: "Your company's open tasks, by priority; search matches title or description" } })
    .input(openTaskListInput)
    .output(pageOutput(taskOutput))
    .query(({ ctx, input }) => tasks.listOwnTasks(ctx.deps, ctx.actor, input)),

  create: companyProcedure
    .meta({ rateLimit: 'task-change', openapi: { method: 'POST', path: '/tasks', tags: customerTags, summary: 'Add a task for your company' } })
    .input(customerTaskCreateInput)
    .output(taskOutput)
    .mutation(({ ctx, input }) => tasks.createOwnTask(ctx.deps, ctx.actor, ctx.companyId, input)),

  update: companyProcedure
    .meta({ rateLimit: 'task-change', openapi: { method: 'PUT', path: '/tasks/{id}', tags: customerTags, summary: "Change one of your company's tasks" } })
    .input(taskUpdateInput)
    .output(taskOutput)
    .mutation(({ ctx, input: { id, ...fields } }) => tasks.updateOwnTask(ctx.deps, ctx.actor, ctx.companyId, id, fields)),

  delete: companyProcedure
    .meta({ rateLimit: 'task-change', openapi: { method: 'DELETE', path: '/tasks/{id}', tags: customerTags, summary: "Delete one of your company's tasks" } })
    .input(byId)
    .output(z.null())
    .mutation(({ ctx, input }) => {
      tasks.deleteOwnTask(ctx.deps, ctx.actor, ctx.companyId, input.id);
      return null;
    }),
});

export const superAdminTasksRouter = router({
  listOpen: superAdminProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/superadmin/allopentasks', tags: adminTags, summary: 'Open tasks of every company, by priority; search matches title or description' } })
    .input(openTaskListInput)
    .output(pageOutput(taskOutput))
    .query(({ ctx, input }) => tasks.allOpenTasks(ctx.deps, input)),

  openOf: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/tasks/choices', tags: adminTags, summary: `Task choices for a time log: up to ${TASK_CHOICES_LIMIT} open tasks of the company, by priority` } })
    .input(taskChoicesInput)
    .output(z.array(taskChoiceOutput))
    .query(({ ctx, input }) => tasks.openTasksOf(ctx.deps, input.company)),

  create: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/tasks', tags: adminTags, summary: 'Add a task for a company' } })
    .input(adminTaskCreateInput)
    .output(taskOutput)
    .mutation(({ ctx, input }) => tasks.createTaskFor(ctx.deps, input)),

  update: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/tasks/{id}', tags: adminTags, summary: 'Change a task (its company stays)' } })
    .input(adminTaskUpdateInput)
    .output(taskOutput)
    .mutation(({ ctx, input: { id, ...fields } }) => tasks.updateTask(ctx.deps, ctx.actor, id, fields)),

  delete: superAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/superadmin/tasks/{id}', tags: adminTags, summary: 'Delete a task' } })
    .input(byId)
    .output(z.null())
    .mutation(({ ctx, input }) => {
      tasks.deleteTask(ctx.deps, ctx.actor, input.id);
      return null;
    }),

  markDone: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/tasks/markdone/{id}', tags: adminTags, summary: 'Mark a task done; emailClient (query, default true) emails the company' } })
    .input(markDoneInput)
    .output(taskOutput)
    .mutation(({ ctx, input }) => tasks.markTaskDone(ctx.deps, ctx.actor, input.id, input.emailClient)),
});
