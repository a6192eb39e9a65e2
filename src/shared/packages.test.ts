import { describe, expect, it } from 'vitest';
import { byCatalogueOrder, packageFormInput, packagePrice, type PackageDto } from './packages.js';

describe('packagePrice', () => {
  it('is hours times rate to 2 decimals, without floating-point noise', () => {
    expect(packagePrice(10, 1000)).toBe(10000);
    expect(packagePrice(0.1, 1000)).toBe(100);
    expect(packagePrice(0.3, 0.1)).toBe(0.03);
    expect(packagePrice(1.25, 99.99)).toBe(124.99); // 124.9875
    expect(packagePrice(0, 1000)).toBe(0);
  });
});

const pkg = (fields: Partial<PackageDto>): PackageDto => ({
  _id: 'x', description: 'd', hours: 0, rate: 1000, price: 0, company: null, companyName: null,
  startDate: '2026-01-01T00:00:00.000Z', endDate: null, validityMonths: null, rollover: null, ...fields,
});

describe('catalogue rules', () => {
  it('puts custom packages first, then general ones, each by hours ascending', () => {
    const list = [
      pkg({ _id: 'g20', hours: 20 }),
      pkg({ _id: 'c50', hours: 50, company: 'c' }),
      pkg({ _id: 'g5', hours: 5 }),
      pkg({ _id: 'c10', hours: 10, company: 'c' }),
    ];
    expect(list.sort(byCatalogueOrder).map((p) => p._id)).toEqual(['c10', 'c50', 'g5', 'g20']);
  });
});

describe('packageFormInput', () => {
  it('defaults hours to 0 and rate to 1000', () => {
    expect(packageFormInput.parse({ description: 'Starter' })).toMatchObject({ description: 'Starter', hours: 0, rate: 1000 });
  });

  it.each([
    [{}, 'Description is required.'],
    [{ description: '  ' }, 'Description is required.'],
    [{ description: 'x', hours: -1 }, 'Hours must be 0 or more.'],
    [{ description: 'x', hours: 'many' }, 'Hours must be a number.'],
    [{ description: 'x', rate: -0.01 }, 'Rate must be 0 or more.'],
    [{ description: 'x', startDate: 'soon' }, 'Start date must be a date, such as 2026-03-02 or 2026-03-02T15:00:00Z.'],
    [{ description: 'x', endDate: '03/02/2026' }, 'End date must be a date, such as 2026-03-02 or 2026-03-02T15:00:00Z.'],
  ])('refuses %j with %s', (input, message) => {
    const result = packageFormInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
