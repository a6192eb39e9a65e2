import { and, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { calendarDateText } from '../../../shared/dates.js';
import { hoursToHundredths, hundredthsToHours } from '../../../shared/hours.js';
import {
  TIMESHEET_DAYS,
  TIMESHEET_LOG_HOUR,
  WEEKDAY_SHORT,
  type CellChange,
  type LoggedRow,
  type TimesheetInput,
  type TimesheetSaved,
  type TimesheetWeek,
} from '../../../shared/timesheet.js';
import type { TimeLogDto } from '../../../shared/timelogs.js';
import { addDays, epochDay, weekStartAt } from '../../../shared/weekly.js';
import type { Tx } from '../../db.js';
import type { Syntax } from '../../database/syntax.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { zoneCalendar, type ZoneCalendar } from '../../lib/zone-calendar.js';
import { offsetAt } from '../../lib/zone-offsets.js';
import { assertCompanyExists, findTimeLog, type TimeLogRow } from './queries.js';
import type { LedgerDeps } from '../activities/company-hours.js';
import { recordEvents, type EventSource, type NewEvent } from '../events/service.js';
import { assertOpenTaskOf, changesAnything, insertTimeLog, removeTimeLog, setTimeLogHours, timeLogEvent, type LogFields } from './service.js';
import { readSettings } from '../settings/service.js';

/*
 * The weekly timesheet (docs/product-rules.md#the-weekly-timesheet): a week of one company's hours
 * typed into a grid and saved as one time log per non-empty cell, all in one transaction, each
 * with its ledger entry as a log saved from the dialog has. A cell that already holds one log can
 * be given new hours (0 removes the log). A bad row or change refuses the whole sheet. Each log
 * written has its event (none for a cell given the hours it had), recorded in one batch.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The instant a log of a day of the week is stamped with: TIMESHEET_LOG_HOUR on that day's clocks in the provider's zone. */
function stampOfDay(timeZone: string, calendar: ZoneCalendar, weekStart: string, dayIndex: number): Date {
  const day = epochDay(weekStart) + dayIndex;
  const wallClock = day * DAY_MS + TIMESHEET_LOG_HOUR * HOUR_MS;
  const [start, end] = [calendar.dayStart(day), calendar.dayStart(day + 1)];
  // the offset of the morning, not of midnight: the clocks may have changed in between
  const instant = wallClock - offsetAt(timeZone, wallClock - offsetAt(timeZone, start));
  return new Date(Math.min(Math.max(instant, start), end - 1));
}

/** The ids of the logs a part of the sheet wrote, and the events of those writes, to record together. */
type Written<Ids> = Ids & { events: NewEvent[] };

/**
 * Writes each row's logs, checking its task first; a refused row undoes the rows written before
 * it, as the whole sheet is one transaction.
 */
async function writeSheet(deps: LedgerDeps, tx: Tx, timeZone: string, sheet: TimesheetInput, now: Date): Promise<Written<{ created: string[] }>> {
  const calendar = zoneCalendar(timeZone);
  const created: string[] = [];
  const events: NewEvent[] = [];
  for (const row of sheet.rows) {
    const taskId = row.task || null;
    if (taskId) await assertOpenTaskOf(tx, taskId, sheet.company);
    for (const [dayIndex, hours] of row.hours.entries()) {
      if (hours === null || hours === 0) continue;
      const fields: LogFields = {
        companyId: sheet.company,
        taskId,
        timeStamp: stampOfDay(timeZone, calendar, sheet.weekStart, dayIndex),
        hundredths: hoursToHundredths(hours),
        description: row.description,
      };
      const id = await insertTimeLog(deps, tx, fields, now);
      created.push(id);
      events.push(timeLogEvent('time_log.created', id, undefined, fields));
    }
  }
  return { created, events };
}

/** The logs a cell of the sheet holds: the company's logs of that task (or of none) on that day. */
async function logsOfCell(tx: Tx, company: string, task: string | null, [from, to]: [number, number]): Promise<TimeLogRow[]> {
  const { timeLogs } = tx.t;
  const ofTask = task ? eq(timeLogs.taskId, task) : isNull(timeLogs.taskId);
  return tx
    .select()
    .from(timeLogs)
    .where(and(eq(timeLogs.companyId, company), ofTask, gte(timeLogs.timeStamp, new Date(from)), lt(timeLogs.timeStamp, new Date(to))))
    .limit(2);
}

/** 'Design on Tue Mar 3', or 'No task on Tue Mar 3': a cell named as the sheet shows it. */
async function cellName(tx: Tx, change: CellChange, weekStart: string): Promise<string> {
  const title = change.task ? await taskTitle(tx, change.task) : 'No task';
  return `${title ?? 'That task'} on ${WEEKDAY_SHORT[change.day]} ${calendarDateText(addDays(weekStart, change.day))}`;
}

/** A task's title; none for an unknown task. */
async function taskTitle(tx: Tx, taskId: string): Promise<string | undefined> {
  const { tasks } = tx.t;
  const [task] = await tx.select({ title: tasks.title }).from(tasks).where(eq(tasks.id, taskId));
  return task?.title;
}

/**
 * Gives each changed cell's only log its new hours, or removes it at 0; a cell holding no log or
 * several is refused, since its one log cannot be told apart. Returns the ids changed and removed.
 */
async function changeCells(deps: LedgerDeps, tx: Tx, calendar: ZoneCalendar, sheet: TimesheetInput): Promise<Written<{ changed: string[]; removed: string[] }>> {
  const monday = epochDay(sheet.weekStart);
  const changed: string[] = [];
  const removed: string[] = [];
  const events: NewEvent[] = [];
  for (const change of sheet.changes) {
    const day: [number, number] = [calendar.dayStart(monday + change.day), calendar.dayStart(monday + change.day + 1)];
    const logs = await logsOfCell(tx, sheet.company, change.task || null, day);
    if (logs.length !== 1) {
      const why = logs.length === 0 ? 'holds no log to change; reload the timesheet' : 'holds several logs: change them on the Time Logs screen';
      throw new AppError('BAD_REQUEST', `${await cellName(tx, change, sheet.weekStart)} ${why}.`);
    }
    const log = logs[0]!;
    const hundredths = hoursToHundredths(change.hours);
    if (hundredths === 0) {
      await removeTimeLog(deps, tx, log.id);
      removed.push(log.id);
      events.push(timeLogEvent('time_log.deleted', log.id, log, undefined));
    } else {
      await setTimeLogHours(deps, tx, log, hundredths);
      changed.push(log.id);
      events.push(timeLogEvent('time_log.updated', log.id, log, { ...log, hundredths }));
    }
  }
  return { changed, removed, events: events.filter(changesAnything) };
}

/** The logs, as the list shows them, in the order of their ids. */
async function readLogs(tx: Tx, ids: string[]): Promise<TimeLogDto[]> {
  const logs: TimeLogDto[] = [];
  for (const id of ids) logs.push(await findTimeLog(tx, id));
  return logs;
}

/**
 * Changes the cells that hold one log, then saves every non-empty cell of the rows as a new log,
 * all or none. Changes go first, so a new log in the same cell does not make it a cell of two.
 */
export async function saveTimesheet(deps: AppDeps, source: EventSource, sheet: TimesheetInput): Promise<TimesheetSaved> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await assertCompanyExists(tx, sheet.company);
    const timeZone = (await readSettings(deps.config, tx)).timeZone;
    const cells = await changeCells(deps, tx, zoneCalendar(timeZone), sheet);
    const rows = await writeSheet(deps, tx, timeZone, sheet, now);
    await recordEvents(tx, source, now, [...cells.events, ...rows.events]);
    return { created: await readLogs(tx, rows.created), changed: await readLogs(tx, cells.changed), removed: cells.removed };
  });
}

