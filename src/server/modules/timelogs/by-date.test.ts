import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimeLogDto } from '../../../shared/timelogs.js';
import { addDays, type WeekSummary } from '../../../shared/weekly.js';
import { groupIntoWeeks, type LoggedTime } from '../../testing/weeks-of-logs.js';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';
import { createCompany, createTimeLogRow } from '../../testing/factories.js';
import { statementPlans } from '../../testing/query-plans.js';
import { testEngine } from '../../testing/engine.js';

const onSqlite = testEngine() === 'sqlite';

/*
 * The test app's provider works in America/New_York: EST (UTC-5) until Sunday 2026-03-08,
 * EDT (UTC-4) after it, EST again from Sunday 2026-11-01.
 */
let t: TestApp;
let token: string;
let acme: Awaited<ReturnType<typeof createCompany>>;
let umbrella: Awaited<ReturnType<typeof createCompany>>;
let idle: Awaited<ReturnType<typeof createCompany>>;

const byDate = (query = '') => api(t.app, token).get(`/superadmin/timelogs/by-date${query}`);

async function logHours(app: TestApp, sessionToken: string, company: string, timeStamp: string, invertedHours: number) {
  const response = await api(app.app, sessionToken).post('/superadmin/timelogs', { company, timeStamp, invertedHours, description: 'Work' });
  expect(response.statusCode, response.body).toBe(200);
  return json<TimeLogDto>(response);
}

/** Logs written straight to the table: the weekly view reads nothing else. */
async function insertLogs(app: TestApp, companyId: string, logs: LoggedTime[]) {
  await app.deps.db.transaction(async (tx) => {
    for (const { timeStamp, hundredths } of logs) await createTimeLogRow(tx, { companyId, timeStamp: new Date(timeStamp), hundredths });
  });
}

const weekStarts = (weeks: WeekSummary[]) => weeks.map((week) => week.weekStart);

/** The week starting on a Monday and n weeks before it, newest first. */
const mondaysBefore = (monday: string, count: number) => Array.from({ length: count }, (_, index) => addDays(monday, -7 * index));

beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInUser(t, { role: 'superadmin' })).token;
  acme = await createCompany(t.deps.db, { companyName: 'Acme' });
  umbrella = await createCompany(t.deps.db, { companyName: 'Umbrella' });
  idle = await createCompany(t.deps.db, { companyName: 'Idle' });
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
    expect(response.headers['x-total-count']).toBe('3');
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
    const response = await byDate(`?company=${umbrella.id}`);
    expect(response.headers['x-total-count']).toBe('1');
    expect(json<WeekSummary[]>(response)).toEqual([
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

  it('gives an empty list and a total of 0 for a company without logs', async () => {
    const response = await byDate(`?company=${idle.id}`);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it('answers an unknown company with 404', async () => {
    const response = await byDate('?company=no-such-company');
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Company not found.');
  });

  it.runIf(onSqlite)('answers a page asked again from its last result while nothing was written, and reads the logs again after a write', async () => {
    const logReads = async () => (await statementPlans(t.database, () => byDate(`?company=${acme.id}`))).filter(({ sql }) => sql.includes('time_logs')).length;
    await byDate(`?company=${acme.id}`);
    expect(await logReads()).toBe(0);
    const log = await logHours(t, token, acme.id, '2026-03-11T15:00:00Z', 1);
    expect(await logReads()).toBeGreaterThan(0);
    await api(t.app, token).delete(`/superadmin/timelogs/${log._id}`);
  });

  it('follows edits and deletes', async () => {
    const log = await logHours(t, token, idle.id, '2026-03-10T15:00:00Z', 4);
    await api(t.app, token).put(`/superadmin/timelogs/${log._id}`, { company: idle.id, timeStamp: '2026-03-17T15:00:00Z', invertedHours: 5 });
    expect(json<WeekSummary[]>(await byDate(`?company=${idle.id}`)).map((week) => [week.weekStart, week.totalHours])).toEqual([['2026-03-16', 5]]);
    await api(t.app, token).delete(`/superadmin/timelogs/${log._id}`);
    expect(json(await byDate(`?company=${idle.id}`))).toEqual([]);
  });

  it.runIf(onSqlite)('finds the weeks by index seeks in three statements and sums all the days of the page in one, each from an index alone, never reading the logs themselves', async () => {
    const logReads = (plans: Awaited<ReturnType<typeof statementPlans>>) => plans.filter(({ sql }) => sql.includes('from time_logs'));
    const searches = (plans: Awaited<ReturnType<typeof statementPlans>>) => new Set(plans.flatMap(({ plan }) => plan.filter((step) => step.includes('time_logs'))));
    const weekly = logReads(await statementPlans(t.database, () => byDate()));
    expect(weekly.filter(({ sql }) => sql.startsWith('with days')).length).toBe(1);
    // the newest log, one probe of the five years back from it (a seek a week), the newest log before them: none
    expect(weekly.filter(({ sql }) => !sql.startsWith('with days')).length).toBe(3);
    expect(searches(weekly)).toEqual(
      new Set([
        'SEARCH time_logs USING COVERING INDEX time_logs_time_idx (time_stamp<?)',
        'SEARCH time_logs EXISTS USING COVERING INDEX time_logs_time_idx (time_stamp>? AND time_stamp<?)',
        'SEARCH time_logs USING COVERING INDEX time_logs_time_hours_idx (time_stamp>? AND time_stamp<?)',
        'SEARCH time_logs USING COVERING INDEX time_logs_time_idx (time_stamp>? AND time_stamp<?)',
      ]),
    );
    const ofCompany = logReads(await statementPlans(t.database, () => byDate(`?company=${acme.id}`)));
    expect(ofCompany.filter(({ sql }) => sql.startsWith('with days')).length).toBe(1);
    expect(searches(ofCompany)).toEqual(
      new Set([
        'SEARCH time_logs USING COVERING INDEX time_logs_company_idx (company_id=? AND time_stamp<?)',
        'SEARCH time_logs EXISTS USING COVERING INDEX time_logs_company_idx (company_id=? AND time_stamp>? AND time_stamp<?)',
        'SEARCH time_logs USING INDEX time_logs_company_idx (company_id=? AND time_stamp>? AND time_stamp<?)',
        'SEARCH time_logs USING COVERING INDEX time_logs_company_idx (company_id=? AND time_stamp>? AND time_stamp<?)',
      ]),
    );
  });

  it('finds weeks decades apart with a seek for the gap, not a probe of every empty week in it', async () => {
    const far = await createCompany(t.deps.db, { companyName: 'Far Apart Co' });
    await insertLogs(t, far.id, [
      { timeStamp: '1990-01-03T15:00:00Z', hundredths: 100 },
      { timeStamp: '2024-06-05T15:00:00Z', hundredths: 200 },
    ]);
    // the first call after the logs were written computes the page (later ones are answered from it)
    let response!: Awaited<ReturnType<typeof byDate>>;
    const call = async () => (response = await byDate(`?company=${far.id}`));
    if (onSqlite) {
      const plans = await statementPlans(t.database, call);
      // two stretches, a seek and a probe each, then a seek that finds none
      expect(plans.filter(({ sql }) => sql.includes('from time_logs') && !sql.startsWith('with days'))).toHaveLength(5);
    } else await call();
    expect(response.headers['x-total-count']).toBe('2');
    expect(weekStarts(json<WeekSummary[]>(response))).toEqual(['2024-06-03', '1990-01-01']);
  });

  it('is served over tRPC as superadmin.timelogs.byDate too, as a page with its total', async () => {
    const input = encodeURIComponent(JSON.stringify({ company: umbrella.id }));
    const response = await t.app.inject({ method: 'GET', url: `/trpc/superadmin.timelogs.byDate?input=${input}`, headers: { jwttoken: token } });
    expect(response.statusCode).toBe(200);
    const { items, total } = json<{ result: { data: { items: WeekSummary[]; total: number } } }>(response).result.data;
    expect([items.map((week) => week.totalHours), total]).toEqual([[0.3], 1]);
  });

  it('is described in the OpenAPI document with its company and paging query parameters', async () => {
    type Parameter = { name: string; in: string; description?: string };
    const document = json<{ paths: Record<string, Record<string, { parameters?: Parameter[] }>> }>(await t.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    const parameters = document.paths['/superadmin/timelogs/by-date']?.get?.parameters ?? [];
    expect(parameters.map((parameter) => [parameter.name, parameter.in])).toEqual([
      ['company', 'query'],
      ['page', 'query'],
      ['per_page', 'query'],
    ]);
    expect(parameters.find((parameter) => parameter.name === 'per_page')?.description).toBe('Weeks per page (default 12, at most 104).');
    expect(Object.keys(document.paths['/superadmin/timelogs'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/superadmin/timelogs/{id}'] ?? {}).sort()).toEqual(['delete', 'put']);
  });
});

describe('paging by weeks', () => {
  let paged: TestApp;
  let pagedToken: string;
  let busy: Awaited<ReturnType<typeof createCompany>>;
  let quiet: Awaited<ReturnType<typeof createCompany>>;
  const get = (query: string) => api(paged.app, pagedToken).get(`/superadmin/timelogs/by-date${query}`);
  // Busy logs on Wednesday of 30 weeks, up to the week of Monday 2026-06-01; quiet on Thursday of every third week
  const busyMondays = mondaysBefore('2026-06-01', 30);
  const quietMondays = busyMondays.filter((_, index) => index % 3 === 0);

  beforeAll(async () => {
    paged = await createTestApp();
    pagedToken = (await signedInUser(paged, { role: 'superadmin' })).token;
    busy = await createCompany(paged.deps.db, { companyName: 'Busy' });
    quiet = await createCompany(paged.deps.db, { companyName: 'Quiet' });
    await insertLogs(paged, busy.id, busyMondays.map((monday) => ({ timeStamp: `${addDays(monday, 2)}T16:00:00Z`, hundredths: 100 })));
    await insertLogs(paged, quiet.id, quietMondays.map((monday) => ({ timeStamp: `${addDays(monday, 3)}T16:00:00Z`, hundredths: 50 })));
  });
  afterAll(() => paged.close());

  it('answers the newest 12 weeks by default, with the total and a link to the next page', async () => {
    const response = await get('');
    expect(weekStarts(json<WeekSummary[]>(response))).toEqual(busyMondays.slice(0, 12));
    expect(response.headers['x-total-count']).toBe('30');
    expect(response.headers.link).toContain('</api/superadmin/timelogs/by-date?page=2&per_page=12>; rel="next"');
    expect(response.headers.link).toContain('</api/superadmin/timelogs/by-date?page=3&per_page=12>; rel="last"');
  });

  it('answers page 2 with the next weeks, and the last page with the rest and no next link', async () => {
    const second = await get('?page=2&per_page=12');
    expect(weekStarts(json<WeekSummary[]>(second))).toEqual(busyMondays.slice(12, 24));
    expect(second.headers['x-total-count']).toBe('30');
    expect(second.headers.link).toContain('page=1&per_page=12>; rel="prev"');
    expect(second.headers.link).toContain('page=3&per_page=12>; rel="next"');
    const last = await get('?page=3&per_page=12');
    expect(weekStarts(json<WeekSummary[]>(last))).toEqual(busyMondays.slice(24));
    expect(last.headers.link).not.toContain('rel="next"');
    const beyond = await get('?page=4&per_page=12');
    expect([json(beyond), beyond.headers['x-total-count']]).toEqual([[], '30']);
  });

  it('sums the weeks of every company on each page, and of one company with ?company=', async () => {
    const all = json<WeekSummary[]>(await get('?per_page=4'));
    expect(all.map((week) => [week.weekStart, week.totalHours, week.logCount])).toEqual([
      [busyMondays[0], 1.5, 2],
      [busyMondays[1], 1, 1],
      [busyMondays[2], 1, 1],
      [busyMondays[3], 1.5, 2],
    ]);
    const quietPage = await get(`?company=${quiet.id}&page=2&per_page=4`);
    expect(weekStarts(json<WeekSummary[]>(quietPage))).toEqual(quietMondays.slice(4, 8));
    expect(quietPage.headers['x-total-count']).toBe('10');
    expect(quietPage.headers.link).toContain(`company=${quiet.id}&page=3&per_page=4>; rel="next"`);
  });

  it.each([
    ['?per_page=105', 'per_page must be at most 104.'],
    ['?per_page=0', 'per_page must be 1 or more.'],
    ['?per_page=2.5', 'per_page must be a whole number.'],
    ['?page=0', 'page must be 1 or more.'],
  ])('refuses %s with 400: %s', async (query, message) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
  });

  it('refuses more than 104 weeks a page over tRPC too', async () => {
    const input = encodeURIComponent(JSON.stringify({ perPage: 105 }));
    const response = await paged.app.inject({ method: 'GET', url: `/trpc/superadmin.timelogs.byDate?input=${input}`, headers: { jwttoken: pagedToken } });
    expect(response.statusCode).toBe(400);
    expect(json<{ error: { message: string } }>(response).error.message).toBe('per_page must be at most 104.');
  });
});

/** Pages through every week with small pages, as a client would. */
async function everyWeek(app: TestApp, sessionToken: string, company: string, perPage: number) {
  const weeks: WeekSummary[] = [];
  for (let page = 1; ; page += 1) {
    const response = await api(app.app, sessionToken).get(`/superadmin/timelogs/by-date?company=${company}&page=${page}&per_page=${perPage}`);
    const items = json<WeekSummary[]>(response);
    weeks.push(...items);
    if (items.length < perPage) return { weeks, total: Number(response.headers['x-total-count']) };
  }
}

/** Logs at every time of day over two years, and many in the days around each clock change. */
function logsOverTwoYears(clockChanges: string[]): LoggedTime[] {
  const logs: LoggedTime[] = [];
  let seed = 7;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647);
  const from = Date.parse('2025-01-01T00:00:00Z');
  for (let index = 0; index < 300; index += 1) logs.push({ timeStamp: from + (next() % (730 * 24 * 60)) * 60_000, hundredths: 1 + (next() % 900) });
  for (const change of clockChanges) {
    for (let index = 0; index < 40; index += 1) logs.push({ timeStamp: Date.parse(change) + ((next() % (6 * 24 * 60)) - 3 * 24 * 60) * 60_000, hundredths: 1 + (next() % 900) });
  }
  return logs;
}

describe.each([
  {
    timeZone: 'America/New_York',
    // 23:30 on the Sundays of both switches, and midnight on the Mondays after them
    sundayLate: ['2026-03-09T03:30:00Z', '2026-11-02T04:30:00Z'],
    mondayMidnight: ['2026-03-09T04:00:00Z', '2026-11-02T05:00:00Z'],
    weeks: ['2026-11-02', '2026-10-26', '2026-03-09', '2026-03-02'],
    clockChanges: ['2025-03-09T07:00:00Z', '2025-11-02T06:00:00Z', '2026-03-08T07:00:00Z', '2026-11-01T06:00:00Z'],
  },
  {
    timeZone: 'Europe/Berlin',
    sundayLate: ['2026-03-29T21:30:00Z', '2026-10-25T22:30:00Z'],
    mondayMidnight: ['2026-03-29T22:00:00Z', '2026-10-25T23:00:00Z'],
    weeks: ['2026-10-26', '2026-10-19', '2026-03-30', '2026-03-23'],
    clockChanges: ['2025-03-30T01:00:00Z', '2025-10-26T01:00:00Z', '2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z'],
  },
])('in $timeZone, across the clock changes', ({ timeZone, sundayLate, mondayMidnight, weeks, clockChanges }) => {
  let zoned: TestApp;
  let zonedToken: string;

  beforeAll(async () => {
    zoned = await createTestApp({ APP_TIMEZONE: timeZone });
    zonedToken = (await signedInUser(zoned, { role: 'superadmin' })).token;
  });
  afterAll(() => zoned.close());

  it('keeps a log at 23:30 on Sunday in its week, and starts the next week at midnight, one week a page', async () => {
    const company = await createCompany(zoned.deps.db);
    await insertLogs(zoned, company.id, [...sundayLate, ...mondayMidnight].map((timeStamp) => ({ timeStamp, hundredths: 100 })));
    const { weeks: found, total } = await everyWeek(zoned, zonedToken, company.id, 1);
    expect(total).toBe(4);
    expect(found.map((week) => [week.weekStart, week.dailyBreakdown.map((day) => day.date)])).toEqual([
      [weeks[0], [weeks[0]]],
      [weeks[1], [addDays(weeks[1]!, 6)]],
      [weeks[2], [weeks[2]]],
      [weeks[3], [addDays(weeks[3]!, 6)]],
    ]);
  });

  it('gives, page after page, the weeks that grouping every log on its local date gives', async () => {
    const company = await createCompany(zoned.deps.db);
    const logs = logsOverTwoYears(clockChanges);
    await insertLogs(zoned, company.id, logs);
    const expected = groupIntoWeeks(logs, timeZone);
    const { weeks: found, total } = await everyWeek(zoned, zonedToken, company.id, 7);
    expect(total).toBe(expected.length);
    expect(found).toEqual(expected);
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
    const company = await createCompany(berlin.deps.db);
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
