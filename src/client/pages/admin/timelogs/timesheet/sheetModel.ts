import { hoursToHundredths } from '../../../../../shared/hours.js';
import { MAX_TIMESHEET_ROWS, TIMESHEET_TOO_LARGE } from '../../../../../shared/limits.js';
import { MAX_HOURS_PER_LOG } from '../../../../../shared/timelogs.js';
import { TIMESHEET_DAYS, type CellChange, type LoggedRow, type TimesheetRow } from '../../../../../shared/timesheet.js';
import { numberFromText } from '../../../../../shared/validation.js';
import { addDays } from '../../../../../shared/weekly.js';
import type { TaskChoice } from '../TaskFields.js';

/*
 * The weekly timesheet's grid as data: a row per task with seven cells of typed text, what the
 * week already holds (a cell of one log shows its hours in the box, to change), and the totals,
 * all summed in hundredths of an hour so they add up exactly.
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

/** What a task (or 'No task') holds in the week: hundredths and the number of logs, per day. */
export type LoggedCells = { hundredths: number[]; logs: number[] };

/** The hours already logged in the week, by row key (NO_TASK_ROW for logs without a task). */
export function loggedByRow(logged: readonly LoggedRow[]): Map<string, LoggedCells> {
  return new Map(logged.map((row) => [row.task ?? NO_TASK_ROW, { hundredths: row.hours.map(hoursToHundredths), logs: row.logs }]));
}

/** What each row shows as already logged: its task's week on the task's first row, nothing on the rows added after it. */
export function loggedOfRows(rows: readonly SheetRow[], logged: Map<string, LoggedCells>): Map<string, LoggedCells | undefined> {
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
 * What a cell's box does: 'new' hours become a new log; a cell of one log shows its hours to
 * change in 'place' (0 removes it); a cell of several logs is 'fixed': its sum shows, read-only.
 */
export type CellKind = 'new' | 'place' | 'fixed';

export function cellKind(before: LoggedCells | undefined, day: number): CellKind {
  const logs = before?.logs[day] ?? 0;
  return logs === 0 ? 'new' : logs === 1 ? 'place' : 'fixed';
}

/** The starting rows with the hours of each one-log cell in its box, ready to change. */
export function withLoggedHours(rows: readonly SheetRow[], logged: Map<string, LoggedCells>): SheetRow[] {
  const before = loggedOfRows(rows, logged);
  return rows.map((row) => {
    const cells = before.get(row.key);
    if (!cells) return row;
    return { ...row, cells: row.cells.map((text, day) => (cellKind(cells, day) === 'place' ? hundredthsText(cells.hundredths[day]!) : text)) };
  });
}

/** A one-log cell whose box no longer says its logged hours. */
const isChanged = (text: string, before: LoggedCells, day: number) => cellHundredths(text) !== before.hundredths[day];

/**
 * The totals in hundredths: per row key (what its boxes say, and the sums of its cells of several
 * logs), per day, the week; and what a save would do: new logs and their hours, changed cells.
 */
export type SheetTotals = { rows: Map<string, number>; days: number[]; week: number; newCells: number; newHundredths: number; changedCells: number };

export function sheetTotals(rows: readonly SheetRow[], logged: Map<string, LoggedCells>): SheetTotals {
  const days = Array.from({ length: TIMESHEET_DAYS }, () => 0);
  const rowTotals = new Map<string, number>();
  const beforeOfRow = loggedOfRows(rows, logged);
  let [newCells, newHundredths, changedCells] = [0, 0, 0];
  for (const row of rows) {
    const before = beforeOfRow.get(row.key);
    let total = 0;
    row.cells.forEach((text, day) => {
      const kind = cellKind(before, day);
      const typed = cellHundredths(text) ?? 0;
      if (kind === 'new' && typed > 0) [newCells, newHundredths] = [newCells + 1, newHundredths + typed];
      if (kind === 'place' && isChanged(text, before!, day)) changedCells += 1;
      const cell = kind === 'fixed' ? before!.hundredths[day]! : typed;
      days[day]! += cell;
      total += cell;
    });
    rowTotals.set(row.key, total);
  }
  // logged tasks with no row (done since): in the day totals all the same
  const rowTasks = new Set(rows.map((row) => row.task ?? NO_TASK_ROW));
  for (const [taskKey, cells] of logged) {
    if (rowTasks.has(taskKey)) continue;
    cells.hundredths.forEach((hundredths, day) => (days[day]! += hundredths));
    rowTotals.set(taskKey, cells.hundredths.reduce((sum, hundredths) => sum + hundredths, 0));
  }
  return { rows: rowTotals, days, week: days.reduce((sum, day) => sum + day, 0), newCells, newHundredths, changedCells };
}

/** The cells that would become new logs, per row: the 'new' boxes with hours. */
function newHours(rows: readonly SheetRow[], logged: Map<string, LoggedCells>): { row: SheetRow; hours: (number | null)[] }[] {
  const beforeOfRow = loggedOfRows(rows, logged);
  return rows.map((row) => ({
    row,
    hours: row.cells.map((text, day) => {
      const hundredths = cellKind(beforeOfRow.get(row.key), day) === 'new' ? (cellHundredths(text) ?? 0) : 0;
      return hundredths > 0 ? hundredths / 100 : null;
    }),
  }));
}

/** Why the sheet cannot be saved as typed, or null. */
export function sheetProblem(rows: readonly SheetRow[], logged: Map<string, LoggedCells>): string | null {
  if (rows.some((row) => row.cells.some((text) => cellHundredths(text) === null))) return `Some cells are not hours: ${CELL_ERROR}.`;
  const filled = rowsToSave(rows, logged);
  if (filled.length === 0 && changesToSave(rows, logged).length === 0) return 'Type hours into at least one day.';
  if (filled.length > MAX_TIMESHEET_ROWS) return TIMESHEET_TOO_LARGE;
  return null;
}

/** The rows the server is sent: those with new hours, each cell as hours or null. */
export function rowsToSave(rows: readonly SheetRow[], logged: Map<string, LoggedCells>): TimesheetRow[] {
  return newHours(rows, logged)
    .filter(({ hours }) => hours.some((cell) => cell !== null))
    .map(({ row, hours }) => ({ task: row.task, description: row.description.trim(), hours }));
}

/** The one-log cells given other hours: each its task, day and new hours (0 removes the log). */
export function changesToSave(rows: readonly SheetRow[], logged: Map<string, LoggedCells>): CellChange[] {
  const beforeOfRow = loggedOfRows(rows, logged);
  return rows.flatMap((row) => {
    const before = beforeOfRow.get(row.key);
    return row.cells.flatMap((text, day) => (cellKind(before, day) === 'place' && isChanged(text, before!, day) ? [{ task: row.task, day, hours: (cellHundredths(text) ?? 0) / 100 }] : []));
  });
}

export const shiftWeek = (weekStart: string, weeks: number) => addDays(weekStart, weeks * 7);

/** '12.5', '8', '0.25': hundredths as the shortest hours text. */
export function hundredthsText(hundredths: number): string {
  return String(hundredths / 100);
}
