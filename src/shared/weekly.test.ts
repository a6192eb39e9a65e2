import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayCards,
  dateOfEpochDay,
  dayRating,
  epochDay,
  formatHoursOneDecimal,
  formatWeeklyHours,
  groupIntoWeeks,
  localDate,
  mondayOf,
  mondayOfEpochDay,
  NO_WORK_TEXT,
  WEEKLY_TARGET_HOURS,
  weekdayOf,
  weekProgressPercent,
  weekRating,
  weeksFromDays,
  weeksOverview,
  weekStartAt,
  type LoggedTime,
} from './weekly.js';

const NEW_YORK = 'America/New_York';
const BERLIN = 'Europe/Berlin';

const log = (timeStamp: string, hundredths = 100): LoggedTime => ({ timeStamp, hundredths });

describe('ratings and progress', () => {
  it('targets 35 hours a week', () => {
    expect(WEEKLY_TARGET_HOURS).toBe(35);
  });

  it.each([
    [50, 'Excellent'],
    [35, 'Excellent'],
    [34.99, 'Great'],
    [31.5, 'Great'],
    [31.49, 'Good'],
    [28, 'Good'],
    [27.99, 'Moderate'],
    [21, 'Moderate'],
    [20.99, 'Light'],
    [0, 'Light'],
  ])('rates a week of %d hours %s', (hours, rating) => {
    expect(weekRating(hours)).toBe(rating);
  });

  it.each([
    [12, 'Full Day'],
    [8, 'Full Day'],
    [7.99, 'Good'],
    [6, 'Good'],
    [5.99, 'Half Day'],
    [4, 'Half Day'],
    [3.99, 'Light'],
    [0.01, 'Light'],
    [0, 'No Work'],
  ])('rates a day of %d hours %s', (hours, rating) => {
    expect(dayRating(hours)).toBe(rating);
  });

  it('shows a day without work as "No work"', () => {
    expect(NO_WORK_TEXT).toBe('No work');
  });

  it.each([
    [0, 0],
    [17.5, 50],
    [35, 100],
    [70, 100],
  ])('fills the progress bar for %d hours to %d%%', (hours, percent) => {
    expect(weekProgressPercent(hours)).toBe(percent);
  });

  it.each([
    [0, '0.0'],
    [7.5, '7.5'],
    [7.25, '7.3'],
    [7.24, '7.2'],
    [1.05, '1.1'],
    [0.15, '0.2'],
    [0.1 + 0.2, '0.3'],
    [40, '40.0'],
    [-0.04, '0.0'],
    [-1.25, '-1.3'],
  ])('formats %d hours as %s', (hours, text) => {
    expect(formatHoursOneDecimal(hours)).toBe(text);
  });
});

describe('hours of the weekly view', () => {
  it.each([
    [0, '0.0'],
    [7, '7.0'],
    [7.5, '7.5'],
    [7.25, '7.25'],
    [0.1 + 0.2, '0.3'],
    [1.05, '1.05'],
    [40.75, '40.75'],
    [-1.25, '-1.25'],
  ])('shows %d hours as %s', (hours, text) => {
    expect(formatWeeklyHours(hours)).toBe(text);
  });

  it('shows day cards that add up to the week total as shown', () => {
    const [week] = groupIntoWeeks(
      [2.25, 2.25, 2.25, 0.05].map((hours, day) => ({ timeStamp: `2026-03-0${day + 2}T15:00:00Z`, hundredths: Math.round(hours * 100) })),
      'UTC',
    );
    const shownDays = dayCards(week!).map((day) => Number(formatWeeklyHours(day.hours)));
    expect(shownDays.reduce((sum, hours) => sum + hours * 100, 0) / 100).toBe(Number(formatWeeklyHours(week!.totalHours)));
    expect(formatWeeklyHours(week!.totalHours)).toBe('6.8');
  });
});

