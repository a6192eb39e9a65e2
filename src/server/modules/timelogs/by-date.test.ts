import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimeLogDto } from '../../../shared/timelogs.js';
import type { WeekSummary } from '../../../shared/weekly.js';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';
import { createCompany } from '../../testing/factories.js';

/*
 * The test app's provider works in America/New_York: EST (UTC-5) until Sunday 2026-03-08,
 * EDT (UTC-4) after it.
 */
let t: TestApp;
let token: string;
let acme: ReturnType<typeof createCompany>;
let umbrella: ReturnType<typeof createCompany>;
let idle: ReturnType<typeof createCompany>;

const byDate = (query = '') => api(t.app, token).get(`/superadmin/timelogs/by-date${query}`);

async function logHours(app: TestApp, sessionToken: string, company: string, timeStamp: string, invertedHours: number) {
  const response = await api(app.app, sessionToken).post('/superadmin/timelogs', { company, timeStamp, invertedHours, description: 'Work' });
  expect(response.statusCode, response.body).toBe(200);
  return json<TimeLogDto>(response);
}

beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInUser(t, { role: 'superadmin' })).token;
  acme = createCompany(t.deps.db, { companyName: 'Acme' });
  umbrella = createCompany(t.deps.db, { companyName: 'Umbrella' });
  idle = createCompany(t.deps.db, { companyName: 'Idle' });
  await logHours(t, token, acme.id, '2026-03-02T03:00:00Z', 1.5); // Sunday 1 March, 22:00 in New York
  await logHours(t, token, acme.id, '2026-03-02T15:00:00Z', 2); // Monday 2 March
  await logHours(t, token, umbrella.id, '2026-03-02T20:00:00Z', 0.1); // Monday 2 March
  await logHours(t, token, umbrella.id, '2026-03-04T04:59:00Z', 0.2); // Tuesday 3 March, 23:59
  await logHours(t, token, acme.id, '2026-03-09T03:30:00Z', 1); // Sunday 8 March, 23:30 EDT
  await logHours(t, token, acme.id, '2026-03-09T04:00:00Z', 8); // Monday 9 March, midnight EDT
});
afterAll(() => t.close());

