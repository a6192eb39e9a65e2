import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordedEvents } from '../../testing/events.js';
import { timeLogFormInput, type TimeLogDto } from '../../../shared/timelogs.js';
import { sourceOf } from '../events/service.js';
import { hourBalance } from '../../testing/ledger-sums.js';
import type { Outbox } from '../../mail/outbox.js';
import { api, createTestApp, json, queuedEmails, signedInUser, type TestApp, type SignedInUser } from '../../testing/app.js';
import { expectPagedList, restPage } from '../../testing/rest-pages.js';
import { pageStatement, slowSteps, sqliteOf, statementPlans } from '../../testing/query-plans.js';
import { createCompany, createTask, createTimeLogRow, createUser } from '../../testing/factories.js';
import { testEngine } from '../../testing/engine.js';
import { createTimeLog } from './service.js';

const onSqlite = testEngine() === 'sqlite';

let t: TestApp;
let globex: Awaited<ReturnType<typeof createCompany>>;
let initech: Awaited<ReturnType<typeof createCompany>>;
let customer: SignedInUser;
let colleague: Awaited<ReturnType<typeof createUser>>;
let boss: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  globex = await createCompany(t.deps.db, { companyName: 'Globex' });
  initech = await createCompany(t.deps.db, { companyName: 'Initech' });
  customer = await signedInUser(t, { companyId: globex.id, role: 'admin' });
  colleague = await createUser(t.deps.db, { companyId: globex.id, role: 'member' });
  await createUser(t.deps.db, { companyId: globex.id, approved: false });
  boss = await signedInUser(t, { role: 'superadmin', firstName: 'Pat', lastName: 'Provider' });
});
afterAll(() => t.close());

const admin = () => api(t.app, boss.token);

const form = (fields: Record<string, unknown> = {}) => ({
  company: globex.id,
  timeStamp: '2026-03-02T15:00:00.000Z',
  invertedHours: 2.5,
  description: 'Fixed the login page',
  ...fields,
});

async function createLog(fields: Record<string, unknown> = {}): Promise<TimeLogDto> {
  const response = await admin().post('/superadmin/timelogs', form(fields));
  expect(response.statusCode, response.body).toBe(200);
  return json<TimeLogDto>(response);
}

const balance = (companyId: string) => hourBalance(t.deps.db, companyId);

async function ledgerEntryOf(timeLogId: string) {
  const { activities } = t.deps.db.t;
  const [entry] = await t.deps.db.select().from(activities).where(eq(activities.timeLogId, timeLogId));
  return entry;
}

async function storedLog(id: string) {
  const { timeLogs } = t.deps.db.t;
  const [log] = await t.deps.db.select().from(timeLogs).where(eq(timeLogs.id, id));
  return log;
}

async function storedTask(id: string) {
  const { tasks } = t.deps.db.t;
  const [task] = await t.deps.db.select().from(tasks).where(eq(tasks.id, id));
  return task;
}

/** Row counts of every table a time log call may write to. */
async function tableCounts() {
  const { activities, events, outbox, taskHistory, tasks, timeLogs } = t.deps.db.t;
  const rows = async (table: typeof timeLogs | typeof activities | typeof tasks | typeof taskHistory | typeof outbox | typeof events) => {
    const [counted] = await t.deps.db.select({ n: count() }).from(table);
    return counted?.n;
  };
  return { timeLogs: await rows(timeLogs), activities: await rows(activities), tasks: await rows(tasks), taskHistory: await rows(taskHistory), outbox: await rows(outbox), events: await rows(events) };
}

async function everythingStored() {
  const { activities, tasks, timeLogs } = t.deps.db.t;
  return {
    counts: await tableCounts(),
    balances: [await balance(globex.id), await balance(initech.id)],
    logs: await t.deps.db.select().from(timeLogs),
    ledger: await t.deps.db.select().from(activities),
    tasks: await t.deps.db.select().from(tasks),
  };
}

describe('access', () => {
  it.each([
    ['GET', '/superadmin/timelogs'],
    ['GET', '/superadmin/timelogs/by-date'],
    ['POST', '/superadmin/timelogs'],
    ['PUT', '/superadmin/timelogs/x'],
    ['DELETE', '/superadmin/timelogs/x'],
  ] as const)('%s %s refuses customers (403) and strangers (401)', async (method, url) => {
    const before = await everythingStored();
    const payload = method === 'GET' || method === 'DELETE' ? undefined : form();
    expect((await t.app.inject({ method, url: `/api${url}`, headers: { jwttoken: customer.token }, payload })).statusCode).toBe(403);
    expect((await t.app.inject({ method, url: `/api${url}`, payload })).statusCode).toBe(401);
    expect(await everythingStored()).toEqual(before);
  });
});

