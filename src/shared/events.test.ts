import { describe, expect, it } from 'vitest';
import { changedFields, changesText } from './events.js';

/* How an event's changes are found and read. */
describe('event changes', () => {
  it('name only the fields that changed; a made or removed record, its fields that hold something', () => {
    expect(changedFields({ hours: 10, note: 'a' }, { hours: 12, note: 'a' }, ['hours', 'note'])).toEqual({ hours: { before: 10, after: 12 } });
    expect(changedFields(undefined, { hours: 10, endDate: null }, ['hours', 'endDate'])).toEqual({ hours: { before: null, after: 10 } });
    expect(changedFields({ hours: 10, endDate: null }, undefined, ['hours', 'endDate'])).toEqual({ hours: { before: 10, after: null } });
  });

  it('read as one line, before → after, a made record by its values, an empty text left out', () => {
    expect(changesText({ price: { before: 500, after: 450 }, description: { before: 'Ten hours', after: 'Twelve hours' } })).toBe('price: 500 → 450; description: Ten hours → Twelve hours');
    expect(changesText({ hours: { before: null, after: 10 }, selectedPaymentMethod: { before: null, after: '' }, rollover: { before: null, after: { limit: 2 } } })).toBe('hours: 10; rollover: {"limit":2}');
    expect(changesText({ note: { before: 'a', after: '' } })).toBe('note: a → —');
  });
});
