import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TIMESHEET_ROWS, TIMESHEET_TOO_LARGE } from '../../../shared/limits.js';
import { NOT_A_MONDAY, NO_WORK_IN_TIMESHEET, type TimesheetWeek } from '../../../shared/timesheet.js';
import type { TimeLogDto } from '../../../shared/timelogs.js';
import { api, createTestApp, json, queuedEmails, signedInUser, type SignedInUser, type TestApp } from '../../testing/app.js';
import { hourBalance } from '../../testing/ledger-sums.js';
import { createCompany, createTask, createUser, purchasedHours } from '../../testing/factories.js';

/*
 * The weekly timesheet call: one company's week saved as time logs in one transaction, each with
 * its ledger entry; refused whole, writing nothing, when any part is wrong. APP_TIMEZONE is
 * America/New_York, whose clocks go forward on Sunday, March 8, 2026.
 */

let t: TestApp;
let boss: SignedInUser;
let customerAdmin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  boss = await signedInUser(t, { role: 'superadmin' });
  const own = await createCompany(t.deps.db, { companyName: 'Customer Co' });
  customerAdmin = await signedInUser(t, { companyId: own.id, role: 'admin' });
});
afterAll(() => t.close());

const asBoss = () => api(t.app, boss.token);
const WEEK = '2026-03-02';
const empty = () => [null, null, null, null, null, null, null] as (number | null)[];
const days = (cells: Record<number, number>) => empty().map((hours, day) => cells[day] ?? hours);

let serial = 0;
/** A company with 40 paid hours and an approved admin, so balance alerts have someone to email. */
async function customer() {
  const company = await createCompany(t.deps.db, { companyName: `Sheet Co ${(serial += 1)}` });
  await createUser(t.deps.db, { companyId: company.id, role: 'admin' });
  await purchasedHours(t.deps.db, company.id, 4000, 'Block of 40 hours', new Date('2026-02-01T12:00:00.000Z'));
  return company;
}

const logsOf = async (companyId: string) => {
  const { timeLogs } = t.deps.db.t;
  return t.deps.db.select().from(timeLogs).where(eq(timeLogs.companyId, companyId));
};
const ledgerOf = async (companyId: string) => {
  const { activities } = t.deps.db.t;
  const entries = await t.deps.db.select().from(activities).where(eq(activities.companyId, companyId));
  return entries.filter((entry) => entry.activityType === 'TimeLog');
};
const counts = async () => {
  const { db } = t.deps;
  const { activities, companies, events, outbox, timeLogs } = db.t;
  const [logs] = await db.select({ n: count() }).from(timeLogs);
  const [ledger] = await db.select({ n: count() }).from(activities);
  const [queued] = await db.select({ n: count() }).from(outbox);
  const [recorded] = await db.select({ n: count() }).from(events);
  return { logs: logs!.n, ledger: ledger!.n, outbox: queued!.n, events: recorded!.n, companies: await db.select().from(companies) };
};
/** The events of the company's time logs, in no particular order (one save records them at one instant). */
const logEventsOf = async (companyId: string) => {
  const { events } = t.deps.db.t;
  const recorded = await t.deps.db.select().from(events).where(and(eq(events.companyId, companyId), eq(events.subjectType, 'time_log')));
  return recorded.sort((a, b) => `${a.type}${a.subjectId}`.localeCompare(`${b.type}${b.subjectId}`));
};