type LoggedSum = { task: string | null; taskTitle: string | null } & Record<`d${number}` | `n${number}`, number | null>;

/**
 * One statement: the company's logs of the week summed and counted per task and per day, over the
 * company's index range; `bounds` are the instants the week's days start, and the end of the week.
 * The title is grouped by as well (it is the task's), as PostgreSQL selects only what is grouped by;
 * "taskTitle" is quoted, or PostgreSQL would answer it in lower case.
 */
function loggedSql({ noCase }: Syntax, company: string, bounds: number[]): SQL {
  const inDay = (day: number) => sql`l.time_stamp >= ${bounds[day]!} and l.time_stamp < ${bounds[day + 1]!}`;
  const days = Array.from(
    { length: TIMESHEET_DAYS },
    (_, day) => sql`sum(case when ${inDay(day)} then l.hundredths end) as ${sql.raw(`d${day}`)}, count(case when ${inDay(day)} then 1 end) as ${sql.raw(`n${day}`)}`,
  );
  return sql`select l.task_id as task, t.title as "taskTitle", ${sql.join(days, sql`, `)}
    from time_logs l left join tasks t on t.id = l.task_id
    where l.company_id = ${company} and l.time_stamp >= ${bounds[0]!} and l.time_stamp < ${bounds[TIMESHEET_DAYS]!}
    group by l.task_id, t.title order by t.title is not null, ${noCase(sql`t.title`)}, l.task_id`;
}

/** What the company has logged in the week, per task (null: no task) and day. */
export async function loggedWeek(deps: AppDeps, company: string, weekStart: string): Promise<TimesheetWeek> {
  const { db } = deps;
  await assertCompanyExists(db, company);
  const calendar = zoneCalendar((await readSettings(deps.config, db)).timeZone);
  const monday = epochDay(weekStart);
  const bounds = Array.from({ length: TIMESHEET_DAYS + 1 }, (_, day) => calendar.dayStart(monday + day));
  const rows = await db.rows<LoggedSum>(loggedSql(db.syntax, company, bounds));
  const logged: LoggedRow[] = rows.map((row) => ({
    task: row.task,
    taskTitle: row.taskTitle,
    hours: Array.from({ length: TIMESHEET_DAYS }, (_, day) => hundredthsToHours(row[`d${day}`] ?? 0)),
    logs: Array.from({ length: TIMESHEET_DAYS }, (_, day) => row[`n${day}`] ?? 0),
  }));
  return { weekStart, weekEnd: addDays(weekStart, TIMESHEET_DAYS - 1), logged };
}

/** The week the provider is in now, so the screen's "This week" agrees with the days the sheet saves. */
export async function currentWeek(deps: AppDeps): Promise<{ weekStart: string }> {
  return { weekStart: weekStartAt(deps.clock.now(), (await readSettings(deps.config, deps.db)).timeZone) };
}
