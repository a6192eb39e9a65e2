import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedEvents } from '../../testing/events.js';
import type { CompanyDto } from '../../../shared/companies.js';
import type { InvoiceDto } from '../../../shared/invoices.js';
import { FIRST_PERIOD_PASSED, PLAN_NEEDS_PACKAGE, type PlanDto } from '../../../shared/plans.js';
import { createRuntime } from '../../bootstrap.js';
import { runScheduledWork } from '../../scheduled.js';
import { api, createTestApp, json, queuedEmails, signedInUser, type SignedInUser, type TestApp, signedInAt } from '../../testing/app.js';
import { createCompany, createPackage } from '../../testing/factories.js';
import { SCHEDULED_WORK } from '../events/service.js';

/*
 * Monthly plans through the API and the scheduled work, with the test clock (New York; it starts on
 * Monday 2026-03-02): each month's invoice is issued on the plan's day exactly once, across repeated
 * runs, a restart of the app, and months the server was down; a pause skips months and an end stops it.
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

async function moveClock(iso: string) {
  boss = await signedInAt(t, iso, { role: 'superadmin' });
}

async function companyWithPackage() {
  const company = await createCompany(t.deps.db, { companyName: `Plan Co ${(serial += 1)}` });
  await signedInUser(t, { companyId: company.id, role: 'admin' });
  const pkg = await createPackage(t.deps.db, { description: `Monthly 10 hours ${serial}`, hundredths: 1_000, rateCents: 15_000, startDate: new Date('2026-01-01T00:00:00Z') });
  return { company, pkg };
}

const setPlan = (companyId: string, body: Record<string, unknown>) => asBoss().put(`/superadmin/companies/${companyId}/plan`, body);

/** The plan invoices of the company, oldest first, by description. */
async function planInvoices(companyId: string): Promise<string[]> {
  const { invoices } = t.deps.db.t;
  const rows = await t.deps.db.select({ description: invoices.description }).from(invoices).where(eq(invoices.companyId, companyId));
  return rows.map((row) => row.description).sort();
}

/** The company's events of a type, in the order they were written: who, the subject and the changes. */
async function eventsOf(companyId: string, type: string) {
  const rows = await recordedEvents(t.deps.db, { companyId, types: [type] });
  return rows.map(({ actorId, actorLabel, subjectType, subjectId, changes }) => ({ actorId, actorLabel, subjectType, subjectId, changes }));
}

