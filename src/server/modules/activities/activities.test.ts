import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createInvoiceRow, createTimeLogRow } from '../../testing/factories.js';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';
import { addInvoiceHours, completeInvoiceHours, recordTimeLogHours } from './ledger.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /activities', () => {
  it("returns the caller's company and its ledger, newest first, and nothing of others", async () => {
    const company = createCompany(t.deps.db, { companyName: 'Hooli' });
    const other = createCompany(t.deps.db);
    const day = (n: number) => new Date(Date.UTC(2026, 1, n, 12));
    const invoice = createInvoiceRow(t.deps.db, { companyId: company.id });
    addInvoiceHours(t.deps.db, { companyId: company.id, invoiceId: invoice.id, hundredths: 1000, description: '10 hour package', timeStamp: day(1), now: day(1) });
    completeInvoiceHours(t.deps.db, invoice.id);
    const log = createTimeLogRow(t.deps.db, { companyId: company.id });
    recordTimeLogHours(t.deps.db, { companyId: company.id, timeLogId: log.id, hundredths: 250, description: 'Setup', timeStamp: day(2), now: day(2) });
    const theirs = createTimeLogRow(t.deps.db, { companyId: other.id });
    recordTimeLogHours(t.deps.db, { companyId: other.id, timeLogId: theirs.id, hundredths: 100, description: 'Not yours', timeStamp: day(3), now: day(3) });

    const { token } = await signedInUser(t, { companyId: company.id, role: 'viewer' });
    const body = json<{ company: unknown; allActivities: Record<string, unknown>[] }>(await api(t.app, token).get('/activities'));
    expect(body.company).toEqual({ _id: company.id, companyName: 'Hooli' });
    expect(body.allActivities.map(({ description, hours, status, activityType, runningHourBalance }) => ({ description, hours, status, activityType, runningHourBalance }))).toEqual([
      { description: 'Setup', hours: -2.5, status: 'completed', activityType: 'TimeLog', runningHourBalance: 7.5 },
      { description: '10 hour package', hours: 10, status: 'completed', activityType: 'TimeAdd', runningHourBalance: 10 },
    ]);
  });

  it('gives the provider no company and no activities, and strangers 401', async () => {
    const { token } = await signedInUser(t, { role: 'superadmin' });
    expect(json(await api(t.app, token).get('/activities'))).toEqual({ company: null, allActivities: [] });
    expect((await api(t.app).get('/activities')).statusCode).toBe(401);
  });
});
