import { afterEach, describe, expect, it } from 'vitest';
import { companies } from '../../../drizzle/schema.js';
import { createCompany } from '../testing/factories.js';
import { tempDatabase, type TempDatabase } from '../testing/database.js';
import { keptUntilChange } from './kept-until-change.js';

let temp: TempDatabase | undefined;
afterEach(() => {
  temp?.remove();
  temp = undefined;
});

function setUp() {
  temp = tempDatabase();
  const handle = temp.open();
  let now = new Date('2026-03-04T10:00:00Z');
  const clock = { now: () => now };
  let computed = 0;
  const countCompanies = keptUntilChange((deps: { db: typeof handle.db; clock: typeof clock }) => {
    computed += 1;
    return deps.db.select().from(companies).all().length;
  });
  return {
    handle,
    read: () => countCompanies({ db: handle.db, clock }),
    computed: () => computed,
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
}

describe('keptUntilChange', () => {
  it('answers from the last result while nothing changed', () => {
    const kit = setUp();
    expect(kit.read()).toBe(0);
    expect(kit.read()).toBe(0);
    expect(kit.computed()).toBe(1);
  });

  it('computes again after a write on the same connection', () => {
    const kit = setUp();
    kit.read();
    createCompany(kit.handle.db, { companyName: 'Acme' });
    expect(kit.read()).toBe(1);
    expect(kit.computed()).toBe(2);
  });

  it('computes again after another connection commits', () => {
    const kit = setUp();
    kit.read();
    const other = temp!.open();
    createCompany(other.db, { companyName: 'Written elsewhere' });
    expect(kit.read()).toBe(1);
  });

  it('computes again once the clock leaves the minute', () => {
    const kit = setUp();
    kit.read();
    kit.advance(30_000);
    kit.read();
    expect(kit.computed()).toBe(1);
    kit.advance(31_000);
    kit.read();
    expect(kit.computed()).toBe(2);
  });
});
