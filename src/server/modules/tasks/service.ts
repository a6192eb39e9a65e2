import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { companies, taskHistory, tasks } from '../../../../drizzle/schema.js';
import {
  MAX_OPEN_TASKS_PER_COMPANY,
  MAX_TASK_BACKDATE_DAYS,
  MAX_TASK_FUTURE_HOURS,
  TASK_DATE_IN_FUTURE,
  TASK_DATE_TOO_OLD,
  TOO_MANY_OPEN_TASKS,
} from '../../../shared/limits.js';
import type { Page } from '../../../shared/list.js';
import type { adminTaskCreateInput, customerTaskCreateInput, OpenTaskListQuery, TaskChoice, TaskDto, taskUpdateFields } from '../../../shared/tasks.js';
import { inTransaction, type Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { companyRecipients } from '../../mail/recipients.js';
import type { Actor } from '../account/actor.js';
import { taskDoneEmail } from './emails.js';
import { refreshOpenTasks } from './open-count.js';
import { findTask, listOpenTasks, openTaskChoices } from './queries.js';
import { providerOf } from '../settings/service.js';

export { findTask };

type TaskFields = z.output<typeof taskUpdateFields>;
type Tracked = 'title' | 'description' | 'priority' | 'done' | 'deleted';

/** The caller's company's open tasks; the provider, who has no company, gets none. */
export function listOwnTasks(deps: AppDeps, actor: Actor, query: OpenTaskListQuery): Page<TaskDto> {
  return actor.companyId ? listOpenTasks(deps.db, query, actor.companyId) : { items: [], total: 0 };
}

export function allOpenTasks(deps: AppDeps, query: OpenTaskListQuery): Page<TaskDto> {
  return listOpenTasks(deps.db, query);
}

export function openTasksOf(deps: AppDeps, companyId: string): TaskChoice[] {
  return openTaskChoices(deps.db, companyId);
}

/** Writes one history entry per field whose value changes, then the new values. */
function changeTask(tx: Tx, actor: Actor, task: TaskDto, changes: Partial<Pick<TaskDto, Tracked>>, now: Date): void {
  const changed = (Object.keys(changes) as Tracked[]).filter((field) => changes[field] !== task[field]);
  if (changed.length === 0) return;
  tx.insert(taskHistory)
    .values(
      changed.map((field) => ({
        id: newId(),
        taskId: task._id,
        changedField: field,
        oldValue: String(task[field]),
        newValue: String(changes[field]),
        userId: actor.userId,
        creationDate: now,
      })),
    )
    .run();
  tx.update(tasks)
    .set({ ...Object.fromEntries(changed.map((field) => [field, changes[field]])), timeStamp: now })
    .where(eq(tasks.id, task._id))
    .run();
  refreshOpenTasks(tx, task.company);
}

export function insertTask(tx: Tx, companyId: string, fields: TaskFields, now: Date, creationDate = now): TaskDto {
  const company = tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).get();
  if (!company) throw notFound('Company');
  const id = newId();
  tx.insert(tasks).values({ id, companyId, ...fields, creationDate, timeStamp: now }).run();
  refreshOpenTasks(tx, companyId);
  return findTask(tx, id);
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The creationDate a user gives a new task; a customer dates it within the limits back and ahead. */
function ownTaskDate(actor: Actor, creationDate: string | undefined, now: Date): Date {
  if (!creationDate) return now;
  const date = new Date(creationDate);
  if (actor.isSuperAdmin) return date;
  if (date.getTime() < now.getTime() - MAX_TASK_BACKDATE_DAYS * DAY_MS) throw new AppError('BAD_REQUEST', TASK_DATE_TOO_OLD, 'creationDate');
  if (date.getTime() > now.getTime() + MAX_TASK_FUTURE_HOURS * HOUR_MS) throw new AppError('BAD_REQUEST', TASK_DATE_IN_FUTURE, 'creationDate');
  return date;
}

export function createOwnTask(deps: AppDeps, actor: Actor, companyId: string, input: z.output<typeof customerTaskCreateInput>): TaskDto {
  const now = deps.clock.now();
  const { creationDate, ...fields } = input;
  return inTransaction(deps.db, (tx) => {
    if (openTaskCount(tx, companyId) >= MAX_OPEN_TASKS_PER_COMPANY) throw new AppError('CONFLICT', TOO_MANY_OPEN_TASKS);
    return insertTask(tx, companyId, fields, now, ownTaskDate(actor, creationDate, now));
  });
}

function openTaskCount(tx: Tx, companyId: string): number {
  const open = and(eq(tasks.companyId, companyId), eq(tasks.done, false), eq(tasks.deleted, false));
  return tx.select({ n: count() }).from(tasks).where(open).get()?.n ?? 0;
}

export function createTaskFor(deps: AppDeps, input: z.output<typeof adminTaskCreateInput>): TaskDto {
  const { company, ...fields } = input;
  return inTransaction(deps.db, (tx) => insertTask(tx, company, fields, deps.clock.now()));
}

/** The scope of the provider's calls, which reach every company's tasks. */
const ANY_COMPANY = undefined;

/** A customer's change, to a task of their own company. */
export function updateOwnTask(deps: AppDeps, actor: Actor, companyId: string, id: string, fields: TaskFields): TaskDto {
  return changeOpenTask(deps, actor, id, fields, companyId);
}

/** The provider's change, to any company's task. */
export function updateTask(deps: AppDeps, actor: Actor, id: string, fields: TaskFields): TaskDto {
  return changeOpenTask(deps, actor, id, fields, ANY_COMPANY);
}

export function deleteOwnTask(deps: AppDeps, actor: Actor, companyId: string, id: string): void {
  removeTask(deps, actor, id, companyId);
}

export function deleteTask(deps: AppDeps, actor: Actor, id: string): void {
  removeTask(deps, actor, id, ANY_COMPANY);
}

function changeOpenTask(deps: AppDeps, actor: Actor, id: string, fields: TaskFields, companyId: string | typeof ANY_COMPANY): TaskDto {
  return inTransaction(deps.db, (tx) => {
    const task = openTask(tx, id, companyId);
    changeTask(tx, actor, task, fields, deps.clock.now());
    return findTask(tx, id);
  });
}

function removeTask(deps: AppDeps, actor: Actor, id: string, companyId: string | typeof ANY_COMPANY): void {
  inTransaction(deps.db, (tx) => {
    const task = findTask(tx, id, companyId);
    changeTask(tx, actor, task, { deleted: true }, deps.clock.now());
  });
}

/** Marks the task done, optionally emailing the company's users; used by time logs too. */
export function completeTask(tx: Tx, deps: AppDeps, actor: Actor, id: string, emailClient: boolean): TaskDto {
  const task = openTask(tx, id);
  changeTask(tx, actor, task, { done: true }, deps.clock.now());
  if (emailClient) {
    deps.outbox.enqueue(tx, {
      to: companyRecipients(tx, task.company),
      ...taskDoneEmail(providerOf(deps.config, tx), task, deps.config.appUrl),
    });
  }
  return findTask(tx, id);
}

export function markTaskDone(deps: AppDeps, actor: Actor, id: string, emailClient: boolean): TaskDto {
  return inTransaction(deps.db, (tx) => completeTask(tx, deps, actor, id, emailClient));
}

function openTask(tx: Tx, id: string, companyId?: string): TaskDto {
  const task = findTask(tx, id, companyId);
  if (task.done) throw new AppError('CONFLICT', 'This task is already done.');
  return task;
}
