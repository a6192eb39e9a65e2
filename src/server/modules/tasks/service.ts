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
import type { adminTaskCreateInput, customerTaskCreateInput, OpenTaskListQuery, TaskChoice, TaskDto, taskUpdateFields } from '../../../shared/tasks.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { inCompanyTurn } from '../../database/company-turn.js';
import { companyTurn } from '../../database/port.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { companyRecipients } from '../../mail/recipients.js';
import type { Actor } from '../account/actor.js';
import { taskDoneEmail } from './emails.js';
import { refreshOpenTasks } from './open-count.js';
import { findOwnTask, findTask, listOpenTasks, listOwnOpenTasks, openTaskChoices } from './queries.js';
import { providerOf } from '../settings/service.js';

export { findOwnTask, findTask };

type TaskFields = z.output<typeof taskUpdateFields>;
type Tracked = 'title' | 'description' | 'priority' | 'done' | 'deleted';

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

/** Writes one history entry per field whose value changes, then the new values. */
async function changeTask(tx: Tx, actor: Actor, task: TaskDto, changes: Partial<Pick<TaskDto, Tracked>>, now: Date): Promise<void> {
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
      userId: actor.userId,
      creationDate: now,
    })),
  );
  await tx
    .update(tasks)
    .set({ ...Object.fromEntries(changed.map((field) => [field, changes[field]])), timeStamp: now })
    .where(eq(tasks.id, task._id));
  await refreshOpenTasks(tx, task.company);
}

export async function insertTask(tx: Tx, companyId: string, fields: TaskFields, now: Date, creationDate = now): Promise<TaskDto> {
  const { companies, tasks } = tx.t;
  const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound('Company');
  const id = newId();
  await tx.insert(tasks).values({ id, companyId, ...fields, creationDate, timeStamp: now });
  await refreshOpenTasks(tx, companyId);
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

export async function createOwnTask(deps: AppDeps, actor: Actor, companyId: string, input: z.output<typeof customerTaskCreateInput>): Promise<TaskDto> {
  const now = deps.clock.now();
  const { creationDate, ...fields } = input;
  return deps.db.transaction(async (tx) => {
    if ((await openTaskCount(tx, companyId)) >= MAX_OPEN_TASKS_PER_COMPANY) throw new AppError('CONFLICT', TOO_MANY_OPEN_TASKS);
    return insertTask(tx, companyId, fields, now, ownTaskDate(actor, creationDate, now));
  }, companyTurn(companyId));
}

async function openTaskCount(tx: Tx, companyId: string): Promise<number> {
  const { tasks } = tx.t;
  const open = and(eq(tasks.companyId, companyId), eq(tasks.done, false), eq(tasks.deleted, false));
  const [row] = await tx.select({ n: count() }).from(tasks).where(open);
  return row?.n ?? 0;
}

export async function createTaskFor(deps: AppDeps, input: z.output<typeof adminTaskCreateInput>): Promise<TaskDto> {
  const { company, ...fields } = input;
  return deps.db.transaction((tx) => insertTask(tx, company, fields, deps.clock.now()), companyTurn(company));
}

/** The scope of the provider's calls, which reach every company's tasks. */
const ANY_COMPANY = undefined;

/** A task within the caller's reach: of their own company, or of any for the provider. */
function taskInScope(tx: Tx, id: string, companyId: string | typeof ANY_COMPANY): Promise<TaskDto> {
  return companyId === ANY_COMPANY ? findTask(tx, id) : findOwnTask(tx, id, companyId);
}

/** A customer's change, to a task of their own company. */
export async function updateOwnTask(deps: AppDeps, actor: Actor, companyId: string, id: string, fields: TaskFields): Promise<TaskDto> {
  return changeOpenTask(deps, actor, id, fields, companyId);
}

/** The provider's change, to any company's task. */
export async function updateTask(deps: AppDeps, actor: Actor, id: string, fields: TaskFields): Promise<TaskDto> {
  return changeOpenTask(deps, actor, id, fields, ANY_COMPANY);
}

export async function deleteOwnTask(deps: AppDeps, actor: Actor, companyId: string, id: string): Promise<void> {
  await removeTask(deps, actor, id, companyId);
}

export async function deleteTask(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  await removeTask(deps, actor, id, ANY_COMPANY);
}

async function changeOpenTask(deps: AppDeps, actor: Actor, id: string, fields: TaskFields, companyId: string | typeof ANY_COMPANY): Promise<TaskDto> {
  return inCompanyTurn(deps.db, companyOfTask(id), async (tx) => {
    const task = await openTask(tx, id, companyId);
    await changeTask(tx, actor, task, fields, deps.clock.now());
    return findTask(tx, id);
  });
}

async function removeTask(deps: AppDeps, actor: Actor, id: string, companyId: string | typeof ANY_COMPANY): Promise<void> {
  await inCompanyTurn(deps.db, companyOfTask(id), async (tx) => {
    const task = await taskInScope(tx, id, companyId);
    await changeTask(tx, actor, task, { deleted: true }, deps.clock.now());
  });
}

/** The company a task belongs to (a task never changes company), for the turn its changes take. */
const companyOfTask = (id: string) => async (tx: Tx) => {
  const { tasks } = tx.t;
  const [task] = await tx.select({ companyId: tasks.companyId }).from(tasks).where(eq(tasks.id, id));
  return task?.companyId ?? null;
};

/** Marks the task done, optionally emailing the company's users; used by time logs too. */
export async function completeTask(tx: Tx, deps: AppDeps, actor: Actor, id: string, emailClient: boolean): Promise<TaskDto> {
  const task = await openTask(tx, id, ANY_COMPANY);
  await changeTask(tx, actor, task, { done: true }, deps.clock.now());
  if (emailClient) {
    await deps.outbox.enqueue(tx, {
      to: await companyRecipients(tx, task.company),
      ...taskDoneEmail(await providerOf(deps.config, tx), task, deps.config.appUrl),
    });
  }
  return findTask(tx, id);
}

export async function markTaskDone(deps: AppDeps, actor: Actor, id: string, emailClient: boolean): Promise<TaskDto> {
  return inCompanyTurn(deps.db, companyOfTask(id), (tx) => completeTask(tx, deps, actor, id, emailClient));
}

async function openTask(tx: Tx, id: string, companyId: string | typeof ANY_COMPANY): Promise<TaskDto> {
  const task = await taskInScope(tx, id, companyId);
  if (task.done) throw new AppError('CONFLICT', 'This task is already done.');
  return task;
}
