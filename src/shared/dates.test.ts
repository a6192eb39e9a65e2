import { describe, expect, it } from 'vitest';
import * as dates from './dates.js';
import { calendarDateText, dateText, dateTimeText, timeAgoText } from './dates.js';

// 2026-03-02 22:30 UTC: still March 2 in New York, already March 3 in Tokyo.
const instant = '2026-03-02T22:30:00.000Z';

describe('the screens’ date texts', () => {
  it('writes each style as the lists and cards show it', () => {
    expect(dateText(instant, 'UTC')).toBe('Mar 2, 2026');
    expect(calendarDateText('2026-03-02')).toBe('Mar 2');
    expect(dateTimeText(instant, 'UTC')).toBe('Mar 2, 2026, 10:30 PM');
  });

  it('has one style for a day and one for an instant: no numeric or long-month dates beside them', () => {
    expect(Object.keys(dates).filter((name) => name.endsWith('DateText'))).toEqual(['calendarDateText']);
    expect(dates.calendarDateText('2026-03-02', 'date')).toBe('Mar 2, 2026');
  });

  it('reads the instant in the zone given', () => {
    expect(dateText(instant, 'America/New_York')).toBe('Mar 2, 2026');
    expect(dateText(instant, 'Asia/Tokyo')).toBe('Mar 3, 2026');
    expect(dateTimeText(instant, 'Asia/Tokyo')).toBe('Mar 3, 2026, 7:30 AM');
  });

  it('puts a plain space before AM/PM, so the text can be typed into a search', () => {
    expect(dateTimeText(instant, 'UTC')).not.toMatch(/\u202f/);
  });
});

describe('timeAgoText', () => {
  const now = Date.parse('2026-03-02T15:00:00Z');
  it('names the largest whole unit', () => {
    expect(timeAgoText(now - 30_000, now)).toBe('just now');
    expect(timeAgoText(now - 60_000, now)).toBe('1 minute ago');
    expect(timeAgoText(now - 59 * 60_000, now)).toBe('59 minutes ago');
    expect(timeAgoText(now - 3 * 3_600_000 - 1, now)).toBe('3 hours ago');
    expect(timeAgoText(now - 49 * 3_600_000, now)).toBe('2 days ago');
  });
});
