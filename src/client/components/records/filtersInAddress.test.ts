import { describe, expect, it } from 'vitest';
import { filtersFromSearch, searchWithFilters, sentFilters } from './useAdminList.js';

describe('a list’s filters in the address', () => {
  const defaults = { openOnly: false, status: '' };

  it('reads each filter from its parameter, a switch from true/false, and keeps the default for the rest', () => {
    expect(filtersFromSearch(defaults, '?openOnly=true&other=1')).toEqual({ openOnly: true, status: '' });
    expect(filtersFromSearch(defaults, '?openOnly=yes&status=Pending')).toEqual({ openOnly: false, status: 'Pending' });
    expect(filtersFromSearch(defaults, '')).toEqual(defaults);
  });

  it('writes only the filters that differ from their defaults, leaving other parameters alone', () => {
    expect(searchWithFilters(defaults, { openOnly: true, status: '' }, '?tab=2')).toBe('?tab=2&openOnly=true');
    expect(searchWithFilters(defaults, { openOnly: false, status: '' }, '?openOnly=true')).toBe('');
    expect(filtersFromSearch(defaults, searchWithFilters(defaults, { openOnly: true, status: 'On hold' }, ''))).toEqual({ openOnly: true, status: 'On hold' });
  });
});

describe('a list’s company filter in the address', () => {
  const noCompany = { company: '' };

  it('reads ?company=<id> and writes it back, leaving it out for all companies', () => {
    expect(filtersFromSearch(noCompany, '?company=abc123&openOnly=true')).toEqual({ company: 'abc123' });
    expect(searchWithFilters(noCompany, { company: 'abc123' }, '?openOnly=true')).toBe('?openOnly=true&company=abc123');
    expect(searchWithFilters(noCompany, { company: '' }, '?company=abc123')).toBe('');
  });
});

describe('the filters a list call is sent', () => {
  it('leaves out a filter left empty (an open end of a date range, no row chosen) and keeps the rest', () => {
    expect(sentFilters({ from: '2026-03-01', to: '', id: '', openOnly: false })).toEqual({ from: '2026-03-01', openOnly: false });
    const fromAddress = filtersFromSearch({ from: '', to: '', id: '' }, '?to=2026-03-31&id=abc');
    expect(sentFilters(fromAddress)).toEqual({ to: '2026-03-31', id: 'abc' });
  });
});
