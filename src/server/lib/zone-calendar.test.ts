import { describe, expect, it } from 'vitest';
import { dateOfEpochDay, epochDay, localDate } from '../../shared/weekly.js';
import { offsetSpans, zoneCalendar } from './zone-calendar.js';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const dayStartOf = (timeZone: string, date: string) => new Date(zoneCalendar(timeZone).dayStart(epochDay(date))).toISOString();
const dateOf = (timeZone: string, instant: number) => dateOfEpochDay(zoneCalendar(timeZone).dayOf(instant));

describe('offsetSpans', () => {
  it('pins each change of offset to its second, however many there are', () => {
    const changes = [at('2026-03-08T07:00:00Z'), at('2026-03-09T01:59:59Z'), at('2026-11-01T06:00:01Z')];
    const offsetAt = (instant: number) => -5 * HOUR + changes.filter((change) => instant >= change).length * HOUR;
    const from = at('2026-01-01T00:00:00Z');
    const to = at('2027-01-01T00:00:00Z');
    expect(offsetSpans(offsetAt, from, to)).toEqual([
      { from, to: changes[0], offset: -5 * HOUR },
      { from: changes[0], to: changes[1], offset: -4 * HOUR },
      { from: changes[1], to: changes[2], offset: -3 * HOUR },
      { from: changes[2], to, offset: -2 * HOUR },
    ]);
  });

  it('is one span when the offset never changes', () => {
    expect(offsetSpans(() => 0, 0, 10 * 24 * HOUR)).toEqual([{ from: 0, to: 10 * 24 * HOUR, offset: 0 }]);
  });
});

describe('zoneCalendar', () => {
  it.each([
    // New York: EST (UTC-5) until 07:00Z on Sunday 2026-03-08, EDT (UTC-4) until 06:00Z on 2026-11-01
    ['America/New_York', '2026-03-08', '2026-03-08T05:00:00.000Z'],
    ['America/New_York', '2026-03-09', '2026-03-09T04:00:00.000Z'],
    ['America/New_York', '2026-11-01', '2026-11-01T04:00:00.000Z'],
    ['America/New_York', '2026-11-02', '2026-11-02T05:00:00.000Z'],
    // Berlin: CET (UTC+1) until 01:00Z on Sunday 2026-03-29, CEST (UTC+2) until 01:00Z on 2026-10-25
    ['Europe/Berlin', '2026-03-29', '2026-03-28T23:00:00.000Z'],
    ['Europe/Berlin', '2026-03-30', '2026-03-29T22:00:00.000Z'],
    ['Europe/Berlin', '2026-10-26', '2026-10-25T23:00:00.000Z'],
    ['Asia/Kathmandu', '2026-01-01', '2025-12-31T18:15:00.000Z'],
    ['UTC', '2026-01-01', '2026-01-01T00:00:00.000Z'],
    // Chile moves its clocks at midnight: on 2024-09-08, 00:00 (UTC-4) became 01:00 (UTC-3)
    ['America/Santiago', '2024-09-08', '2024-09-08T04:00:00.000Z'],
    ['America/Santiago', '2024-09-09', '2024-09-09T03:00:00.000Z'],
    // Samoa skipped Friday 2011-12-30: that day starts and ends when Saturday starts
    ['Pacific/Apia', '2011-12-30', '2011-12-30T10:00:00.000Z'],
    ['Pacific/Apia', '2011-12-31', '2011-12-30T10:00:00.000Z'],
  ])('in %s, %s starts at %s', (timeZone, date, start) => {
    expect(dayStartOf(timeZone, date)).toBe(start);
  });

  it('puts an instant in the day that holds it, across a skipped day', () => {
    expect(dateOf('Pacific/Apia', at('2011-12-30T09:59:59Z'))).toBe('2011-12-29');
    expect(dateOf('Pacific/Apia', at('2011-12-30T10:00:00Z'))).toBe('2011-12-31');
    expect(dateOf('America/New_York', at('2026-03-09T03:30:00Z'))).toBe('2026-03-08');
    expect(dateOf('America/New_York', at('2026-03-09T04:00:00Z'))).toBe('2026-03-09');
  });

  it('starts a day whose midnight the clocks repeat at the first of the two midnights', () => {
    // Havana moved back from 01:00 (UTC-4) to 00:00 (UTC-5) on Sunday 2024-11-03
    expect(dayStartOf('America/Havana', '2024-11-03')).toBe('2024-11-03T04:00:00.000Z');
    expect(dateOf('America/Havana', at('2024-11-03T05:30:00Z'))).toBe('2024-11-03');
    expect(dayStartOf('America/Havana', '2024-11-04')).toBe('2024-11-04T05:00:00.000Z');
  });

  const zones = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Santiago', 'Pacific/Chatham'];

  it.each(zones)('in %s, reads every instant of two years on the date Intl gives it', (timeZone) => {
    const mismatches: string[] = [];
    // every 97 minutes and 13 seconds, so the samples fall at every time of day
    for (let instant = at('2025-01-01T00:00:00Z'); instant < at('2027-01-01T00:00:00Z'); instant += 5_833_000) {
      if (dateOf(timeZone, instant) !== localDate(instant, timeZone)) mismatches.push(new Date(instant).toISOString());
    }
    expect(mismatches).toEqual([]);
  });

  it.each(zones)('in %s, starts every day of two years at its first instant', (timeZone) => {
    const calendar = zoneCalendar(timeZone);
    const wrong: string[] = [];
    for (let day = epochDay('2025-01-01'); day < epochDay('2027-01-01'); day += 1) {
      const start = calendar.dayStart(day);
      const date = dateOfEpochDay(day);
      if (localDate(start, timeZone) !== date || localDate(start - 1000, timeZone) >= date) wrong.push(date);
      if (calendar.dayOf(start) !== day || calendar.dayOf(start - 1) !== day - 1) wrong.push(date);
    }
    expect(wrong).toEqual([]);
  });
});