describe('POST /superadmin/timelogs', () => {
  it('creates the log and its ledger entry in one go', async () => {
    const before = await balance(globex.id);
    const created = await createLog({ invertedHours: 2.25, description: '  Database tuning  ' });
    expect(created).toEqual({
      _id: expect.any(String),
      company: globex.id,
      companyName: 'Globex',
      timeStamp: '2026-03-02T15:00:00.000Z',
      invertedHours: 2.25,
      description: 'Database tuning',
      task: null,
      taskTitle: null,
    });
    expect(await storedLog(created._id)).toMatchObject({ companyId: globex.id, hundredths: 225, taskId: null, createdAt: t.clock.now() });
    expect(await ledgerEntryOf(created._id)).toMatchObject({
      companyId: globex.id,
      activityType: 'TimeLog',
      status: 'completed',
      hundredths: -225,
      description: 'Database tuning',
      timeStamp: new Date('2026-03-02T15:00:00.000Z'),
    });
    expect(await balance(globex.id)).toBe(before - 225);
  });

  it('accepts a time stamp with an offset and stores the instant', async () => {
    const created = await createLog({ timeStamp: '2026-03-02T10:00:00-05:00' });
    expect(created.timeStamp).toBe('2026-03-02T15:00:00.000Z');
  });

  it('gives the ledger entry a description when the log has none', async () => {
    const created = await createLog({ description: '' });
    expect(created.description).toBe('');
    expect((await ledgerEntryOf(created._id))?.description).toBe('Time log');
  });

  it.each([
    [24, 2400],
    [0.01, 1],
    ['1.5', 150],
    [1.005, 101],
  ])('accepts %j hours, stored as %d hundredths', async (hours, hundredths) => {
    const created = await createLog({ invertedHours: hours });
    expect((await storedLog(created._id))?.hundredths).toBe(hundredths);
    expect((await ledgerEntryOf(created._id))?.hundredths).toBe(-hundredths);
  });

  it.each(['', null, undefined])('treats task %j as no task', async (task) => {
    const created = await createLog({ task, closeTask: true });
    expect(created).toMatchObject({ task: null, taskTitle: null });
  });

  it('links an open task of the company and, by default, leaves it open', async () => {
    const task = await createTask(t.deps.db, { companyId: globex.id, title: 'Speed up search' });
    const emailsBefore = (await queuedEmails(t.deps)).length;
    const created = await createLog({ task: task.id });
    expect(created).toMatchObject({ task: task.id, taskTitle: 'Speed up search' });
    expect((await storedTask(task.id))?.done).toBe(false);
    expect(await queuedEmails(t.deps)).toHaveLength(emailsBefore);
  });

  it('closes the chosen task and, by default, emails the company’s approved users', async () => {
    const task = await createTask(t.deps.db, { companyId: globex.id, title: 'Renew certificates' });
    const created = await createLog({ task: task.id, closeTask: true });
    expect(created.task).toBe(task.id);
    expect((await storedTask(task.id))?.done).toBe(true);
    const email = (await queuedEmails(t.deps)).find((e) => e.subject.startsWith('Task done: Renew certificates'));
    expect(email?.toAddresses.split(', ').sort()).toEqual([customer.user.emailAddress, colleague.emailAddress].sort());
  });

  it('closes the task without an email when emailClient is false', async () => {
    const task = await createTask(t.deps.db, { companyId: globex.id, title: 'Quiet fix' });
    await createLog({ task: task.id, closeTask: true, emailClient: false });
    expect((await storedTask(task.id))?.done).toBe(true);
    expect((await queuedEmails(t.deps)).some((e) => e.subject.startsWith('Task done: Quiet fix'))).toBe(false);
  });

  it("'new' creates the task, closes it with history, emails the client and records the hours, together", async () => {
    const before = await balance(globex.id);
    const created = await createLog({
      task: 'new',
      newTaskTitle: 'Migrate the mail server',
      newTaskDescription: 'Moved to the new host',
      closeTask: true,
      emailClient: true,
      invertedHours: 3,
    });
    expect(created).toMatchObject({ task: expect.any(String), taskTitle: 'Migrate the mail server', company: globex.id });
    expect(await storedTask(created.task!)).toMatchObject({
      companyId: globex.id,
      title: 'Migrate the mail server',
      description: 'Moved to the new host',
      priority: 10,
      done: true,
      deleted: false,
    });
    const { taskHistory } = t.deps.db.t;
    const history = await t.deps.db.select().from(taskHistory).where(eq(taskHistory.taskId, created.task!));
    expect(history).toMatchObject([{ changedField: 'done', oldValue: 'false', newValue: 'true', userId: boss.user.id }]);
    const email = (await queuedEmails(t.deps)).find((e) => e.subject.startsWith('Task done: Migrate the mail server'));
    expect(email?.textBody).toContain('Moved to the new host');
    expect(email?.toAddresses.split(', ').sort()).toEqual([customer.user.emailAddress, colleague.emailAddress].sort());
    expect((await ledgerEntryOf(created._id))?.hundredths).toBe(-300);
    expect(await balance(globex.id)).toBe(before - 300);
  });

  it("'new' without closeTask creates an open task in the log's company", async () => {
    const created = await createLog({ company: initech.id, task: 'new', newTaskTitle: 'Audit backups' });
    expect(await storedTask(created.task!)).toMatchObject({ companyId: initech.id, title: 'Audit backups', description: '', done: false });
  });

  it('ignores the id a form sends along, and fields of a list row', async () => {
    const existing = await createLog();
    const created = await createLog({ id: existing._id, _id: existing._id, companyName: 'Ignored', taskTitle: 'Ignored' });
    expect(created._id).not.toBe(existing._id);
    expect(created.companyName).toBe('Globex');
  });

  it.each([
    ['company: undefined', { company: undefined }, 'Company is required.'],
    ['company: blank', { company: '  ' }, 'Company is required.'],
    ['timeStamp: undefined', { timeStamp: undefined }, 'Time stamp must be an ISO date-time, such as 2026-03-02T15:00:00Z.'],
    ['timeStamp: yesterday', { timeStamp: 'yesterday' }, 'Time stamp must be an ISO date-time, such as 2026-03-02T15:00:00Z.'],
    ['timeStamp: 2026-03-02', { timeStamp: '2026-03-02' }, 'Time stamp must be an ISO date-time, such as 2026-03-02T15:00:00Z.'],
    ['invertedHours: undefined', { invertedHours: undefined }, 'Hours must be a number.'],
    ['invertedHours: two', { invertedHours: 'two' }, 'Hours must be a number.'],
    ['invertedHours: 0', { invertedHours: 0 }, 'Hours must be more than 0.'],
    ['invertedHours: -1', { invertedHours: -1 }, 'Hours must be more than 0.'],
    ['invertedHours: 24.01', { invertedHours: 24.01 }, 'Hours must be at most 24.'],
    ['invertedHours: 1e300', { invertedHours: 1e300 }, 'Hours must be at most 24.'],
    ['invertedHours: 0.004', { invertedHours: 0.004 }, 'Hours must be at least 0.01.'],
    ['description: 5001 characters', { description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters.'],
    ['task: new', { task: 'new' }, 'Enter a title for the new task.'],
    ['task: new, newTaskTitle: blank, closeTask: true', { task: 'new', newTaskTitle: '   ', closeTask: true }, 'Enter a title for the new task.'],
    ['task: new, newTaskTitle: 201 characters', { task: 'new', newTaskTitle: 'x'.repeat(201) }, 'The new task title must be at most 200 characters.'],
    ['task: new, newTaskTitle: Ok, newTaskDescription: 5001 characters', { task: 'new', newTaskTitle: 'Ok', newTaskDescription: 'x'.repeat(5001) }, 'The new task description must be at most 5000 characters.'],
    ['closeTask: yes', { closeTask: 'yes' }, 'closeTask must be true or false.'],
    ['emailClient: no', { emailClient: 'no' }, 'emailClient must be true or false.'],
  ])('refuses %s with 400 and writes nothing', async (_label, fields, message) => {
    const before = await everythingStored();
    const response = await admin().post('/superadmin/timelogs', form(fields));
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
    expect(await everythingStored()).toEqual(before);
  });

  it('refuses an unknown company with 404 and writes nothing', async () => {
    const before = await everythingStored();
    const response = await admin().post('/superadmin/timelogs', form({ company: 'no-such-company', task: 'new', newTaskTitle: 'x', closeTask: true }));
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Company not found.');
    expect(await everythingStored()).toEqual(before);
  });

  describe('refuses a task that is not an open task of the log’s company, writing nothing', () => {
    it.each([
      ['unknown', async () => 'no-such-task', 404, 'Task not found.'],
      ['deleted', async () => (await createTask(t.deps.db, { companyId: globex.id, deleted: true })).id, 404, 'Task not found.'],
      ['done', async () => (await createTask(t.deps.db, { companyId: globex.id, done: true })).id, 400, 'That task is already done; choose an open task.'],
      ['of another company', async () => (await createTask(t.deps.db, { companyId: initech.id })).id, 400, 'That task belongs to another company; choose one of this company’s open tasks.'],
    ])('%s', async (_kind, makeTask, status, message) => {
      const task = await makeTask();
      const before = await everythingStored();
      const response = await admin().post('/superadmin/timelogs', form({ task, closeTask: true, emailClient: true }));
      expect(response.statusCode).toBe(status);
      expect(json(response).message).toBe(message);
      expect(await everythingStored()).toEqual(before);
    });
  });

  it('leaves nothing behind when the last step (queuing the email) fails', async () => {
    const before = await everythingStored();
    const failingOutbox = { enqueue: vi.fn(async () => { throw new Error('outbox unavailable'); }) } as unknown as Outbox;
    const source = sourceOf({ userId: boss.user.id, firstName: 'Pat', lastName: 'Provider', emailAddress: boss.user.emailAddress }, '203.0.113.7');
    const input = timeLogFormInput.parse(form({ task: 'new', newTaskTitle: 'Half done', closeTask: true, emailClient: true }));
    await expect(createTimeLog({ ...t.deps, outbox: failingOutbox }, source, input)).rejects.toThrow('outbox unavailable');
    expect(failingOutbox.enqueue).toHaveBeenCalledOnce();
    expect(await everythingStored()).toEqual(before);
  });
});

describe('GET /superadmin/timelogs', () => {
  it('lists every company’s logs, newest first by time stamp, with company name and task title', async () => {
    const task = await createTask(t.deps.db, { companyId: initech.id, title: 'Printer setup' });
    const older = await createLog({ company: initech.id, timeStamp: '2025-01-01T09:00:00.000Z', task: task.id, description: 'Older' });
    const newer = await createLog({ timeStamp: '2030-01-01T09:00:00.000Z', description: 'Newer' });
    const list = json<TimeLogDto[]>(await admin().get('/superadmin/timelogs?per_page=1000'));
    const times = list.map((log) => log.timeStamp);
    expect(times).toEqual([...times].sort().reverse());
    expect(list[0]).toEqual(newer);
    expect(list.find((log) => log._id === older._id)).toEqual({
      _id: older._id,
      company: initech.id,
      companyName: 'Initech',
      timeStamp: '2025-01-01T09:00:00.000Z',
      invertedHours: 2.5,
      description: 'Older',
      task: task.id,
      taskTitle: 'Printer setup',
    });
  });
});

describe('GET /superadmin/timelogs: paging, search, company filter, sort', () => {
  let hooli: Awaited<ReturnType<typeof createCompany>>;
  let umbrella: Awaited<ReturnType<typeof createCompany>>;
  const logs: Record<string, TimeLogDto> = {};
  const path = (query: string) => `/superadmin/timelogs?company=${hooli.id}&${query}`;
  const descriptions = async (url: string) => json<TimeLogDto[]>(await admin().get(url)).map((log) => log.description);

  beforeAll(async () => {
    hooli = await createCompany(t.deps.db, { companyName: 'Hooli' });
    umbrella = await createCompany(t.deps.db, { companyName: 'Umbrella' });
    const made: [string, string, number, string?][] = [
      ['Before the clocks change', '2026-03-08T06:59:00.000Z', 1.5],
      ['When New York springs forward', '2026-03-08T07:00:00.000Z', 2.75],
      ['Berlin autumn, second 2 AM', '2026-10-25T01:30:00.000Z', 0.05],
      ['Midnight in New York', '2026-06-01T04:00:00.000Z', 8],
      ['Noon in New York', '2026-06-01T16:00:00.000Z', 12.25],
      ['Kept in 100% _raw_ form', '2025-12-31T23:59:00.000Z', 3],
    ];
    for (const [description, timeStamp, invertedHours] of made) logs[description] = await createLog({ company: hooli.id, description, timeStamp, invertedHours });
    logs.Umbrella = await createLog({ company: umbrella.id, description: 'Umbrella work', timeStamp: '2026-03-08T07:00:00.000Z', invertedHours: 2.75 });
  });

  const newestFirst = ['Berlin autumn, second 2 AM', 'Noon in New York', 'Midnight in New York', 'When New York springs forward', 'Before the clocks change', 'Kept in 100% _raw_ form'];

  it('pages one company’s logs, newest first', async () => {
    await expectPagedList(t, boss.token, `/superadmin/timelogs?company=${hooli.id}`, newestFirst.map((description) => logs[description]!._id));
  });

  it.each([
    ['springs FORWARD', undefined, ['When New York springs forward']],
    ['100%', undefined, ['Kept in 100% _raw_ form']],
    ['_raw_', undefined, ['Kept in 100% _raw_ form']],
    ['2.75', undefined, ['When New York springs forward']],
    ['1.5', undefined, ['Before the clocks change']],
    ['0.05', undefined, ['Berlin autumn, second 2 AM']],
    ['12.25', undefined, ['Noon in New York']],
    ['Mar 8, 2026, 3:00 AM', 'America/New_York', ['When New York springs forward']],
    ['mar 8, 2026, 1:59 am', 'America/New_York', ['Before the clocks change']],
    ['Mar 8, 2026, 3:00 AM', undefined, ['When New York springs forward']],
    ['Mar 8, 2026, 8:00 AM', 'Europe/Berlin', ['When New York springs forward']],
    ['Mar 8, 2026, 3:00 AM', 'Europe/Berlin', []],
    ['Oct 25, 2026, 2:30 AM', 'Europe/Berlin', ['Berlin autumn, second 2 AM']],
    ['Jun 1, 2026, 12:00 AM', 'America/New_York', ['Midnight in New York']],
    ['Jun 1, 2026, 12:00 PM', 'America/New_York', ['Noon in New York']],
    ['Jan 1, 2026', 'Europe/Berlin', ['Kept in 100% _raw_ form']],
    ['Dec 31, 2025, 6:59 PM', 'America/New_York', ['Kept in 100% _raw_ form']],
    ['Hooli', undefined, []],
  ])('search %j (timeZone %s) matches the description, the hours text or the date-time text', async (search, timeZone, expected) => {
    const zone = timeZone ? `&timeZone=${encodeURIComponent(timeZone)}` : '';
    expect(await descriptions(path(`search=${encodeURIComponent(search)}${zone}`))).toEqual(expected);
  });

  it('filters by company id, and All (no company) lists every company', async () => {
    expect(await descriptions(`/superadmin/timelogs?company=${umbrella.id}`)).toEqual(['Umbrella work']);
    const all = await descriptions(`/superadmin/timelogs?search=${encodeURIComponent('Mar 8, 2026, 3:00 AM')}&timeZone=America/New_York&per_page=1000`);
    expect(all).toEqual(expect.arrayContaining(['Umbrella work', 'When New York springs forward']));
  });

  it.each([
    ['invertedHours', 'asc', ['Berlin autumn, second 2 AM', 'Before the clocks change', 'When New York springs forward', 'Kept in 100% _raw_ form', 'Midnight in New York', 'Noon in New York']],
    ['description', 'desc', ['When New York springs forward', 'Noon in New York', 'Midnight in New York', 'Kept in 100% _raw_ form', 'Berlin autumn, second 2 AM', 'Before the clocks change']],
    ['timeStamp', 'asc', [...newestFirst].reverse()],
  ])('sorts by %s %s', async (sort, dir, expected) => {
    expect(await descriptions(path(`sort=${sort}&dir=${dir}`))).toEqual(expected);
  });

  it('sorts by company name, then newest first', async () => {
    const url = `/superadmin/timelogs?search=${encodeURIComponent('Mar 8, 2026, 3:00 AM')}&timeZone=America/New_York&sort=companyName`;
    expect(await descriptions(`${url}&dir=asc`)).toEqual(['When New York springs forward', 'Umbrella work']);
    expect(await descriptions(`${url}&dir=desc`)).toEqual(['Umbrella work', 'When New York springs forward']);
  });

  it.each([
    ['timeZone=Mars/Olympus_Mons', 'timeZone must be a time zone name, such as America/New_York.'],
    ['timeZone=', 'timeZone must be a time zone name, such as America/New_York.'],
    ['sort=task', 'sort must be one of: timeStamp, companyName, invertedHours, description.'],
    [`search=${'x'.repeat(201)}`, 'Search must be at most 200 characters.'],
  ])('refuses %s with a clear message', async (query, message) => {
    const response = await admin().get(`/superadmin/timelogs?${query}`);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
  });
});

describe('PUT /superadmin/timelogs/{id}', () => {
  it('changes hours, description and time stamp, and the ledger entry with them', async () => {
    const log = await createLog({ invertedHours: 1 });
    const before = await balance(globex.id);
    const response = await admin().put(`/superadmin/timelogs/${log._id}`, form({ invertedHours: 4.75, description: 'Longer than planned', timeStamp: '2026-03-05T18:30:00.000Z' }));
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ ...log, invertedHours: 4.75, description: 'Longer than planned', timeStamp: '2026-03-05T18:30:00.000Z' });
    expect(await ledgerEntryOf(log._id)).toMatchObject({ hundredths: -475, description: 'Longer than planned', timeStamp: new Date('2026-03-05T18:30:00.000Z'), companyId: globex.id });
    expect(await balance(globex.id)).toBe(before - 375);
  });

  it('moves a log and its hours to another company', async () => {
    const log = await createLog({ invertedHours: 2 });
    const [globexBefore, initechBefore] = [await balance(globex.id), await balance(initech.id)];
    const response = await admin().put(`/superadmin/timelogs/${log._id}`, form({ company: initech.id, invertedHours: 2 }));
    expect(json(response)).toMatchObject({ company: initech.id, companyName: 'Initech' });
    expect((await ledgerEntryOf(log._id))?.companyId).toBe(initech.id);
    expect(await balance(globex.id)).toBe(globexBefore + 200);
    expect(await balance(initech.id)).toBe(initechBefore - 200);
  });

  it('accepts the list row sent back as the edit form, and names the log by its path', async () => {
    const log = await createLog();
    const other = await createLog();
    const response = await admin().put(`/superadmin/timelogs/${log._id}`, { ...log, id: other._id, description: 'Edited', closeTask: false, emailClient: true });
    expect(json(response)).toMatchObject({ _id: log._id, description: 'Edited' });
    expect((await storedLog(other._id))?.description).toBe('Fixed the login page');
  });

  it('ignores closeTask and emailClient: an edit never closes a task or emails the client', async () => {
    const task = await createTask(t.deps.db, { companyId: globex.id, title: 'Still open' });
    const log = await createLog({ task: task.id });
    const emailsBefore = (await queuedEmails(t.deps)).length;
    const response = await admin().put(`/superadmin/timelogs/${log._id}`, form({ task: task.id, closeTask: true, emailClient: true }));
    expect(response.statusCode).toBe(200);
    expect((await storedTask(task.id))?.done).toBe(false);
    expect(await queuedEmails(t.deps)).toHaveLength(emailsBefore);
  });

  it("'new' creates and links an open task in the log's company, even with closeTask", async () => {
    const log = await createLog({ company: initech.id });
    const response = await admin().put(`/superadmin/timelogs/${log._id}`, form({ company: initech.id, task: 'new', newTaskTitle: 'Found while logging', closeTask: true }));
    const updated = json<TimeLogDto>(response);
    expect(updated).toMatchObject({ taskTitle: 'Found while logging' });
    expect(await storedTask(updated.task!)).toMatchObject({ companyId: initech.id, done: false });
  });

  it('keeps a linked task that this log closed', async () => {
    const task = await createTask(t.deps.db, { companyId: globex.id, title: 'Closed by the log' });
    const log = await createLog({ task: task.id, closeTask: true, emailClient: false });
    const response = await admin().put(`/superadmin/timelogs/${log._id}`, form({ task: task.id, invertedHours: 3 }));
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ task: task.id, invertedHours: 3 });
  });

  it('unlinks the task when the form has none', async () => {
    const task = await createTask(t.deps.db, { companyId: globex.id });
    const log = await createLog({ task: task.id });
    expect(json(await admin().put(`/superadmin/timelogs/${log._id}`, form({ task: '' })))).toMatchObject({ task: null, taskTitle: null });
  });

  it.each([
    ['moving the log away from its task’s company', 400, 'That task belongs to another company; choose one of this company’s open tasks.'],
    ['linking another, done task', 400, 'That task is already done; choose an open task.'],
  ])('refuses %s and changes nothing', async (kind, status, message) => {
    const linked = await createTask(t.deps.db, { companyId: globex.id });
    const doneTask = await createTask(t.deps.db, { companyId: globex.id, done: true });
    const log = await createLog({ task: linked.id });
    const change = kind.startsWith('moving') ? { company: initech.id, task: linked.id } : { task: doneTask.id };
    const before = await everythingStored();
    const response = await admin().put(`/superadmin/timelogs/${log._id}`, form({ ...change, invertedHours: 9 }));
    expect(response.statusCode).toBe(status);
    expect(json(response).message).toBe(message);
    expect(await everythingStored()).toEqual(before);
  });

  it.each([
    [{ invertedHours: 25 }, 400, 'Hours must be at most 24.'],
    [{ company: '' }, 400, 'Company is required.'],
    [{ company: 'no-such-company' }, 404, 'Company not found.'],
    [{ task: 'no-such-task' }, 404, 'Task not found.'],
    [{ task: 'new', newTaskTitle: '' }, 400, 'Enter a title for the new task.'],
  ])('refuses %j and changes nothing', async (fields, status, message) => {
    const log = await createLog();
    const before = await everythingStored();
    const response = await admin().put(`/superadmin/timelogs/${log._id}`, form({ description: 'Changed', ...fields }));
    expect(response.statusCode).toBe(status);
    expect(json(response).message).toBe(message);
    expect(await everythingStored()).toEqual(before);
  });

  it('answers an unknown id with 404', async () => {
    const before = await everythingStored();
    const response = await admin().put('/superadmin/timelogs/no-such-log', form());
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Time log not found.');
    expect(await everythingStored()).toEqual(before);
  });

  it('rolls back the task it created when the ledger entry cannot follow', async () => {
    // a row written behind the service's back has no ledger entry, so the last step fails
    const orphan = await createTimeLogRow(t.deps.db, { companyId: globex.id, hundredths: 100, description: 'Orphan' });
    const before = await everythingStored();
    const response = await admin().put(`/superadmin/timelogs/${orphan.id}`, form({ task: 'new', newTaskTitle: 'Never created' }));
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Hours entry for this time log not found.');
    expect(await everythingStored()).toEqual(before);
  });
});

