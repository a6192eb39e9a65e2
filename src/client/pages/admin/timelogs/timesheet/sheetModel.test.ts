import { describe, expect, it } from 'vitest';
import { TIMESHEET_TOO_LARGE } from '../../../../../shared/limits.js';
import { cellHundredths, loggedByRow, rowsToSave, sheetProblem, sheetRow, sheetTotals, startingRows } from './sheetModel.js';

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

  it('sums rows, days and the week in hundredths, the logged hours counted once per task', () => {
    const rows = [row('none', ['0.1', '0.2'], null), row('t1', ['1:30']), row('t1#2', ['1'], 't1')];
    const logged = loggedByRow([
      { task: null, taskTitle: null, hours: [1, 0, 0, 0, 0, 0, 0] },
      { task: 't1', taskTitle: 'Design', hours: [0, 2, 0, 0, 0, 0, 0] },
      { task: 'done', taskTitle: 'Done since', hours: [0, 0, 0.25, 0, 0, 0, 0] },
    ]);
    const totals = sheetTotals(rows, logged);
    expect(Object.fromEntries(totals.rows)).toEqual({ none: 130, t1: 350, 't1#2': 100, done: 25 });
    expect(totals.days).toEqual([360, 220, 25, 0, 0, 0, 0]);
    expect(totals.week).toBe(605);
    expect([totals.newCells, totals.newHundredths]).toEqual([4, 280]);
  });

  it('sends only the rows with hours, empty cells as null', () => {
    const rows = [row('none', ['', '2'], null), { ...row('t1', ['']), description: ' Review ' }, row('t2', ['0.5', '', '1:15'])];
    expect(rowsToSave(rows)).toEqual([
      { task: null, description: '', hours: [null, 2, null, null, null, null, null] },
      { task: 't2', description: '', hours: [0.5, null, 1.25, null, null, null, null] },
    ]);
  });

  it('says why a sheet cannot be saved', () => {
    expect(sheetProblem([row('a', ['x'])])).toMatch(/^Some cells are not hours/);
    expect(sheetProblem([row('a', ['0'])])).toBe('Type hours into at least one day.');
    expect(sheetProblem(Array.from({ length: 51 }, (_, n) => row(`r${n}`, ['1'])))).toBe(TIMESHEET_TOO_LARGE);
    expect(sheetProblem([row('a', ['1'])])).toBeNull();
  });
});
