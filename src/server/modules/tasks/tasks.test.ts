import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedEvents } from '../../testing/events.js';
import { MAX_OPEN_TASKS_PER_COMPANY, TOO_MANY_OPEN_TASKS, userRateLimits } from '../../../shared/limits.js';
import { createCompany, createTask } from '../../testing/factories.js';
import { api, createTestApp, json, queuedEmails, signedInUser, type TestApp, type SignedInUser } from '../../testing/app.js';
import { expectPagedList, restPage } from '../../testing/rest-pages.js';
import { pageStatement, slowSteps, statementPlans } from '../../testing/query-plans.js';
import { testEngine } from '../../testing/engine.js';

/** Query plans are SQLite's: on PostgreSQL these tests check the answers only. */
const onSqlite = testEngine() === 'sqlite';

let t: TestApp;
let company: Awaited<ReturnType<typeof createCompany>>;
let other: Awaited<ReturnType<typeof createCompany>>;
let admin: SignedInUser;
let member: SignedInUser;
let boss: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.deps.db, { companyName: 'Globex' });
  other = await createCompany(t.deps.db, { companyName: 'Initech' });
  admin = await signedInUser(t, { companyId: company.id, role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  member = await signedInUser(t, { companyId: company.id, role: 'member' });
  boss = await signedInUser(t, { role: 'superadmin', firstName: 'Pat', lastName: 'Provider' });
});
afterAll(() => t.close());

const allTasks = () => t.deps.db.select().from(t.deps.db.t.tasks);

async function storedTask(id: string) {
  const { tasks } = t.deps.db.t;
  const [row] = await t.deps.db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}

type Task = { _id: string; title: string; description: string; priority: number; company: string; companyName: string; done: boolean; history: { changedField: string; oldValue: string; newValue: string; creationUser: { firstName: string; lastName: string } }[] };

