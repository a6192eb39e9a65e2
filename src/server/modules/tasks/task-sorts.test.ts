import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_SORT_KEYS, type TaskDto, type TaskSortKey } from '../../../shared/tasks.js';
import { SORTED_MATCHES_LIMIT } from '../../lib/paging.js';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';
import { createCompany, createTask } from '../../testing/factories.js';
import { pagePlan, pageStatement, slowSteps, statementPlans, tableScans } from '../../testing/query-plans.js';
import { noCase, rowidsOf, sortedIds, type SortValue } from '../../testing/sort-order.js';
import { testEngine } from '../../testing/engine.js';

/** Query plans are SQLite's: on PostgreSQL these tests check the answers only. */
const onSqlite = testEngine() === 'sqlite';

/*
 * Every sort of the open-task lists, both ways: the back office's first page is read in order from
 * an index (no temporary sort), by company name companies by name and each one's tasks by priority;
 * one company's tasks by its index, or, when they are many, by walking the sort's index.
 */

let t: TestApp;
let boss: string;
let acmeUpper: Awaited<ReturnType<typeof createCompany>>;
let all: TaskDto[];
let taskRowids: Map<string, number>;
let companyRowids: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  boss = (await signedInUser(t, { role: 'superadmin' })).token;
  // names that differ only in case sort together, the older company first
  const acmeLower = await createCompany(t.deps.db, { companyName: 'acme' });
  const bolt = await createCompany(t.deps.db, { companyName: 'Bolt' });
  acmeUpper = await createCompany(t.deps.db, { companyName: 'Acme' });
  const planned: [Awaited<ReturnType<typeof createCompany>>, string, string, number][] = [
    [acmeUpper, 'Invoice run', 'monthly', 2],
    [acmeLower, 'Backup', 'nightly', 1],
    [bolt, 'Audit', 'yearly', 2],
    [acmeUpper, 'Audit', 'quarterly', 1],
    [acmeLower, 'Invoice run', 'weekly', 3],
    [bolt, 'Backup', 'monthly', 1],
  ];
  for (const [company, title, description, priority] of planned) await createTask(t.deps.db, { companyId: company.id, title, description, priority });
  await createTask(t.deps.db, { companyId: bolt.id, title: 'Closed', done: true });
  all = json<TaskDto[]>(await api(t.app, boss).get('/superadmin/allopentasks?per_page=100'));
  taskRowids = await rowidsOf(t.deps.db, 'tasks');
  companyRowids = await rowidsOf(t.deps.db, 'companies');
});
afterAll(() => t.close());

const sortValues: Record<TaskSortKey, (row: TaskDto) => SortValue[]> = {
  priority: (row) => [row.priority, taskRowids.get(row._id)!],
  companyName: (row) => [noCase(row.companyName), companyRowids.get(row.company)!, row.priority, taskRowids.get(row._id)!],
  title: (row) => [row.title, taskRowids.get(row._id)!],
  description: (row) => [row.description, taskRowids.get(row._id)!],
};

const sorts = TASK_SORT_KEYS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const));
const idsAt = async (url: string) => json<TaskDto[]>(await api(t.app, boss).get(url)).map((row) => row._id);

describe.each(sorts)('open tasks sorted by %s %s', (sort, dir) => {
  const query = `sort=${sort}&dir=${dir}&per_page=100`;

  it('the back office reads the first page in order from an index, and answers the right order', async () => {
    const url = `/superadmin/allopentasks?${query}`;
    expect(all).toHaveLength(6);
    if (onSqlite) {
      expect(slowSteps(await pagePlan(t.database, 'tasks', () => api(t.app, boss).get(url)))).toEqual([]);
    }
    expect(await idsAt(url)).toEqual(sortedIds(all, sortValues[sort], dir));
  });

  it('one company’s tasks are found by the company’s index, in the same order', async () => {
    const url = `/superadmin/allopentasks?company=${acmeUpper.id}&${query}`;
    // the page itself, or the probe whose few matches the page then reads by rowid
    if (onSqlite) {
      const plans = await statementPlans(t.database, () => api(t.app, boss).get(url));
      const plan = pageStatement(plans, 'tasks').plan;
      expect(plans.map((statement) => statement.plan.join('\n')).join('\n')).toMatch(/SEARCH tasks USING (COVERING )?INDEX tasks_open_idx \(company_id=\? AND done=\? AND deleted=\?/);
      expect(plan.join('\n')).toMatch(/tasks_open_idx \(company_id=\? AND done=\? AND deleted=\?|SEARCH tasks USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(tableScans(plan)).toEqual([]);
    }
    expect(await idsAt(url)).toEqual(sortedIds(all.filter((row) => row.company === acmeUpper.id), sortValues[sort], dir));
  });
});

describe('sorted by company name', () => {
  it('walks companies by name and each one’s open tasks by priority, sorting nothing', async () => {
    if (onSqlite) {
      const plan = await pagePlan(t.database, 'tasks', () => api(t.app, boss).get('/superadmin/allopentasks?sort=companyName'));
      expect(plan).toEqual(['SCAN companies USING INDEX companies_name_nocase_idx', 'SEARCH tasks USING INDEX tasks_open_idx (company_id=? AND done=? AND deleted=?)']);
    }
    const names = json<TaskDto[]>(await api(t.app, boss).get('/superadmin/allopentasks?sort=companyName&dir=asc')).map((row) => row.companyName);
    expect(names).toEqual(['acme', 'acme', 'Acme', 'Acme', 'Bolt', 'Bolt']);
  });
});

describe('one company with more open tasks than a page sorts', () => {
  it('walks the sort’s own index, checking the company task by task, and answers the same order', async () => {
    const big = await createCompany(t.deps.db, { companyName: 'Big' });
    const count = SORTED_MATCHES_LIMIT + 1;
    const rows = Array.from({ length: count }, (_row, n) => ({
      id: `big-${n}`,
      companyId: big.id,
      title: `Task ${String((n * 37) % 1000).padStart(4, '0')}`,
      description: '',
      priority: 5,
      creationDate: new Date(0),
      timeStamp: new Date(0),
    }));
    // bare rows, as a bulk load would write them: the company's open-task count is not kept here
    await t.deps.db.transaction(async (tx) => {
      for (let from = 0; from < rows.length; from += 500) await tx.insert(tx.t.tasks).values(rows.slice(from, from + 500));
    });
    const url = `/superadmin/allopentasks?company=${big.id}&sort=title&dir=asc&per_page=25`;
    if (onSqlite) {
      const plan = await pagePlan(t.database, 'tasks', () => api(t.app, boss).get(url));
      expect(plan.join('\n')).toMatch(/SEARCH tasks USING INDEX tasks_open_title_idx \(done=\? AND deleted=\?\)/);
      expect(slowSteps(plan)).toEqual([]);
    }
    const titles = json<TaskDto[]>(await api(t.app, boss).get(url)).map((row) => row.title);
    expect(titles).toEqual(Array.from({ length: count }, (_row, n) => `Task ${String((n * 37) % 1000).padStart(4, '0')}`).sort().slice(0, 25));
  });
});
