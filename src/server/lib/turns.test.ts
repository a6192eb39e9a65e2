import { describe, expect, it } from 'vitest';
import { KeyedTurns } from './turns.js';

/** Takes a turn, notes when it starts and ends, and holds it until released. */
function holder(turns: KeyedTurns, log: string[], name: string, key?: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const done = (async () => {
    const handBack = await turns.take(key);
    log.push(`${name} starts`);
    await released;
    log.push(`${name} ends`);
    handBack();
  })();
  return { release, done };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('keyed turns', () => {
  it('run turns under different keys at once, and those under one key one after the other', async () => {
    const turns = new KeyedTurns(10);
    const log: string[] = [];
    const a1 = holder(turns, log, 'a1', 'a');
    const b1 = holder(turns, log, 'b1', 'b');
    const a2 = holder(turns, log, 'a2', 'a');
    await settle();
    expect(log).toEqual(['a1 starts', 'b1 starts']);
    a1.release();
    await settle();
    expect(log).toEqual(['a1 starts', 'b1 starts', 'a1 ends', 'a2 starts']);
    b1.release();
    a2.release();
    await Promise.all([a1.done, b1.done, a2.done]);
  });

  it('run a whole turn alone: after every earlier turn, and before every later one', async () => {
    const turns = new KeyedTurns(10);
    const log: string[] = [];
    const a = holder(turns, log, 'a', 'a');
    const b = holder(turns, log, 'b', 'b');
    const whole = holder(turns, log, 'whole');
    const c = holder(turns, log, 'c', 'c');
    await settle();
    expect(log).toEqual(['a starts', 'b starts']);
    a.release();
    await settle();
    expect(log).toEqual(['a starts', 'b starts', 'a ends']);
    b.release();
    await settle();
    expect(log).toEqual(['a starts', 'b starts', 'a ends', 'b ends', 'whole starts']);
    whole.release();
    await settle();
    expect(log.slice(-2)).toEqual(['whole ends', 'c starts']);
    c.release();
    await Promise.all([a.done, b.done, whole.done, c.done]);
  });


  it('run at most so many turns at once, the next free one starting as one is handed back', async () => {
    const turns = new KeyedTurns(2);
    const log: string[] = [];
    const a = holder(turns, log, 'a', 'a');
    const b = holder(turns, log, 'b', 'b');
    const c = holder(turns, log, 'c', 'c');
    await settle();
    expect(log).toEqual(['a starts', 'b starts']);
    b.release();
    await settle();
    expect(log).toEqual(['a starts', 'b starts', 'b ends', 'c starts']);
    a.release();
    c.release();
    await Promise.all([a.done, b.done, c.done]);
    // all handed back: two start at once again
    const d = holder(turns, log, 'd', 'd');
    const e = holder(turns, log, 'e', 'e');
    await settle();
    expect(log.slice(-2)).toEqual(['d starts', 'e starts']);
    d.release();
    e.release();
    await Promise.all([d.done, e.done]);
  });
});