describe('customer tasks', () => {
  it('lists only the open tasks of the caller’s company, by priority', async () => {
    const low = await createTask(t.deps.db, { companyId: company.id, priority: 9, title: 'Low' });
    const high = await createTask(t.deps.db, { companyId: company.id, priority: 1, title: 'High' });
    await createTask(t.deps.db, { companyId: company.id, priority: 0, title: 'Done', done: true });
    await createTask(t.deps.db, { companyId: company.id, priority: 0, title: 'Deleted', deleted: true });
    await createTask(t.deps.db, { companyId: other.id, priority: 0, title: 'Theirs' });
    const list = json<Task[]>(await api(t.app, member.token).get('/tasks'));
    const titles = list.map((task) => task.title);
    expect(titles).not.toContain('Done');
    expect(titles).not.toContain('Deleted');
    expect(titles).not.toContain('Theirs');
    expect(titles.indexOf('High')).toBeLessThan(titles.indexOf('Low'));
    expect(list.find((task) => task._id === high.id)).toMatchObject({ company: company.id, companyName: 'Globex', done: false, history: [] });
    expect(low).toBeTruthy();
  });

  it('creates a task in the caller’s company, priority 1 by default', async () => {
    const response = await api(t.app, member.token).post('/tasks', { title: 'Fix the login page', description: 'It is slow', creationDate: '2026-03-01T10:00:00.000Z', company: other.id });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ title: 'Fix the login page', priority: 1, company: company.id, creationDate: '2026-03-01T10:00:00.000Z' });
  });

  it.each([
    [{ title: '' }, 'Title is required.'],
    [{ title: 'x', priority: 1.5 }, 'Priority must be a whole number.'],
    [{ title: 'x', priority: 'high' }, 'Priority must be a whole number.'],
  ])('refuses %j with a message and writes nothing', async (payload, message) => {
    const before = (await allTasks()).length;
    const response = await api(t.app, admin.token).post('/tasks', payload);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
    expect(await allTasks()).toHaveLength(before);
  });

  it('updates a task and records each changed field with the acting user', async () => {
    const task = await createTask(t.deps.db, { companyId: company.id, title: 'Old title', description: 'Same', priority: 3 });
    const response = await api(t.app, admin.token).put(`/tasks/${task.id}`, { title: 'New title', description: 'Same', priority: 2 });
    expect(response.statusCode).toBe(200);
    const updated = json<Task>(response);
    expect(updated).toMatchObject({ title: 'New title', priority: 2 });
    expect(updated.history.map(({ changedField, oldValue, newValue, creationUser }) => ({ changedField, oldValue, newValue, creationUser }))).toEqual([
      { changedField: 'title', oldValue: 'Old title', newValue: 'New title', creationUser: { firstName: 'Ada', lastName: 'Admin' } },
      { changedField: 'priority', oldValue: '3', newValue: '2', creationUser: { firstName: 'Ada', lastName: 'Admin' } },
    ]);
  });

  it('soft-deletes, with history, and the task leaves the list', async () => {
    const task = await createTask(t.deps.db, { companyId: company.id, title: 'To delete' });
    expect((await api(t.app, admin.token).delete(`/tasks/${task.id}`)).statusCode).toBe(200);
    const row = await storedTask(task.id);
    expect(row?.deleted).toBe(true);
    const { taskHistory } = t.deps.db.t;
    const history = await t.deps.db.select().from(taskHistory).where(eq(taskHistory.taskId, task.id));
    expect(history).toMatchObject([{ changedField: 'deleted', oldValue: 'false', newValue: 'true' }]);
    const list = json<Task[]>(await api(t.app, admin.token).get('/tasks'));
    expect(list.map((item) => item._id)).not.toContain(task.id);
  });

  it('answers another company’s task as not found and changes nothing', async () => {
    const theirs = await createTask(t.deps.db, { companyId: other.id, title: 'Theirs' });
    const update = await api(t.app, admin.token).put(`/tasks/${theirs.id}`, { title: 'Mine now', priority: 1 });
    expect(update.statusCode).toBe(404);
    expect(json(update).message).toBe('Task not found.');
    expect((await api(t.app, admin.token).delete(`/tasks/${theirs.id}`)).statusCode).toBe(404);
    expect(await storedTask(theirs.id)).toMatchObject({ title: 'Theirs', deleted: false });
  });

  it('needs a session', async () => {
    expect((await api(t.app).get('/tasks')).statusCode).toBe(401);
    expect((await api(t.app).post('/tasks', { title: 'x' })).statusCode).toBe(401);
  });

  it('gives the provider an empty list and refuses customer writes', async () => {
    expect(json(await api(t.app, boss.token).get('/tasks'))).toEqual([]);
    const response = await api(t.app, boss.token).post('/tasks', { title: 'x' });
    expect(response.statusCode).toBe(403);
  });
});

