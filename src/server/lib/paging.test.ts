import { describe, expect, it } from 'vitest';
import { COUNT_BLOCK, countCapOf, pageOf, type ListReader } from './paging.js';

/** A list of `size` numbered rows that records how far each count was asked to go. */
function listOf(size: number) {
  const counts: number[] = [];
  const reader: ListReader<number> = {
    rows: (limit, offset) => Array.from({ length: Math.max(0, Math.min(limit, size - offset)) }, (_row, index) => offset + index),
    count: (atMost) => {
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

  it('answers an exact total below the cap, without the capped mark', () => {
    const { reader, counts } = listOf(9_999);
    expect(pageOf({ page: 1, perPage: 25 }, reader)).toEqual({ items: Array.from({ length: 25 }, (_row, index) => index), total: 9_999 });
    expect(counts).toEqual([10_000]);
  });

  it('answers the cap as a lower bound, marked totalIsCapped, when the count reaches it', () => {
    const { reader, counts } = listOf(2_000_000);
    const first = pageOf({ page: 1, perPage: 25 }, reader);
    expect([first.total, first.totalIsCapped]).toEqual([10_000, true]);
    // exactly the cap is still "10,000 or more"
    expect(pageOf({ page: 1, perPage: 25 }, listOf(10_000).reader)).toMatchObject({ total: 10_000, totalIsCapped: true });
    // the page that ends at the cap counts on, so the pager offers the page after it
    const blockEnd = pageOf({ page: 400, perPage: 25 }, reader);
    expect([blockEnd.items[0], blockEnd.total, blockEnd.totalIsCapped]).toEqual([9_975, 20_000, true]);
    expect(counts).toEqual([10_000, 20_000]);
  });

  it('needs no count where the page tells the total: a short page, or an empty first page', () => {
    const { reader, counts } = listOf(20_010);
    expect(pageOf({ page: 801, perPage: 25 }, reader)).toEqual({ items: Array.from({ length: 10 }, (_row, index) => 20_000 + index), total: 20_010 });
    expect(pageOf({ page: 1, perPage: 25 }, listOf(0).reader)).toEqual({ items: [], total: 0 });
    expect(counts).toEqual([]);
  });

  it('counts past the end of the list for an empty page there, and answers the exact total', () => {
    const { reader, counts } = listOf(30);
    expect(pageOf({ page: 3, perPage: 25 }, reader)).toEqual({ items: [], total: 30 });
    expect(counts).toEqual([10_000]);
  });
});
