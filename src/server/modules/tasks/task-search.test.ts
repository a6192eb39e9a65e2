import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_SORT_KEYS, type TaskDto } from '../../../shared/tasks.js';
import { phraseQuery, SORTED_MATCHES_LIMIT } from '../../lib/paging.js';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';
import { createCompany, createTask } from '../../testing/factories.js';
import { fullScans, statementPlans } from '../../testing/query-plans.js';
import { restPage } from '../../testing/rest-pages.js';
import { sqliteConnections, testEngine } from '../../testing/engine.js';
import { WORD_MATCHES_LIMIT } from './queries.js';

/** Query plans are SQLite's: on PostgreSQL these tests check the answers only. */
const onSqlite = testEngine() === 'sqlite';

/*
 * The open-task search finds any part of a title or a description, in any case. A search of three
 * characters or more reads its candidates from the trigram index (SQLite's FTS5 table task_words,
 * PostgreSQL's pg_trgm indexes), so one that matches nothing reads no task; the answers are those
 * of checking every task.
 */

let t: TestApp;
let boss: string;
let acme: Awaited<ReturnType<typeof createCompany>>;
let bolt: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  t = await createTestApp();
  boss = (await signedInUser(t, { role: 'superadmin' })).token;
  acme = await createCompany(t.deps.db, { companyName: 'Acme search' });
  bolt = await createCompany(t.deps.db, { companyName: 'Bolt search' });
  const planned: [typeof acme, string, string, Partial<{ done: boolean; deleted: boolean }>?][] = [
    [acme, 'Audit the ledger', 'Quarterly AUDIT, 100% of rows'],
    [acme, 'Invoice run', 'monthly_close'],
    [acme, 'Backup check', 'nightly'],
    [acme, 'Audit closed', 'done already', { done: true }],
    [acme, 'Audit deleted', 'gone', { deleted: true }],
    [bolt, 'Year-end audit', 'AUDIT for Bolt'],
    [bolt, 'Café menu', 'Übersicht der Kosten'],
    [bolt, 'Migrate mail', 'run the monthly export'],
  ];
  for (const [company, title, description, flags] of planned) await createTask(t.deps.db, { companyId: company.id, title, description, ...flags });
});
afterAll(() => t.close());

/** Every open task of the two companies, read without a search. */
async function openTasks(): Promise<TaskDto[]> {
  const rows = await Promise.all([acme, bolt].map(async (company) => json<TaskDto[]>(await api(t.app, boss).get(`/superadmin/allopentasks?company=${company.id}&per_page=100`))));
  return rows.flat();
}

const holds = (text: string, search: string) => text.toLowerCase().includes(search.toLowerCase());

const searches = ['audit', 'AUDIT', 'udi', 'monthly', 'e run', '100%', 'y_c', 'Café', 'zzqx', 'e', 'au'];

describe.each(searches)('a search for %j', (search) => {
  it.each(TASK_SORT_KEYS)('finds the open tasks whose title or description holds it, sorted by %s, with their count', async (sort) => {
    const expected = (await openTasks()).filter((task) => holds(task.title, search) || holds(task.description, search));
    for (const company of [acme, bolt]) {
      const page = restPage<TaskDto>(await api(t.app, boss).get(`/superadmin/allopentasks?company=${company.id}&search=${encodeURIComponent(search)}&sort=${sort}&per_page=100`));
      const own = expected.filter((task) => task.company === company.id);
      expect(page.items.map((task) => task._id).sort()).toEqual(own.map((task) => task._id).sort());
      expect(page.total).toBe(own.length);
    }
    const everyCompany = restPage<TaskDto>(await api(t.app, boss).get(`/superadmin/allopentasks?search=${encodeURIComponent(search)}&sort=${sort}&per_page=100`));
    const ours = everyCompany.items.filter((task) => task.company === acme.id || task.company === bolt.id);
    expect(ours.map((task) => task._id).sort()).toEqual(expected.map((task) => task._id).sort());
  });
});

describe('a search matching no task', () => {
  it('reads no table, only the index', async () => {
    const url = '/superadmin/allopentasks?search=zzqx';
    const page = restPage<TaskDto>(await api(t.app, boss).get(url));
    expect(page.items).toEqual([]);
    expect(page.total).toBe(0);
    if (onSqlite) {
      const plans = await statementPlans(t.database, () => api(t.app, boss).get(url));
      expect(plans.some((statement) => statement.sql.includes('task_words'))).toBe(true);
      expect(fullScans(plans, ['tasks'])).toEqual([]);
    }
  });
});