describe('super-admin tasks', () => {
  it.each([
    ['GET', '/superadmin/allopentasks'],
    ['GET', '/superadmin/tasks/choices?company=x'],
    ['POST', '/superadmin/tasks'],
    ['PUT', '/superadmin/tasks/x'],
    ['DELETE', '/superadmin/tasks/x'],
    ['PUT', '/superadmin/tasks/markdone/x'],
  ] as const)('%s %s refuses customers (403) and strangers (401)', async (method, url) => {
    expect((await t.app.inject({ method, url: `/api${url}`, headers: { jwttoken: admin.token } })).statusCode).toBe(403);
    expect((await t.app.inject({ method, url: `/api${url}` })).statusCode).toBe(401);
  });

  it('lists every company’s open tasks with the company name', async () => {
    const theirs = await createTask(t.deps.db, { companyId: other.id, title: 'Other open' });
    const list = json<Task[]>(await api(t.app, boss.token).get('/superadmin/allopentasks'));
    expect(list.find((task) => task._id === theirs.id)).toMatchObject({ companyName: 'Initech', company: other.id });
    expect(list.every((task) => !task.done)).toBe(true);
  });

  it('creates for a company with priority 10 by default; an unknown company is not found', async () => {
    const created = await api(t.app, boss.token).post('/superadmin/tasks', { company: other.id, title: 'Audit', description: 'Yearly' });
    expect(json(created)).toMatchObject({ company: other.id, priority: 10, title: 'Audit' });
    const unknown = await api(t.app, boss.token).post('/superadmin/tasks', { company: 'nope', title: 'Audit' });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe('Company not found.');
  });

  it('updates any company’s task, keeping its company', async () => {
    const task = await createTask(t.deps.db, { companyId: other.id });
    const response = await api(t.app, boss.token).put(`/superadmin/tasks/${task.id}`, { title: 'Renamed', description: 'x', priority: 4, company: company.id });
    expect(json(response)).toMatchObject({ title: 'Renamed', company: other.id });
    expect(json<Task>(response).history[0]?.creationUser).toEqual({ firstName: 'Pat', lastName: 'Provider' });
  });

  it('marks a task done and emails the company’s approved users by default', async () => {
    const task = await createTask(t.deps.db, { companyId: company.id, title: 'Ship it' });
    const response = await t.app.inject({ method: 'PUT', url: `/api/superadmin/tasks/markdone/${task.id}`, headers: { jwttoken: boss.token } });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ done: true });
    const email = (await queuedEmails(t.deps)).find((e) => e.subject.startsWith('Task done: Ship it'));
    expect(email?.toAddresses.split(', ').sort()).toEqual([admin.user.emailAddress, member.user.emailAddress].sort());
    const again = await api(t.app, boss.token).put(`/superadmin/tasks/markdone/${task.id}`);
    expect(again.statusCode).toBe(409);
  });

  it('marks done without an email when emailClient=false', async () => {
    const task = await createTask(t.deps.db, { companyId: company.id, title: 'Quietly' });
    const response = await api(t.app, boss.token).put(`/superadmin/tasks/markdone/${task.id}?emailClient=false`);
    expect(response.statusCode).toBe(200);
    expect((await queuedEmails(t.deps)).some((e) => e.subject.startsWith('Task done: Quietly'))).toBe(false);
  });

  it('soft-deletes any task', async () => {
    const task = await createTask(t.deps.db, { companyId: other.id });
    expect((await api(t.app, boss.token).delete(`/superadmin/tasks/${task.id}`)).statusCode).toBe(200);
    expect((await api(t.app, boss.token).delete(`/superadmin/tasks/${task.id}`)).statusCode).toBe(404);
  });
});

