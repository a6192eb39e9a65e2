import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { recordedEvents } from '../../testing/events.js';
import { recordEvents, SCHEDULED_WORK, sourceOf } from './service.js';

/*
 * The event stream's store: events are written in the transaction of their change (none when it
 * fails), read back newest first per record, and carry who did it and from where.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

const boss = { userId: 'user-1', firstName: 'Pat', lastName: 'Provider', emailAddress: 'pat@example.com' };

describe('events', () => {
  it('are kept with their change: a failed transaction leaves none', async () => {
    const at = new Date('2026-12-02T10:00:00.000Z');
    const event = { type: 'invoice.updated' as const, companyId: 'company-1', subjectType: 'invoice', subjectId: 'invoice-fails', changes: { status: { before: 'Pending', after: 'Paid' } } };
    await expect(
      t.deps.db.transaction(async (tx) => {
        await recordEvents(tx, sourceOf(boss, '203.0.113.9'), at, [event]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await recordedEvents(t.deps.db, { subjectId: 'invoice-fails' })).toEqual([]);
  });

  it('are read back per record, in the order they were written, with the actor and the address', async () => {
    const subject = { companyId: 'company-1', subjectType: 'invoice', subjectId: 'invoice-2' };
    await t.deps.db.transaction((tx) =>
      recordEvents(tx, sourceOf(boss, '203.0.113.9'), new Date('2026-12-02T10:00:00.000Z'), [{ type: 'invoice.created', ...subject, changes: { hours: { before: null, after: 10 } } }]),
    );
    await t.deps.db.transaction((tx) =>
      recordEvents(tx, SCHEDULED_WORK, new Date('2026-12-02T11:00:00.000Z'), [{ type: 'invoice.updated', ...subject, changes: { status: { before: 'Pending', after: 'Paid' } } }]),
    );
    const events = await recordedEvents(t.deps.db, { subjectId: 'invoice-2' });
    expect(events.map((event) => [event.type, event.actorLabel, event.ipAddress, event.changes])).toEqual([
      ['invoice.created', 'Pat Provider <pat@example.com>', '203.0.113.9', { hours: { before: null, after: 10 } }],
      ['invoice.updated', 'Scheduled work', null, { status: { before: 'Pending', after: 'Paid' } }],
    ]);
    expect(events[0]?.occurredAt).toEqual(new Date('2026-12-02T10:00:00.000Z'));
  });

  it('recorded many at once keep their order and their changes as given, across statements', async () => {
    const subject = { companyId: 'company-many', subjectType: 'hour_block' };
    const awkward = { note: { before: null, after: 'a "quoted" \\ text, with ünïcode and \u2028' }, nested: { before: { hours: [1, 2.5] }, after: { flag: false } } };
    const many = Array.from({ length: 1_203 }, (_, index) => ({ type: 'hours.expired' as const, ...subject, subjectId: `block-${index}`, changes: index === 7 ? awkward : { unusedHundredths: { before: index, after: 0 } } }));
    await t.deps.db.transaction((tx) => recordEvents(tx, SCHEDULED_WORK, new Date('2026-12-02T12:00:00.000Z'), many));
    const events = await recordedEvents(t.deps.db, { companyId: 'company-many' });
    expect(events.map((event) => event.subjectId)).toEqual(many.map((event) => event.subjectId));
    expect(events[7]?.changes).toEqual(awkward);
    expect(events[1_202]?.changes).toEqual({ unusedHundredths: { before: 1_202, after: 0 } });
    expect(new Set(events.map((event) => event.occurredAt.getTime()))).toEqual(new Set([Date.parse('2026-12-02T12:00:00.000Z')]));
    expect(events.every((event) => event.actorId === null && event.ipAddress === null && event.actorLabel === 'Scheduled work')).toBe(true);
  });
});
