import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedEvents } from '../../testing/events.js';
import type { ActivityDto } from '../../../shared/activities.js';
import type { DashboardDto } from '../../../shared/dashboard.js';
import type { ExpiringSoonDto } from '../../../shared/overview.js';
import { ROLLOVER_NEEDS_VALIDITY } from '../../../shared/hour-blocks.js';
import type { InvoiceDto } from '../../../shared/invoices.js';
import type { PackageDto } from '../../../shared/packages.js';
import type { TimeLogDto } from '../../../shared/timelogs.js';
import { api, createTestApp, json, queuedEmails, signedInUser, type SignedInUser, type TestApp, signedInAt } from '../../testing/app.js';
import { createCompany, purchasedHours, workedHours } from '../../testing/factories.js';
import { companyHours } from '../../testing/ledger-sums.js';
import { createRuntime } from '../../bootstrap.js';
import { runScheduledWork } from '../../scheduled.js';
import { AUTOMATIC, SCHEDULED_WORK } from '../events/service.js';
import { ROLLED_IN_ENTRY } from './blocks.js';

/*
 * Hour blocks through the API, as a provider sells them: a package whose hours stay valid three
 * months, two of whose unused hours roll over for one more; bought by the customer, paid, used,
 * expired by the scheduled run. The clock starts on Monday 2026-03-02 at 10:00 in New York.
 */

let t: TestApp;
let boss: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  boss = await signedInUser(t, { role: 'superadmin' });
});
afterAll(() => t.close());

const asBoss = () => api(t.app, boss.token);
let serial = 0;

/** Moves the clock; sessions lapse after 30 days without use, so the provider signs in again. */
async function moveClock(iso: string) {
  boss = await signedInAt(t, iso, { role: 'superadmin' });
}

