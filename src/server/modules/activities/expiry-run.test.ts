import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { createTestApp, queuedEmails, type TestApp } from '../../testing/app.js';
import { createCompany, createUser, purchasedHours, workedHours } from '../../testing/factories.js';
import { companyHours } from '../../testing/ledger-sums.js';
import { AUTOMATIC, SCHEDULED_WORK } from '../events/service.js';
import { EXPIRED_ENTRY, ROLLED_IN_ENTRY, ROLLED_OUT_ENTRY } from './blocks.js';
import { expireDueBlocks, FIRST_EXPIRY_BATCH, MOST_EXPIRY_BATCH } from './expiry-run.js';

/*
 * The expiry run over many companies at once: it writes each due block from its stored figures in
 * batches, pages through more due blocks than one read takes, alerts every company it leaves low
 * (and only those) in one go, and replays a company whose stored figures are incomplete. Each
 * expiry is recorded once, as the scheduled work's; the alerts it raises as the app's own.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
// the factories settle blocks by the real time: the blocks are bought a month ago and expire tomorrow
const bought = new Date(Date.now() - 30 * DAY);
const expiry = new Date(Date.now() + DAY);
const quarterBlock = (rollover: boolean) => ({
  expiresAt: expiry,
  rollover: rollover ? { limit: 50, unit: 'percent' as const, expiresAt: new Date(expiry.getTime() + 30 * DAY) } : null,
});

/** A company with a 10-hour block bought a month ago, expiring tomorrow (half its unused hours rolling over, if told), `used` hours of it worked. */
async function companyWithBlock(used: number, rollover: boolean, extra = 0) {
  const company = await createCompany(t.deps.db);
  await createUser(t.deps.db, { companyId: company.id, role: 'admin', approved: true });
  await purchasedHours(t.deps.db, company.id, 1_000, 'Quarterly block', bought, true, quarterBlock(rollover));
  if (extra > 0) await purchasedHours(t.deps.db, company.id, extra, 'Hours that never expire', bought, true);
  if (used > 0) await workedHours(t.deps.db, company.id, used, 'Work', new Date(bought.getTime() + 10 * DAY));
  return company;
}

const entriesOf = async (companyId: string) => {
  const { activities } = t.deps.db.t;
  const rows = await t.deps.db.select().from(activities).where(eq(activities.companyId, companyId));
  return rows.filter((row) => row.activityType === 'Expired' || row.activityType === 'Rollover').map((row) => `${row.description} ${row.hundredths}`).sort();
};

/** The company's events in the order they were written: type, who, and the block. */
const eventsOf = async (companyId: string) => {
  const { events } = t.deps.db.t;
  const rows = await t.deps.db.select().from(events).where(eq(events.companyId, companyId)).orderBy(sql`${events}.rowid`);
  return rows.map(({ type, actorLabel, subjectId, changes }) => ({ type, actorLabel, subjectId, changes }));
};
const blocksOf = (companyId: string) => t.deps.db.select().from(t.deps.db.t.hourBlocks).where(eq(t.deps.db.t.hourBlocks.companyId, companyId));

