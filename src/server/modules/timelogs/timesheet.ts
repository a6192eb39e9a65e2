import { hoursToHundredths, hundredthsToHours } from '../../../shared/hours.js';
import type { TimeLogDto } from '../../../shared/timelogs.js';
import { TIMESHEET_DAYS, TIMESHEET_LOG_HOUR, type LoggedRow, type TimesheetInput, type TimesheetWeek } from '../../../shared/timesheet.js';
import { addDays, epochDay, weekStartAt } from '../../../shared/weekly.js';
import { inTransaction, type Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { zoneCalendar, type ZoneCalendar } from '../../lib/zone-calendar.js';
import { offsetAt } from '../../lib/zone-offsets.js';
import { assertCompanyExists, findTimeLog } from './queries.js';
import { assertOpenTaskOf, insertTimeLog, type LogFields } from './service.js';
import { readSettings } from '../settings/service.js';

/*
 * The weekly timesheet (docs/product-rules.md#the-weekly-timesheet): a week of one company's hours
 * typed into a grid and saved as one time log per non-empty cell, all in one transaction, each
 * with its ledger entry as a log saved from the dialog has. A bad row refuses the whole sheet.
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

/** Saves every non-empty cell of the sheet as a time log, all or none. */
export function saveTimesheet(deps: AppDeps, sheet: TimesheetInput): TimeLogDto[] {
  const now = deps.clock.now();
  return inTransaction(deps.db, (tx) => {
    assertCompanyExists(tx, sheet.company);
    return writeSheet(tx, readSettings(deps.config, tx).timeZone, sheet, now).map((id) => findTimeLog(tx, id));
  });
}

type LoggedSum = { task: string | null; taskTitle: string | null } & Record<`d${number}`, number | null>;

/** One statement: the company's logs of the week summed per task and per day, over the company's index range. */
function loggedSql(): string {
  const days = Array.from({ length: TIMESHEET_DAYS }, (_, day) => `sum(case when l.time_stamp >= ? and l.time_stamp < ? then l.hundredths end) as d${day}`);
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
  const dayParams = bounds.slice(0, TIMESHEET_DAYS).flatMap((from, day) => [from, bounds[day + 1]!]);
  const rows = db.$client.prepare<unknown[], LoggedSum>(loggedSql()).all(...dayParams, company, bounds[0], bounds[TIMESHEET_DAYS]);
  const logged: LoggedRow[] = rows.map((row) => ({
    task: row.task,
    taskTitle: row.taskTitle,
    hours: Array.from({ length: TIMESHEET_DAYS }, (_, day) => hundredthsToHours(row[`d${day}`] ?? 0)),
  }));
  return { weekStart, weekEnd: addDays(weekStart, TIMESHEET_DAYS - 1), logged };
}

/** The week the provider is in now, so the screen's "This week" agrees with the days the sheet saves. */
export function currentWeek(deps: AppDeps): { weekStart: string } {
  return { weekStart: weekStartAt(deps.clock.now(), readSettings(deps.config, deps.db).timeZone) };
}
