import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import { tasks, timeLogs } from '../../../../drizzle/schema.js';
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
import { addDays, epochDay, weekStartAt } from '../../../shared/weekly.js';
import { inTransaction, type Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { zoneCalendar, type ZoneCalendar } from '../../lib/zone-calendar.js';
import { offsetAt } from '../../lib/zone-offsets.js';
import { assertCompanyExists, findTimeLog, type TimeLogRow } from './queries.js';
import { assertOpenTaskOf, insertTimeLog, removeTimeLog, setTimeLogHours, type LogFields } from './service.js';
import { readSettings } from '../settings/service.js';

/*
 * The weekly timesheet (docs/product-rules.md#the-weekly-timesheet): a week of one company's hours
 * typed into a grid and saved as one time log per non-empty cell, all in one transaction, each
 * with its ledger entry as a log saved from the dialog has. A cell that already holds one log can
 * be given new hours (0 removes the log). A bad row or change refuses the whole sheet.
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

/**
 * Writes each row's logs, checking its task first; a refused row undoes the rows written before
 * it, as the whole sheet is one transaction.
 */
function writeSheet(tx: Tx, timeZone: string, sheet: TimesheetInput, now: Date): string[] {
  const calendar = zoneCalendar(timeZone);
  const ids: string[] = [];
  for (const row of sheet.rows) {
    const taskId = row.task || null;
    if (taskId) assertOpenTaskOf(tx, taskId, sheet.company);
    row.hours.forEach((hours, dayIndex) => {
      if (hours === null || hours === 0) return;
      const fields: LogFields = {
        companyId: sheet.company,
        taskId,
        timeStamp: stampOfDay(timeZone, calendar, sheet.weekStart, dayIndex),
        hundredths: hoursToHundredths(hours),
        description: row.description,
      };
      ids.push(insertTimeLog(tx, fields, now));
    });
  }
  return ids;
}

/** The logs a cell of the sheet holds: the company's logs of that task (or of none) on that day. */
function logsOfCell(tx: Tx, company: string, task: string | null, [from, to]: [number, number]): TimeLogRow[] {
  const ofTask = task ? eq(timeLogs.taskId, task) : isNull(timeLogs.taskId);
  return tx
    .select()
    .from(timeLogs)
    .where(and(eq(timeLogs.companyId, company), ofTask, gte(timeLogs.timeStamp, new Date(from)), lt(timeLogs.timeStamp, new Date(to))))
    .limit(2)
    .all();
}

/** 'Design on Tue Mar 3', or 'No task on Tue Mar 3': a cell named as the sheet shows it. */
function cellName(tx: Tx, change: CellChange, weekStart: string): string {
  const title = change.task ? tx.select({ title: tasks.title }).from(tasks).where(eq(tasks.id, change.task)).get()?.title : 'No task';
  return `${title ?? 'That task'} on ${WEEKDAY_SHORT[change.day]} ${calendarDateText(addDays(weekStart, change.day))}`;
}

/**
 * Gives each changed cell's only log its new hours, or removes it at 0; a cell holding no log or
 * several is refused, since its one log cannot be told apart. Returns the ids changed and removed.
 */
function changeCells(tx: Tx, calendar: ZoneCalendar, sheet: TimesheetInput): { changed: string[]; removed: string[] } {
  const monday = epochDay(sheet.weekStart);
  const changed: string[] = [];
  const removed: string[] = [];
  for (const change of sheet.changes) {
    const day: [number, number] = [calendar.dayStart(monday + change.day), calendar.dayStart(monday + change.day + 1)];
    const logs = logsOfCell(tx, sheet.company, change.task || null, day);
    if (logs.length !== 1) {
      const why = logs.length === 0 ? 'holds no log to change; reload the timesheet' : 'holds several logs: change them on the Time Logs screen';
      throw new AppError('BAD_REQUEST', `${cellName(tx, change, sheet.weekStart)} ${why}.`);
    }
    const log = logs[0]!;
    const hundredths = hoursToHundredths(change.hours);
    if (hundredths === 0) {
      removeTimeLog(tx, log.id);
      removed.push(log.id);
    } else {
      setTimeLogHours(tx, log, hundredths);
      changed.push(log.id);
    }
  }
  return { changed, removed };
}

/**
 * Changes the cells that hold one log, then saves every non-empty cell of the rows as a new log,
 * all or none. Changes go first, so a new log in the same cell does not make it a cell of two.
 */
export function saveTimesheet(deps: AppDeps, sheet: TimesheetInput): TimesheetSaved {
  const now = deps.clock.now();
  return inTransaction(deps.db, (tx) => {
    assertCompanyExists(tx, sheet.company);
    const timeZone = readSettings(deps.config, tx).timeZone;
    const { changed, removed } = changeCells(tx, zoneCalendar(timeZone), sheet);
    const created = writeSheet(tx, timeZone, sheet, now);
    const read = (ids: string[]) => ids.map((id) => findTimeLog(tx, id));
    return { created: read(created), changed: read(changed), removed };
  });
}

type LoggedSum = { task: string | null; taskTitle: string | null } & Record<`d${number}` | `n${number}`, number | null>;

/** One statement: the company's logs of the week summed and counted per task and per day, over the company's index range. */
function loggedSql(): string {
  const inDay = 'l.time_stamp >= ? and l.time_stamp < ?';
  const days = Array.from({ length: TIMESHEET_DAYS }, (_, day) => `sum(case when ${inDay} then l.hundredths end) as d${day}, count(case when ${inDay} then 1 end) as n${day}`);
  return `select l.task_id as task, t.title as taskTitle, ${days.join(', ')}
    from time_logs l left join tasks t on t.id = l.task_id
    where l.company_id = ? and l.time_stamp >= ? and l.time_stamp < ?
    group by l.task_id order by t.title is not null, t.title collate nocase`;
}

/** What the company has logged in the week, per task (null: no task) and day. */
export function loggedWeek(deps: AppDeps, company: string, weekStart: string): TimesheetWeek {
  const { db } = deps;
  assertCompanyExists(db, company);
  const calendar = zoneCalendar(readSettings(deps.config, db).timeZone);
  const monday = epochDay(weekStart);
  const bounds = Array.from({ length: TIMESHEET_DAYS + 1 }, (_, day) => calendar.dayStart(monday + day));
  const dayParams = bounds.slice(0, TIMESHEET_DAYS).flatMap((from, day) => [from, bounds[day + 1]!, from, bounds[day + 1]!]);
  const rows = db.$client.prepare<unknown[], LoggedSum>(loggedSql()).all(...dayParams, company, bounds[0], bounds[TIMESHEET_DAYS]);
  const logged: LoggedRow[] = rows.map((row) => ({
    task: row.task,
    taskTitle: row.taskTitle,
    hours: Array.from({ length: TIMESHEET_DAYS }, (_, day) => hundredthsToHours(row[`d${day}`] ?? 0)),
    logs: Array.from({ length: TIMESHEET_DAYS }, (_, day) => row[`n${day}`] ?? 0),
  }));
  return { weekStart, weekEnd: addDays(weekStart, TIMESHEET_DAYS - 1), logged };
}

/** The week the provider is in now, so the screen's "This week" agrees with the days the sheet saves. */
export function currentWeek(deps: AppDeps): { weekStart: string } {
  return { weekStart: weekStartAt(deps.clock.now(), readSettings(deps.config, deps.db).timeZone) };
}