describe('DELETE /superadmin/timelogs/{id}', () => {
  it('removes the log and its ledger entry, giving the hours back', async () => {
    const task = await createTask(t.deps.db, { companyId: globex.id });
    const before = await balance(globex.id);
    const log = await createLog({ invertedHours: 6.5, task: task.id });
    expect(await balance(globex.id)).toBe(before - 650);
    const response = await admin().delete(`/superadmin/timelogs/${log._id}`);
    expect(response.statusCode).toBe(200);
    expect(await storedLog(log._id)).toBeUndefined();
    expect(await ledgerEntryOf(log._id)).toBeUndefined();
    expect(await balance(globex.id)).toBe(before);
    expect(await storedTask(task.id)).toMatchObject({ deleted: false, done: false });
    const list = json<TimeLogDto[]>(await admin().get(`/superadmin/timelogs?company=${globex.id}&per_page=1000`));
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((row) => row._id)).not.toContain(log._id);
  });

  it('answers an unknown or already deleted log with 404', async () => {
    const log = await createLog();
    expect((await admin().delete(`/superadmin/timelogs/${log._id}`)).statusCode).toBe(200);
    const again = await admin().delete(`/superadmin/timelogs/${log._id}`);
    expect(again.statusCode).toBe(404);
    expect(json(again).message).toBe('Time log not found.');
  });
});

