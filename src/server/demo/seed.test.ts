import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDto } from '../../shared/companies.js';
import type { ExpiringSoonDto } from '../../shared/overview.js';
import { invoiceStatus, type InvoiceDto } from '../../shared/invoices.js';
import { api, createTestApp, json, type TestApp } from '../testing/app.js';
import { DEMO_PASSWORD, DEMO_PROVIDER_EMAIL, seedDemo, type DemoLogins } from './seed.js';

let t: TestApp;
let logins: DemoLogins;
beforeAll(async () => {
  t = await createTestApp();
  logins = await seedDemo(t.deps);
});
afterAll(() => t.close());

const signIn = async (emailAddress: string) =>
  json<{ token: string }>(await api(t.app).post('/account/login', { emailAddress, password: DEMO_PASSWORD })).token;

describe('npm run seed:demo', () => {
  it('makes sign-ins for the provider and an admin and a member of each customer', async () => {
    expect(logins.customers).toHaveLength(4);
    const boss = await signIn(DEMO_PROVIDER_EMAIL);
    const users = json<{ approved: boolean; emailAddress: string }[]>(await api(t.app, boss).get('/superadmin/users'));
    expect(users.filter((user) => !user.approved).map((user) => user.emailAddress)).toEqual([logins.pending]);
    for (const customer of logins.customers) {
      expect(await signIn(customer.admin)).toBeTruthy();
      expect(await signIn(customer.member)).toBeTruthy();
    }
  });

  it('leaves invoices paid, partly paid and unpaid, with balances that follow the ledger', async () => {
    const boss = await signIn(DEMO_PROVIDER_EMAIL);
    const invoices = json<InvoiceDto[]>(await api(t.app, boss).get('/superadmin/allinvoices'));
    const shown = invoices.map((invoice) => invoiceStatus(invoice).text);
    expect(shown).toContain('Completed');
    expect(shown).toContain('Pending (partly paid)');
    expect(shown).toContain('Pending');
    const companies = json<{ companyName: string; hourBalance: number; pendingHours: number; openTasks: number }[]>(await api(t.app, boss).get('/superadmin/companies'));
    const byName = Object.fromEntries(companies.map((company) => [company.companyName, company]));
    // Initech's quarterly block expired unused: 5 hours rolled over, the rest expired
    expect(byName['Initech']).toMatchObject({ hourBalance: 5, pendingHours: 10 });
    expect(byName['Northwind Traders']?.pendingHours).toBe(10);
    expect(byName['Northwind Traders']?.hourBalance).toBeLessThan(45);
    expect(byName['Globex Corporation']?.openTasks).toBeGreaterThan(0);
  });

  it('shows hour blocks at each stage: one expiring soon, one rolled over, and a company in overage', async () => {
    const boss = await signIn(DEMO_PROVIDER_EMAIL);
    const companies = json<CompanyDto[]>(await api(t.app, boss).get('/superadmin/companies'));
    const byName = Object.fromEntries(companies.map((company) => [company.companyName, company]));
    const initech = json<{ activityType: string; hours: number }[]>(await api(t.app, boss).get(`/superadmin/companies/${byName['Initech']!._id}/activities`));
    const written = initech.filter((entry) => entry.activityType === 'Rollover' || entry.activityType === 'Expired');
    expect(written.map((entry) => `${entry.activityType} ${entry.hours}`)).toEqual(['Rollover 5', 'Rollover -5', 'Expired -15']);
    const expiring = json<ExpiringSoonDto>(await api(t.app, boss).get('/superadmin/overview/expiring'));
    expect(expiring.soonest.map((block) => block.companyName).sort()).toEqual(['Initech', 'Northwind Traders']);
    // Northwind's block keeps hours to expire: its work, at half the others' pace, leaves them
    expect(expiring.soonest.find((block) => block.companyName === 'Northwind Traders')!.hours).toBeGreaterThan(5);
    expect(byName['Globex Corporation']).toMatchObject({ overageRate: 125 });
    expect(byName['Contoso Pharmaceuticals']?.plan).toMatchObject({ description: 'Starter: 10 hours of consulting', dayOfMonth: 1, status: 'active' });
    expect(byName['Globex Corporation']!.hourBalance).toBeLessThan(0);
  });

  it('logs time over several weeks, and queues no email to the fictional addresses', async () => {
    const boss = await signIn(DEMO_PROVIDER_EMAIL);
    const weeks = json<unknown[]>(await api(t.app, boss).get('/superadmin/timelogs/by-date'));
    expect(weeks.length).toBeGreaterThanOrEqual(5);
    const { companies, outbox, timeLogs } = t.deps.db.t;
    expect((await t.deps.db.select().from(timeLogs)).length).toBeGreaterThan(30);
    expect(await t.deps.db.select().from(outbox)).toEqual([]);
    const emailed = await t.deps.db.select({ low: companies.runningLowEmailedAt, negative: companies.negativeEmailedAt }).from(companies);
    expect(emailed.filter((company) => company.low !== null || company.negative !== null)).toEqual([]);
  });

  it('leaves a payment the customer reported for the provider to confirm, and a webhook endpoint that is off', async () => {
    const boss = await signIn(DEMO_PROVIDER_EMAIL);
    const invoices = json<InvoiceDto[]>(await api(t.app, boss).get('/superadmin/allinvoices?search=Starter'));
    const reported = invoices.filter((invoice) => invoice.reportedPayment?.status === 'pending');
    expect(reported.map((invoice) => [invoice.companyName, invoice.reportedPayment?.amount, invoice.reportedPayment?.method])).toEqual([['Northwind Traders', 1500, 'Zelle']]);
    const endpoints = json<{ url: string; enabled: boolean; eventTypes: string[] }[]>(await api(t.app, boss).get('/superadmin/webhooks'));
    expect(endpoints).toEqual([expect.objectContaining({ url: 'http://localhost:9000/hourbank', enabled: false, eventTypes: ['invoice.created', 'payment.created', 'reported_payment.created'] })]);
  });

  it('refuses to run on a database that already has data', async () => {
    await expect(seedDemo(t.deps)).rejects.toThrow('seed:demo only fills an empty one');
  });
});
