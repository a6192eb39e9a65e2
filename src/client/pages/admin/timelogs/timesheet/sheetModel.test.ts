import { describe, expect, it } from 'vitest';
import { TIMESHEET_TOO_LARGE } from '../../../../../shared/limits.js';
import { cellHundredths, cellKind, changesToSave, loggedByRow, rowsToSave, sheetProblem, sheetRow, sheetTotals, startingRows, withLoggedHours } from './sheetModel.js';

const row = (key: string, cells: string[], task: string | null = key) => ({ ...sheetRow(key, task, key), cells: [...cells, '', '', '', '', '', '', ''].slice(0, 7) });

describe('the timesheet grid', () => {
  it.each([
    ['', 0],
    [' 1.5 ', 150],
    ['1:30', 150],
    ['0:05', 8],
    ['24', 2400],
    ['24.5', null],
    ['-1', null],
    ['1:75', null],
    ['lots', null],
  ])('reads the cell %j as %j hundredths', (text, hundredths) => {
    expect(cellHundredths(text)).toBe(hundredths);
  });

  it("starts with 'No task' and the open tasks", () => {
    expect(startingRows([{ _id: 't1', title: 'Design' }]).map((r) => [r.key, r.task, r.title])).toEqual([
      ['none', null, 'No task'],
      ['t1', 't1', 'Design'],
    ]);
  });

  const week = loggedByRow([
    { task: null, taskTitle: null, hours: [1, 0, 0, 0, 0, 0, 0], logs: [1, 0, 0, 0, 0, 0, 0] },
    { task: 't1', taskTitle: 'Design', hours: [0, 2, 0, 0, 0, 0, 0], logs: [0, 2, 0, 0, 0, 0, 0] },
    { task: 'done', taskTitle: 'Done since', hours: [0, 0, 0.25, 0, 0, 0, 0], logs: [0, 0, 1, 0, 0, 0, 0] },
  ]);

  it("puts a one-log cell's hours in its box on the task's first row, and leaves cells of several logs out", () => {
    const rows = withLoggedHours([row('none', [], null), row('t1', []), row('none#2', [], null)], week);
    expect(rows.map((r) => r.cells.slice(0, 3))).toEqual([
      ['1', '', ''],
      ['', '', ''],
      ['', '', ''],
    ]);
    expect([0, 1, 2].map((day) => cellKind(week.get('t1'), day))).toEqual(['new', 'fixed', 'new']);
    expect(cellKind(week.get('none'), 0)).toBe('place');
    expect(cellKind(undefined, 0)).toBe('new');
  });

  it('sums rows, days and the week in hundredths: a box replaces its one log, a cell of several logs counts their sum', () => {
    // 'No task' Monday: its one log of 1 hour changed to 0.1; t1 Tuesday: two logs, 2 hours
    const rows = [row('none', ['0.1', '0.2'], null), row('t1', ['1:30']), row('t1#2', ['1'], 't1')];
    const totals = sheetTotals(rows, week);
    expect(Object.fromEntries(totals.rows)).toEqual({ none: 30, t1: 350, 't1#2': 100, done: 25 });
    expect(totals.days).toEqual([260, 220, 25, 0, 0, 0, 0]);
    expect(totals.week).toBe(505);
    expect([totals.newCells, totals.newHundredths, totals.changedCells]).toEqual([3, 270, 1]);
  });

  it('sends the new hours as rows and the changed one-log cells as changes, 0 for an emptied box', () => {
    const rows = [row('none', ['', '2'], null), { ...row('t1', ['', '5', '']), description: ' Review ' }, row('t2', ['0.5', '', '1:15'])];
    expect(rowsToSave(rows, week)).toEqual([
      { task: null, description: '', hours: [null, 2, null, null, null, null, null] },
      { task: 't2', description: '', hours: [0.5, null, 1.25, null, null, null, null] },
    ]);
    expect(changesToSave(rows, week)).toEqual([{ task: null, day: 0, hours: 0 }]);
    expect(changesToSave(withLoggedHours(rows.slice(1), week), week)).toEqual([]);
  });

  it('says why a sheet cannot be saved', () => {
    const none = new Map();
    expect(sheetProblem([row('a', ['x'])], none)).toMatch(/^Some cells are not hours/);
    expect(sheetProblem([row('a', ['0'])], none)).toBe('Type hours into at least one day.');
    expect(sheetProblem(Array.from({ length: 51 }, (_, n) => row(`r${n}`, ['1'])), none)).toBe(TIMESHEET_TOO_LARGE);
    expect(sheetProblem([row('a', ['1'])], none)).toBeNull();
    // a changed logged cell is enough to save; an unchanged one is not
    expect(sheetProblem(withLoggedHours([row('none', [], null)], week), week)).toBe('Type hours into at least one day.');
    expect(sheetProblem([row('none', ['3'], null)], week)).toBeNull();
  });
});