describe('calendar dates', () => {
  it("finds this week's Monday in a given zone", () => {
    // Sunday evening in New York is Monday in UTC
    expect(weekStartAt(new Date('2026-03-09T02:00:00Z'), NEW_YORK)).toBe('2026-03-02');
    expect(weekStartAt(new Date('2026-03-09T02:00:00Z'), 'UTC')).toBe('2026-03-09');
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -6)).toBe('2026-02-23');
  });

  it('numbers days from 1970-01-01, a Thursday, both ways', () => {
    expect(epochDay('1970-01-01')).toBe(0);
    expect(epochDay('1969-12-31')).toBe(-1);
    expect(epochDay('2026-03-02')).toBe(Date.parse('2026-03-02T00:00:00Z') / 86_400_000);
    expect(dateOfEpochDay(epochDay('2028-02-29'))).toBe('2028-02-29');
    expect(dateOfEpochDay(-1)).toBe('1969-12-31');
    expect(weekdayOf('1970-01-01')).toBe('Thursday');
    expect(dateOfEpochDay(mondayOfEpochDay(0))).toBe('1969-12-29');
    expect(dateOfEpochDay(mondayOfEpochDay(epochDay('2026-03-08')))).toBe('2026-03-02');
    expect(dateOfEpochDay(mondayOfEpochDay(epochDay('2026-03-09')))).toBe('2026-03-09');
  });

  it('counts dates of the years 0-99 in those years, not in the 1900s', () => {
    expect(epochDay('0050-03-02')).toBe(Date.parse('0050-03-02T00:00:00Z') / 86_400_000);
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    // 2 March 50 was a Wednesday in the proleptic Gregorian calendar; 2 March 1950 was a Thursday
    expect(weekdayOf('0050-03-02')).toBe('Wednesday');
    expect(mondayOf('0050-03-02')).toBe('0050-02-28');
  });

  it.each([
    ['2026-03-02', '2026-03-02', 'Monday'],
    ['2026-03-04', '2026-03-02', 'Wednesday'],
    ['2026-03-08', '2026-03-02', 'Sunday'],
    ['2026-03-01', '2026-02-23', 'Sunday'],
    ['2027-01-01', '2026-12-28', 'Friday'],
  ])('puts %s in the week of Monday %s (a %s)', (date, monday, weekday) => {
    expect(mondayOf(date)).toBe(monday);
    expect(weekdayOf(date)).toBe(weekday);
  });

  it('reads the local date of an instant in the time zone', () => {
    expect(localDate('2026-03-02T03:00:00Z', NEW_YORK)).toBe('2026-03-01');
    expect(localDate('2026-03-02T03:00:00Z', BERLIN)).toBe('2026-03-02');
    expect(localDate(new Date('2026-03-02T03:00:00Z'), 'UTC')).toBe('2026-03-02');
    expect(localDate(Date.UTC(2026, 2, 1, 23, 30), 'Asia/Tokyo')).toBe('2026-03-02');
  });

  it.each([
    // New York: EST is UTC-5 until the US switch on Sunday 2026-03-08, EDT (UTC-4) until 2026-11-01
    [NEW_YORK, '2026-03-08T04:59:59Z', '2026-03-07'],
    [NEW_YORK, '2026-03-08T05:00:00Z', '2026-03-08'],
    [NEW_YORK, '2026-03-09T03:59:59Z', '2026-03-08'],
    [NEW_YORK, '2026-03-09T04:00:00Z', '2026-03-09'],
    [NEW_YORK, '2026-11-01T03:59:59Z', '2026-10-31'],
    [NEW_YORK, '2026-11-02T04:59:59Z', '2026-11-01'],
    [NEW_YORK, '2026-11-02T05:00:00Z', '2026-11-02'],
    // Berlin: CET is UTC+1 until the EU switch on Sunday 2026-03-29, CEST (UTC+2) until 2026-10-25
    [BERLIN, '2026-03-29T21:59:59Z', '2026-03-29'],
    [BERLIN, '2026-03-29T22:00:00Z', '2026-03-30'],
    [BERLIN, '2026-03-28T22:59:59Z', '2026-03-28'],
    [BERLIN, '2026-03-28T23:00:00Z', '2026-03-29'],
    [BERLIN, '2026-10-25T22:59:59Z', '2026-10-25'],
    [BERLIN, '2026-10-25T23:00:00Z', '2026-10-26'],
  ])('in %s, %s falls on %s', (timeZone, instant, date) => {
    expect(localDate(instant, timeZone)).toBe(date);
  });
});

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
});

