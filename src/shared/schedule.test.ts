import { describe, expect, it } from 'vitest';
import {
  buildScheduleRows,
  defaultHoursToSchedule,
  formatScheduleHours,
  moveDown,
  moveUp,
  parseHoursToSchedule,
  scheduleInput,
  toScheduleItems,
} from './schedule.js';

describe('defaultHoursToSchedule', () => {
  it.each([
    [{ hourBalance: 12.5, openTasks: 0 }, 12.5],
    [{ hourBalance: 12.5, openTasks: 2 }, 12.5],
    [{ hourBalance: 12.5, openTasks: 1 }, 1],
    [{ hourBalance: 0.25, openTasks: 1 }, 0.25],
    [{ hourBalance: 1, openTasks: 1 }, 1],
    [{ hourBalance: -3, openTasks: 0 }, 0],
    [{ hourBalance: -3, openTasks: 1 }, 0],
    [{ hourBalance: 0, openTasks: 5 }, 0],
  ])('%j -> %d', (company, hours) => {
    expect(defaultHoursToSchedule(company)).toBe(hours);
  });
});

describe('parseHoursToSchedule', () => {
  it.each([
    ['2.5', 2.5],
    ['0.1', 0.1],
    ['7', 7],
    ['', 0],
    ['abc', 0],
    ['-4', 0],
    ['Infinity', 0],
    ['NaN', 0],
  ])('%j -> %d', (text, hours) => {
    expect(parseHoursToSchedule(text)).toBe(hours);
  });
});

describe('moveUp and moveDown', () => {
  const list = ['a', 'b', 'c'] as const;

  it('move a row one place without touching the original list', () => {
    expect(moveUp(list, 1)).toEqual(['b', 'a', 'c']);
    expect(moveUp(list, 2)).toEqual(['a', 'c', 'b']);
    expect(moveDown(list, 0)).toEqual(['b', 'a', 'c']);
    expect(moveDown(list, 1)).toEqual(['a', 'c', 'b']);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('return the same list when the first moves up or the last moves down', () => {
    expect(moveUp(list, 0)).toBe(list);
    expect(moveDown(list, 2)).toBe(list);
  });

  it('return the same list for an index outside it', () => {
    expect(moveUp(list, 3)).toBe(list);
    expect(moveDown(list, -1)).toBe(list);
    expect(moveUp(list, 1.5)).toBe(list);
    expect(moveDown([], 0)).toEqual([]);
  });
});

describe('buildScheduleRows', () => {
  it('keeps the given order and fills in the default hours', () => {
    const rows = buildScheduleRows([
      { _id: 'z', companyName: 'Zeta', hourBalance: 4, openTasks: 1 },
      { _id: 'a', companyName: 'Acme', hourBalance: 10.25, openTasks: 3 },
      { _id: 'm', companyName: 'Mono', hourBalance: -2, openTasks: 0 },
    ]);
    expect(rows).toEqual([
      { companyId: 'z', name: 'Zeta', hoursToSchedule: 1 },
      { companyId: 'a', name: 'Acme', hoursToSchedule: 10.25 },
      { companyId: 'm', name: 'Mono', hoursToSchedule: 0 },
    ]);
    expect(toScheduleItems(rows)).toEqual([
      { name: 'Zeta', hours: 1 },
      { name: 'Acme', hours: 10.25 },
      { name: 'Mono', hours: 0 },
    ]);
  });
});

describe('formatScheduleHours', () => {
  it.each([
    [0, '0.00'],
    [1, '1.00'],
    [2.5, '2.50'],
    [12.25, '12.25'],
    [0.1 + 0.2, '0.30'],
    [-0, '0.00'],
    [Number.NaN, '0.00'],
  ])('%d -> %s', (hours, text) => {
    expect(formatScheduleHours(hours)).toBe(text);
  });
});

describe('scheduleInput', () => {
  const messageOf = (input: unknown) => scheduleInput.safeParse(input).error?.issues[0]?.message;

  it('takes 1 to 1000 rows', () => {
    const rows = (count: number) => ({ items: Array.from({ length: count }, () => ({ name: 'A', hours: 1 })) });
    expect(scheduleInput.safeParse(rows(1000)).success).toBe(true);
    expect(messageOf(rows(1001))).toBe('At most 1000 companies can be scheduled at once.');
  });

  it('accepts a list of names and hours', () => {
    expect(scheduleInput.parse({ items: [{ name: ' Acme ', hours: 0 }] })).toEqual({ items: [{ name: 'Acme', hours: 0 }] });
  });

  it.each([
    [{ items: [] }, 'Add at least one company to schedule.'],
    [{ items: [{ name: '  ', hours: 1 }] }, 'Each row needs a company name.'],
    [{ items: [{ hours: 1 }] }, 'Each row needs a company name.'],
    [{ items: [{ name: 'A', hours: -0.1 }] }, 'Hours to schedule must be 0 or more.'],
    [{ items: [{ name: 'A', hours: '2' }] }, 'Hours to schedule must be a number.'],
    [{ items: [{ name: 'A', hours: Number.POSITIVE_INFINITY }] }, 'Hours to schedule must be a number.'],
    [{}, 'Send the companies to schedule as a list.'],
  ])('refuses %j', (input, message) => {
    expect(messageOf(input)).toBe(message);
  });
});
