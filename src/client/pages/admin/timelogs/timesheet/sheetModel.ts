import { hoursToHundredths } from '../../../../../shared/hours.js';
import { MAX_TIMESHEET_ROWS, TIMESHEET_TOO_LARGE } from '../../../../../shared/limits.js';
import { MAX_HOURS_PER_LOG } from '../../../../../shared/timelogs.js';
import { TIMESHEET_DAYS, type LoggedRow, type TimesheetRow } from '../../../../../shared/timesheet.js';
import { numberFromText } from '../../../../../shared/validation.js';
import { addDays } from '../../../../../shared/weekly.js';
import type { TaskChoice } from '../TaskFields.js';

/*
 * The weekly timesheet's grid as data: a row per task with seven cells of typed text, what the
 * week already holds, and the totals, all summed in hundredths of an hour so they add up exactly.
 */

/** The key of the row for logs without a task. */
export const NO_TASK_ROW = 'none';

export type SheetRow = { key: string; task: string | null; title: string; description: string; cells: string[] };

export const emptyCells = () => Array.from({ length: TIMESHEET_DAYS }, () => '');

export function sheetRow(key: string, task: string | null, title: string): SheetRow {
  return { key, task, title, description: '', cells: emptyCells() };
}

/** 'No task' first, then the company's open tasks. */
export function startingRows(tasks: readonly TaskChoice[]): SheetRow[] {
  return [sheetRow(NO_TASK_ROW, null, 'No task'), ...tasks.map((task) => sheetRow(task._id, task._id, task.title))];
}

const CLOCK_TEXT = /^(\d{1,2}):([0-5]\d)$/;

/**
 * A cell's hours in hundredths: '' is empty (0), '1.5' and '1:30' are an hour and a half; null when
 * the text is not hours a log may take.
 */
export function cellHundredths(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const clock = CLOCK_TEXT.exec(trimmed);
  const hours = clock ? Number(clock[1]) + Number(clock[2]) / 60 : numberFromText(trimmed);
  if (!Number.isFinite(hours) || hours < 0 || hours > MAX_HOURS_PER_LOG) return null;
  return hoursToHundredths(hours);
}

export const CELL_ERROR = `Hours from 0 to ${MAX_HOURS_PER_LOG}, such as 1.5 or 1:30`;

/** The hours already logged in the week, by row key (NO_TASK_ROW for logs without a task). */
export function loggedByRow(logged: readonly LoggedRow[]): Map<string, number[]> {
  return new Map(logged.map((row) => [row.task ?? NO_TASK_ROW, row.hours.map(hoursToHundredths)]));
}

/** What each row shows as already logged: its task's logged hours on the task's first row, nothing on the rows added after it. */
export function loggedOfRows(rows: readonly SheetRow[], logged: Map<string, number[]>): Map<string, number[] | undefined> {
  const seen = new Set<string>();
  return new Map(
    rows.map((row) => {
      const taskKey = row.task ?? NO_TASK_ROW;
      const before = seen.has(taskKey) ? undefined : logged.get(taskKey);
      seen.add(taskKey);
      return [row.key, before];
    }),
  );
}

/**
 * The totals in hundredths: per row key (new hours plus those already logged for its task, counted
 * on the task's first row only), per day, the week, and the new cells and hours alone.
 */
export type SheetTotals = { rows: Map<string, number>; days: number[]; week: number; newCells: number; newHundredths: number };

export function sheetTotals(rows: readonly SheetRow[], logged: Map<string, number[]>): SheetTotals {
  const days = Array.from({ length: TIMESHEET_DAYS }, () => 0);
  const rowTotals = new Map<string, number>();
  let newCells = 0;
  let newHundredths = 0;
  const seenTasks = new Set<string>();
  for (const row of rows) {
    const taskKey = row.task ?? NO_TASK_ROW;
    const before = seenTasks.has(taskKey) ? undefined : logged.get(taskKey);
    seenTasks.add(taskKey);
    let total = 0;
    row.cells.forEach((text, day) => {
      const typed = cellHundredths(text) ?? 0;
      if (typed > 0) newCells += 1;
      newHundredths += typed;
      const cell = typed + (before?.[day] ?? 0);
      days[day]! += cell;
      total += cell;
    });
    rowTotals.set(row.key, total);
  }
  // logged tasks with no row (done since): in the day totals all the same
  for (const [taskKey, hours] of logged) {
    if (seenTasks.has(taskKey)) continue;
    hours.forEach((hundredths, day) => (days[day]! += hundredths));
    rowTotals.set(taskKey, hours.reduce((sum, hundredths) => sum + hundredths, 0));
  }
  return { rows: rowTotals, days, week: days.reduce((sum, day) => sum + day, 0), newCells, newHundredths };
}

/** Why the sheet cannot be saved as typed, or null. */
export function sheetProblem(rows: readonly SheetRow[]): string | null {
  if (rows.some((row) => row.cells.some((text) => cellHundredths(text) === null))) return `Some cells are not hours: ${CELL_ERROR}.`;
  const filled = rows.filter((row) => row.cells.some((text) => (cellHundredths(text) ?? 0) > 0));
  if (filled.length === 0) return 'Type hours into at least one day.';
  if (filled.length > MAX_TIMESHEET_ROWS) return TIMESHEET_TOO_LARGE;
  return null;
}

/** The rows the server is sent: those with hours, each cell as hours or null. */
export function rowsToSave(rows: readonly SheetRow[]): TimesheetRow[] {
  return rows
    .filter((row) => row.cells.some((text) => (cellHundredths(text) ?? 0) > 0))
    .map((row) => ({
      task: row.task,
      description: row.description.trim(),
      hours: row.cells.map((text) => {
        const hundredths = cellHundredths(text) ?? 0;
        return hundredths > 0 ? hundredths / 100 : null;
      }),
    }));
}

export const shiftWeek = (weekStart: string, weeks: number) => addDays(weekStart, weeks * 7);

/** '12.5', '8', '0.25': hundredths as the shortest hours text. */
export function hundredthsText(hundredths: number): string {
  return String(hundredths / 100);
}
