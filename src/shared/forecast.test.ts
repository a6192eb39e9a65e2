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
    expect(runOutForecast(2000, 8000, wednesday)).toEqual({ hoursPerWeek: 10, runsOutOn: '2026-03-18' });
  });

  it('counts only whole days left: a balance that lasts part of a day runs out today', () => {
    expect(runOutForecast(100, 8000, wednesday)).toEqual({ hoursPerWeek: 10, runsOutOn: '2026-03-04' });
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

describe('paceSentence', () => {
  it('writes the pace and the day with the app formats', () => {
    const forecast = { hoursPerWeek: 12.5, runsOutOn: '2026-04-01' };
    expect(runOutDateText(forecast)).toBe('Apr 1, 2026');
    expect(paceSentence(forecast)).toBe('At your recent pace of 12.5 hours a week, your hours last until about Apr 1, 2026');
  });
});
