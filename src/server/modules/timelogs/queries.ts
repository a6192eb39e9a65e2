import { desc, eq } from 'drizzle-orm';
import { companies, tasks, timeLogs } from '../../../../drizzle/schema.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import type { TimeLogDto } from '../../../shared/timelogs.js';
import type { LoggedTime } from '../../../shared/weekly.js';
import type { Tx } from '../../db.js';
import { notFound } from '../../errors.js';

export type TimeLogRow = typeof timeLogs.$inferSelect;

const newestFirst = [desc(timeLogs.timeStamp), desc(timeLogs.createdAt), desc(timeLogs.id)];

/** Logs with their company's name and their task's title, in one query. */
export function timeLogsQuery(tx: Tx) {
  return tx
    .select({
      _id: timeLogs.id,
      company: timeLogs.companyId,
      companyName: companies.companyName,
      timeStamp: timeLogs.timeStamp,
      hundredths: timeLogs.hundredths,
      description: timeLogs.description,
      task: timeLogs.taskId,
      taskTitle: tasks.title,
    })
    .from(timeLogs)
    .innerJoin(companies, eq(companies.id, timeLogs.companyId))
    .leftJoin(tasks, eq(tasks.id, timeLogs.taskId))
    .$dynamic();
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof timeLogsQuery>['all']>>[number];

function toDto({ hundredths, timeStamp, ...row }: JoinedRow): TimeLogDto {
  return { ...row, timeStamp: timeStamp.toISOString(), invertedHours: hundredthsToHours(hundredths) };
}

/** Ordered by the time_logs_time_idx index, so no sort of the whole table. */
export function newestTimeLogsQuery(tx: Tx) {
  return timeLogsQuery(tx).orderBy(...newestFirst);
}

/** Every log, newest first by timeStamp. */
export function listTimeLogs(tx: Tx): TimeLogDto[] {
  return newestTimeLogsQuery(tx).all().map(toDto);
}

export function findTimeLog(tx: Tx, id: string): TimeLogDto {
  const row = timeLogsQuery(tx).where(eq(timeLogs.id, id)).get();
  if (!row) throw notFound('Time log');
  return toDto(row);
}

export function timeLogRow(tx: Tx, id: string): TimeLogRow {
  const row = tx.select().from(timeLogs).where(eq(timeLogs.id, id)).get();
  if (!row) throw notFound('Time log');
  return row;
}

/** When each log happened and how long it took, of one company or of all, for the weekly view. */
export function loggedTimes(tx: Tx, companyId?: string): LoggedTime[] {
  return tx
    .select({ timeStamp: timeLogs.timeStamp, hundredths: timeLogs.hundredths })
    .from(timeLogs)
    .where(companyId ? eq(timeLogs.companyId, companyId) : undefined)
    .all();
}

export function assertCompanyExists(tx: Tx, companyId: string): void {
  const company = tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).get();
  if (!company) throw notFound('Company');
}
