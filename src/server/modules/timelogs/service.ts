import { eq } from 'drizzle-orm';
import { changedFields, type EventType } from '../../../shared/events.js';
import { hoursToHundredths } from '../../../shared/hours.js';
import { ADMIN_DEFAULT_PRIORITY } from '../../../shared/tasks.js';
import type { Page } from '../../../shared/list.js';
import { NEW_TASK, type TimeLogDto, type TimeLogForm, type TimeLogListQuery } from '../../../shared/timelogs.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { inCompanyTurn } from '../../database/company-turn.js';
import { companyTurn } from '../../database/port.js';
import { AppError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import type { LedgerDeps } from '../activities/company-hours.js';
import { recordTimeLogHours, removeTimeLogHours, updateTimeLogHours } from '../activities/ledger.js';
import { recordEvent, type EventSource, type NewEvent } from '../events/service.js';
import { completeTask, findTask, insertTask } from '../tasks/service.js';
import { assertCompanyExists, eventValuesOf, findTimeLog, listTimeLogs, TIME_LOG_EVENT_FIELDS, timeLogRow, type TimeLogRow } from './queries.js';
import { readSettings } from '../settings/service.js';

/*
 * A time log is hours spent for a company, optionally on one of its tasks. Each log has exactly
 * one TimeLog entry in the hours ledger, written, changed and removed in the same transaction
 * as the log, together with the task it creates or closes and the email that closing sends, and
 * with the events of these changes (each of the caller's source).
 */

/** The ledger shows this when the log has no description, rather than an empty line. */
const UNDESCRIBED_LEDGER_ENTRY = 'Time log';

export type LogFields = Pick<TimeLogRow, 'companyId' | 'taskId' | 'timeStamp' | 'hundredths' | 'description'>;

/** A page of every company's logs; Search reads date-times in the caller's zone, else the provider's. */
export async function listAllTimeLogs(deps: AppDeps, query: TimeLogListQuery): Promise<Page<TimeLogDto>> {
  const providerZone = (await readSettings(deps.config, deps.db)).timeZone;
  return listTimeLogs(deps.db, query, query.timeZone ?? providerZone, providerZone);
}

function chosenTaskId(form: TimeLogForm): string | null {
  return form.task?.trim() || null;
}

async function createNewTask(tx: Tx, source: EventSource, form: TimeLogForm, now: Date): Promise<string> {
  const fields = { title: form.newTaskTitle ?? '', description: form.newTaskDescription ?? '', priority: ADMIN_DEFAULT_PRIORITY };
  return (await insertTask(tx, source, form.company, fields, now))._id;
}

/** A log may be linked only to an open task of its own company. */
export async function assertOpenTaskOf(tx: Tx, taskId: string, companyId: string): Promise<void> {
  const task = await findTask(tx, taskId);
  if (task.company !== companyId) {
    throw new AppError('BAD_REQUEST', 'That task belongs to another company; choose one of this company’s open tasks.');
  }
  if (task.done) throw new AppError('BAD_REQUEST', 'That task is already done; choose an open task.');
}

/**
 * The task the log will be linked to: none, a task created now (NEW_TASK), or an open task of
 * the log's company. On edit, the task already linked may stay even if it was done since
 * (typically closed by this very log), as long as the log stays in that task's company.
 */
async function resolveTask(tx: Tx, source: EventSource, form: TimeLogForm, now: Date, current?: TimeLogRow): Promise<string | null> {
  const taskId = chosenTaskId(form);
  if (taskId === null) return null;
  if (taskId === NEW_TASK) return createNewTask(tx, source, form, now);
  const unchanged = current !== undefined && taskId === current.taskId && form.company === current.companyId;
  if (!unchanged) await assertOpenTaskOf(tx, taskId, form.company);
  return taskId;
}

function logFields(form: TimeLogForm, taskId: string | null): LogFields {
  return {
    companyId: form.company,
    taskId,
    timeStamp: new Date(form.timeStamp),
    hundredths: hoursToHundredths(form.invertedHours),
    description: form.description,
  };
}

function ledgerChange(fields: LogFields) {
  return {
    companyId: fields.companyId,
    hundredths: fields.hundredths,
    timeStamp: fields.timeStamp,
    description: fields.description || UNDESCRIBED_LEDGER_ENTRY,
  };
}

/**
 * An event of log `id`: the fields that differ, before and after as the API shows them, in the
 * company the log is in after the change (a log moved names both companies in its changes); a
 * log created has no before, one deleted no after.
 */
export function timeLogEvent(type: Extract<EventType, `time_log.${string}`>, id: string, before: LogFields | undefined, after: LogFields | undefined): NewEvent {
  const changes = changedFields(before && eventValuesOf(before), after && eventValuesOf(after), TIME_LOG_EVENT_FIELDS);
  return { type, companyId: (after ?? before)?.companyId ?? null, subjectType: 'time_log', subjectId: id, changes };
}

/** Whether an event changes any field: a write that changes nothing records no event. */
export const changesAnything = (event: NewEvent): boolean => Object.keys(event.changes).length > 0;

/** Writes one log and its ledger entry (which moves the balance and may queue a balance alert); returns its id. */
export async function insertTimeLog(deps: LedgerDeps, tx: Tx, fields: LogFields, now: Date): Promise<string> {
  const { timeLogs } = tx.t;
  const id = newId();
  await tx.insert(timeLogs).values({ id, ...fields, createdAt: now });
  await recordTimeLogHours(deps, tx, { ...ledgerChange(fields), timeLogId: id, now });
  return id;
}

/** Writes a log's new fields and moves its ledger entry (and the balance) with them. */
async function rewriteTimeLog(deps: LedgerDeps, tx: Tx, id: string, fields: LogFields): Promise<void> {
  const { timeLogs } = tx.t;
  await tx.update(timeLogs).set(fields).where(eq(timeLogs.id, id));
  await updateTimeLogHours(deps, tx, id, ledgerChange(fields));
}

/** Gives a log other hours, nothing else of it changing. */
export async function setTimeLogHours(deps: LedgerDeps, tx: Tx, log: TimeLogRow, hundredths: number): Promise<void> {
  const { companyId, taskId, timeStamp, description } = log;
  await rewriteTimeLog(deps, tx, log.id, { companyId, taskId, timeStamp, description, hundredths });
}

/** Removes a log and its ledger entry, so its hours are back in the balance. */
export async function removeTimeLog(deps: LedgerDeps, tx: Tx, id: string): Promise<void> {
  const { timeLogs } = tx.t;
  // the ledger entry references the log, so it goes first
  await removeTimeLogHours(deps, tx, id);
  await tx.delete(timeLogs).where(eq(timeLogs.id, id));
}

/**
 * Creates the log and its ledger entry; with task NEW_TASK creates that task first, and with
 * closeTask marks the task done, emailing the company's users when emailClient is set.
 */
export async function createTimeLog(deps: AppDeps, source: EventSource, form: TimeLogForm): Promise<TimeLogDto> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await assertCompanyExists(tx, form.company);
    const fields = logFields(form, await resolveTask(tx, source, form, now));
    const id = await insertTimeLog(deps, tx, fields, now);
    await recordEvent(tx, source, now, timeLogEvent('time_log.created', id, undefined, fields));
    if (form.closeTask && fields.taskId) await completeTask(tx, deps, source, fields.taskId, form.emailClient);
    return findTimeLog(tx, id);
  }, companyTurn(form.company));
}