describe('the index follows every change of a title or a description', () => {
  it('finds a task by its new words and no longer by its old ones', async () => {
    const task = await createTask(t.deps.db, { companyId: acme.id, title: 'Renamed later', description: 'first words' });
    const found = async (search: string) =>
      json<TaskDto[]>(await api(t.app, boss).get(`/superadmin/allopentasks?company=${acme.id}&search=${encodeURIComponent(search)}`)).map((row) => row._id);
    expect(await found('first words')).toEqual([task.id]);
    const response = await api(t.app, boss).put(`/superadmin/tasks/${task.id}`, { title: 'Quokka survey', description: 'second words', priority: 2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(await found('first words')).toEqual([]);
    expect(await found('Renamed')).toEqual([]);
    expect(await found('quokka')).toEqual([task.id]);
    expect(await found('second words')).toEqual([task.id]);
  });

  it.runIf(onSqlite)('holds the open tasks only: a task leaves the index when it is done or deleted', async () => {
    const indexed = async (search: string) => {
      const rows = await t.deps.db.rows<{ rowid: number }>(sql`select rowid from task_words where task_words match ${phraseQuery(search)}`);
      return rows.map((row) => Number(row.rowid)).sort();
    };
    const rowidOf = async (id: string) => (await t.deps.db.rows<{ rowid: number }>(sql`select rowid from tasks where id = ${id}`)).map((row) => Number(row.rowid));
    const done = await createTask(t.deps.db, { companyId: acme.id, title: 'Pangolin done' });
    const removed = await createTask(t.deps.db, { companyId: acme.id, title: 'Pangolin removed' });
    const kept = await createTask(t.deps.db, { companyId: acme.id, title: 'Pangolin kept' });
    await createTask(t.deps.db, { companyId: acme.id, title: 'Pangolin closed from the start', done: true });
    const all = [...(await rowidOf(done.id)), ...(await rowidOf(removed.id)), ...(await rowidOf(kept.id))].sort();
    expect(await indexed('pangolin')).toEqual(all);
    expect((await api(t.app, boss).put(`/superadmin/tasks/markdone/${done.id}`)).statusCode).toBe(200);
    expect((await api(t.app, boss).delete(`/superadmin/tasks/${removed.id}`)).statusCode).toBe(200);
    expect(await indexed('pangolin')).toEqual(await rowidOf(kept.id));
    // a change to a closed task's title leaves the index as it is
    await t.deps.db.transaction((tx) => tx.update(tx.t.tasks).set({ title: 'Pangolin renamed' }).where(sql`id = ${done.id}`));
    expect(await indexed('pangolin')).toEqual(await rowidOf(kept.id));
    // reopened, it is indexed with its words of now
    await t.deps.db.transaction((tx) => tx.update(tx.t.tasks).set({ done: false }).where(sql`id = ${done.id}`));
    expect(await indexed('pangolin renamed')).toEqual(await rowidOf(done.id));
    const gone = await createTask(t.deps.db, { companyId: acme.id, title: 'Pangolin gone' });
    expect(await indexed('pangolin gone')).toEqual(await rowidOf(gone.id));
    await t.deps.db.transaction((tx) => tx.delete(tx.t.tasks).where(sql`id = ${gone.id}`));
    expect(await indexed('pangolin')).toEqual([...(await rowidOf(kept.id)), ...(await rowidOf(done.id))].sort());
  });

  it('still finds each task by its own title after VACUUM, when deletions left gaps in the rowids', async () => {
    const small = await createTestApp();
    try {
      const admin = (await signedInUser(small, { role: 'superadmin' })).token;
      const company = await createCompany(small.deps.db);
      for (let n = 0; n < 30; n += 1) await createTask(small.deps.db, { companyId: company.id, title: `Vacuumed task ${n}x`, description: '' });
      await small.deps.db.transaction((tx) => tx.delete(tx.t.tasks).where(sql`rowid % 3 = 0`));
      // VACUUM runs outside any transaction: on SQLite on the connection that writes, on PostgreSQL as a statement of its own
      if (onSqlite) sqliteConnections(small.database).writer.exec('VACUUM');
      else await small.deps.db.rows(sql`vacuum tasks`);
      const kept = json<TaskDto[]>(await api(small.app, admin).get('/superadmin/allopentasks?per_page=100'));
      expect(kept.length).toBe(20);
      for (const { _id, title } of kept) {
        const page = json<TaskDto[]>(await api(small.app, admin).get(`/superadmin/allopentasks?search=${encodeURIComponent(title)}`));
        expect(page.map((row) => row._id)).toEqual([_id]);
      }
    } finally {
      await small.close();
    }
  });
});

describe('a search held by more tasks than the index is read for', () => {
  it('checks the open tasks one by one, with the same answers', async () => {
    const many = await createCompany(t.deps.db, { companyName: 'Many search' });
    const count = WORD_MATCHES_LIMIT + 1;
    const rows = Array.from({ length: count }, (_row, n) => ({
      id: `word-${n}`,
      companyId: many.id,
      title: `Wombat ${String(n).padStart(5, '0')}`,
      description: '',
      priority: 5,
      done: n % 2 === 1,
      creationDate: new Date(0),
      timeStamp: new Date(0),
    }));
    // bare rows, as a bulk load would write them (each one indexed by the trigger)
    await t.deps.db.transaction(async (tx) => {
      for (let from = 0; from < rows.length; from += 500) await tx.insert(tx.t.tasks).values(rows.slice(from, from + 500));
    });
    const open = rows.filter((row) => !row.done);
    expect(open.length).toBeGreaterThan(SORTED_MATCHES_LIMIT);
    const page = restPage<TaskDto>(await api(t.app, boss).get('/superadmin/allopentasks?search=wombat&sort=title&dir=desc&per_page=25'));
    expect(page.total).toBe(open.length);
    expect(page.items.map((task) => task.title)).toEqual(open.map((row) => row.title).sort().reverse().slice(0, 25));
    const few = restPage<TaskDto>(await api(t.app, boss).get('/superadmin/allopentasks?search=wombat%20000&per_page=100'));
    expect(few.items.map((task) => task.title).sort()).toEqual(open.filter((row) => row.title.startsWith('Wombat 000')).map((row) => row.title));
  });
});
