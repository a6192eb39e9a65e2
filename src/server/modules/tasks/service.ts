import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MAX_OPEN_TASKS_PER_COMPANY,
  MAX_TASK_BACKDATE_DAYS,
  MAX_TASK_FUTURE_HOURS,
  TASK_DATE_IN_FUTURE,
  TASK_DATE_TOO_OLD,
  TOO_MANY_OPEN_TASKS,
} from '../../../shared/limits.js';
import type { Page } from '../../../shared/list.js';
import { changedFields, type EventType } from '../../../shared/events.js';
import type { adminTaskCreateInput, customerTaskCreateInput, OpenTaskListQuery, TaskChoice, TaskDto, taskUpdateFields } from '../../../shared/tasks.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { inCompanyTurn } from '../../database/company-turn.js';
import { companyTurn } from '../../database/port.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { companyRecipients } from '../../mail/recipients.js';
import type { Actor } from '../account/actor.js';
import { recordEvent, type EventSource, type NewEvent } from '../events/service.js';
import { taskDoneEmail } from './emails.js';
import { refreshOpenTasks } from './open-count.js';
import { findOwnTask, findTask, listOpenTasks, listOwnOpenTasks, openTaskChoices, TASK_EVENT_FIELDS } from './queries.js';
import { providerOf } from '../settings/service.js';

export { findOwnTask, findTask };

type TaskFields = z.output<typeof taskUpdateFields>;
type Tracked = 'title' | 'description' | 'priority' | 'done' | 'deleted';
/** What a change to an existing task is, as its event names it. */
type TaskChange = Extract<EventType, 'task.updated' | 'task.completed' | 'task.deleted'>;

/** The caller's company's open tasks; the provider, who has no company, gets none. */
export async function listOwnTasks(deps: AppDeps, actor: Actor, query: OpenTaskListQuery): Promise<Page<TaskDto>> {
  return actor.companyId ? listOwnOpenTasks(deps.db, query, actor.companyId) : { items: [], total: 0 };
}

export async function allOpenTasks(deps: AppDeps, query: OpenTaskListQuery): Promise<Page<TaskDto>> {
  return listOpenTasks(deps.db, query);
}

export async function openTasksOf(deps: AppDeps, companyId: string): Promise<TaskChoice[]> {
  return openTaskChoices(deps.db, companyId);
}

/** An event of `task`: the fields that differ, before and after as the API shows them; a task created has no before, one deleted no after. */
function taskEvent(type: Extract<EventType, `task.${string}`>, task: TaskDto, before: TaskDto | undefined, after: TaskDto | undefined): NewEvent {
  return { type, companyId: task.company, subjectType: 'task', subjectId: task._id, changes: changedFields(before, after, TASK_EVENT_FIELDS) };
}

/**
 * Writes the fields whose values change: one task-history entry per field, the new values, and
 * the change's event, all in the caller's transaction; nothing when no field changes.
 *
 * The task history (the History of the task screens, kept as it was) and the events are two
 * records of one change, written here together from the same values, by the same person (the
 * source's actor is the history's user) at the same instant, so they always agree: each history
 * entry is a field of the task.updated or task.completed event (done false to true) written with
 * it, its values as text, or the task.deleted event (the entry deleted false to true). The events
 * have more: the task.created event, and a deleted task's fields as they were.
 */
async function changeTask(tx: Tx, source: EventSource, type: TaskChange, task: TaskDto, changes: Partial<Pick<TaskDto, Tracked>>, now: Date): Promise<void> {
  const { taskHistory, tasks } = tx.t;
  const changed = (Object.keys(changes) as Tracked[]).filter((field) => changes[field] !== task[field]);
  if (changed.length === 0) return;
  await tx.insert(taskHistory).values(
    changed.map((field) => ({
      id: newId(),
      taskId: task._id,
      changedField: field,
      oldValue: String(task[field]),
      newValue: String(changes[field]),
      userId: source.actorId,
      creationDate: now,
    })),
  );
  await tx
    .update(tasks)
    .set({ ...Object.fromEntries(changed.map((field) => [field, changes[field]])), timeStamp: now })
    .where(eq(tasks.id, task._id));
  await refreshOpenTasks(tx, task.company);
  await recordEvent(tx, source, now, taskEvent(type, task, task, type === 'task.deleted' ? undefined : { ...task, ...changes }));
}

