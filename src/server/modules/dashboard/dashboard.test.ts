import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitiesDto, ActivityDto } from '../../../shared/activities.js';
import type { DashboardDto } from '../../../shared/dashboard.js';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';
import { testEngine } from '../../testing/engine.js';
import { createCompany, createTask, purchasedHours, workedHours } from '../../testing/factories.js';
import { fullScans, statementPlans } from '../../testing/query-plans.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const day = (n: number) => new Date(Date.UTC(2026, 2, n, 12));

const buy = (companyId: string, hundredths: number, description: string, when: Date, paid: boolean) =>
  purchasedHours(t.deps.db, companyId, hundredths, description, when, paid);
const work = (companyId: string, hundredths: number, description: string, when: Date) => workedHours(t.deps.db, companyId, hundredths, description, when);

const dashboard = async (token?: string) => {
  const response = await api(t.app, token).get('/dashboard');
  expect(response.statusCode, response.body).toBe(200);
  return json<DashboardDto>(response);
};

/** The whole ledger as GET /activities lists it, to check the dashboard against. */
const ledger = async (token: string) => json<Omit<ActivitiesDto, 'total'>>(await api(t.app, token).get('/activities?per_page=1000')).allActivities;


describe('GET /dashboard', () => {
  it('gives the Hour Balance figures the ledger rules give: balance, pending, recent purchase, used and the gauge', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Initech' });
    await buy(company.id, 2000, '20 hours', day(1), true);
    await work(company.id, 350, 'Migration', day(2));
    await buy(company.id, 1000, '10 hours', day(3), true);
    await work(company.id, 725, 'Upgrade', day(4));
    await work(company.id, 100, 'Call', day(5));
    await buy(company.id, 4000, '40 hours, unpaid', day(6), false);
    await buy(company.id, 500, '5 hours, unpaid', day(7), false);
    const { token } = await signedInUser(t, { companyId: company.id, role: 'member' });

    const body = await dashboard(token);
    expect(body.company).toEqual({ _id: company.id, companyName: 'Initech' });
    // balance 20 - 3.5 + 10 - 7.25 - 1 = 18.25; the last paid purchase is 10, so nothing of it is used
    expect(body.hourBalance).toEqual({ balance: 18.25, pending: 45, recentPurchase: 10, used: 0, remainingPercent: 100 });

    const entries = await ledger(token);
    const completed = entries.filter((entry) => entry.status === 'completed');
    expect(body.hourBalance.balance).toBe(completed[0]!.runningHourBalance);
    expect(body.hourBalance.recentPurchase).toBe(completed.find((entry) => entry.activityType === 'TimeAdd')!.hours);
    expect(body.recentActivities).toEqual(completed.slice(0, 3));
    expect(body.recentActivities.map((entry: ActivityDto) => [entry.description, entry.hours])).toEqual([
      ['Call', -1],
      ['Upgrade', -7.25],
      ['10 hours', 10],
    ]);
  });

  it('works out Used and the snapped gauge from the latest paid purchase', async () => {
    const company = await createCompany(t.deps.db);
    await buy(company.id, 1000, '10 hours', day(1), true);
    await work(company.id, 725, 'Most of it', day(2));
    const { token } = await signedInUser(t, { companyId: company.id, role: 'admin' });
    expect((await dashboard(token)).hourBalance).toEqual({ balance: 2.75, pending: 0, recentPurchase: 10, used: 7.25, remainingPercent: 30 });

    await work(company.id, 400, 'Over the top', day(3));
    expect((await dashboard(token)).hourBalance).toEqual({ balance: -1.25, pending: 0, recentPurchase: 10, used: 11.25, remainingPercent: 0 });
  });

  it('counts the open tasks and gives the 3 newest by last change with title and description', async () => {
    const company = await createCompany(t.deps.db);
    const task = (title: string, n: number, fields: Partial<Parameters<typeof createTask>[1]> = {}) =>
      createTask(t.deps.db, { companyId: company.id, title, description: `${title} details`, timeStamp: day(n), ...fields });
    await task('Oldest', 1, { priority: 1 });
    await task('Third newest', 3);
    const newest = await task('Newest', 5);
    await task('Second oldest', 2);
    await task('Second newest', 4);
    await task('Done', 9, { done: true });
    await task('Deleted', 9, { deleted: true });
    const { token } = await signedInUser(t, { companyId: company.id, role: 'member' });

    const { openTasks } = await dashboard(token);
    expect(openTasks.count).toBe(5);
    expect(openTasks.newest).toEqual([
      { _id: newest.id, title: 'Newest', description: 'Newest details', timeStamp: day(5).toISOString() },
      expect.objectContaining({ title: 'Second newest', description: 'Second newest details' }),
      expect.objectContaining({ title: 'Third newest' }),
    ]);
  });

  it('lists at most 3 tasks and 3 activities however many there are', async () => {
    const company = await createCompany(t.deps.db);
    for (let n = 1; n <= 12; n += 1) {
      await createTask(t.deps.db, { companyId: company.id, title: `Task ${n}`, timeStamp: day(n) });
      await work(company.id, n, `Work ${n}`, day(n));
    }
    const { token } = await signedInUser(t, { companyId: company.id, role: 'member' });
    const body = await dashboard(token);
    expect(body.openTasks.count).toBe(12);
    expect(body.openTasks.newest.map((task) => task.title)).toEqual(['Task 12', 'Task 11', 'Task 10']);
    expect(body.recentActivities.map((entry) => entry.description)).toEqual(['Work 12', 'Work 11', 'Work 10']);
  });

  it("never shows another company's hours, tasks or activities", async () => {
    const mine = await createCompany(t.deps.db, { companyName: 'Mine' });
    const theirs = await createCompany(t.deps.db, { companyName: 'Theirs' });
    await buy(mine.id, 300, 'My hours', day(1), true);
    await createTask(t.deps.db, { companyId: mine.id, title: 'My task', timeStamp: day(1) });
    await buy(theirs.id, 9000, 'Their hours', day(8), true);
    await buy(theirs.id, 700, 'Their pending hours', day(8), false);
    await work(theirs.id, 100, 'Their work', day(9));
    await createTask(t.deps.db, { companyId: theirs.id, title: 'Their task', timeStamp: day(9) });
    const { token } = await signedInUser(t, { companyId: mine.id, role: 'admin' });

    const body = await dashboard(token);
    expect(body.company).toEqual({ _id: mine.id, companyName: 'Mine' });
    expect(body.hourBalance).toEqual({ balance: 3, pending: 0, recentPurchase: 3, used: 0, remainingPercent: 100 });
    expect(body.openTasks).toEqual({ count: 1, newest: [expect.objectContaining({ title: 'My task' })] });
    expect(body.recentActivities.map((entry) => entry.description)).toEqual(['My hours']);
  });

  it('gives a new company zeros and empty lists', async () => {
    const company = await createCompany(t.deps.db, { companyName: 'Fresh' });
    const { token } = await signedInUser(t, { companyId: company.id, role: 'admin' });
    expect(await dashboard(token)).toEqual({
      company: { _id: company.id, companyName: 'Fresh' },
      hourBalance: { balance: 0, pending: 0, recentPurchase: 0, used: 0, remainingPercent: 0 },
      openTasks: { count: 0, newest: [] },
      recentActivities: [],
      blocks: [],
      owed: null,
      forecast: null,
    });
  });

  it('gives the provider, who has no company, no company and nothing to show, as GET /activities does', async () => {
    await createTask(t.deps.db, { companyId: (await createCompany(t.deps.db)).id, title: 'A customer task' });
    const { token } = await signedInUser(t, { role: 'superadmin' });
    expect(await dashboard(token)).toEqual({
      company: null,
      hourBalance: { balance: 0, pending: 0, recentPurchase: 0, used: 0, remainingPercent: 0 },
      openTasks: { count: 0, newest: [] },
      recentActivities: [],
      blocks: [],
      owed: null,
      forecast: null,
    });
  });

  it('answers 401 to a caller without a session, on /api and /trpc', async () => {
    const rest = await api(t.app).get('/dashboard');
    expect(rest.statusCode).toBe(401);
    expect(json(rest)).toEqual(expect.objectContaining({ message: 'Please sign in to continue.' }));
    expect((await api(t.app, 'not-a-session').get('/dashboard')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/trpc/dashboard.summary' })).statusCode).toBe(401);
  });

  it('is served over tRPC as dashboard.summary with the same answer', async () => {
    const company = await createCompany(t.deps.db);
    await buy(company.id, 800, 'Eight hours', day(1), true);
    const { token } = await signedInUser(t, { companyId: company.id, role: 'member' });
    const response = await t.app.inject({ method: 'GET', url: '/trpc/dashboard.summary', headers: { jwttoken: token } });
    expect(response.statusCode).toBe(200);
    expect(json<{ result: { data: DashboardDto } }>(response).result.data).toEqual(await dashboard(token));
  });

  it.runIf(testEngine() === 'sqlite')('reads with a few indexed queries and never scans the ledger or the tasks', async () => {
    const company = await createCompany(t.deps.db);
    for (let n = 1; n <= 30; n += 1) {
      if (n % 10 === 1) await buy(company.id, 1000, `Package ${n}`, day(n), n !== 21);
      else await work(company.id, 25, `Work ${n}`, day(n));
      await createTask(t.deps.db, { companyId: company.id, timeStamp: day(n), done: n % 4 === 0 });
    }
    const { token } = await signedInUser(t, { companyId: company.id, role: 'member' });
    const plans = await statementPlans(t.database, () => dashboard(token));
    const reads = plans.filter((statement) => /"(activities|tasks)"/.test(statement.sql));
    // the last purchase, the newest tasks, the latest activities, the forecast's weeks of use; the figures are on the company row
    expect(reads).toHaveLength(4);
    expect(fullScans(plans, ['activities', 'tasks'])).toEqual([]);
    // the forecast and the blocks shown share one read of the settings and one of the live blocks
    expect(plans.filter((statement) => /from "settings"/.test(statement.sql))).toHaveLength(1);
    expect(plans.filter((statement) => /from "hour_blocks"/.test(statement.sql))).toHaveLength(1);
    expect(plans.flatMap((statement) => statement.plan)).toContain('SEARCH companies USING INDEX sqlite_autoindex_companies_1 (id=?)');
    // the newest open tasks are read in the order shown, stopping at the third: no sort of every open task
    const tasks = reads.find((statement) => statement.sql.includes('"tasks"'));
    expect(tasks?.plan).toEqual(['SEARCH tasks USING INDEX tasks_open_newest_idx (company_id=? AND done=? AND deleted=?)']);
  });
});
