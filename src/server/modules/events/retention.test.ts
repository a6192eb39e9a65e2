import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, json, signedInUser, type SignedInUser, type TestApp } from '../../testing/app.js';
import { recordedEvents } from '../../testing/events.js';
import { runScheduledWork } from '../../scheduled.js';
import { recordEvents, SCHEDULED_WORK } from './service.js';

/*
 * The audit log's retention: kept forever unless set; once set (on the Settings page or by
 * EVENT_RETENTION_DAYS), the scheduled work deletes the events older than it, in batches, and
 * nothing newer.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-12-02T12:00:00.000Z');

let t: TestApp;
let boss: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  boss = await signedInUser(t, { companyId: null, role: 'superadmin' });
});
afterAll(() => t.close());

/** `count` events of the made-up record `subjectId`, `daysAgo` days before now. */
async function eventsAged(subjectId: string, daysAgo: number, count: number): Promise<void> {
  const at = new Date(NOW.getTime() - daysAgo * DAY_MS);
  const events = Array.from({ length: count }, () => ({ type: 'task.updated' as const, companyId: null, subjectType: 'task', subjectId, changes: {} }));
  await t.deps.db.transaction((tx) => recordEvents(tx, SCHEDULED_WORK, at, events));
}

describe('the audit log retention', () => {
  it('keeps every event while none is set', async () => {
    await eventsAged('ancient', 3_000, 3);
    await runScheduledWork(t.deps);
    expect(await recordedEvents(t.deps.db, { subjectId: 'ancient' })).toHaveLength(3);
  });

  it('refuses a retention shorter than 30 days, naming the field, and keeps the setting as it was', async () => {
    const refused = await api(t.app, boss.token).put('/superadmin/settings', { eventRetentionDays: 7 });
    expect(refused.statusCode).toBe(400);
    expect(json<{ message: string }>(refused).message).toBe('Audit log retention (days) must be 30 or more.');
    expect(json<{ eventRetentionDays: number | null }>(await api(t.app, boss.token).get('/superadmin/settings')).eventRetentionDays).toBeNull();
  });

  it('once set, deletes the events older than it, many batches of them, and nothing newer', async () => {
    await eventsAged('old', 91, 4_500);
    await eventsAged('recent', 89, 2);
    const saved = await api(t.app, boss.token).put('/superadmin/settings', { eventRetentionDays: 90 });
    expect(json<{ eventRetentionDays: number }>(saved).eventRetentionDays).toBe(90);
    await runScheduledWork(t.deps);
    expect(await recordedEvents(t.deps.db, { subjectId: 'old' })).toEqual([]);
    expect(await recordedEvents(t.deps.db, { subjectId: 'ancient' })).toEqual([]);
    expect(await recordedEvents(t.deps.db, { subjectId: 'recent' })).toHaveLength(2);
    // the change of the setting is itself an event, and kept
    expect(await recordedEvents(t.deps.db, { types: ['settings.updated'] })).toMatchObject([{ changes: { eventRetentionDays: { before: null, after: 90 } } }]);
  });

  it('is back to forever when cleared', async () => {
    await api(t.app, boss.token).put('/superadmin/settings', { eventRetentionDays: null });
    await eventsAged('cleared', 500, 1);
    await runScheduledWork(t.deps);
    expect(await recordedEvents(t.deps.db, { subjectId: 'cleared' })).toHaveLength(1);
  });
});