/** Adds a task to the company, and its task.created event, in the caller's transaction. */
export async function insertTask(tx: Tx, source: EventSource, companyId: string, fields: TaskFields, now: Date, creationDate = now): Promise<TaskDto> {
  const { companies, tasks } = tx.t;
  const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound('Company');
  const id = newId();
  await tx.insert(tasks).values({ id, companyId, ...fields, creationDate, timeStamp: now });
  await refreshOpenTasks(tx, companyId);
  const task = await findTask(tx, id);
  await recordEvent(tx, source, now, taskEvent('task.created', task, undefined, task));
  return task;
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

/** A customer's new task, in their own company; the actor's role sets how far back or ahead it may be dated. */
export async function createOwnTask(deps: AppDeps, actor: Actor, source: EventSource, companyId: string, input: z.output<typeof customerTaskCreateInput>): Promise<TaskDto> {
  const now = deps.clock.now();
  const { creationDate, ...fields } = input;
  return deps.db.transaction(async (tx) => {
    if ((await openTaskCount(tx, companyId)) >= MAX_OPEN_TASKS_PER_COMPANY) throw new AppError('CONFLICT', TOO_MANY_OPEN_TASKS);
    return insertTask(tx, source, companyId, fields, now, ownTaskDate(actor, creationDate, now));
  }, companyTurn(companyId));
}

async function openTaskCount(tx: Tx, companyId: string): Promise<number> {
  const { tasks } = tx.t;
  const open = and(eq(tasks.companyId, companyId), eq(tasks.done, false), eq(tasks.deleted, false));
  const [row] = await tx.select({ n: count() }).from(tasks).where(open);
  return row?.n ?? 0;
}

export async function createTaskFor(deps: AppDeps, source: EventSource, input: z.output<typeof adminTaskCreateInput>): Promise<TaskDto> {
  const { company, ...fields } = input;
  return deps.db.transaction((tx) => insertTask(tx, source, company, fields, deps.clock.now()), companyTurn(company));
}

/** The scope of the provider's calls, which reach every company's tasks. */
const ANY_COMPANY = undefined;

/** A task within the caller's reach: of their own company, or of any for the provider. */
function taskInScope(tx: Tx, id: string, companyId: string | typeof ANY_COMPANY): Promise<TaskDto> {
  return companyId === ANY_COMPANY ? findTask(tx, id) : findOwnTask(tx, id, companyId);
}

/** A customer's change, to a task of their own company. */
export async function updateOwnTask(deps: AppDeps, source: EventSource, companyId: string, id: string, fields: TaskFields): Promise<TaskDto> {
  return changeOpenTask(deps, source, id, fields, companyId);
}

/** The provider's change, to any company's task. */
export async function updateTask(deps: AppDeps, source: EventSource, id: string, fields: TaskFields): Promise<TaskDto> {
  return changeOpenTask(deps, source, id, fields, ANY_COMPANY);
}

export async function deleteOwnTask(deps: AppDeps, source: EventSource, companyId: string, id: string): Promise<void> {
  await removeTask(deps, source, id, companyId);
}

export async function deleteTask(deps: AppDeps, source: EventSource, id: string): Promise<void> {
  await removeTask(deps, source, id, ANY_COMPANY);
}

async function changeOpenTask(deps: AppDeps, source: EventSource, id: string, fields: TaskFields, companyId: string | typeof ANY_COMPANY): Promise<TaskDto> {
  return inCompanyTurn(deps.db, companyOfTask(id), async (tx) => {
    const task = await openTask(tx, id, companyId);
    await changeTask(tx, source, 'task.updated', task, fields, deps.clock.now());
    return findTask(tx, id);
  });
}

async function removeTask(deps: AppDeps, source: EventSource, id: string, companyId: string | typeof ANY_COMPANY): Promise<void> {
  await inCompanyTurn(deps.db, companyOfTask(id), async (tx) => {
    const task = await taskInScope(tx, id, companyId);
    await changeTask(tx, source, 'task.deleted', task, { deleted: true }, deps.clock.now());
  });
}

/** The company a task belongs to (a task never changes company), for the turn its changes take. */
const companyOfTask = (id: string) => async (tx: Tx) => {
  const { tasks } = tx.t;
  const [task] = await tx.select({ companyId: tasks.companyId }).from(tasks).where(eq(tasks.id, id));
  return task?.companyId ?? null;
};

/** Marks the task done, optionally emailing the company's users; used by time logs too. */
export async function completeTask(tx: Tx, deps: AppDeps, source: EventSource, id: string, emailClient: boolean): Promise<TaskDto> {
  const task = await openTask(tx, id, ANY_COMPANY);
  await changeTask(tx, source, 'task.completed', task, { done: true }, deps.clock.now());
  if (emailClient) {
    await deps.outbox.enqueue(tx, {
      to: await companyRecipients(tx, task.company),
      ...taskDoneEmail(await providerOf(deps.config, tx), task, deps.config.appUrl),
    });
  }
  return findTask(tx, id);
}

export async function markTaskDone(deps: AppDeps, source: EventSource, id: string, emailClient: boolean): Promise<TaskDto> {
  return inCompanyTurn(deps.db, companyOfTask(id), (tx) => completeTask(tx, deps, source, id, emailClient));
}

async function openTask(tx: Tx, id: string, companyId: string | typeof ANY_COMPANY): Promise<TaskDto> {
  const task = await taskInScope(tx, id, companyId);
  if (task.done) throw new AppError('CONFLICT', 'This task is already done.');
  return task;
}
