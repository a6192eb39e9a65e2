import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthsAfterDay, replayBlocks, rolledOver, type ExpiringBlock, type LedgerMove } from './hour-blocks.js';
import { dateOfEpochDay, epochDay } from './weekly.js';

const DAY = 86_400_000;
const key = (day: number, id: string) => ({ at: day * DAY, createdAt: 0, id });
const expiring = (id: string, expiresDay: number, rollover: ExpiringBlock['rollover'] = null): ExpiringBlock => ({ id, expiresAt: expiresDay * DAY, rollover });
const bought = (day: number, id: string, hundredths: number, block: ExpiringBlock | null = null): LedgerMove => ({ kind: 'credit', key: key(day, id), hundredths, block });
const worked = (day: number, id: string, hundredths: number): LedgerMove => ({ kind: 'debit', key: key(day, id), hundredths });

describe('replayBlocks', () => {
  it('draws from the block that expires first, then from the oldest that never expires', () => {
    const replay = replayBlocks([
      bought(0, 'a', 1_000),
      bought(1, 'b', 1_000, expiring('b', 90)),
      bought(2, 'c', 1_000, expiring('c', 60)),
      worked(3, 'w1', 1_500),
      worked(4, 'w2', 300),
    ]);
    // c (expires day 60) first, then b (day 90), then a
    expect(replay.blocks.get('c')).toEqual({ unused: 0, rolled: 0, rolledUnused: 0 });
    expect(replay.blocks.get('b')).toEqual({ unused: 200, rolled: 0, rolledUnused: 0 });
    expect(replay.lasting).toBe(1_000);
    expect(replayBlocks([bought(0, 'a', 1_000), bought(1, 'b', 1_000, expiring('b', 90)), worked(3, 'w', 1_300)]).lasting).toBe(700);
    expect(replay.owed).toBe(0);
  });

  it('expires what is left at the expiry; work dated on or after it draws elsewhere or is owed', () => {
    const replay = replayBlocks([bought(0, 'b', 1_000, expiring('b', 30)), worked(10, 'w1', 200), worked(30, 'w2', 300)]);
    expect(replay.blocks.get('b')!.unused).toBe(800);
    expect(replay.owed).toBe(300);
  });

  it('pays back what is owed before a new block gets its hours', () => {
    const replay = replayBlocks([worked(0, 'w', 300), bought(1, 'b', 1_000, expiring('b', 30))]);
    expect(replay.blocks.get('b')!.unused).toBe(700);
    expect(replay.owed).toBe(0);
  });

  it('rolls over up to the limit into a block that expires in turn', () => {
    const terms = { limit: 500, unit: 'hours' as const, expiresAt: 120 * DAY };
    const replay = replayBlocks([bought(0, 'b', 2_000, expiring('b', 90, terms)), worked(10, 'w1', 200), worked(100, 'w2', 100)]);
    expect(replay.blocks.get('b')).toEqual({ unused: 1_800, rolled: 500, rolledUnused: 400 });
  });

  it('rolls over a share of the unused hours when the terms are a percentage', () => {
    expect(rolledOver({ limit: 25, unit: 'percent' }, 1_001)).toBe(250);
    expect(rolledOver({ limit: 500, unit: 'hours' }, 300)).toBe(300);
    expect(rolledOver(null, 300)).toBe(0);
  });

  it('gives the same outcome whatever order the entries come in', () => {
    const moves = [bought(0, 'a', 500, expiring('a', 20)), worked(5, 'w', 700), bought(6, 'b', 900)];
    expect(replayBlocks([...moves].reverse())).toEqual(replayBlocks(moves));
  });
});

describe('monthsAfterDay', () => {
  it('adds calendar months, a day the month lacks becoming its last', () => {
    const after = (date: string, months: number) => dateOfEpochDay(monthsAfterDay(epochDay(date), months));
    expect(after('2026-11-29', 3)).toBe('2027-02-28');
    expect(after('2028-01-31', 1)).toBe('2028-02-29');
    expect(after('2026-01-15', 12)).toBe('2027-01-15');
    expect(after('2026-12-31', 2)).toBe('2027-02-28');
    expect(after('2026-03-31', 1)).toBe('2026-04-30');
  });
});

