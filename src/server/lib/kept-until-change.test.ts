import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db.js';
import { createCompany } from '../testing/factories.js';
import { tempDatabase, type TempDatabase } from '../testing/database.js';
import { clockFree, KEPT_INPUTS, keptPerInputUntilChange, keptUntilChange, type ClockPart } from './kept-until-change.js';

let temp: TempDatabase | undefined;
afterEach(async () => {
  await temp?.remove();
  temp = undefined;
});

type Clock = { now: () => Date };

function setUp(clockPart?: ClockPart<{ db: Db; clock: Clock }>) {
  temp = tempDatabase();
  const handle = temp.open();
  let now = new Date('2026-03-04T10:00:00Z');
  const clock = { now: () => now };
  let computed = 0;
  const countCompanies = keptUntilChange(async (deps: { db: Db; clock: Clock }) => {
    computed += 1;
    return (await deps.db.select().from(deps.db.t.companies)).length;
  }, clockPart);
  return {
    handle,
    read: () => countCompanies({ db: handle.db, clock }),
    computed: () => computed,
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
}

describe('keptUntilChange', () => {
  it('answers from the last result while nothing changed', async () => {
    const kit = setUp();
    expect(await kit.read()).toBe(0);
    expect(await kit.read()).toBe(0);
    expect(kit.computed()).toBe(1);
  });

  it('computes again after a write through the same database', async () => {
    const kit = setUp();
    await kit.read();
    await createCompany(kit.handle.db, { companyName: 'Acme' });
    expect(await kit.read()).toBe(1);
    expect(kit.computed()).toBe(2);
  });

  it('computes again after another connection commits', async () => {
    const kit = setUp();
    await kit.read();
    const other = temp!.open();
    await createCompany(other.db, { companyName: 'Written elsewhere' });
    expect(await kit.read()).toBe(1);
  });

  it('shares one computation among the reads that arrive while it runs', async () => {
    const kit = setUp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => kit.read()));
    expect(answers).toEqual(Array.from({ length: 20 }, () => 0));
    expect(kit.computed()).toBe(1);
  });

  it('computes again once the clock leaves the minute', async () => {
    const kit = setUp();
    await kit.read();
    kit.advance(30_000);
    await kit.read();
    expect(kit.computed()).toBe(1);
    kit.advance(31_000);
    await kit.read();
    expect(kit.computed()).toBe(2);
  });

  it('computes again when the clock part it is given changes, and only then', async () => {
    const kit = setUp((deps) => deps.clock.now().toISOString().slice(0, 10));
    await kit.read();
    kit.advance(13 * 60 * 60_000);
    await kit.read();
    expect(kit.computed()).toBe(1);
    kit.advance(60 * 60_000);
    await kit.read();
    expect(kit.computed()).toBe(2);
    await createCompany(kit.handle.db);
    expect(await kit.read()).toBe(1);
    expect(kit.computed()).toBe(3);
  });

  it('keeps a figure the clock does not move (clockFree) across days, until the data changes', async () => {
    const kit = setUp(clockFree);
    await kit.read();
    kit.advance(3 * 24 * 60 * 60_000);
    await kit.read();
    expect(kit.computed()).toBe(1);
    await createCompany(kit.handle.db);
    expect(await kit.read()).toBe(1);
    expect(kit.computed()).toBe(2);
  });
});

describe('keptPerInputUntilChange', () => {
  function keyedSetUp() {
    temp = tempDatabase();
    const handle = temp.open();
    const clock = { now: () => new Date('2026-03-04T10:00:00Z') };
    const computed: string[] = [];
    const attempts: string[] = [];
    const namesWith = keptPerInputUntilChange(
      async (deps: { db: Db; clock: Clock }, text: string) => {
        attempts.push(text);
        await deps.db.select().from(deps.db.t.companies);
        if (text === 'bad') throw new Error('no such input');
        computed.push(text);
        return (await deps.db.select().from(deps.db.t.companies)).filter((company) => company.companyName.includes(text)).length;
      },
      (text) => text,
    );
    return { handle, read: (text: string) => namesWith({ db: handle.db, clock }, text), computed, attempts };
  }

  it('keeps each input’s result apart, each until the data changes', async () => {
    const kit = keyedSetUp();
    await createCompany(kit.handle.db, { companyName: 'Acme' });
    expect([await kit.read('A'), await kit.read('B'), await kit.read('A'), await kit.read('B')]).toEqual([1, 0, 1, 0]);
    expect(kit.computed).toEqual(['A', 'B']);
    await createCompany(kit.handle.db, { companyName: 'Bolt' });
    expect([await kit.read('A'), await kit.read('B')]).toEqual([1, 1]);
    expect(kit.computed).toEqual(['A', 'B', 'A', 'B']);
  });

  it('keeps the last KEPT_INPUTS inputs, the oldest going first, and nothing for an input that throws', async () => {
    const kit = keyedSetUp();
    for (let n = 0; n <= KEPT_INPUTS; n += 1) await kit.read(`input ${n}`);
    await kit.read(`input ${KEPT_INPUTS}`);
    await kit.read('input 1');
    expect(kit.computed.length).toBe(KEPT_INPUTS + 1);
    await kit.read('input 0');
    expect(kit.computed.at(-1)).toBe('input 0');
    await expect(kit.read('bad')).rejects.toThrow('no such input');
    await expect(kit.read('bad')).rejects.toThrow('no such input');
    expect(kit.attempts.filter((text) => text === 'bad')).toHaveLength(2);
  });

  it('shares a running computation per input, and a failed one with the reads that awaited it only', async () => {
    const kit = keyedSetUp();
    const [a1, a2, b] = await Promise.all([kit.read('A'), kit.read('A'), kit.read('B')]);
    expect([a1, a2, b]).toEqual([0, 0, 0]);
    expect(kit.computed).toEqual(['A', 'B']);
    const failures = await Promise.allSettled([kit.read('bad'), kit.read('bad')]);
    expect(failures.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(kit.attempts.filter((text) => text === 'bad')).toHaveLength(1);
    await expect(kit.read('bad')).rejects.toThrow('no such input');
    expect(kit.attempts.filter((text) => text === 'bad')).toHaveLength(2);
  });
});