describe('weeksFromDays', () => {
  it('builds weeks from day totals: newest week first, days ascending, exact sums', () => {
    const weeks = weeksFromDays([
      { date: '2026-03-04', hundredths: 10, logs: 1 },
      { date: '2026-03-09', hundredths: 800, logs: 2 },
      { date: '2026-03-02', hundredths: 20, logs: 3 },
      { date: '2026-03-08', hundredths: 100, logs: 1 },
    ]);
    expect(weeks).toEqual([
      { weekStart: '2026-03-09', weekEnd: '2026-03-15', totalHours: 8, workingDays: 1, logCount: 2, dailyBreakdown: [{ date: '2026-03-09', hours: 8, logs: 2 }] },
      {
        weekStart: '2026-03-02',
        weekEnd: '2026-03-08',
        totalHours: 1.3,
        workingDays: 3,
        logCount: 5,
        dailyBreakdown: [
          { date: '2026-03-02', hours: 0.2, logs: 3 },
          { date: '2026-03-04', hours: 0.1, logs: 1 },
          { date: '2026-03-08', hours: 1, logs: 1 },
        ],
      },
    ]);
  });

  it('gives the same weeks as grouping the logs of those days one by one', () => {
    const logs = [log('2026-03-02T03:00:00Z', 150), log('2026-03-02T15:00:00Z', 200), log('2026-03-02T20:00:00Z', 10), log('2026-03-09T03:30:00Z', 100)];
    const days = [
      { date: '2026-03-01', hundredths: 150, logs: 1 },
      { date: '2026-03-02', hundredths: 210, logs: 2 },
      { date: '2026-03-08', hundredths: 100, logs: 1 },
    ];
    expect(weeksFromDays(days)).toEqual(groupIntoWeeks(logs, NEW_YORK));
  });

  it('gives no weeks for no days', () => {
    expect(weeksFromDays([])).toEqual([]);
  });
});

describe('dayCards', () => {
  it('shows Monday to Saturday, with zero-hour cards for days without logs, and no empty Sunday', () => {
    const cards = dayCards({ weekStart: '2026-03-02', dailyBreakdown: [{ date: '2026-03-04', hours: 6.5, logs: 2 }] });
    expect(cards.map(({ weekday, date, hours, logs, rating }) => [weekday, date, hours, logs, rating])).toEqual([
      ['Monday', '2026-03-02', 0, 0, 'No Work'],
      ['Tuesday', '2026-03-03', 0, 0, 'No Work'],
      ['Wednesday', '2026-03-04', 6.5, 2, 'Good'],
      ['Thursday', '2026-03-05', 0, 0, 'No Work'],
      ['Friday', '2026-03-06', 0, 0, 'No Work'],
      ['Saturday', '2026-03-07', 0, 0, 'No Work'],
    ]);
  });

  it('shows Sunday when it has logs', () => {
    const cards = dayCards({ weekStart: '2026-03-02', dailyBreakdown: [{ date: '2026-03-08', hours: 8, logs: 1 }] });
    expect(cards).toHaveLength(7);
    expect(cards[6]).toEqual({ weekday: 'Sunday', date: '2026-03-08', hours: 8, logs: 1, rating: 'Full Day' });
  });

  it('works on the week summaries groupIntoWeeks makes', () => {
    const [week] = groupIntoWeeks([log('2026-03-09T03:00:00Z', 425)], NEW_YORK);
    expect(dayCards(week!).at(-1)).toMatchObject({ weekday: 'Sunday', date: '2026-03-08', hours: 4.25, rating: 'Half Day' });
  });
});

describe('weeksOverview', () => {
  it('totals the weeks shown for the four summary cards, in exact hundredths', () => {
    expect(
      weeksOverview([
        { totalHours: 0.1, workingDays: 1 },
        { totalHours: 0.2, workingDays: 2 },
        { totalHours: 35, workingDays: 5 },
      ]),
    ).toEqual({ totalHours: 35.3, averageHoursPerWeek: 11.77, workDays: 8, weeks: 3 });
  });

  it('is all zeros without weeks', () => {
    expect(weeksOverview([])).toEqual({ totalHours: 0, averageHoursPerWeek: 0, workDays: 0, weeks: 0 });
  });
});