describe('events', () => {
  /** A record's events, oldest first (the clock moves between the calls that write them). */
  const eventsOf = async (_subjectType: string, id: string) => recordedEvents(t.deps.db, { subjectId: id });
  /** The provider, calling from the test's address, as every event of these calls names them. */
  const byBoss = () => ({ actorId: boss.user.id, actorLabel: `Pat Provider <${boss.user.emailAddress}>`, ipAddress: '127.0.0.1' });
  const later = () => t.clock.advance(60_000);

  it('records a new log with every field as the API shows it, in its company', async () => {
    const task = await createTask(t.deps.db, { companyId: globex.id, title: 'Logged on' });
    const created = await createLog({ invertedHours: 1.25, task: task.id });
    expect(await eventsOf('time_log', created._id)).toMatchObject([
      {
        type: 'time_log.created',
        ...byBoss(),
        companyId: globex.id,
        occurredAt: t.clock.now(),
        changes: {
          company: { before: null, after: globex.id },
          task: { before: null, after: task.id },
          timeStamp: { before: null, after: '2026-03-02T15:00:00.000Z' },
          invertedHours: { before: null, after: 1.25 },
          description: { before: null, after: 'Fixed the login page' },
        },
      },
    ]);
  });

  it('records an update with exactly the fields it changed, before and after; one that changes nothing records nothing', async () => {
    const log = await createLog();
    later();
    expect((await admin().put(`/superadmin/timelogs/${log._id}`, form({ invertedHours: 3.75, description: 'Tuned the login page' }))).statusCode).toBe(200);
    later();
    expect((await admin().put(`/superadmin/timelogs/${log._id}`, { id: log._id })).statusCode).toBe(200);
    const events = await eventsOf('time_log', log._id);
    expect(events.map((event) => event.type)).toEqual(['time_log.created', 'time_log.updated']);
    expect(events[1]).toMatchObject({
      ...byBoss(),
      companyId: globex.id,
      changes: { invertedHours: { before: 2.5, after: 3.75 }, description: { before: 'Fixed the login page', after: 'Tuned the login page' } },
    });
    expect(Object.keys(events[1]!.changes).sort()).toEqual(['description', 'invertedHours']);
  });

  it('records a move in the company the log moved to, with both companies', async () => {
    const log = await createLog();
    later();
    await admin().put(`/superadmin/timelogs/${log._id}`, form({ company: initech.id }));
    const [, moved] = await eventsOf('time_log', log._id);
    expect(moved).toMatchObject({ type: 'time_log.updated', companyId: initech.id, changes: { company: { before: globex.id, after: initech.id } } });
    expect(Object.keys(moved!.changes)).toEqual(['company']);
  });

  it('records the log, the task it creates and the closing of that task, in one go', async () => {
    const created = await createLog({ task: 'new', newTaskTitle: 'Logged and closed', closeTask: true, emailClient: false });
    const taskEvents = await eventsOf('task', created.task!);
    expect(await eventsOf('time_log', created._id)).toMatchObject([{ type: 'time_log.created', ...byBoss(), changes: { task: { before: null, after: created.task } } }]);
    expect(taskEvents.map((event) => event.type).sort()).toEqual(['task.completed', 'task.created']);
    expect(taskEvents.find((event) => event.type === 'task.created')).toMatchObject({
      ...byBoss(),
      companyId: globex.id,
      changes: { title: { before: null, after: 'Logged and closed' }, priority: { before: null, after: 10 }, done: { before: null, after: false }, company: { before: null, after: globex.id } },
    });
    expect(taskEvents.find((event) => event.type === 'task.completed')).toMatchObject({ ...byBoss(), changes: { done: { before: false, after: true } } });
  });

  it('records a deletion with the log as it was', async () => {
    const log = await createLog({ invertedHours: 4 });
    later();
    expect((await admin().delete(`/superadmin/timelogs/${log._id}`)).statusCode).toBe(200);
    const [, deleted] = await eventsOf('time_log', log._id);
    expect(deleted).toMatchObject({
      type: 'time_log.deleted',
      ...byBoss(),
      companyId: globex.id,
      changes: { company: { before: globex.id, after: null }, invertedHours: { before: 4, after: null }, description: { before: 'Fixed the login page', after: null } },
    });
  });

  it('records nothing for a refused update or deletion', async () => {
    const log = await createLog();
    const doneTask = await createTask(t.deps.db, { companyId: globex.id, done: true });
    expect((await admin().put(`/superadmin/timelogs/${log._id}`, form({ task: doneTask.id }))).statusCode).toBe(400);
    expect((await api(t.app, customer.token).delete(`/superadmin/timelogs/${log._id}`)).statusCode).toBe(403);
    expect((await admin().delete('/superadmin/timelogs/no-such-log')).statusCode).toBe(404);
    expect((await eventsOf('time_log', log._id)).map((event) => event.type)).toEqual(['time_log.created']);
    expect(await eventsOf('time_log', 'no-such-log')).toEqual([]);
  });
});

