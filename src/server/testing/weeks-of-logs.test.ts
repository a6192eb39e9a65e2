import { describe, expect, it } from 'vitest';
import { weekRating, weeksFromDays } from '../../shared/weekly.js';
import { groupIntoWeeks, type LoggedTime } from './weeks-of-logs.js';

/* The plain grouping the weekly view's SQL is compared with must itself be right, across zones and clock changes. */

const NEW_YORK = 'America/New_York';
const BERLIN = 'Europe/Berlin';

const log = (timeStamp: string, hundredths = 100): LoggedTime => ({ timeStamp, hundredths });

describe('groupIntoWeeks', () => {
  it('puts the same instant in different weeks depending on the time zone', () => {
    const logs = [log('2026-03-02T03:00:00Z', 250)];
    expect(groupIntoWeeks(logs, NEW_YORK).map((week) => [week.weekStart, week.weekEnd])).toEqual([['2026-02-23', '2026-03-01']]);
    expect(groupIntoWeeks(logs, BERLIN).map((week) => [week.weekStart, week.weekEnd])).toEqual([['2026-03-02', '2026-03-08']]);
    expect(groupIntoWeeks(logs, NEW_YORK)[0]?.dailyBreakdown).toEqual([{ date: '2026-03-01', hours: 2.5, logs: 1 }]);
  });

  it('summarises a week: total, working days, log count, days ascending with logs only', () => {
    const [week, ...others] = groupIntoWeeks(
      [
        log('2026-03-06T15:00:00Z', 325),
        log('2026-03-02T14:00:00Z', 400),
        log('2026-03-02T20:00:00Z', 175),
        log('2026-03-04T13:00:00Z', 800),
      ],
      NEW_YORK,
    );
    expect(others).toEqual([]);
    expect(week).toEqual({
      weekStart: '2026-03-02',
      weekEnd: '2026-03-08',
      totalHours: 17,
      workingDays: 3,
      logCount: 4,
      dailyBreakdown: [
        { date: '2026-03-02', hours: 5.75, logs: 2 },
        { date: '2026-03-04', hours: 8, logs: 1 },
        { date: '2026-03-06', hours: 3.25, logs: 1 },
      ],
    });
  });

  it('orders weeks newest first whatever order the logs come in', () => {
    const weeks = groupIntoWeeks([log('2026-02-10T15:00:00Z'), log('2026-03-20T15:00:00Z'), log('2026-03-03T15:00:00Z')], NEW_YORK);
    expect(weeks.map((week) => week.weekStart)).toEqual(['2026-03-16', '2026-03-02', '2026-02-09']);
  });

  it('sums hundredths exactly: 0.1 + 0.2 is 0.3', () => {
    const [week] = groupIntoWeeks([log('2026-03-03T15:00:00Z', 10), log('2026-03-03T16:00:00Z', 20)], NEW_YORK);
    expect(week?.totalHours).toBe(0.3);
    expect(week?.dailyBreakdown[0]?.hours).toBe(0.3);
  });

  it.each([
    [[700, 700, 700, 700, 700], 35, 'Excellent'],
    [[800, 800, 800, 750], 31.5, 'Great'],
    [[833, 833, 834, 300], 28, 'Good'],
    [[2099], 20.99, 'Light'],
    [[1, 2, 3], 0.06, 'Light'],
  ])('totals hundredths %j to %d hours, rated %s', (amounts, total, rating) => {
    const logs = amounts.map((hundredths, index) => log(`2026-03-0${2 + index}T15:00:00Z`, hundredths));
    const [week] = groupIntoWeeks(logs, NEW_YORK);
    expect(week?.totalHours).toBe(total);
    expect(weekRating(week!.totalHours)).toBe(rating);
  });

  it('starts a week at local midnight on Monday, across the US switch to summer time', () => {
    // Sunday 2026-03-08 is the switch day in New York; Monday 00:00 EDT is 04:00Z
    const weeks = groupIntoWeeks([log('2026-03-09T03:59:59Z', 100), log('2026-03-09T04:00:00Z', 200)], NEW_YORK);
    expect(weeks.map(({ weekStart, totalHours }) => ({ weekStart, totalHours }))).toEqual([
      { weekStart: '2026-03-09', totalHours: 2 },
      { weekStart: '2026-03-02', totalHours: 1 },
    ]);
    expect(weeks[1]?.dailyBreakdown).toEqual([{ date: '2026-03-08', hours: 1, logs: 1 }]);
  });

  it('starts a week at local midnight on Monday, across the EU switch to summer time', () => {
    // Sunday 2026-03-29 is the switch day in Berlin; Monday 00:00 CEST is 22:00Z on Sunday
    const weeks = groupIntoWeeks([log('2026-03-29T21:59:59Z'), log('2026-03-29T22:00:00Z'), log('2026-03-22T23:00:00Z')], BERLIN);
    expect(weeks.map((week) => [week.weekStart, week.dailyBreakdown.map((day) => day.date)])).toEqual([
      ['2026-03-30', ['2026-03-30']],
      ['2026-03-23', ['2026-03-23', '2026-03-29']],
    ]);
  });

  it('keeps the 25-hour autumn Sunday in one day and one week, in New York and in Berlin', () => {
    // New York falls back on 2026-11-01: that Sunday runs from 04:00Z to 05:00Z the next day
    const newYork = groupIntoWeeks([log('2026-11-01T04:00:00Z'), log('2026-11-02T04:59:59Z'), log('2026-11-02T05:00:00Z')], NEW_YORK);
    expect(newYork.map((week) => [week.weekStart, week.dailyBreakdown])).toEqual([
      ['2026-11-02', [{ date: '2026-11-02', hours: 1, logs: 1 }]],
      ['2026-10-26', [{ date: '2026-11-01', hours: 2, logs: 2 }]],
    ]);
    // Berlin falls back on 2026-10-25: that Sunday runs from 22:00Z the day before to 23:00Z
    const berlin = groupIntoWeeks([log('2026-10-24T22:00:00Z'), log('2026-10-25T22:59:59Z'), log('2026-10-25T23:00:00Z')], BERLIN);
    expect(berlin.map((week) => [week.weekStart, week.dailyBreakdown])).toEqual([
      ['2026-10-26', [{ date: '2026-10-26', hours: 1, logs: 1 }]],
      ['2026-10-19', [{ date: '2026-10-25', hours: 2, logs: 2 }]],
    ]);
  });

  it('spans a year end: the week of 2027-01-01 starts on Monday 2026-12-28', () => {
    const [week] = groupIntoWeeks([log('2027-01-01T15:00:00Z'), log('2026-12-28T15:00:00Z')], NEW_YORK);
    expect([week?.weekStart, week?.weekEnd, week?.logCount]).toEqual(['2026-12-28', '2027-01-03', 2]);
  });

  it('accepts Date objects and epoch milliseconds', () => {
    const weeks = groupIntoWeeks([{ timeStamp: new Date('2026-03-03T15:00:00Z'), hundredths: 50 }, { timeStamp: Date.parse('2026-03-03T16:00:00Z'), hundredths: 50 }], NEW_YORK);
    expect(weeks[0]?.dailyBreakdown).toEqual([{ date: '2026-03-03', hours: 1, logs: 2 }]);
  });

  it('gives no weeks for no logs', () => {
    expect(groupIntoWeeks([], NEW_YORK)).toEqual([]);
  });

  it('gives the weeks weeksFromDays builds from the day totals of the logs', () => {
    const logs = [log('2026-03-02T03:00:00Z', 150), log('2026-03-02T15:00:00Z', 200), log('2026-03-02T20:00:00Z', 10), log('2026-03-09T03:30:00Z', 100)];
    const days = [
      { date: '2026-03-01', hundredths: 150, logs: 1 },
      { date: '2026-03-02', hundredths: 210, logs: 2 },
      { date: '2026-03-08', hundredths: 100, logs: 1 },
    ];
    expect(groupIntoWeeks(logs, NEW_YORK)).toEqual(weeksFromDays(days));
  });
});