describe('events', () => {
  /** A task's events, oldest first (the clock moves between the calls that write them). */
  const eventsOf = async (id: string) => recordedEvents(t.deps.db, { subjectId: id });
  const later = () => t.clock.advance(60_000);
  const historyRows = async (id: string) => {
    const { taskHistory } = t.deps.db.t;
    return t.deps.db.select().from(taskHistory).where(eq(taskHistory.taskId, id));
  };

  it('records a customer’s new task and edit naming the customer, with the fields as the API shows them', async () => {
    const created = json<Task>(await api(t.app, admin.token).post('/tasks', { title: 'Customer task', description: 'Theirs', priority: 4 }));
    later();
    expect((await api(t.app, admin.token).put(`/tasks/${created._id}`, { title: 'Customer task, renamed', priority: 4 })).statusCode).toBe(200);
    const byAdmin = { actorId: admin.user.id, actorLabel: `Ada Admin <${admin.user.emailAddress}>`, ipAddress: '127.0.0.1', companyId: company.id, subjectType: 'task', subjectId: created._id };
    expect(await eventsOf(created._id)).toEqual([
      expect.objectContaining({
        type: 'task.created',
        ...byAdmin,
        changes: {
          title: { before: null, after: 'Customer task' },
          description: { before: null, after: 'Theirs' },
          priority: { before: null, after: 4 },
          done: { before: null, after: false },
          company: { before: null, after: company.id },
        },
      }),
      expect.objectContaining({ type: 'task.updated', ...byAdmin, changes: { title: { before: 'Customer task', after: 'Customer task, renamed' } } }),
    ]);
  });

  it('records the provider’s task, its completion and deletion; an edit that changes nothing records nothing', async () => {
    const created = json<Task>(await api(t.app, boss.token).post('/superadmin/tasks', { company: other.id, title: 'Provider task' }));
    later();
    expect((await api(t.app, boss.token).put(`/superadmin/tasks/${created._id}`, { title: 'Provider task', description: '', priority: 10 })).statusCode).toBe(200);
    expect((await api(t.app, boss.token).put(`/superadmin/tasks/markdone/${created._id}?emailClient=false`)).statusCode).toBe(200);
    later();
    expect((await api(t.app, boss.token).delete(`/superadmin/tasks/${created._id}`)).statusCode).toBe(200);
    const events = await eventsOf(created._id);
    expect(events.map((event) => event.type)).toEqual(['task.created', 'task.completed', 'task.deleted']);
    expect(events.every((event) => event.actorId === boss.user.id && event.companyId === other.id)).toBe(true);
    expect(events[1]!.changes).toEqual({ done: { before: false, after: true } });
    expect(events[2]!.changes).toEqual({
      title: { before: 'Provider task', after: null },
      description: { before: '', after: null },
      priority: { before: 10, after: null },
      done: { before: true, after: null },
      company: { before: other.id, after: null },
    });
  });

  it('records nothing for a refused change: another company’s task, a done task, a customer on the provider’s calls', async () => {
    const theirs = await createTask(t.deps.db, { companyId: other.id, title: 'Theirs' });
    const done = await createTask(t.deps.db, { companyId: company.id, title: 'Done', done: true });
    expect((await api(t.app, admin.token).put(`/tasks/${theirs.id}`, { title: 'Mine now', priority: 1 })).statusCode).toBe(404);
    expect((await api(t.app, admin.token).delete(`/tasks/${theirs.id}`)).statusCode).toBe(404);
    expect((await api(t.app, admin.token).put(`/tasks/${done.id}`, { title: 'Reopened', priority: 1 })).statusCode).toBe(409);
    expect((await api(t.app, boss.token).put(`/superadmin/tasks/markdone/${done.id}`)).statusCode).toBe(409);
    expect((await api(t.app, admin.token).put(`/superadmin/tasks/markdone/${theirs.id}`)).statusCode).toBe(403);
    expect(await eventsOf(theirs.id)).toEqual([]);
    expect(await eventsOf(done.id)).toEqual([]);
  });

  it('keeps the task history and the task events in agreement after a sequence of edits', async () => {
    const task = json<Task>(await api(t.app, member.token).post('/tasks', { title: 'Agreed', description: 'One', priority: 3 }));
    const edits: [string, Record<string, unknown>][] = [
      [admin.token, { title: 'Agreed, twice', description: 'One', priority: 2 }],
      [member.token, { title: 'Agreed, twice', description: 'One', priority: 2 }],
      [member.token, { title: 'Agreed, twice', description: 'Two', priority: 1 }],
    ];
    for (const [token, fields] of edits) {
      later();
      expect((await api(t.app, token).put(`/tasks/${task._id}`, fields)).statusCode).toBe(200);
    }
    later();
    expect((await api(t.app, boss.token).put(`/superadmin/tasks/markdone/${task._id}?emailClient=false`)).statusCode).toBe(200);
    later();
    expect((await api(t.app, admin.token).delete(`/tasks/${task._id}`)).statusCode).toBe(200);

    // each history entry is a field of an event written with it: same person, same instant, its values as text
    const asHistory = (await eventsOf(task._id)).flatMap((event) => {
      if (event.type === 'task.created') return [];
      const fields = event.type === 'task.deleted' ? { deleted: { before: false, after: true } } : event.changes;
      return Object.entries(fields).map(([field, { before, after }]) => ({ field, before: String(before), after: String(after), userId: event.actorId, at: event.occurredAt.getTime() }));
    });
    const history = (await historyRows(task._id)).map((entry) => ({ field: entry.changedField, before: entry.oldValue, after: entry.newValue, userId: entry.userId, at: entry.creationDate.getTime() }));
    const order = (rows: typeof history) => [...rows].sort((a, b) => a.at - b.at || a.field.localeCompare(b.field));
    expect(order(history)).toEqual(order(asHistory));
    expect(history.map((entry) => entry.field).sort()).toEqual(['deleted', 'description', 'done', 'priority', 'priority', 'title']);
  });
});