describe('the list at scale', () => {
  let big: TestApp;
  let token: string;

  beforeAll(async () => {
    big = await createTestApp();
    token = (await signedInUser(big, { role: 'superadmin' })).token;
    const companies: Awaited<ReturnType<typeof createCompany>>[] = [];
    for (let n = 0; n < 20; n += 1) companies.push(await createCompany(big.deps.db));
    const start = Date.parse('2024-01-01T00:00:00Z');
    await big.deps.db.transaction(async (tx) => {
      for (let i = 0; i < 3000; i += 1) {
        const company = companies[i % companies.length]!;
        const task = i % 3 === 0 ? (await createTask(tx, { companyId: company.id })).id : null;
        await createTimeLogRow(tx, { companyId: company.id, taskId: task, timeStamp: new Date(start + ((i * 7919) % 3000) * 3_600_000), hundredths: 100 });
      }
    });
  });
  afterAll(() => big.close());

  it('answers a page of a thousand logs in order with the same number of queries as a handful', async () => {
    /** The call's answer, and how many statements it prepared on either connection (SQLite's: none counted elsewhere). */
    const counted = async (path: string) => {
      if (!onSqlite) return { response: await api(big.app, token).get(path), queries: 0 };
      const { reader, writer } = sqliteOf(big.database);
      const prepares = [vi.spyOn(reader, 'prepare'), vi.spyOn(writer, 'prepare')];
      try {
        const response = await api(big.app, token).get(path);
        return { response, queries: prepares.reduce((sum, prepare) => sum + prepare.mock.calls.length, 0) };
      } finally {
        for (const prepare of prepares) prepare.mockRestore();
      }
    };
    // a statement kept per database (the session lookup) is prepared at its first call only: both counts come after it
    await api(big.app, token).get('/superadmin/timelogs?per_page=5&page=1');
    const handful = await counted('/superadmin/timelogs?per_page=5&page=2');
    const { response, queries } = await counted('/superadmin/timelogs?per_page=1000&page=2');
    const page = restPage<TimeLogDto>(response);
    expect(page.items).toHaveLength(1000);
    expect(page.total).toBe(3000);
    const times = page.items.map((log) => log.timeStamp);
    expect(times).toEqual([...times].sort().reverse());
    expect(page.items.filter((log) => log.taskTitle !== null).length).toBeGreaterThan(300);
    // the settings read twice (two-factor policy, time zone), the page and the count; a query per row would make a thousand
    expect(queries).toBe(handful.queries);
    expect(queries).toBeLessThanOrEqual(onSqlite ? 4 : 0);
  });

  it.runIf(onSqlite)('reads the default and the company-filtered page from an index instead of sorting the table', async () => {
    const { timeLogs } = big.deps.db.t;
    const [anyLog] = await big.deps.db.select({ id: timeLogs.companyId }).from(timeLogs).limit(1);
    const company = anyLog!.id;
    const plans = new Map<string, string[]>();
    for (const path of ['/superadmin/timelogs?per_page=25', `/superadmin/timelogs?per_page=25&company=${company}`]) {
      plans.set(path, pageStatement(await statementPlans(big.database, () => api(big.app, token).get(path)), 'time_logs').plan);
    }
    const [all, ofCompany] = [...plans.values()];
    expect(all).toContain('SCAN time_logs USING INDEX time_logs_time_idx');
    expect(ofCompany).toContain('SEARCH time_logs USING INDEX time_logs_company_idx (company_id=?)');
    expect([...plans.values()].flatMap(slowSteps)).toEqual([]);
  });
});