async function packageWithTerms(fields: Record<string, unknown> = {}): Promise<PackageDto> {
  const response = await asBoss().post('/superadmin/packages', {
    description: `Quarterly block ${(serial += 1)}`,
    hours: 10,
    rate: 100,
    validityMonths: 3,
    rollover: { limit: 2, unit: 'hours', months: 1 },
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<PackageDto>(response);
}

/** A company whose admin bought the package, and the invoice. */
async function bought(pkg: PackageDto) {
  const company = await createCompany(t.deps.db, { companyName: `Block Co ${(serial += 1)}` });
  const admin = await signedInUser(t, { companyId: company.id, role: 'admin' });
  const purchase = await api(t.app, admin.token).post('/invoices/purchase', { packageId: pkg._id, paymentOption: 'ACH' });
  expect(purchase.statusCode, purchase.body).toBe(200);
  const invoiceId = json<{ newInvoice: { _id: string } }>(purchase).newInvoice._id;
  return { company, admin, invoiceId };
}

async function pay(companyId: string, invoiceId: string, amount: number) {
  const response = await asBoss().post('/superadmin/payments', { company: companyId, invoice: invoiceId, amount, method: 'ACH', sendEmail: false });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ _id: string }>(response);
}

async function logHours(companyId: string, hours: number, timeStamp: string): Promise<TimeLogDto> {
  const response = await asBoss().post('/superadmin/timelogs', { company: companyId, timeStamp, invertedHours: hours, description: 'Work', emailClient: false });
  expect(response.statusCode, response.body).toBe(200);
  return json<TimeLogDto>(response);
}

const blocksOf = (companyId: string) => t.deps.db.select().from(t.deps.db.t.hourBlocks).where(eq(t.deps.db.t.hourBlocks.companyId, companyId));

/** The company's events of these types, in the order they were written: type, who, subject and changes. */
async function eventsOf(companyId: string, types: readonly string[]) {
  const rows = await recordedEvents(t.deps.db, { companyId, types });
  return rows.map(({ type, actorId, actorLabel, ipAddress, subjectId, changes }) => ({ type, actorId, actorLabel, ipAddress, subjectId, changes }));
}
const expiryEventsOf = (companyId: string) => eventsOf(companyId, ['hours.expired', 'hours.rolled_over']);
const byScheduledWork = { actorId: null, actorLabel: SCHEDULED_WORK.actorLabel, ipAddress: null };

/** The scheduled work at the start of another runtime on the same database and clock, as after a restart. */
async function runAfterRestart() {
  const restarted = await createRuntime(t.config, { clock: t.clock, transport: t.transport });
  try {
    await runScheduledWork(restarted.deps);
  } finally {
    await restarted.deps.outbox.stop();
    await restarted.database.close();
  }
}

/** The company's ledger as the provider reads it, newest first. */
async function ledger(companyId: string) {
  const page = json<ActivityDto[]>(await asBoss().get(`/superadmin/companies/${companyId}/activities?per_page=100`));
  return page.map(({ activityType, hours, description }) => `${activityType} ${hours} ${description}`);
}

describe('packages and invoices carry the hour terms', () => {
  it('a package keeps its validity and rollover, and an invoice bought from it copies them', async () => {
    const pkg = await packageWithTerms();
    expect(pkg).toMatchObject({ validityMonths: 3, rollover: { limit: 2, unit: 'hours', months: 1 } });
    const { invoiceId } = await bought(pkg);
    const [invoice] = json<InvoiceDto[]>(await asBoss().get(`/superadmin/allinvoices?search=${encodeURIComponent(pkg.description)}`));
    expect(invoice?._id).toBe(invoiceId);
    expect(invoice).toMatchObject({ validityMonths: 3, rollover: { limit: 2, unit: 'hours', months: 1 } });
  });

  it('a package without terms sells hours that never expire, as before', async () => {
    const pkg = json<PackageDto>(await asBoss().post('/superadmin/packages', { description: 'Plain', hours: 5, rate: 100 }));
    expect(pkg).toMatchObject({ validityMonths: null, rollover: null });
    const { company, invoiceId } = await bought(pkg);
    await pay(company.id, invoiceId, 500);
    expect(await blocksOf(company.id)).toEqual([]);
  });

  it('an edit that leaves the terms out keeps them; null clears them', async () => {
    const pkg = await packageWithTerms();
    const kept = json<PackageDto>(await asBoss().put(`/superadmin/packages/${pkg._id}`, { description: pkg.description, hours: 10, rate: 100 }));
    expect(kept).toMatchObject({ validityMonths: 3, rollover: { limit: 2, unit: 'hours', months: 1 } });
    // the rollover left out is kept, and needs the validity: both go together
    const refused = await asBoss().put(`/superadmin/packages/${pkg._id}`, { validityMonths: null });
    expect(refused.statusCode).toBe(400);
    expect(json<{ message: string }>(refused).message).toBe(ROLLOVER_NEEDS_VALIDITY);
    const cleared = json<PackageDto>(await asBoss().put(`/superadmin/packages/${pkg._id}`, { validityMonths: null, rollover: null }));
    expect(cleared).toMatchObject({ validityMonths: null, rollover: null });
  });

  it('refuses rollover without a validity, and a percentage over 100, changing nothing', async () => {
    const before = json<{ length: number }>(await asBoss().get('/superadmin/packages?per_page=1000')).length;
    const noValidity = await asBoss().post('/superadmin/packages', { description: 'Bad', validityMonths: null, rollover: { limit: 2, unit: 'hours', months: 1 } });
    expect(noValidity.statusCode).toBe(400);
    expect(json<{ message: string }>(noValidity).message).toContain(ROLLOVER_NEEDS_VALIDITY);
    const tooMuch = await asBoss().post('/superadmin/packages', { description: 'Bad', validityMonths: 3, rollover: { limit: 150, unit: 'percent', months: 1 } });
    expect(tooMuch.statusCode).toBe(400);
    expect(json<{ message: string }>(tooMuch).message).toContain('A rollover percentage is a whole number from 0 to 100.');
    const months = await asBoss().post('/superadmin/packages', { description: 'Bad', validityMonths: 0 });
    expect(months.statusCode).toBe(400);
    expect(json<{ length: number }>(await asBoss().get('/superadmin/packages?per_page=1000')).length).toBe(before);
  });
});

describe('a block from payment to expiry', () => {
  it('opens when the invoice is paid in full, expiring at the start of the day three months on in the provider zone', async () => {
    const { company, invoiceId } = await bought(await packageWithTerms());
    await pay(company.id, invoiceId, 400);
    expect(await blocksOf(company.id)).toEqual([]);
    await pay(company.id, invoiceId, 600);
    const [block] = await blocksOf(company.id);
    // paid on 2026-03-02 in New York: valid until 2026-06-02 00:00 there (EDT, UTC-4)
    expect(block?.expiresAt.toISOString()).toBe('2026-06-02T04:00:00.000Z');
    expect(block?.rolloverExpiresAt?.toISOString()).toBe('2026-07-02T04:00:00.000Z');
    expect(block?.unusedHundredths).toBe(1_000);
  });

  it('writes the expiry when the scheduled run comes after it: the unused hours expire but for the rollover, exactly once', async () => {
    await moveClock('2026-03-02T15:00:00.000Z');
    const { company, invoiceId } = await bought(await packageWithTerms());
    await pay(company.id, invoiceId, 1_000);
    const log = await logHours(company.id, 4, '2026-03-10T15:00:00.000Z');
    expect((await blocksOf(company.id))[0]?.unusedHundredths).toBe(600);

    await moveClock('2026-06-01T12:00:00.000Z');
    await runScheduledWork(t.deps);
    expect((await companyHours(t.deps.db, company.id)).balance).toBe(600);

    await moveClock('2026-06-02T05:00:00.000Z');
    await runScheduledWork(t.deps);
    // 6 unused: 2 roll over into a block valid until July 2, 4 expire
    expect((await companyHours(t.deps.db, company.id)).balance).toBe(200);
    const lines = await ledger(company.id);
    expect(lines.slice(0, 4)).toEqual([`Rollover 2 ${ROLLED_IN_ENTRY}`, 'Rollover -2 Unused hours rolled over into a new block', 'Expired -4 Unused hours expired', 'TimeLog -4 Work']);
    expect(lines.slice(4).map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual(['TimeAdd 10']);
    const settled = await ledger(company.id);
    const [block, rolledBlock] = [...(await blocksOf(company.id))].sort((a, b) => (a.rolledFromId === null ? -1 : b.rolledFromId === null ? 1 : 0));
    const expired = [
      { type: 'hours.expired', ...byScheduledWork, subjectId: block!.id, changes: { expiredAt: { before: null, after: '2026-06-02T05:00:00.000Z' }, expiredHours: { before: 0, after: 4 } } },
      { type: 'hours.rolled_over', ...byScheduledWork, subjectId: rolledBlock!.id, changes: { hours: { before: null, after: 2 }, expiresAt: { before: null, after: '2026-07-02T04:00:00.000Z' }, rolledFrom: { before: null, after: block!.id } } },
    ];
    expect(await expiryEventsOf(company.id)).toEqual(expired);
    await runScheduledWork(t.deps);
    expect(await ledger(company.id)).toEqual(settled);
    // the app restarted on the same database: its scheduled work at start writes nothing again, nor records it
    await runAfterRestart();
    expect(await ledger(company.id)).toEqual(settled);
    expect(await blocksOf(company.id)).toHaveLength(2);
    expect(await expiryEventsOf(company.id)).toEqual(expired);

    // a log removed after the expiry gives its hours back to the block they came from, which had expired
    expect((await asBoss().delete(`/superadmin/timelogs/${log._id}`)).statusCode).toBe(200);
    expect((await companyHours(t.deps.db, company.id)).balance).toBe(200);
    expect(await ledger(company.id)).toContain('Expired -8 Unused hours expired');
    // what the removal corrects in the expiry is no expiry of its own
    expect(await expiryEventsOf(company.id)).toEqual(expired);

    // the rolled-over hours expire in turn
    await moveClock('2026-07-02T05:00:00.000Z');
    await runScheduledWork(t.deps);
    expect((await companyHours(t.deps.db, company.id)).balance).toBe(0);
    expect((await ledger(company.id)).filter((line) => line.startsWith('Expired'))).toEqual(['Expired -2 Unused hours expired', 'Expired -8 Unused hours expired']);
    expect((await expiryEventsOf(company.id)).slice(2)).toEqual([
      { type: 'hours.expired', ...byScheduledWork, subjectId: rolledBlock!.id, changes: { expiredAt: { before: null, after: '2026-07-02T05:00:00.000Z' }, expiredHours: { before: 0, after: 2 } } },
    ]);
  });

  it('an expiry a write finds due before the scheduled run is recorded as the app’s own, and not again by the run', async () => {
    await moveClock('2026-03-02T15:00:00.000Z');
    const { company, invoiceId } = await bought(await packageWithTerms({ rollover: null }));
    await pay(company.id, invoiceId, 1_000);
    await moveClock('2026-06-02T05:00:00.000Z');
    await logHours(company.id, 1, '2026-06-02T05:00:00.000Z');
    const [block] = await blocksOf(company.id);
    const expired = [{ type: 'hours.expired', actorId: null, actorLabel: AUTOMATIC.actorLabel, ipAddress: null, subjectId: block!.id, changes: { expiredAt: { before: null, after: '2026-06-02T05:00:00.000Z' }, expiredHours: { before: 0, after: 10 } } }];
    expect(await expiryEventsOf(company.id)).toEqual(expired);
    await runScheduledWork(t.deps);
    expect(await expiryEventsOf(company.id)).toEqual(expired);
  });

  it('a payment removed after the expiry takes the block and what its expiry wrote with it', async () => {
    await moveClock('2026-03-02T15:00:00.000Z');
    const { company, invoiceId } = await bought(await packageWithTerms({ rollover: null }));
    const payment = await pay(company.id, invoiceId, 1_000);
    await moveClock('2026-06-03T00:00:00.000Z');
    await runScheduledWork(t.deps);
    expect((await companyHours(t.deps.db, company.id)).balance).toBe(0);
    expect((await asBoss().delete(`/superadmin/payments/${payment._id}`)).statusCode).toBe(200);
    expect(await blocksOf(company.id)).toEqual([]);
    expect(await companyHours(t.deps.db, company.id)).toEqual({ balance: 0, pending: 1_000 });
    expect((await ledger(company.id)).map((line) => line.split(' ')[0])).toEqual(['TimeAdd']);
  });
});

describe('warnings of hours about to expire', () => {
  /** The emails queued so far, to tell the new ones from (the clock moves back and forth between tests). */
  const mark = async () => new Set((await queuedEmails(t.deps)).map((email) => email.id));
  const newEmails = async (before: Set<string>) => (await queuedEmails(t.deps)).filter((email) => !before.has(email.id));
  /** The subjects of the emails queued since `before`, without the provider's name, with their recipients. */
  const emailsSince = async (before: Set<string>) => (await newEmails(before)).map((email) => `${email.subject.replace(' — Test Provider LLC', '')} → ${email.toAddresses}`);

  it('warns the admins and the provider two weeks ahead and a day ahead, each once', async () => {
    await moveClock('2026-03-02T15:00:00.000Z');
    const { company, admin, invoiceId } = await bought(await packageWithTerms());
    await pay(company.id, invoiceId, 1_000);
    await logHours(company.id, 4, '2026-03-10T15:00:00.000Z');
    const adminEmail = admin.user.emailAddress;

    await moveClock('2026-05-18T15:00:00.000Z');
    let before = await mark();
    await runScheduledWork(t.deps);
    expect(await emailsSince(before)).toEqual([]);

    await moveClock('2026-05-20T15:00:00.000Z');
    before = await mark();
    await runScheduledWork(t.deps);
    await runAfterRestart();
    const early = await emailsSince(before);
    expect(early.filter((line) => line.includes(company.companyName) || line.includes(adminEmail)).sort()).toEqual(
      [`${company.companyName}: 6 hours expire on Jun 2, 2026 → provider@hourbank.test`, `Prepaid hours expire on Jun 2, 2026 → ${adminEmail}`].sort(),
    );
    const [customerEmail] = (await newEmails(before)).filter((email) => email.toAddresses.includes(adminEmail));
    expect(customerEmail?.textBody).toContain('6 hours of your prepaid hours with Test Provider LLC expire on Jun 2, 2026, unless they are used before then.');
    expect(customerEmail?.textBody).toContain('2 hours of them will roll over into a new block; the rest expire.');

    await moveClock('2026-06-01T05:00:00.000Z');
    before = await mark();
    await runScheduledWork(t.deps);
    await runScheduledWork(t.deps);
    expect((await emailsSince(before)).filter((line) => line.includes(adminEmail))).toEqual([`Prepaid hours expire tomorrow → ${adminEmail}`]);
    // each warning recorded once, on its block, as the scheduled work's
    const [block] = await blocksOf(company.id);
    expect(await eventsOf(company.id, ['hours.expiry_warning_sent'])).toEqual([
      { type: 'hours.expiry_warning_sent', ...byScheduledWork, subjectId: block!.id, changes: { warnedEarlyAt: { before: null, after: '2026-05-20T15:00:00.000Z' } } },
      { type: 'hours.expiry_warning_sent', ...byScheduledWork, subjectId: block!.id, changes: { warnedLateAt: { before: null, after: '2026-06-01T05:00:00.000Z' } } },
    ]);
  });

  it('says nothing of a block whose hours are all used, and only the day-ahead warning when first seen within a day', async () => {
    await moveClock('2026-03-02T15:00:00.000Z');
    const used = await bought(await packageWithTerms());
    await pay(used.company.id, used.invoiceId, 1_000);
    await logHours(used.company.id, 10, '2026-03-10T15:00:00.000Z');
    const late = await bought(await packageWithTerms());
    await pay(late.company.id, late.invoiceId, 1_000);

    await moveClock('2026-06-01T12:00:00.000Z');
    const before = await mark();
    await runScheduledWork(t.deps);
    const lines = await emailsSince(before);
    expect(lines.filter((line) => line.includes(used.company.companyName))).toEqual([]);
    expect(lines.filter((line) => line.startsWith(late.company.companyName))).toEqual([`${late.company.companyName}: 10 hours expire tomorrow → provider@hourbank.test`]);
  });
});

describe('the forecast knows the blocks', () => {
  it('leaves out the hours that expire before the recent pace would use them, and says so', async () => {
    await moveClock('2026-03-02T15:00:00.000Z');
    const { company, invoiceId } = await bought(await packageWithTerms({ hours: 20, validityMonths: 1, rollover: null }));
    const member = await signedInUser(t, { companyId: company.id, role: 'member' });
    await purchasedHours(t.deps.db, company.id, 1_600, 'Lasting hours', new Date('2026-01-01T15:00:00.000Z'));
    // 16 hours in the 8 weeks before this one: 2 hours a week
    await workedHours(t.deps.db, company.id, 1_600, 'Work', new Date('2026-01-10T15:00:00.000Z'));
    await pay(company.id, invoiceId, 2_000);
    const dashboard = json<DashboardDto>(await api(t.app, member.token).get('/dashboard'));
    // 31 days at 2/7 hours a day use 8.86 of the 20 hours before April 2; 11.14 expire, and 8.86 last 31 days
    expect(dashboard.forecast).toEqual({ hoursPerWeek: 2, runsOutOn: '2026-04-02', expiring: { hours: 11.14, expiresOn: '2026-04-02' } });
    expect(dashboard.blocks).toEqual([{ hours: 20, expiresOn: '2026-04-02', rolledOver: false }]);
  });
});

describe('the overview of hours that expire', () => {
  it('lists the hours expiring in the next 30 days, soonest first, with their company', async () => {
    await moveClock('2026-09-01T15:00:00.000Z');
    const { company, invoiceId } = await bought(await packageWithTerms({ validityMonths: 1, rollover: null }));
    await pay(company.id, invoiceId, 1_000);
    await logHours(company.id, 2.5, '2026-09-02T15:00:00.000Z');

    await moveClock('2026-08-20T15:00:00.000Z');
    const before = json<ExpiringSoonDto>(await asBoss().get('/superadmin/overview/expiring'));
    expect(before.soonest.map((block) => block.company)).not.toContain(company.id);

    await moveClock('2026-09-15T15:00:00.000Z');
    const expiring = json<ExpiringSoonDto>(await asBoss().get('/superadmin/overview/expiring'));
    expect(expiring).toEqual({ totalHours: 7.5, blockCount: 1, soonest: [{ company: company.id, companyName: company.companyName, hours: 7.5, expiresOn: '2026-10-01' }] });
  });
});