describe('POST /superadmin/timelogs/timesheet', () => {
  it('saves one log per non-empty cell with its ledger entry, stamped 09:00 of its day in the provider’s zone', async () => {
    const company = await customer();
    const task = await createTask(t.deps.db, { companyId: company.id, title: 'Checkout redesign' });
    const response = await asBoss().post('/superadmin/timelogs/timesheet', {
      company: company.id,
      weekStart: WEEK,
      rows: [
        { task: task.id, description: 'Redesign', hours: days({ 0: 2.5, 1: 3, 6: 1 }) },
        { task: null, description: '', hours: days({ 0: 1.25, 4: '0.75' as unknown as number, 2: 0 }) },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { created } = json<{ created: TimeLogDto[] }>(response);
    expect(created).toHaveLength(5);

    const stored = (await logsOf(company.id)).sort((a, b) => a.timeStamp.getTime() - b.timeStamp.getTime() || a.hundredths - b.hundredths);
    expect(stored.map((log) => [log.timeStamp.toISOString(), log.hundredths, log.taskId, log.description])).toEqual([
      ['2026-03-02T14:00:00.000Z', 125, null, ''],
      ['2026-03-02T14:00:00.000Z', 250, task.id, 'Redesign'],
      ['2026-03-03T14:00:00.000Z', 300, task.id, 'Redesign'],
      ['2026-03-06T14:00:00.000Z', 75, null, ''],
      // Sunday, March 8: daylight saving time has begun, 09:00 is 13:00 UTC
      ['2026-03-08T13:00:00.000Z', 100, task.id, 'Redesign'],
    ]);
    const ledger = await ledgerOf(company.id);
    expect(ledger).toHaveLength(5);
    expect(new Set(ledger.map((entry) => entry.timeLogId))).toEqual(new Set(stored.map((log) => log.id)));
    expect(ledger.find((entry) => entry.hundredths === -125)?.description).toBe('Time log');
    expect(await hourBalance(t.deps.db, company.id)).toBe(4000 - 850);
  });

  it('queues the balance alert once when the sheet takes the balance to the threshold', async () => {
    const company = await customer();
    const before = new Set((await queuedEmails(t.deps)).map((email) => email.id));
    const response = await asBoss().post('/superadmin/timelogs/timesheet', {
      company: company.id,
      weekStart: WEEK,
      rows: [{ hours: [8, 8, 8, 8, 3, null, null] }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await hourBalance(t.deps.db, company.id)).toBe(500);
    const queued = (await queuedEmails(t.deps)).filter((email) => !before.has(email.id));
    expect(queued.map((email) => email.subject).some((subject) => subject.startsWith('Your hour balance is running low'))).toBe(true);
    expect(queued).toHaveLength(2);
  });

  const tooManyRows = Array.from({ length: MAX_TIMESHEET_ROWS + 1 }, () => ({ hours: [1, null, null, null, null, null, null] }));
  it.each([
    ['a week that does not start on Monday', { weekStart: '2026-03-03' }, NOT_A_MONDAY],
    ['a day that does not exist', { weekStart: '2026-02-30' }, 'weekStart is not a calendar date: 2026-02-30 does not exist.'],
    ['a sheet with no hours', { rows: [{ hours: empty() }] }, NO_WORK_IN_TIMESHEET],
    ['a sheet with no rows', { rows: [] }, NO_WORK_IN_TIMESHEET],
    [`more than ${MAX_TIMESHEET_ROWS} rows`, { rows: tooManyRows }, TIMESHEET_TOO_LARGE],
    ['a row without seven days', { rows: [{ hours: [1, 2] }] }, 'Each row has 7 day cells, Monday to Sunday.'],
    ['a cell over 24 hours', { rows: [{ hours: days({ 1: 25 }) }] }, 'Hours must be at most 24.'],
    ['negative hours', { rows: [{ hours: days({ 1: -2 }) }] }, 'Hours must be 0 or more.'],
    ['a day adding up to more than 24 hours', { rows: [{ hours: days({ 2: 20 }) }, { hours: days({ 2: 5 }) }] }, 'Wed adds up to more than 24 hours.'],
    ['a task to create', { rows: [{ task: 'new', hours: days({ 0: 1 }) }] }, 'A timesheet row takes an existing open task; create new tasks on the Tasks screen.'],
  ])('refuses %s (400) and writes nothing', async (_what, change, message) => {
    const company = await customer();
    const before = await counts();
    const response = await asBoss().post('/superadmin/timelogs/timesheet', { company: company.id, weekStart: WEEK, rows: [{ hours: days({ 0: 1 }) }], ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(json<{ message: string }>(response).message).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses a task of another company or a done task on the second row, undoing the first row’s logs: one transaction', async () => {
    const company = await customer();
    const other = await customer();
    const foreign = await createTask(t.deps.db, { companyId: other.id, title: 'Not ours' });
    const done = await createTask(t.deps.db, { companyId: company.id, title: 'Finished', done: true });
    const before = await counts();
    // the first row's logs and ledger entries are written before the second row's task is read
    const good = { hours: days({ 0: 2, 1: 3 }) };
    for (const [task, message] of [
      [foreign.id, 'That task belongs to another company'],
      [done.id, 'That task is already done'],
    ] as const) {
      const response = await asBoss().post('/superadmin/timelogs/timesheet', { company: company.id, weekStart: WEEK, rows: [good, { task, hours: days({ 1: 2 }) }] });
      expect(response.statusCode, response.body).toBe(400);
      expect(json<{ message: string }>(response).message).toContain(message);
    }
    const missing = await asBoss().post('/superadmin/timelogs/timesheet', { company: 'no-such-company', weekStart: WEEK, rows: [good] });
    expect(missing.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('changes the only log of a cell, removes it at 0, and adds a new log to the same cell, keeping the ledger in step', async () => {
    const company = await customer();
    const task = await createTask(t.deps.db, { companyId: company.id, title: 'Audit' });
    const first = await asBoss().post('/superadmin/timelogs/timesheet', {
      company: company.id,
      weekStart: WEEK,
      rows: [{ task: task.id, description: 'Audit work', hours: days({ 0: 2, 1: 3 }) }, { hours: days({ 2: 1 }) }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const [monday, tuesday] = json<{ created: TimeLogDto[] }>(first).created;
    const noTaskWednesday = json<{ created: TimeLogDto[] }>(first).created[2]!;
    expect(await hourBalance(t.deps.db, company.id)).toBe(4000 - 600);

    const response = await asBoss().post('/superadmin/timelogs/timesheet', {
      company: company.id,
      weekStart: WEEK,
      rows: [{ task: task.id, description: 'More', hours: days({ 0: 0.5 }) }],
      changes: [
        { task: task.id, day: 0, hours: 4.25 },
        { task: task.id, day: 1, hours: 0 },
        { task: null, day: 2, hours: '1.5' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = json<{ created: TimeLogDto[]; changed: TimeLogDto[]; removed: string[] }>(response);
    expect(saved.changed.map((log) => [log._id, log.invertedHours, log.description])).toEqual([
      [monday!._id, 4.25, 'Audit work'],
      [noTaskWednesday._id, 1.5, ''],
    ]);
    expect(saved.removed).toEqual([tuesday!._id]);
    expect(saved.created.map((log) => [log.invertedHours, log.description])).toEqual([[0.5, 'More']]);

    const stored = (await logsOf(company.id)).map((log) => [log.id, log.hundredths]);
    expect(new Map(stored as [string, number][])).toEqual(
      new Map([
        [monday!._id, 425],
        [noTaskWednesday._id, 150],
        [saved.created[0]!._id, 50],
      ]),
    );
    const ledger = await ledgerOf(company.id);
    expect(new Map(ledger.map((entry) => [entry.timeLogId, entry.hundredths]))).toEqual(new Map(stored.map(([id, hundredths]) => [id, -hundredths!])));
    expect(await hourBalance(t.deps.db, company.id)).toBe(4000 - 625);

    const week = json<TimesheetWeek>(await asBoss().get(`/superadmin/timelogs/timesheet?company=${company.id}&weekStart=${WEEK}`));
    expect(week.logged.map((row) => [row.task, row.hours, row.logs])).toEqual([
      [null, [0, 0, 1.5, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0, 0]],
      [task.id, [4.75, 0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0, 0]],
    ]);
  });

  it('records one event per log it writes, naming the caller, and none for a cell left as it was', async () => {
    const company = await customer();
    const first = await asBoss().post('/superadmin/timelogs/timesheet', { company: company.id, weekStart: WEEK, rows: [{ description: 'Sprint', hours: days({ 0: 2, 1: 3, 2: 1 }) }] });
    expect(first.statusCode, first.body).toBe(200);
    const [monday, tuesday, wednesday] = json<{ created: TimeLogDto[] }>(first).created;
    const created = await logEventsOf(company.id);
    expect(created.map((event) => [event.type, event.subjectId])).toEqual(
      [monday, tuesday, wednesday].map((log) => ['time_log.created', log!._id]).sort((a, b) => a.join().localeCompare(b.join())),
    );
    expect(created.find((event) => event.subjectId === monday!._id)).toMatchObject({
      actorId: boss.user.id,
      ipAddress: '127.0.0.1',
      changes: { company: { before: null, after: company.id }, timeStamp: { before: null, after: monday!.timeStamp }, invertedHours: { before: null, after: 2 }, description: { before: null, after: 'Sprint' } },
    });

    t.clock.advance(60_000);
    const second = await asBoss().post('/superadmin/timelogs/timesheet', {
      company: company.id,
      weekStart: WEEK,
      rows: [{ hours: days({ 3: 1.5 }) }],
      // Wednesday is given the hours it has: a cell left as it was
      changes: [{ task: null, day: 0, hours: 4 }, { task: null, day: 1, hours: 0 }, { task: null, day: 2, hours: 1 }],
    });
    expect(second.statusCode, second.body).toBe(200);
    const thursday = json<{ created: TimeLogDto[] }>(second).created[0]!;
    const written = (await logEventsOf(company.id)).filter((event) => event.occurredAt.getTime() === t.clock.now().getTime());
    expect(written.map((event) => [event.type, event.subjectId, event.changes])).toEqual([
      ['time_log.created', thursday._id, expect.objectContaining({ invertedHours: { before: null, after: 1.5 } })],
      ['time_log.deleted', tuesday!._id, expect.objectContaining({ invertedHours: { before: 3, after: null }, description: { before: 'Sprint', after: null } })],
      ['time_log.updated', monday!._id, { invertedHours: { before: 2, after: 4 } }],
    ]);
    expect(written.every((event) => event.actorId === boss.user.id && event.companyId === company.id)).toBe(true);
  });

  it('refuses to change a cell of several logs or of none, naming the cell, and writes nothing of the sheet', async () => {
    const company = await customer();
    const task = await createTask(t.deps.db, { companyId: company.id, title: 'Migration' });
    const logged = await asBoss().post('/superadmin/timelogs/timesheet', {
      company: company.id,
      weekStart: WEEK,
      rows: [{ task: task.id, hours: days({ 3: 1 }) }, { task: task.id, hours: days({ 3: 2 }) }],
    });
    expect(logged.statusCode, logged.body).toBe(200);
    const before = await counts();
    const cases = [
      [{ task: task.id, day: 3, hours: 1 }, 'Migration on Thu Mar 5 holds several logs: change them on the Time Logs screen.'],
      [{ task: null, day: 4, hours: 1 }, 'No task on Fri Mar 6 holds no log to change; reload the timesheet.'],
    ] as const;
    for (const [change, message] of cases) {
      const response = await asBoss().post('/superadmin/timelogs/timesheet', { company: company.id, weekStart: WEEK, rows: [{ hours: days({ 0: 1 }) }], changes: [change] });
      expect(response.statusCode, response.body).toBe(400);
      expect(json<{ message: string }>(response).message).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['the same cell twice', [{ task: null, day: 1, hours: 1 }, { task: '', day: 1, hours: 2 }], 'Each logged cell may be changed once in a save.'],
    ['a day after Sunday', [{ task: null, day: 7, hours: 1 }], 'day must be at most 6.'],
    ['a fraction of a day', [{ task: null, day: 1.5, hours: 1 }], 'day must be a whole number.'],
    ['hours over a log’s maximum', [{ task: null, day: 1, hours: 25 }], 'Hours must be at most 24.'],
  ])('refuses a change of %s (400)', async (_what, changes, message) => {
    const company = await customer();
    const response = await asBoss().post('/superadmin/timelogs/timesheet', { company: company.id, weekStart: WEEK, changes });
    expect(response.statusCode, response.body).toBe(400);
    expect(json<{ message: string }>(response).message).toContain(message);
  });

  it('refuses company admins (403) and strangers (401)', async () => {
    const payload = { company: customerAdmin.user.companyId, weekStart: WEEK, rows: [{ hours: days({ 0: 1 }) }] };
    const before = await counts();
    const asCustomer = await t.app.inject({ method: 'POST', url: '/api/superadmin/timelogs/timesheet', headers: { jwttoken: customerAdmin.token }, payload });
    expect(asCustomer.statusCode).toBe(403);
    const asStranger = await t.app.inject({ method: 'POST', url: '/api/superadmin/timelogs/timesheet', payload });
    expect(asStranger.statusCode).toBe(401);
    const reading = await t.app.inject({ method: 'GET', url: `/api/superadmin/timelogs/timesheet?company=${customerAdmin.user.companyId}&weekStart=${WEEK}`, headers: { jwttoken: customerAdmin.token } });
    expect(reading.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('GET /superadmin/timelogs/timesheet', () => {
  it('sums what the company logged in the week per task and day, the logs without a task first', async () => {
    const company = await customer();
    const task = await createTask(t.deps.db, { companyId: company.id, title: 'Reports' });
    const log = (timeStamp: string, invertedHours: number, taskId: string | null = null) =>
      asBoss().post('/superadmin/timelogs', { company: company.id, timeStamp, invertedHours, description: 'Work', task: taskId });
    await log('2026-03-02T15:00:00.000Z', 1.5);
    await log('2026-03-02T20:00:00.000Z', 0.25);
    await log('2026-03-05T15:00:00.000Z', 2, task.id);
    // Sunday 11 p.m. in New York is Monday in UTC: still this week
    await log('2026-03-09T03:30:00.000Z', 1, task.id);
    // the Monday after, and the Sunday before: other weeks
    await log('2026-03-09T14:00:00.000Z', 4);
    await log('2026-03-01T15:00:00.000Z', 4);

    const response = await asBoss().get(`/superadmin/timelogs/timesheet?company=${company.id}&weekStart=${WEEK}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<TimesheetWeek>(response)).toEqual({
      weekStart: WEEK,
      weekEnd: '2026-03-08',
      logged: [
        { task: null, taskTitle: null, hours: [1.75, 0, 0, 0, 0, 0, 0], logs: [2, 0, 0, 0, 0, 0, 0] },
        { task: task.id, taskTitle: 'Reports', hours: [0, 0, 0, 2, 0, 0, 1], logs: [0, 0, 0, 1, 0, 0, 1] },
      ],
    });
  });

  it('refuses a week that does not start on Monday (400)', async () => {
    const company = await customer();
    const response = await asBoss().get(`/superadmin/timelogs/timesheet?company=${company.id}&weekStart=2026-03-04`);
    expect(response.statusCode).toBe(400);
    expect(json<{ message: string }>(response).message).toContain(NOT_A_MONDAY);
  });
});

describe('GET /superadmin/timelogs/timesheet/current-week', () => {
  it("answers this week's Monday in the provider's zone, which may differ from UTC's", async () => {
    const read = async () => {
      const response = await asBoss().get('/superadmin/timelogs/timesheet/current-week');
      expect(response.statusCode, response.body).toBe(200);
      return json<{ weekStart: string }>(response).weekStart;
    };
    const start = t.clock.now();
    try {
      // Sunday 10 p.m. in New York is already Monday, March 9, in UTC
      t.clock.set(new Date('2026-03-09T02:00:00.000Z'));
      expect(await read()).toBe('2026-03-02');
      t.clock.set(new Date('2026-03-09T05:00:00.000Z'));
      expect(await read()).toBe('2026-03-09');
    } finally {
      t.clock.set(start);
    }
  });

  it('is for super-admins only', async () => {
    expect((await api(t.app, customerAdmin.token).get('/superadmin/timelogs/timesheet/current-week')).statusCode).toBe(403);
  });
});