describe('limits on customer task writes', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp();
  });
  afterAll(() => limited.close());

  const tasksOf = async (companyId: string) => {
    const { tasks } = limited.deps.db.t;
    return limited.deps.db.select().from(tasks).where(eq(tasks.companyId, companyId));
  };
  const historyCount = async () => (await limited.deps.db.select().from(limited.deps.db.t.taskHistory)).length;

  it(`refuses a company's open task beyond ${MAX_OPEN_TASKS_PER_COMPANY} with 409, writing nothing; done and deleted ones do not count`, async () => {
    const full = await createCompany(limited.deps.db);
    const roomy = await createCompany(limited.deps.db);
    const customer = await signedInUser(limited, { companyId: full.id });
    const neighbour = await signedInUser(limited, { companyId: roomy.id });
    for (let i = 0; i < MAX_OPEN_TASKS_PER_COMPANY - 1; i += 1) await createTask(limited.deps.db, { companyId: full.id });
    await createTask(limited.deps.db, { companyId: full.id, done: true });
    await createTask(limited.deps.db, { companyId: full.id, deleted: true });
    expect((await api(limited.app, customer.token).post('/tasks', { title: 'The last one that fits' })).statusCode).toBe(200);
    const before = (await tasksOf(full.id)).length;

    const refused = await api(limited.app, customer.token).post('/tasks', { title: 'One too many' });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(TOO_MANY_OPEN_TASKS);
    expect(await tasksOf(full.id)).toHaveLength(before);
    expect((await api(limited.app, neighbour.token).post('/tasks', { title: 'Unaffected' })).statusCode).toBe(200);
  });

  it(`refuses a user's task change beyond ${userRateLimits['task-change'].limit} a minute with 429, writing nothing`, async () => {
    const company = await createCompany(limited.deps.db);
    const busy = await signedInUser(limited, { companyId: company.id });
    const colleague = await signedInUser(limited, { companyId: company.id });
    const task = await createTask(limited.deps.db, { companyId: company.id, title: 'Keep' });
    const { limit } = userRateLimits['task-change'];
    for (let i = 0; i < limit - 2; i += 1) {
      expect((await api(limited.app, busy.token).post('/tasks', { title: `Task ${i}` })).statusCode).toBe(200);
    }
    expect((await api(limited.app, busy.token).put(`/tasks/${task.id}`, { title: 'Renamed', description: '', priority: 3 })).statusCode).toBe(200);
    expect((await api(limited.app, busy.token).delete(`/tasks/${task.id}`)).statusCode).toBe(200);
    const written = await historyCount();
    const before = (await tasksOf(company.id)).length;

    const refused = await api(limited.app, busy.token).post('/tasks', { title: 'Too fast' });
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toBe('Too many task changes. Please try again in 1 minute.');
    expect((await api(limited.app, busy.token).delete(`/tasks/${task.id}`)).statusCode).toBe(429);
    expect(await tasksOf(company.id)).toHaveLength(before);
    expect(await historyCount()).toBe(written);

    expect((await api(limited.app, colleague.token).post('/tasks', { title: 'Someone else' })).statusCode).toBe(200);
    limited.clock.advance(60 * 1000);
    expect((await api(limited.app, busy.token).post('/tasks', { title: 'A minute later' })).statusCode).toBe(200);
  });
});

