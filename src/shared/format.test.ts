import { describe, expect, it } from 'vitest';
import { formatDollars, formatHours, formatHoursFixed, hoursCountText } from './format.js';

describe('formatDollars', () => {
  it.each([
    [1000, '$1,000'],
    [12.5, '$12.50'],
    [0.1 + 0.2, '$0.30'],
    [25000, '$25,000'],
    [-40, '-$40'],
    [1234.567, '$1,234.57'],
  ])('%s -> %s', (amount, text) => expect(formatDollars(amount)).toBe(text));
});

describe('formatHours', () => {
  it.each([
    [12.5, '12.5'],
    [3, '3'],
    [-1.25, '-1.25'],
    [0.1 + 0.2, '0.3'],
    [-0, '0'],
    [-0.001, '0'],
    [1234.5, '1,234.5'],
  ])('%s -> %s', (hours, text) => expect(formatHours(hours)).toBe(text));

  it('shows exactly two decimals where asked', () => {
    expect(formatHoursFixed(12.5)).toBe('12.50');
    expect(formatHoursFixed(0)).toBe('0.00');
  });
});

describe('hoursCountText', () => {
  it.each([
    [1, '1 hour'],
    [-1, '-1 hour'],
    [2.5, '2.5 hours'],
    [0, '0 hours'],
    [1250, '1,250 hours'],
    [-0.25, '-0.25 hours'],
  ])('%s -> %s', (hours, text) => expect(hoursCountText(hours)).toBe(text));
});