/**
 * Changes the log and keeps its ledger entry in step, including a move to another company.
 * On edit, task NEW_TASK creates and links a task as on create (the dialog offers
 * '+ Create New Task' in both modes), but closeTask and emailClient are ignored: the dialog offers
 * 'Close the Task' for a new log only, and re-saving a log must not close a task or email the
 * client a second time. To close a task later, mark it done on the tasks screen.
 */
export async function updateTimeLog(deps: AppDeps, source: EventSource, id: string, form: TimeLogForm): Promise<TimeLogDto> {
  const now = deps.clock.now();
  // a log that stays in its company is rewritten in that company's turn; a move takes the whole turn
  const stays = async (tx: Tx) => ((await companyOfLog(tx, id)) === form.company ? form.company : null);
  return inCompanyTurn(deps.db, stays, async (tx) => {
    const current = await timeLogRow(tx, id);
    await assertCompanyExists(tx, form.company);
    const fields = logFields(form, await resolveTask(tx, source, form, now, current));
    await rewriteTimeLog(deps, tx, id, fields);
    const event = timeLogEvent('time_log.updated', id, current, fields);
    if (changesAnything(event)) await recordEvent(tx, source, now, event);
    return findTimeLog(tx, id);
  });
}

/** Removes the log and its ledger entry; its event keeps the log's fields as they were. */
export async function deleteTimeLog(deps: AppDeps, source: EventSource, id: string): Promise<void> {
  const now = deps.clock.now();
  await inCompanyTurn(deps.db, (tx) => companyOfLog(tx, id), async (tx) => {
    const log = await timeLogRow(tx, id);
    await removeTimeLog(deps, tx, id);
    await recordEvent(tx, source, now, timeLogEvent('time_log.deleted', id, log, undefined));
  });
}

/** The company a time log is in, for the turn its changes take; null when there is no such log. */
async function companyOfLog(tx: Tx, id: string): Promise<string | null> {
  const { timeLogs } = tx.t;
  const [log] = await tx.select({ companyId: timeLogs.companyId }).from(timeLogs).where(eq(timeLogs.id, id));
  return log?.companyId ?? null;
}
