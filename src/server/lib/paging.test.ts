import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { concatenatedReaders, COUNT_BLOCK, countCapOf, countOfMatches, matchedRowsOnly, pageOf, pageOrderOf, SORTED_MATCHES_LIMIT, type ListReader } from './paging.js';

/** A list of `size` numbered rows (from `first`) that records how far each count was asked to go. */
function listOf(size: number, first = 0) {
  const counts: number[] = [];
  const reader: ListReader<number> = {
    rows: async (limit, offset) => Array.from({ length: Math.max(0, Math.min(limit, size - offset)) }, (_row, index) => first + offset + index),
    count: async (atMost) => {
      counts.push(atMost);
      return Math.min(size, atMost);
    },
  };
  return { reader, counts };
}

describe('pageOf: a total counted up to a cap', () => {
  it('counts to the end of the block after the page: 10,000 for the first pages, on to 20,000 from the page that ends at 10,000', () => {
    expect(COUNT_BLOCK).toBe(10_000);
    expect(countCapOf(25)).toBe(10_000);
    expect(countCapOf(9_999)).toBe(10_000);
    expect(countCapOf(10_000)).toBe(20_000);
    expect(countCapOf(25_000)).toBe(30_000);
  });

  it('answers an exact total below the cap, without the capped mark', async () => {
    const { reader, counts } = listOf(9_999);
    expect(await pageOf({ page: 1, perPage: 25 }, reader)).toEqual({ items: Array.from({ length: 25 }, (_row, index) => index), total: 9_999 });
    expect(counts).toEqual([10_000]);
  });

  it('answers the cap as a lower bound, marked totalIsCapped, when the count reaches it', async () => {
    const { reader, counts } = listOf(2_000_000);
    const first = await pageOf({ page: 1, perPage: 25 }, reader);
    expect([first.total, first.totalIsCapped]).toEqual([10_000, true]);
    // exactly the cap is still "10,000 or more"
    expect(await pageOf({ page: 1, perPage: 25 }, listOf(10_000).reader)).toMatchObject({ total: 10_000, totalIsCapped: true });
    // the page that ends at the cap counts on, so the pager offers the page after it
    const blockEnd = await pageOf({ page: 400, perPage: 25 }, reader);
    expect([blockEnd.items[0], blockEnd.total, blockEnd.totalIsCapped]).toEqual([9_975, 20_000, true]);
    expect(counts).toEqual([10_000, 20_000]);
  });

  it('needs no count where the page tells the total: a short page, or an empty first page', async () => {
    const { reader, counts } = listOf(20_010);
    expect(await pageOf({ page: 801, perPage: 25 }, reader)).toEqual({ items: Array.from({ length: 10 }, (_row, index) => 20_000 + index), total: 20_010 });
    expect(await pageOf({ page: 1, perPage: 25 }, listOf(0).reader)).toEqual({ items: [], total: 0 });
    expect(counts).toEqual([]);
  });

  it('counts past the end of the list for an empty page there, and answers the exact total', async () => {
    const { reader, counts } = listOf(30);
    expect(await pageOf({ page: 3, perPage: 25 }, reader)).toEqual({ items: [], total: 30 });
    expect(counts).toEqual([10_000]);
  });
});

describe('concatenatedReaders: one list read from several, one after the other', () => {
  const threeParts = () => [listOf(7), listOf(0, 100), listOf(5, 200)];
  const every = [0, 1, 2, 3, 4, 5, 6, 200, 201, 202, 203, 204];

  it('gives every slice of the joined list, whatever parts it spans', async () => {
    for (let offset = 0; offset <= every.length + 2; offset += 1) {
      for (const limit of [1, 3, 7, 20]) {
        const reader = concatenatedReaders(threeParts().map(({ reader }) => reader));
        expect(await reader.rows(limit, offset), `${limit} from ${offset}`).toEqual(every.slice(offset, offset + limit));
      }
    }
  });

  it('counts a part it starts past only as far as the slice’s start, and the next part not at all once the slice is full', async () => {
    const parts = threeParts();
    const reader = concatenatedReaders(parts.map(({ reader }) => reader));
    expect(await reader.rows(2, 9)).toEqual([202, 203]);
    expect(parts.map(({ counts }) => counts)).toEqual([[9], [2], []]);
    const fresh = threeParts();
    expect(await concatenatedReaders(fresh.map(({ reader }) => reader)).rows(3, 2)).toEqual([2, 3, 4]);
    expect(fresh.map(({ counts }) => counts)).toEqual([[], [], []]);
  });

  it('counts the parts in turn, each up to what the cap leaves', async () => {
    const parts = [listOf(7), listOf(30), listOf(5)];
    const reader = concatenatedReaders(parts.map(({ reader }) => reader));
    expect(await reader.count(1_000)).toBe(42);
    expect(await reader.count(20)).toBe(20);
    expect(parts.map(({ counts }) => counts)).toEqual([[1_000, 20], [993, 13], [963]]);
    expect(await pageOf({ page: 2, perPage: 5 }, reader)).toEqual({ items: [5, 6, 0, 1, 2], total: 42 });
  });
});

describe('pageOrderOf: a narrowed list whose probe found all its matches', () => {
  it('sorts them, reads just those rows by rowid and counts them without another query', async () => {
    let probes = 0;
    const order = pageOrderOf(true, async (limit) => {
      probes += 1;
      return [7, 3, 9].slice(0, limit);
    });
    expect(await order()).toBe('sortMatches');
    expect(await order.matches()).toEqual([7, 3, 9]);
    expect(await matchedRowsOnly(order, sql`rowid`, true)).toBeDefined();
    // matches an index finds again as cheaply are not listed
    expect(await matchedRowsOnly(order, sql`rowid`, false)).toBeUndefined();
    expect(await countOfMatches(order, 10_000, () => expect.unreachable('no count query'))).toBe(3);
    expect(probes).toBe(1);
  });

  it('probes once however many ask for the order while the probe runs', async () => {
    let probes = 0;
    const order = pageOrderOf(true, async () => {
      probes += 1;
      return [1];
    });
    expect(await Promise.all([order(), order.matches(), order()])).toEqual(['sortMatches', [1], 'sortMatches']);
    expect(probes).toBe(1);
  });

  it('walks the list when the probe finds more than SORTED_MATCHES_LIMIT, or when nothing narrows it', async () => {
    const many = pageOrderOf(true, async (limit) => Array.from({ length: limit }, (_row, index) => index));
    expect(await Promise.all([many(), many.matches(), matchedRowsOnly(many, sql`rowid`, true)])).toEqual(['walk', undefined, undefined]);
    expect(await countOfMatches(many, 10_000, async (atMost) => atMost)).toBe(10_000);
    const all = pageOrderOf(false, () => expect.unreachable('no probe'));
    expect(await Promise.all([all(), countOfMatches(all, 50, async () => 42)])).toEqual(['walk', 42]);
    expect(SORTED_MATCHES_LIMIT).toBe(2_000);
  });
});