describe('the open-task lists: paging, search, company filter, sort', () => {
  let acme: Awaited<ReturnType<typeof createCompany>>;
  let zenith: Awaited<ReturnType<typeof createCompany>>;
  let acmeAdmin: SignedInUser;
  const titles = (page: { items: { title: string }[] }) => page.items.map((task) => task.title);
  const provider = () => api(t.app, boss.token);

  beforeAll(async () => {
    acme = await createCompany(t.deps.db, { companyName: 'Acme Paging' });
    zenith = await createCompany(t.deps.db, { companyName: 'Zenith Paging' });
    acmeAdmin = await signedInUser(t, { companyId: acme.id, role: 'admin' });
    const rows: [string, number, string][] = [
      ['Paint the fence', 3, 'Green 100% please'],
      ['Order coffee', 1, 'Beans_and filters'],
      ['Call the bank', 2, 'About the LOAN'],
      ['Archive emails', 2, 'Older than a year'],
      ['Book flights', 5, 'To Lisbon'],
      ['Fix printer', 4, 'Paper jam'],
    ];
    for (const [title, priority, description] of rows) await createTask(t.deps.db, { companyId: acme.id, title, priority, description });
    await createTask(t.deps.db, { companyId: acme.id, title: 'Closed one', priority: 0, done: true });
    await createTask(t.deps.db, { companyId: zenith.id, title: 'Zenith loan review', priority: 1, description: 'Mortgage' });
  });

  const acmeByPriority = ['Order coffee', 'Call the bank', 'Archive emails', 'Paint the fence', 'Fix printer', 'Book flights'];
  const idsOf = async (wanted: string[]) => {
    const { tasks } = t.deps.db.t;
    const ids: string[] = [];
    for (const title of wanted) {
      const [task] = await t.deps.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.title, title));
      ids.push(task!.id);
    }
    return ids;
  };

  it('pages the provider’s list of one company by priority, ties in the order the tasks were made', async () => {
    await expectPagedList(t, boss.token, `/superadmin/allopentasks?company=${acme.id}`, await idsOf(acmeByPriority));
  });

  it('pages the customer’s list of the own company, 25 at a time as Load more asks', async () => {
    await expectPagedList(t, acmeAdmin.token, '/tasks', await idsOf(acmeByPriority));
    const second = restPage<Task>(await api(t.app, acmeAdmin.token).get('/tasks?page=2&per_page=25'));
    expect(second).toMatchObject({ items: [], total: 6 });
  });

  it('shows a customer only the own company’s tasks, whatever company the call names', async () => {
    const list = restPage<Task>(await api(t.app, acmeAdmin.token).get(`/tasks?company=${zenith.id}&per_page=1000`));
    expect(list.items.every((task) => task.company === acme.id)).toBe(true);
    expect(list.total).toBe(6);
    expect(restPage<Task>(await api(t.app, acmeAdmin.token).get('/tasks?search=loan')).items.map((task) => task.title)).toEqual(['Call the bank']);
  });

  it.each([
    ['loan', ['Zenith loan review', 'Call the bank']],
    ['LISBON', ['Book flights']],
    ['100%', ['Paint the fence']],
    ['s_a', ['Order coffee']],
    ['Paging', []],
  ])('search %j matches the title or the description, case-insensitively, % and _ as themselves', async (search, expected) => {
    const page = restPage<Task>(await provider().get(`/superadmin/allopentasks?search=${encodeURIComponent(search)}&per_page=1000`));
    expect(titles(page).filter((title) => [...acmeByPriority, 'Zenith loan review'].includes(title))).toEqual(expected);
  });

  it('filters by company id', async () => {
    const page = restPage<Task>(await provider().get(`/superadmin/allopentasks?company=${zenith.id}`));
    expect(page.items).toMatchObject([{ title: 'Zenith loan review', company: zenith.id, companyName: 'Zenith Paging' }]);
    expect(page.total).toBe(1);
  });

  it.each([
    ['priority', 'desc', ['Book flights', 'Fix printer', 'Paint the fence', 'Archive emails', 'Call the bank', 'Order coffee']],
    ['title', 'asc', ['Archive emails', 'Book flights', 'Call the bank', 'Fix printer', 'Order coffee', 'Paint the fence']],
    ['description', 'asc', ['Call the bank', 'Order coffee', 'Paint the fence', 'Archive emails', 'Fix printer', 'Book flights']],
  ])('sorts by %s %s', async (sort, dir, expected) => {
    const page = restPage<Task>(await provider().get(`/superadmin/allopentasks?company=${acme.id}&sort=${sort}&dir=${dir}`));
    expect(titles(page)).toEqual(expected);
  });

  it('sorts by company name, then by priority', async () => {
    const page = restPage<Task>(await provider().get(`/superadmin/allopentasks?search=${encodeURIComponent('loan')}&sort=companyName&dir=desc`));
    expect(page.items.map((task) => task.companyName)).toEqual(['Zenith Paging', 'Acme Paging']);
    const asc = restPage<Task>(await provider().get(`/superadmin/allopentasks?sort=companyName&dir=asc&per_page=1000`));
    const names = asc.items.map((task) => task.companyName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it.each([
    ['sort=rank', 'sort must be one of: priority, companyName, title, description.'],
    ['dir=up', 'dir must be asc or desc.'],
    ['per_page=0', 'per_page must be 1 or more.'],
  ])('refuses %s with a clear message', async (query, message) => {
    const response = await provider().get(`/superadmin/allopentasks?${query}`);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
  });

  it('loads the history of a whole page in one query, and each task keeps its own', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'History Paging' });
    const made: Awaited<ReturnType<typeof createTask>>[] = [];
    for (let n = 0; n < 40; n += 1) made.push(await createTask(t.deps.db, { companyId: company.id, title: `History ${n}`, priority: n }));
    for (const task of made.slice(0, 30)) {
      await api(t.app, boss.token).put(`/superadmin/tasks/${task.id}`, { title: `${task.title} renamed`, description: '', priority: task.priority });
    }
    if (onSqlite) {
      const statements = await statementPlans(t.database, () => provider().get(`/superadmin/allopentasks?company=${company.id}&per_page=35`));
      expect(statements.filter(({ sql }) => sql.includes('"task_history"'))).toHaveLength(1);
    }
    const page = restPage<Task>(await provider().get(`/superadmin/allopentasks?company=${company.id}&per_page=35`));
    expect(page.items.map((task) => task.history.length)).toEqual([...Array(30).fill(2), ...Array(5).fill(0)]);
    expect(page.items[0]!.history.map((entry) => entry.newValue)).toEqual(['History 0 renamed', '']);
  });

  it.runIf(onSqlite)('reads the default and the company-filtered page from an index, without sorting', async () => {
    for (const path of ['/superadmin/allopentasks?per_page=2', `/superadmin/allopentasks?per_page=2&company=${acme.id}`]) {
      const { plan } = pageStatement(await statementPlans(t.database, () => provider().get(path)), 'tasks');
      expect(plan.join(' | ')).toMatch(/SEARCH tasks USING INDEX tasks_open(_all)?_idx/);
      expect(slowSteps(plan)).toEqual([]);
    }
  });
});

describe('task choices of a time log', () => {
  it('offers the company’s open tasks by priority, to the super-admin only', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Choices Co' });
    await createTask(t.deps.db, { companyId: company.id, title: 'Later', priority: 9 });
    await createTask(t.deps.db, { companyId: company.id, title: 'First', priority: 1 });
    await createTask(t.deps.db, { companyId: company.id, title: 'Finished', priority: 0, done: true });
    await createTask(t.deps.db, { companyId: company.id, title: 'Gone', priority: 0, deleted: true });
    const choices = json<{ _id: string; title: string }[]>(await api(t.app, boss.token).get(`/superadmin/tasks/choices?company=${company.id}`));
    expect(choices.map((choice) => choice.title)).toEqual(['First', 'Later']);
    expect(Object.keys(choices[0]!).sort()).toEqual(['_id', 'title']);
    expect((await api(t.app, admin.token).get(`/superadmin/tasks/choices?company=${company.id}`)).statusCode).toBe(403);
    const missing = await api(t.app, boss.token).get('/superadmin/tasks/choices');
    expect(missing.statusCode).toBe(400);
  });
});
