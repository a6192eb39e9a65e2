import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDto } from '../../../shared/companies.js';
import type { DashboardDto } from '../../../shared/dashboard.js';
import { noOverageRateText, noOverageText, overageCoveredText, type InvoiceDto } from '../../../shared/invoices.js';
import { api, createTestApp, json, queuedEmails, signedInUser, type SignedInUser, type TestApp } from '../../testing/app.js';
import { createCompany, createPackage } from '../../testing/factories.js';
import { companyHours } from '../../testing/ledger-sums.js';

/*
 * Overage through the API: a company whose logged work passed its balance is billed for the hours
 * it owes in one call, at its overage rate (its own, else its latest package's), and paying that
 * invoice brings the balance back to zero; the customer's dashboard says what is owed.
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

/** A company that bought 5 hours of a package at `rateCents` and worked `workedHours`. */
async function overdrawn(workedHours: number, rateCents = 15_000) {
  const company = await createCompany(t.deps.db, { companyName: `Overage Co ${(serial += 1)}` });
  const admin = await signedInUser(t, { companyId: company.id, role: 'admin' });
  const pkg = await createPackage(t.deps.db, { description: `Five hours ${serial}`, hundredths: 500, rateCents, startDate: new Date('2026-01-01T00:00:00Z') });
  const bought = await api(t.app, admin.token).post('/invoices/purchase', { packageId: pkg.id, paymentOption: 'ACH' });
  expect(bought.statusCode, bought.body).toBe(200);
  const invoiceId = json<{ newInvoice: { _id: string; price: number } }>(bought).newInvoice;
  await pay(company.id, invoiceId._id, invoiceId.price);
  const log = await asBoss().post('/superadmin/timelogs', { company: company.id, timeStamp: '2026-03-02T12:00:00Z', invertedHours: workedHours, description: 'Work', emailClient: false });
  expect(log.statusCode, log.body).toBe(200);
  return { company, admin };
}

async function pay(companyId: string, invoiceId: string, amount: number) {
  const response = await asBoss().post('/superadmin/payments', { company: companyId, invoice: invoiceId, amount, method: 'ACH', sendEmail: false });
  expect(response.statusCode, response.body).toBe(200);
}

const billOverage = (companyId: string) => asBoss().post(`/superadmin/companies/${companyId}/overage-invoice`);
/** The invoices the company's events record as made, in the order they were: who made them, and which. */
async function invoicesRecorded(companyId: string) {
  const { events } = t.deps.db.t;
  const rows = await t.deps.db.select().from(events).where(and(eq(events.companyId, companyId), eq(events.type, 'invoice.created'))).orderBy(sql`${events}.rowid`);
  return rows.map(({ actorId, subjectId }) => ({ actorId, subjectId }));
}

describe('billing the overage', () => {
  it('invoices the hours owed at the latest package rate in one call, emails it, and paying it brings the balance to zero', async () => {
    const { company, admin } = await overdrawn(8);
    const dashboard = json<DashboardDto>(await api(t.app, admin.token).get('/dashboard'));
    expect(dashboard.hourBalance.balance).toBe(-3);
    expect(dashboard.owed).toEqual({ hours: 3, rate: 150, amount: 450 });

    const emailsBefore = new Set((await queuedEmails(t.deps)).map((email) => email.id));
    const response = await billOverage(company.id);
    expect(response.statusCode, response.body).toBe(200);
    const invoice = json<InvoiceDto>(response);
    expect(invoice).toMatchObject({ company: company.id, hours: 3, rate: 150, price: 450, remainingBalance: 450, description: 'Overage: 3 hours worked beyond the prepaid balance' });
    const page = await asBoss().get(`/superadmin/companies/${company.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(json<CompanyDto>(page)).toMatchObject({ hourBalance: -3, pendingHours: 3 });
    const sent = (await queuedEmails(t.deps)).filter((email) => !emailsBefore.has(email.id));
    expect(sent.map((email) => email.toAddresses)).toEqual([admin.user.emailAddress]);

    // a second click finds the overage invoiced already
    const again = await billOverage(company.id);
    expect(again.statusCode).toBe(409);
    expect(json<{ message: string }>(again).message).toBe(overageCoveredText(company.companyName, 3, 3));
    // the purchase recorded as the customer's, the overage invoice as the provider's; the refused click, nothing
    expect((await invoicesRecorded(company.id)).map((event) => event.actorId)).toEqual([admin.user.id, boss.user.id]);
    expect((await invoicesRecorded(company.id))[1]!.subjectId).toBe(invoice._id);

    await pay(company.id, invoice._id, 450);
    expect(await companyHours(t.deps.db, company.id)).toEqual({ balance: 0, pending: 0 });
    expect(json<DashboardDto>(await api(t.app, admin.token).get('/dashboard')).owed).toBeNull();
  });

  it("bills at the company's own overage rate when it has one", async () => {
    const { company } = await overdrawn(6);
    const edited = await asBoss().put(`/superadmin/companies/${company.id}`, { overageRate: 120 });
    expect(json<CompanyDto>(edited).overageRate).toBe(120);
    expect(json<InvoiceDto>(await billOverage(company.id))).toMatchObject({ hours: 1, rate: 120, price: 120 });
  });

  it('refuses a balance that is not negative, a company with no rate to bill at and an unknown company, writing nothing', async () => {
    const { company } = await overdrawn(2);
    const none = await billOverage(company.id);
    expect(none.statusCode).toBe(409);
    expect(json<{ message: string }>(none).message).toBe(noOverageText(company.companyName));

    const bare = await createCompany(t.deps.db, { companyName: `No Rate Co ${(serial += 1)}` });
    const log = await asBoss().post('/superadmin/timelogs', { company: bare.id, timeStamp: '2026-03-02T12:00:00Z', invertedHours: 2, description: 'Work', emailClient: false });
    expect(log.statusCode).toBe(200);
    const noRate = await billOverage(bare.id);
    expect(noRate.statusCode).toBe(400);
    expect(json<{ message: string }>(noRate).message).toBe(noOverageRateText(bare.companyName));
    expect(await companyHours(t.deps.db, bare.id)).toEqual({ balance: -200, pending: 0 });

    expect((await billOverage('no-such-company')).statusCode).toBe(404);
  });
});
