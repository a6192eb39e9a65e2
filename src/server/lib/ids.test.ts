import { describe, expect, it } from 'vitest';
import { newId, newIds } from './ids.js';

describe('ids', () => {
  it('are 24 base32 characters', () => {
    expect(newId()).toMatch(/^[a-z2-7]{24}$/);
  });

  it('made many at once are as many as asked, of the same shape, all different, none left unfilled past the first read', () => {
    // 5,000 ids take 75,000 random bytes: more than one read
    const ids = newIds(5_000);
    expect(ids).toHaveLength(5_000);
    expect(ids.every((id) => /^[a-z2-7]{24}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(5_000);
    // an id of unfilled bytes is all "a"s
    expect(ids.slice(-100).some((id) => id === 'a'.repeat(24))).toBe(false);
    expect(newIds(0)).toEqual([]);
  });
});