/*
 * The same rules worked out a hundredth at a time, the plainest way: each hundredth of work goes to
 * the live block that expires first (never-expiring last, older first among equals), else is owed;
 * each hundredth bought first pays back one owed. Checked against replayBlocks on random ledgers.
 */
function referenceReplay(moves: LedgerMove[]) {
  type Block = { id: string | null; expiresAt: number; order: number; left: number; rollover: ExpiringBlock['rollover']; parent?: string };
  const blocks: Block[] = [];
  const outcomes = new Map<string, { unused: number; rolled: number; rolledUnused: number }>();
  const expired = new Set<Block>();
  let owed = 0;
  let order = 0;
  const expireBefore = (at: number) => {
    for (;;) {
      const due = blocks.filter((block) => !expired.has(block) && block.expiresAt !== Infinity && block.expiresAt <= at).sort((a, b) => a.expiresAt - b.expiresAt || a.order - b.order)[0];
      if (!due) return;
      expired.add(due);
      if (due.parent) {
        outcomes.get(due.parent)!.rolledUnused = due.left;
        continue;
      }
      const rolled = rolledOver(due.rollover, due.left);
      outcomes.set(due.id!, { unused: due.left, rolled, rolledUnused: 0 });
      if (rolled > 0) blocks.push({ id: null, expiresAt: due.rollover!.expiresAt, order: (order += 1), left: rolled, rollover: null, parent: due.id! });
    }
  };
  const sorted = [...moves].sort((a, b) => a.key.at - b.key.at || a.key.createdAt - b.key.createdAt || (a.key.id < b.key.id ? -1 : 1));
  for (const move of sorted) {
    expireBefore(move.key.at);
    if (move.kind === 'credit') {
      let left = move.hundredths;
      while (left > 0 && owed > 0) {
        left -= 1;
        owed -= 1;
      }
      blocks.push({ id: move.block?.id ?? null, expiresAt: move.block?.expiresAt ?? Infinity, order: (order += 1), left, rollover: move.block?.rollover ?? null });
      if (move.block) outcomes.set(move.block.id, { unused: 0, rolled: 0, rolledUnused: 0 });
      expireBefore(move.key.at);
      continue;
    }
    for (let unit = 0; unit < move.hundredths; unit += 1) {
      const from = blocks.filter((block) => !expired.has(block) && block.left > 0).sort((a, b) => a.expiresAt - b.expiresAt || a.order - b.order)[0];
      if (from) from.left -= 1;
      else owed += 1;
    }
  }
  const lasting = blocks.filter((block) => block.expiresAt === Infinity).reduce((sum, block) => sum + block.left, 0);
  expireBefore(Infinity);
  return { blocks: outcomes, lasting, owed };
}

describe('replayBlocks against a hundredth-by-hundredth reference', () => {
  const day = fc.nat({ max: 40 });
  const terms = fc.option(
    fc.record({ limit: fc.nat({ max: 120 }), unit: fc.constantFrom('hours' as const, 'percent' as const), months: fc.integer({ min: 1, max: 20 }) }),
  );
  const move = fc.oneof(
    fc.record({ kind: fc.constant('credit' as const), day, hundredths: fc.nat({ max: 150 }), life: fc.option(fc.integer({ min: 0, max: 30 })), terms }),
    fc.record({ kind: fc.constant('debit' as const), day, hundredths: fc.nat({ max: 150 }) }),
  );

  it('agrees on every block, the never-expiring hours and the overage', () => {
    fc.assert(
      fc.property(fc.array(move, { maxLength: 25 }), (drawn) => {
        const moves: LedgerMove[] = drawn.map((entry, index) => {
          const id = `m${String(index).padStart(3, '0')}`;
          if (entry.kind === 'debit') return worked(entry.day, id, entry.hundredths);
          const block =
            entry.life === null
              ? null
              : expiring(id, entry.day + entry.life, entry.terms && { limit: entry.terms.limit, unit: entry.terms.unit, expiresAt: (entry.day + entry.life + entry.terms.months) * DAY });
          return bought(entry.day, id, entry.hundredths, block);
        });
        expect(replayBlocks(moves)).toEqual(referenceReplay(moves));
      }),
      { numRuns: 500 },
    );
  });
});
