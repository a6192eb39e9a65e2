import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayCards,
  dateOfEpochDay,
  dayRating,
  epochDay,
  formatWeeklyHours,
  localDate,
  mondayOf,
  mondayOfEpochDay,
  NO_WORK_TEXT,
  WEEKLY_TARGET_HOURS,
  weekProgressPercent,
  weekRating,
  weeksFromDays,
  weeksOverview,
  weekStartAt,
} from './weekly.js';

const NEW_YORK = 'America/New_York';
const BERLIN = 'Europe/Berlin';

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
    const [week] = weeksFromDays([225, 225, 225, 5].map((hundredths, day) => ({ date: `2026-03-0${day + 2}`, hundredths, logs: 1 })));
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
    expect(dateOfEpochDay(mondayOfEpochDay(0))).toBe('1969-12-29');
    expect(dateOfEpochDay(mondayOfEpochDay(epochDay('2026-03-08')))).toBe('2026-03-02');
    expect(dateOfEpochDay(mondayOfEpochDay(epochDay('2026-03-09')))).toBe('2026-03-09');
  });

  it('writes every epoch day as toISOString writes its date, within the four-digit years and beyond them', () => {
    const isoDate = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
    const first = epochDay('0000-01-01');
    const last = epochDay('9999-12-31');
    // every day of three centuries (leap rules of 1900, 2000 and 2100 included), then every 7th day of the rest
    const days = [
      ...Array.from({ length: epochDay('2201-01-01') - epochDay('1899-01-01') }, (_, index) => epochDay('1899-01-01') + index),
      ...Array.from({ length: Math.floor((last - first) / 7) }, (_, index) => first + index * 7),
      first - 1, first, last, last + 1, last + 400,
    ];
    const wrong = days.filter((day) => dateOfEpochDay(day) !== isoDate(day));
    expect(wrong.map((day) => `${day}: ${dateOfEpochDay(day)} for ${isoDate(day)}`)).toEqual([]);
  });

  it('counts dates of the years 0-99 in those years, not in the 1900s', () => {
    expect(epochDay('0050-03-02')).toBe(Date.parse('0050-03-02T00:00:00Z') / 86_400_000);
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    // 2 March 50 was a Wednesday in the proleptic Gregorian calendar (2 March 1950 was a Thursday)
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
    expect(dayCards({ weekStart: monday, dailyBreakdown: [{ date, hours: 1, logs: 1 }] }).find((card) => card.date === date)?.weekday).toBe(weekday);
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

  it('works on the week summaries weeksFromDays makes', () => {
    const [week] = weeksFromDays([{ date: '2026-03-08', hundredths: 425, logs: 1 }]);
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
