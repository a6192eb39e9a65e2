import { describe, expect, it } from 'vitest';
import { fieldErrorReader, serverFieldErrors } from './fieldErrors.js';

const refusal = (fieldErrors: unknown) => Object.assign(new Error('Company name is required.'), { data: { code: 'BAD_REQUEST', fieldErrors } });

describe('the server’s field errors on a form', () => {
  it('gives the first message of each refused field', () => {
    expect(serverFieldErrors(refusal({ companyName: ['Company name is required.', 'Too short.'], website: ['Website must be a web address.'] }))).toEqual({
      companyName: 'Company name is required.',
      website: 'Website must be a web address.',
    });
  });

  it('gives nothing for an error that names no field, or is no server answer at all', () => {
    expect(serverFieldErrors(refusal(undefined))).toEqual({});
    expect(serverFieldErrors(refusal({ companyName: [] }))).toEqual({});
    expect(serverFieldErrors(new Error('Failed to fetch'))).toEqual({});
    expect(serverFieldErrors(null)).toEqual({});
  });

  it('reads each field its own message, and nothing for a field the server did not name', () => {
    const errorOn = fieldErrorReader(refusal({ companyName: ['Required.'] }));
    expect(errorOn('companyName')).toBe('Required.');
    expect(errorOn('website')).toBeUndefined();
  });
});