describe('the expiry run over many companies', () => {
  it('writes every due block in batches, growing from the first, and alerts each company it leaves low, once', async () => {
    expect(MOST_EXPIRY_BATCH.sqlite).toBeGreaterThan(FIRST_EXPIRY_BATCH);
    const low = [];
    for (let n = 0; n < 12; n += 1) low.push(await companyWithBlock(200, n % 2 === 0));
    // 30 hours that never expire keep this one above the threshold after its block expires
    const comfortable = await companyWithBlock(200, false, 3_000);
    const before = (await queuedEmails(t.deps)).length;
    const runAt = new Date(expiry.getTime() + 60_000);

    expect(await expireDueBlocks(t.deps, t.deps.db, runAt)).toBe(13);

    for (const [n, company] of low.entries()) {
      // 8 hours unused: half roll over when the block says so, the rest expire
      expect(await entriesOf(company.id)).toEqual(
        n % 2 === 0 ? [`${ROLLED_IN_ENTRY} 400`, `${EXPIRED_ENTRY} -400`, `${ROLLED_OUT_ENTRY} -400`] : [`${EXPIRED_ENTRY} -800`],
      );
      expect((await companyHours(t.deps.db, company.id)).balance).toBe(n % 2 === 0 ? 400 : 0);
    }
    expect(await entriesOf(comfortable.id)).toEqual([`${EXPIRED_ENTRY} -800`]);
    expect((await companyHours(t.deps.db, comfortable.id)).balance).toBe(3_000);

    // one hours.expired per block (and hours.rolled_over per rollover) as the scheduled work's; each low company's alert as the app's own
    for (const [n, company] of [...low.entries(), [1, comfortable] as const]) {
      const blocks = await blocksOf(company.id);
      const block = blocks.find((row) => row.rolledFromId === null)!;
      const rolled = blocks.find((row) => row.rolledFromId !== null);
      const expired = { type: 'hours.expired', actorLabel: SCHEDULED_WORK.actorLabel, subjectId: block.id, changes: { expiredAt: { before: null, after: runAt.toISOString() }, expiredHours: { before: 0, after: n % 2 === 0 ? 4 : 8 } } };
      const rolledOver = rolled && { type: 'hours.rolled_over', actorLabel: SCHEDULED_WORK.actorLabel, subjectId: rolled.id, changes: expect.objectContaining({ hours: { before: null, after: 4 } }) };
      const alert = company === comfortable ? [] : [{ type: 'balance_email.sent', actorLabel: AUTOMATIC.actorLabel, subjectId: company.id, changes: { runningLowEmailedAt: { before: null, after: t.clock.now().toISOString() } } }];
      expect(await eventsOf(company.id)).toEqual([expired, ...(rolledOver ? [rolledOver] : []), ...alert]);
    }

    const emails = (await queuedEmails(t.deps)).slice(before);
    // each low company: its admins' running-low email and the provider's notice; none for the comfortable one
    expect(emails).toHaveLength(2 * low.length);
    const { companies } = t.deps.db.t;
    const alerted = await t.deps.db.select({ id: companies.id, alert: companies.balanceAlert }).from(companies).where(inArray(companies.id, [...low, comfortable].map((c) => c.id)));
    expect(alerted.filter((row) => row.alert === 'runningLow').map((row) => row.id).sort()).toEqual(low.map((c) => c.id).sort());

    // a second run finds nothing due and writes nothing, nor records anything
    const recorded = await t.deps.db.select().from(t.deps.db.t.events);
    expect(await expireDueBlocks(t.deps, t.deps.db, runAt)).toBe(0);
    expect((await queuedEmails(t.deps)).length).toBe(before + emails.length);
    expect(await t.deps.db.select().from(t.deps.db.t.events)).toHaveLength(recorded.length);
  });

  it('replays a company whose block lacks the figure of its rolled-over hours, writing what a replay gives', async () => {
    const company = await companyWithBlock(300, true);
    const { hourBlocks } = t.deps.db.t;
    await t.deps.db.transaction((tx) => tx.update(hourBlocks).set({ rolledUnusedHundredths: null }).where(eq(hourBlocks.companyId, company.id)));
    // work dated after the expiry draws on the rolled-over block, which the stored figures could not know
    await workedHours(t.deps.db, company.id, 100, 'Work after the expiry', new Date(expiry.getTime() + DAY));
    await expireDueBlocks(t.deps, t.deps.db, new Date(expiry.getTime() + 2 * DAY));

    const blocks = await t.deps.db.select().from(hourBlocks).where(eq(hourBlocks.companyId, company.id));
    const rolled = blocks.find((block) => block.rolledFromId !== null)!;
    // 7 unused: 3.5 roll over, of which 1 is worked after the expiry
    expect(await entriesOf(company.id)).toEqual([`${ROLLED_IN_ENTRY} 350`, `${EXPIRED_ENTRY} -350`, `${ROLLED_OUT_ENTRY} -350`]);
    expect(rolled.unusedHundredths).toBe(250);
    expect((await companyHours(t.deps.db, company.id)).balance).toBe(250);
    // replayed, the expiry is recorded as the batch would record it
    const block = blocks.find((row) => row.rolledFromId === null)!;
    expect((await eventsOf(company.id)).filter((event) => event.type.startsWith('hours.'))).toEqual([
      { type: 'hours.expired', actorLabel: SCHEDULED_WORK.actorLabel, subjectId: block.id, changes: { expiredAt: { before: null, after: new Date(expiry.getTime() + 2 * DAY).toISOString() }, expiredHours: { before: 0, after: 3.5 } } },
      { type: 'hours.rolled_over', actorLabel: SCHEDULED_WORK.actorLabel, subjectId: rolled.id, changes: { hours: { before: null, after: 3.5 }, expiresAt: { before: null, after: rolled.expiresAt.toISOString() }, rolledFrom: { before: null, after: block.id } } },
    ]);
  });

  it('pages through more due blocks than one read takes', async () => {
    const companies: { id: string }[] = [];
    for (let n = 0; n < 35; n += 1) companies.push(await createCompany(t.deps.db));
    // 1,050 one-hour blocks over 35 companies, unused, written as the services would leave them: more than a page of due blocks
    await t.deps.db.transaction(async (tx) => {
      const { activities, companies: companyRows, hourBlocks } = tx.t;
      const rows = Array.from({ length: 1_050 }, (_, n) => ({ companyId: companies[n % 35]!.id, entryId: newId(), blockId: newId() }));
      for (let at = 0; at < rows.length; at += 100) {
        const slice = rows.slice(at, at + 100);
        await tx.insert(activities).values(slice.map((row) => ({ id: row.entryId, companyId: row.companyId, activityType: 'TimeAdd' as const, status: 'completed' as const, hundredths: 100, description: 'Block', timeStamp: bought, invoiceId: null, timeLogId: null, createdAt: bought })));
        await tx.insert(hourBlocks).values(slice.map((row) => ({ id: row.blockId, companyId: row.companyId, entryId: row.entryId, expiresAt: expiry, unusedHundredths: 100, rolledHundredths: 0, rolledUnusedHundredths: 0, createdAt: bought })));
      }
      await tx.update(companyRows).set({ balanceHundredths: 3_000 }).where(inArray(companyRows.id, companies.map((c) => c.id)));
    });
    expect(await expireDueBlocks(t.deps, t.deps.db, new Date(expiry.getTime() + 60_000))).toBe(1_050);

    const { hourBlocks } = t.deps.db.t;
    const left = await t.deps.db.select().from(hourBlocks).where(isNull(hourBlocks.expiredAt));
    expect(left.filter((block) => companies.some((c) => c.id === block.companyId))).toEqual([]);
    for (const company of companies) expect((await companyHours(t.deps.db, company.id)).balance).toBe(0);
    const { events } = t.deps.db.t;
    const expired = await t.deps.db.select({ subjectId: events.subjectId }).from(events).where(and(eq(events.type, 'hours.expired'), inArray(events.companyId, companies.map((c) => c.id))));
    expect(new Set(expired.map((event) => event.subjectId)).size).toBe(1_050);
    expect(expired).toHaveLength(1_050);
  });
});
