import { describe, expect, it } from 'vitest';
import { refusalShownOnFields, serverFieldErrors } from './fieldErrors.js';

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

  it('says the fields tell it all only when every refused field is on the form', () => {
    expect(refusalShownOnFields(refusal({ companyName: ['Required.'] }), ['companyName', 'website'])).toBe(true);
    expect(refusalShownOnFields(refusal({ companyName: ['Required.'], creationDate: ['Too old.'] }), ['companyName'])).toBe(false);
    expect(refusalShownOnFields(refusal(undefined), ['companyName'])).toBe(false);
  });
});
