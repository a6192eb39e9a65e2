import { afterEach, describe, expect, it } from 'vitest';
import { companies } from '../../../drizzle/schema.js';
import { createCompany } from '../testing/factories.js';
import { tempDatabase, type TempDatabase } from '../testing/database.js';
import { KEPT_INPUTS, keptPerInputUntilChange, keptUntilChange } from './kept-until-change.js';

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

describe('keptPerInputUntilChange', () => {
  function keyedSetUp() {
    temp = tempDatabase();
    const handle = temp.open();
    const clock = { now: () => new Date('2026-03-04T10:00:00Z') };
    const computed: string[] = [];
    const namesWith = keptPerInputUntilChange(
      (deps: { db: typeof handle.db; clock: typeof clock }, text: string) => {
        if (text === 'bad') throw new Error('no such input');
        computed.push(text);
        return deps.db.select().from(companies).all().filter((company) => company.companyName.includes(text)).length;
      },
      (text) => text,
    );
    return { handle, read: (text: string) => namesWith({ db: handle.db, clock }, text), computed };
  }

  it('keeps each input’s result apart, each until the data changes', () => {
    const kit = keyedSetUp();
    createCompany(kit.handle.db, { companyName: 'Acme' });
    expect([kit.read('A'), kit.read('B'), kit.read('A'), kit.read('B')]).toEqual([1, 0, 1, 0]);
    expect(kit.computed).toEqual(['A', 'B']);
    createCompany(kit.handle.db, { companyName: 'Bolt' });
    expect([kit.read('A'), kit.read('B')]).toEqual([1, 1]);
    expect(kit.computed).toEqual(['A', 'B', 'A', 'B']);
  });

  it('keeps the last KEPT_INPUTS inputs, the oldest going first, and nothing for an input that throws', () => {
    const kit = keyedSetUp();
    for (let n = 0; n <= KEPT_INPUTS; n += 1) kit.read(`input ${n}`);
    kit.read(`input ${KEPT_INPUTS}`);
    kit.read('input 1');
    expect(kit.computed.length).toBe(KEPT_INPUTS + 1);
    kit.read('input 0');
    expect(kit.computed.at(-1)).toBe('input 0');
    expect(() => kit.read('bad')).toThrow('no such input');
    expect(() => kit.read('bad')).toThrow('no such input');
  });
});
