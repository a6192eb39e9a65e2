import { describe, expect, it } from 'vitest';
import { forecastWindow, paceSentence, runOutDateText, runOutForecast } from './forecast.js';
import { epochDay } from './weekly.js';

const wednesday = epochDay('2026-03-04');

describe('forecastWindow', () => {
  it('covers the 8 whole weeks, Monday to Sunday, before the current week', () => {
    const { from, to } = forecastWindow(wednesday);
    expect(to).toBe(epochDay('2026-03-02'));
    expect(from).toBe(epochDay('2026-01-05'));
  });

  it('starts the current week on its Monday and ends the window the day before', () => {
    expect(forecastWindow(epochDay('2026-03-02')).to).toBe(epochDay('2026-03-02'));
    expect(forecastWindow(epochDay('2026-03-08')).to).toBe(epochDay('2026-03-02'));
  });
});

describe('runOutForecast', () => {
  it('divides the hours used by 8 weeks and spends the balance at that pace, day by day', () => {
    // 80 hours in 8 weeks: 10 a week, 10/7 a day; 20 hours last 14 days
    expect(runOutForecast(2000, 8000, wednesday)).toEqual({ hoursPerWeek: 10, runsOutOn: '2026-03-18', expiring: null });
  });

  it('counts only whole days left: a balance that lasts part of a day runs out today', () => {
    expect(runOutForecast(100, 8000, wednesday)).toEqual({ hoursPerWeek: 10, runsOutOn: '2026-03-04', expiring: null });
    expect(runOutForecast(143, 8000, wednesday)?.runsOutOn).toBe('2026-03-05');
  });

  it('rounds the pace to hundredths of an hour', () => {
    expect(runOutForecast(1000, 1001, wednesday)?.hoursPerWeek).toBe(1.25);
  });

  it('has no forecast without usage or once the hours have run out', () => {
    expect(runOutForecast(2000, 0, wednesday)).toBeNull();
    expect(runOutForecast(0, 8000, wednesday)).toBeNull();
    expect(runOutForecast(-250, 8000, wednesday)).toBeNull();
  });
});

describe('runOutForecast with blocks that expire', () => {
  it('uses the blocks at the pace, soonest expiry first, and leaves out what expires before it is used', () => {
    // 10 hours a week; 20 hours expire in 7 days (10 of them used by then), 30 more never expire
    const forecast = runOutForecast(5000, 8000, wednesday, [{ unused: 2000, expiresOn: wednesday + 7 }]);
    expect(forecast?.expiring).toEqual({ hours: 10, expiresOn: '2026-03-11' });
    // 40 hours that last, at 10/7 a day: 28 days
    expect(forecast?.runsOutOn).toBe('2026-04-01');
  });

  it('loses nothing of a block the pace uses up before it expires, and draws later blocks only after earlier ones', () => {
    const blocks = [
      { unused: 1000, expiresOn: wednesday + 14 },
      { unused: 1000, expiresOn: wednesday + 10 },
    ];
    // 20 hours in 14 days at 10 a week: the first (day 10) is used up by day 7, the second gets days 7 to 14
    expect(runOutForecast(2000, 8000, wednesday, blocks)).toEqual({ hoursPerWeek: 10, runsOutOn: '2026-03-18', expiring: null });
    expect(runOutForecast(2000, 8000, wednesday, [{ unused: 1000, expiresOn: wednesday + 10 }, { unused: 1000, expiresOn: wednesday + 12 }])?.expiring).toEqual({
      hours: 2.86,
      expiresOn: '2026-03-16',
    });
  });
});

describe('paceSentence', () => {
  it('says which hours expire before the pace would use them', () => {
    const forecast = { hoursPerWeek: 10, runsOutOn: '2026-04-01', expiring: { hours: 5, expiresOn: '2027-01-31' } };
    expect(paceSentence(forecast)).toBe('At your recent pace of 10 hours a week, your hours last until about Apr 1, 2026; 5.00 hours expire on Jan 31, 2027, before your recent pace would use them');
  });

  it('writes the pace and the day with the app formats', () => {
    const forecast = { hoursPerWeek: 12.5, runsOutOn: '2026-04-01', expiring: null };
    expect(runOutDateText(forecast)).toBe('Apr 1, 2026');
    expect(paceSentence(forecast)).toBe('At your recent pace of 12.5 hours a week, your hours last until about Apr 1, 2026');
  });
});
