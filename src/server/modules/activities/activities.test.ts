import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitiesDto, ActivityDto } from '../../../shared/activities.js';
import { createCompany, purchasedHours, workedHours } from '../../testing/factories.js';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const day = (n: number) => new Date(Date.UTC(2026, 1, n, 12));

const buy = (companyId: string, hundredths: number, description: string, when: Date, paid = true) =>
  purchasedHours(t.deps.db, companyId, hundredths, description, when, paid);
const work = (companyId: string, hundredths: number, description: string, when: Date) => workedHours(t.deps.db, companyId, hundredths, description, when);

/** A company with `entries` ledger entries a day apart: purchases, some unpaid, and work. */
async function companyWithLedger(entries: number) {
  const company = await createCompany(t.deps.db);
  for (let n = 1; n <= entries; n += 1) {
    if (n % 5 === 1) await buy(company.id, 1000, `Package ${n}`, day(n), n % 10 !== 6);
    else await work(company.id, n * 10, `Work ${n}`, day(n));
  }
  const { token } = await signedInUser(t, { companyId: company.id, role: 'member' });
  return { company, token };
}

const trpcList = (token: string, input: unknown) =>
  t.app.inject({ method: 'GET', url: `/trpc/activities.list?input=${encodeURIComponent(JSON.stringify(input))}`, headers: { jwttoken: token } });

describe('GET /activities', () => {
  it("returns the caller's company and its ledger, newest first, and nothing of others", async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Hooli' });
    const other = await createCompany(t.deps.db);
    await buy(company.id, 1000, '10 hour package', day(1));
    await work(company.id, 250, 'Setup', day(2));
    await work(other.id, 100, 'Not yours', day(3));

    const { token } = await signedInUser(t, { companyId: company.id, role: 'viewer' });
    const response = await api(t.app, token).get('/activities');
    const body = json<{ company: unknown; allActivities: Record<string, unknown>[]; blocks: unknown[] }>(response);
    expect(Object.keys(body).sort()).toEqual(['allActivities', 'blocks', 'company']);
    expect(body.blocks).toEqual([]);
    expect(body.company).toEqual({ _id: company.id, companyName: 'Hooli' });
    expect(body.allActivities.map(({ description, hours, status, activityType, runningHourBalance }) => ({ description, hours, status, activityType, runningHourBalance }))).toEqual([
      { description: 'Setup', hours: -2.5, status: 'completed', activityType: 'TimeLog', runningHourBalance: 7.5 },
      { description: '10 hour package', hours: 10, status: 'completed', activityType: 'TimeAdd', runningHourBalance: 10 },
    ]);
    expect(response.headers['x-total-count']).toBe('2');
  });

  it('gives the provider no company and no activities, and strangers 401', async () => {
    const { token } = await signedInUser(t, { role: 'superadmin' });
    const response = await api(t.app, token).get('/activities');
    expect(json(response)).toEqual({ company: null, allActivities: [], blocks: [] });
    expect(response.headers['x-total-count']).toBe('0');
    expect((await api(t.app).get('/activities')).statusCode).toBe(401);
    expect((await trpcList('', {})).statusCode).toBe(401);
  });
});

describe('activities.list pages', () => {
  it('gives each page the running balances the whole list had, and the total on every page', async () => {
    const { token } = await companyWithLedger(23);
    const whole = json<{ result: { data: ActivitiesDto } }>(await trpcList(token, { perPage: 100 })).result.data;
    expect(whole.total).toBe(23);
    expect(whole.allActivities).toHaveLength(23);

    const page = async (n: number) => json<{ result: { data: ActivitiesDto } }>(await trpcList(token, { page: n, perPage: 10 })).result.data;
    const [first, second, third, beyond] = await Promise.all([page(1), page(2), page(3), page(4)]);
    expect(second.allActivities).toEqual(whole.allActivities.slice(10, 20));
    expect([first, second, third].flatMap((p) => p.allActivities)).toEqual(whole.allActivities);
    expect([first, second, third, beyond].map((p) => [p.allActivities.length, p.total])).toEqual([[10, 23], [10, 23], [3, 23], [0, 23]]);
    expect(second.company).toEqual(whole.company);
  });

  it('answers on /api with the page as { company, allActivities }, X-Total-Count and Link headers', async () => {
    const { company, token } = await companyWithLedger(7);
    const response = await api(t.app, token).get('/activities?page=2&per_page=3');
    expect(response.statusCode).toBe(200);
    const body = json<{ company: unknown; allActivities: ActivityDto[] }>(response);
    expect(body.company).toEqual({ _id: company.id, companyName: company.companyName });
    expect(body.allActivities.map((activity) => activity.description)).toEqual(['Work 4', 'Work 3', 'Work 2']);
    expect(response.headers['x-total-count']).toBe('7');
    expect(response.headers.link).toBe(
      ['first', 'prev', 'next', 'last']
        .map((rel, index) => `</api/activities?page=${[1, 1, 3, 3][index]}&per_page=3>; rel="${rel}"`)
        .join(', '),
    );
    const all = json<{ allActivities: ActivityDto[] }>(await api(t.app, token).get('/activities'));
    expect(all.allActivities.slice(3, 6)).toEqual(body.allActivities);
  });

  it('refuses a bad page or page size with a clear 400', async () => {
    const { token } = await companyWithLedger(1);
    const cases: [string, string][] = [
      ['?page=0', 'page must be 1 or more.'],
      ['?page=1.5', 'page must be a whole number.'],
      ['?per_page=0', 'per_page must be 1 or more.'],
      ['?per_page=1001', 'per_page must be at most 1000.'],
      ['?per_page=ten', 'per_page must be a number.'],
    ];
    for (const [query, message] of cases) {
      const response = await api(t.app, token).get(`/activities${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(json<{ message: string }>(response).message, query).toContain(message);
    }
  });

  it('documents the paging parameters and headers of GET /activities', async () => {
    type Operation = { parameters?: { name: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> };
    const document = json<{ paths: Record<string, { get?: Operation }> }>(await api(t.app).get('/openapi.json'));
    const operation = document.paths['/activities']?.get;
    expect(operation?.parameters?.map((parameter) => parameter.name).sort()).toEqual(['page', 'per_page']);
    expect(Object.keys(operation?.responses['200']?.headers ?? {}).sort()).toEqual(['Link', 'X-Total-Count', 'X-Total-Count-Capped']);
  });
});