describe('monthly plans', () => {
  it('issues each month once on its day, across repeated runs, a restart and months the server was down', async () => {
    await moveClock('2026-03-02T15:00:00.000Z');
    const { company, pkg } = await companyWithPackage();
    const set = await setPlan(company.id, { packageId: pkg.id, dayOfMonth: 5 });
    expect(set.statusCode, set.body).toBe(200);
    expect(json<PlanDto>(set)).toMatchObject({ description: pkg.description, hours: 10, rate: 150, price: 1500, dayOfMonth: 5, firstPeriod: '2026-03', nextPeriod: '2026-03', nextIssueOn: '2026-03-05', status: 'active' });
    // the Company List shows who is on which plan
    const [listed] = json<CompanyDto[]>(await asBoss().get(`/superadmin/companies?search=${encodeURIComponent(company.companyName)}`));
    expect(listed?.plan).toEqual({ description: pkg.description, dayOfMonth: 5, status: 'active', pausedUntil: null });

    await moveClock('2026-03-05T04:59:00.000Z');
    await runScheduledWork(t.deps);
    expect(await planInvoices(company.id)).toEqual([]);

    await moveClock('2026-03-05T05:00:00.000Z');
    const emailsBefore = new Set((await queuedEmails(t.deps)).map((email) => email.id));
    await runScheduledWork(t.deps);
    await runScheduledWork(t.deps);
    expect(await planInvoices(company.id)).toEqual([`${pkg.description} (2026-03)`]);
    const emailed = (await queuedEmails(t.deps)).filter((email) => !emailsBefore.has(email.id));
    expect(emailed).toHaveLength(1);

    // the app restarted on the same database: its scheduled work at start finds nothing due
    const restarted = await createRuntime(t.config, { clock: t.clock, transport: t.transport });
    await runScheduledWork(restarted.deps);
    await restarted.database.close();
    expect(await planInvoices(company.id)).toEqual([`${pkg.description} (2026-03)`]);

    // down from March to June 10th: April, May and June are each invoiced once
    await moveClock('2026-06-10T12:00:00.000Z');
    await Promise.all([runScheduledWork(t.deps), runScheduledWork(t.deps)]);
    expect(await planInvoices(company.id)).toEqual(['2026-03', '2026-04', '2026-05', '2026-06'].map((month) => `${pkg.description} (${month})`));
    expect(json<PlanDto>(await asBoss().get(`/superadmin/companies/${company.id}/plan`))).toMatchObject({ nextPeriod: '2026-07', nextIssueOn: '2026-07-05' });
    // each invoice issued recorded once, as the scheduled work's
    const issued = await eventsOf(company.id, 'invoice.created');
    expect(issued.map((event) => [event.actorId, event.actorLabel, event.subjectType])).toEqual(Array(4).fill([null, SCHEDULED_WORK.actorLabel, 'invoice']));
    expect(issued.map((event) => event.changes.description?.after).sort()).toEqual(await planInvoices(company.id));
  });

  it('records a plan set, and each change of it with the fields it changed; setting it as it is records nothing', async () => {
    await moveClock('2026-03-02T15:00:00.000Z');
    const { company, pkg } = await companyWithPackage();
    const plan = json<PlanDto>(await setPlan(company.id, { packageId: pkg.id, dayOfMonth: 5 }));
    await setPlan(company.id, { dayOfMonth: 5, pausedUntil: '2026-04' });
    await setPlan(company.id, { dayOfMonth: 5, pausedUntil: '2026-04' });
    expect((await setPlan(company.id, { dayOfMonth: 29 })).statusCode).toBe(400);
    const by = { actorId: boss.user.id, actorLabel: `${boss.user.firstName} ${boss.user.lastName} <${boss.user.emailAddress}>`, subjectType: 'plan', subjectId: plan._id };
    expect(await eventsOf(company.id, 'plan.updated')).toEqual([
      { ...by, changes: expect.objectContaining({ packageId: { before: null, after: pkg.id }, hours: { before: null, after: 10 }, dayOfMonth: { before: null, after: 5 }, firstPeriod: { before: null, after: '2026-03' }, status: { before: null, after: 'active' } }) },
      { ...by, changes: { pausedUntil: { before: null, after: '2026-04' }, status: { before: 'active', after: 'paused' } } },
    ]);
  });

  it('skips the months of a pause and stops after its last month; an invoice it issued activates on payment', async () => {
    await moveClock('2026-03-02T15:00:00.000Z');
    const { company, pkg } = await companyWithPackage();
    expect((await setPlan(company.id, { packageId: pkg.id, dayOfMonth: 1, pausedUntil: '2026-04', lastPeriod: '2026-06' })).statusCode).toBe(200);
    const paused = json<PlanDto>(await asBoss().get(`/superadmin/companies/${company.id}/plan`));
    expect(paused).toMatchObject({ firstPeriod: '2026-04', status: 'paused' });

    await moveClock('2026-07-15T12:00:00.000Z');
    await runScheduledWork(t.deps);
    expect(await planInvoices(company.id)).toEqual([`${pkg.description} (2026-05)`, `${pkg.description} (2026-06)`]);
    expect(json<PlanDto>(await asBoss().get(`/superadmin/companies/${company.id}/plan`))).toMatchObject({ status: 'ended', nextPeriod: null, nextIssueOn: null });

    const [invoice] = json<InvoiceDto[]>(await asBoss().get(`/superadmin/allinvoices?company=${company.id}&per_page=10`));
    const paid = await asBoss().post('/superadmin/payments', { company: company.id, invoice: invoice!._id, amount: 1500, method: 'ACH', sendEmail: false });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(json<CompanyDto>(await asBoss().get(`/superadmin/companies/${company.id}`)).hourBalance).toBe(10);
  });

  it('refuses a plan without a package, a month whose day has passed, an end before the start and a day past the 28th, changing nothing', async () => {
    await moveClock('2026-03-10T15:00:00.000Z');
    const { company, pkg } = await companyWithPackage();
    const noPackage = await setPlan(company.id, { dayOfMonth: 5 });
    expect(noPackage.statusCode).toBe(400);
    expect(json<{ message: string }>(noPackage).message).toBe(PLAN_NEEDS_PACKAGE);
    const passed = await setPlan(company.id, { packageId: pkg.id, dayOfMonth: 5, firstPeriod: '2026-03' });
    expect(passed.statusCode).toBe(400);
    expect(json<{ message: string }>(passed).message).toBe(FIRST_PERIOD_PASSED);
    const backwards = await setPlan(company.id, { packageId: pkg.id, dayOfMonth: 5, firstPeriod: '2026-05', lastPeriod: '2026-04' });
    expect(backwards.statusCode).toBe(400);
    expect((await setPlan(company.id, { packageId: pkg.id, dayOfMonth: 29 })).statusCode).toBe(400);
    expect(json(await asBoss().get(`/superadmin/companies/${company.id}/plan`))).toBeNull();
    expect((await asBoss().get('/superadmin/companies/no-such-company/plan')).statusCode).toBe(404);
  });
});