describe('GET /superadmin/timelogs/by-date', () => {
  it('groups every company’s logs into New York weeks, newest week first, summing exactly', async () => {
    const response = await byDate();
    expect(response.statusCode).toBe(200);
    expect(json<WeekSummary[]>(response)).toEqual([
      { weekStart: '2026-03-09', weekEnd: '2026-03-15', totalHours: 8, workingDays: 1, logCount: 1, dailyBreakdown: [{ date: '2026-03-09', hours: 8, logs: 1 }] },
      {
        weekStart: '2026-03-02',
        weekEnd: '2026-03-08',
        totalHours: 3.3,
        workingDays: 3,
        logCount: 4,
        dailyBreakdown: [
          { date: '2026-03-02', hours: 2.1, logs: 2 },
          { date: '2026-03-03', hours: 0.2, logs: 1 },
          { date: '2026-03-08', hours: 1, logs: 1 },
        ],
      },
      { weekStart: '2026-02-23', weekEnd: '2026-03-01', totalHours: 1.5, workingDays: 1, logCount: 1, dailyBreakdown: [{ date: '2026-03-01', hours: 1.5, logs: 1 }] },
    ]);
  });

  it('limits the weeks to one company with ?company=', async () => {
    const weeks = json<WeekSummary[]>(await byDate(`?company=${umbrella.id}`));
    expect(weeks).toEqual([
      {
        weekStart: '2026-03-02',
        weekEnd: '2026-03-08',
        totalHours: 0.3,
        workingDays: 2,
        logCount: 2,
        dailyBreakdown: [
          { date: '2026-03-02', hours: 0.1, logs: 1 },
          { date: '2026-03-03', hours: 0.2, logs: 1 },
        ],
      },
    ]);
    const acmeWeeks = json<WeekSummary[]>(await byDate(`?company=${acme.id}`));
    expect(acmeWeeks.map(({ weekStart, totalHours, logCount }) => ({ weekStart, totalHours, logCount }))).toEqual([
      { weekStart: '2026-03-09', totalHours: 8, logCount: 1 },
      { weekStart: '2026-03-02', totalHours: 3, logCount: 2 },
      { weekStart: '2026-02-23', totalHours: 1.5, logCount: 1 },
    ]);
  });

  it('treats an empty company filter as all companies', async () => {
    expect(json(await byDate('?company='))).toEqual(json(await byDate()));
  });

  it('gives an empty list for a company without logs', async () => {
    const response = await byDate(`?company=${idle.id}`);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual([]);
  });

  it('answers an unknown company with 404', async () => {
    const response = await byDate('?company=no-such-company');
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Company not found.');
  });

  it('follows edits and deletes', async () => {
    const log = await logHours(t, token, idle.id, '2026-03-10T15:00:00Z', 4);
    await api(t.app, token).put(`/superadmin/timelogs/${log._id}`, { company: idle.id, timeStamp: '2026-03-17T15:00:00Z', invertedHours: 5 });
    expect(json<WeekSummary[]>(await byDate(`?company=${idle.id}`)).map((week) => [week.weekStart, week.totalHours])).toEqual([['2026-03-16', 5]]);
    await api(t.app, token).delete(`/superadmin/timelogs/${log._id}`);
    expect(json(await byDate(`?company=${idle.id}`))).toEqual([]);
  });

  it('is served over tRPC as superadmin.timelogs.byDate too', async () => {
    const input = encodeURIComponent(JSON.stringify({ company: umbrella.id }));
    const response = await t.app.inject({ method: 'GET', url: `/trpc/superadmin.timelogs.byDate?input=${input}`, headers: { jwttoken: token } });
    expect(response.statusCode).toBe(200);
    expect(json<{ result: { data: WeekSummary[] } }>(response).result.data.map((week) => week.totalHours)).toEqual([0.3]);
  });

  it('is described in the OpenAPI document with its company query parameter', async () => {
    const document = json<{ paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> }>(await t.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    expect(document.paths['/superadmin/timelogs/by-date']?.get?.parameters).toEqual([expect.objectContaining({ name: 'company', in: 'query' })]);
    expect(Object.keys(document.paths['/superadmin/timelogs'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/superadmin/timelogs/{id}'] ?? {}).sort()).toEqual(['delete', 'put']);
  });
});

describe('in another provider time zone', () => {
  let berlin: TestApp;
  let berlinToken: string;

  beforeAll(async () => {
    berlin = await createTestApp({ APP_TIMEZONE: 'Europe/Berlin' });
    berlinToken = (await signedInUser(berlin, { role: 'superadmin' })).token;
  });
  afterAll(() => berlin.close());

  it('puts the same instant in the week of APP_TIMEZONE: Monday 2 March in Berlin', async () => {
    const company = createCompany(berlin.deps.db);
    await logHours(berlin, berlinToken, company.id, '2026-03-02T03:00:00Z', 1.5);
    await logHours(berlin, berlinToken, company.id, '2026-03-29T21:59:00Z', 2); // Sunday 29 March, 23:59 CEST
    await logHours(berlin, berlinToken, company.id, '2026-03-29T22:00:00Z', 3); // Monday 30 March, midnight CEST
    const weeks = json<WeekSummary[]>(await api(berlin.app, berlinToken).get('/superadmin/timelogs/by-date'));
    expect(weeks.map((week) => [week.weekStart, week.dailyBreakdown.map((day) => [day.date, day.hours])])).toEqual([
      ['2026-03-30', [['2026-03-30', 3]]],
      ['2026-03-23', [['2026-03-29', 2]]],
      ['2026-03-02', [['2026-03-02', 1.5]]],
    ]);
  });
});
