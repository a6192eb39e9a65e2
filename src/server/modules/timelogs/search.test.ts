import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hundredthsToHours } from '../../../shared/hours.js';
import { logDateTimeText, logHoursText } from '../../../shared/log-text.js';
import { TIME_LOG_SORT_KEYS, type TimeLogDto } from '../../../shared/timelogs.js';
import { api, createTestApp, signedInUser, type TestApp } from '../../testing/app.js';
import { restPage } from '../../testing/rest-pages.js';
import { pageStatement, slowSteps, statementPlans } from '../../testing/query-plans.js';
import { newId } from '../../lib/ids.js';
import { createCompany, createTimeLogRow } from '../../testing/factories.js';
import { sqliteConnections, testEngine } from '../../testing/engine.js';

/*
 * Search and sort of the Time Logs list on a few thousand logs over two years, enough for every
 * way a search is answered: from the indexes (few matches), log by log while reading the list in
 * its order (many), counted from time ranges or by checking every log. Whichever way, the page
 * and the total must be exactly what filtering every log's shown texts finds.
 */

const onSqlite = testEngine() === 'sqlite';
const ZONE = 'America/New_York';
const LOGS = 7000;
const words = ['Review of the budget', 'Deploy', 'review call', 'Planning', 'Bug fixing', 'Café "quotes" 100%', ''];

let app: TestApp;
let token: string;
let all: { id: string; companyId: string; companyName: string; time: number; hundredths: number; description: string }[];

beforeAll(async () => {
  app = await createTestApp();
  token = (await signedInUser(app, { role: 'superadmin' })).token;
  const companies: Awaited<ReturnType<typeof createCompany>>[] = [];
  for (const companyName of ['Acme', 'acme', 'Beta', 'Zeta']) companies.push(await createCompany(app.deps.db, { companyName }));
  const start = Date.parse('2024-01-01T00:00:00Z');
  const rows = Array.from({ length: LOGS }, (_, i) => {
    const company = companies[i % companies.length]!;
    // every 2 h 37 min: every minute of the hour and every hour of the day comes round, DST changes included
    return {
      id: newId(),
      companyId: company.id,
      timeStamp: new Date(start + i * 157 * 60_000),
      hundredths: 25 + ((i * 37) % 975),
      description: words[i % words.length]!,
      createdAt: new Date(),
    };
  });
  // bare rows, as createTimeLogRow writes them, many to a statement
  await app.deps.db.transaction(async (tx) => {
    for (let from = 0; from < rows.length; from += 500) await tx.insert(tx.t.timeLogs).values(rows.slice(from, from + 500));
  });
  const nameOf = new Map(companies.map((company) => [company.id, company.companyName]));
  all = rows.map((row) => ({ id: row.id, companyId: row.companyId, companyName: nameOf.get(row.companyId)!, time: row.timeStamp.getTime(), hundredths: row.hundredths, description: row.description }));
});
afterAll(() => app.close());

/** What the list shows of a log contains the search, as a person reading it would find it. */
function shownMatch(search: string) {
  const text = search.toLowerCase();
  return (log: (typeof all)[number]) =>
    [log.description, logHoursText(hundredthsToHours(log.hundredths)), logDateTimeText(log.time, ZONE)].some((shown) => shown.toLowerCase().includes(text));
}

const newestFirst = (a: (typeof all)[number], b: (typeof all)[number]) => b.time - a.time;

async function listed(query: string) {
  return restPage<TimeLogDto>(await api(app.app, token).get(`/superadmin/timelogs?timeZone=${encodeURIComponent(ZONE)}&${query}`));
}

describe('Time Logs search', () => {
  // few matches, many matches spread out, many in one stretch of time, too many minutes for ranges
  // (":" alone, and "0 PM" with a description that matches nothing)
  const searches = ['zzz', 'Feb 29', '10:30 PM', '2025, 1', '1.5', 'review', 'AM', '2024', 'Mar', 'ev', '1', '3', ', 2', ':', '0 PM', '"quotes" 100%', 'café'];

  it.each(searches)('finds exactly the logs whose shown texts contain %j, newest first, with their total', async (search) => {
    const expected = all.filter(shownMatch(search)).sort(newestFirst);
    const page = await listed(`search=${encodeURIComponent(search)}&per_page=25`);
    expect(page.total).toBe(expected.length);
    expect(page.items.map((log) => log._id)).toEqual(expected.slice(0, 25).map((log) => log.id));
  });

  it('pages on through many matches of one company', async () => {
    const { companyId } = all[1]!;
    const expected = all.filter((log) => log.companyId === companyId && shownMatch('AM')(log)).sort(newestFirst);
    const page = await listed(`search=AM&company=${companyId}&per_page=50&page=3`);
    expect(page.total).toBe(expected.length);
    expect(page.items.map((log) => log._id)).toEqual(expected.slice(100, 150).map((log) => log.id));
  });

  it('finds a new log by its description, then by its new one after an edit, and no longer after a delete', async () => {
    const log = { company: all[0]!.companyId, invertedHours: 1, description: 'Xylophone tuning', timeStamp: '2024-06-01T12:00:00.000Z' };
    const created = await api(app.app, token).post('/superadmin/timelogs', log);
    expect(created.statusCode).toBe(200);
    const id = (created.json() as TimeLogDto)._id;
    expect((await listed('search=xylophone')).items.map((found) => found._id)).toEqual([id]);
    expect((await api(app.app, token).put(`/superadmin/timelogs/${id}`, { ...log, description: 'Marimba tuning' })).statusCode).toBe(200);
    expect((await listed('search=xylophone')).total).toBe(0);
    expect((await listed('search=marimba')).items.map((found) => found._id)).toEqual([id]);
    expect((await api(app.app, token).delete(`/superadmin/timelogs/${id}`)).statusCode).toBe(200);
    expect((await listed('search=marimba')).total).toBe(0);
  });
});

describe('Time Logs search, statement by statement', () => {
  it.runIf(onSqlite)('reads a few matches from the description index once, then tests the page and its count against them', async () => {
    const plans = await statementPlans(app.database, () => api(app.app, token).get('/superadmin/timelogs?per_page=25&search=caf%C3%A9'));
    expect(plans.filter(({ sql }) => sql.includes('time_log_words'))).toHaveLength(1);
    expect(restPage<TimeLogDto>(await api(app.app, token).get('/superadmin/timelogs?per_page=25&search=caf%C3%A9')).total).toBe(all.filter(shownMatch('café')).length);
  });
});

describe('Time Logs search whose hours match many logs', () => {
  // "1.5" has no date part: logs of 1.50 hours described "Deploy", and 50 of 2.00 hours described "about 1.5 days"
  const described = 50;
  const apps: TestApp[] = [];

  async function searchOver(hoursLogs: number) {
    const many = await createTestApp();
    apps.push(many);
    const manyToken = (await signedInUser(many, { role: 'superadmin' })).token;
    const company = await createCompany(many.deps.db);
    const start = Date.parse('2024-01-01T00:00:00Z');
    const row = (i: number, hundredths: number, description: string) => ({ id: newId(), companyId: company.id, timeStamp: new Date(start + i * 60_000), hundredths, description, createdAt: new Date() });
    const rows = [...Array.from({ length: hoursLogs }, (_, i) => row(i, 150, 'Deploy')), ...Array.from({ length: described }, (_, i) => row(hoursLogs + i, 200, 'About 1.5 days'))];
    await many.deps.db.transaction(async (tx) => {
      for (let from = 0; from < rows.length; from += 500) await tx.insert(tx.t.timeLogs).values(rows.slice(from, from + 500));
    });
    const searchFor = async (text: string, query: string) => restPage<TimeLogDto>(await api(many.app, manyToken).get(`/superadmin/timelogs?timeZone=${encodeURIComponent(ZONE)}&search=${text}&${query}`));
    return { many, search: (query: string) => searchFor('1.5', query), searchFor };
  }
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('counts the hours’ matches and the descriptions’ others', async () => {
    const { search } = await searchOver(6_000);
    const page = await search('per_page=25');
    expect(page.total).toBe(6_000 + described);
    expect(page.items.map((log) => log.description)).toEqual(Array.from({ length: 25 }, () => 'About 1.5 days'));
    expect((await search(`per_page=25&page=${(6_000 + described) / 25}`)).items.map((log) => log.invertedHours)).toEqual(Array.from({ length: 25 }, () => 1.5));
  });

  it.runIf(onSqlite)('reads no description index for a page whose count the hours fill to its cap, and reads it when they fall short', async () => {
    const { many, search } = await searchOver(10_000);
    const descriptionReads = async () => (await statementPlans(many.database, () => search('per_page=25'))).filter(({ sql }) => sql.includes('time_log_words'));
    expect(await descriptionReads()).toEqual([]);
    expect((await search('per_page=25')).total).toBe(10_000);
    // the page ending at 10,000 counts on to 20,000: the hours' 10,000 fall short, and the descriptions are read
    const plans = await statementPlans(many.database, () => search('per_page=25&page=400'));
    expect(plans.filter(({ sql }) => sql.includes('time_log_words'))).toHaveLength(1);
    expect((await search('per_page=25&page=400')).total).toBe(10_000 + described);
  });

  it.runIf(onSqlite)('counts a word in many descriptions from the one read of the description index that found them many', async () => {
    const { many, searchFor } = await searchOver(6_000);
    const plans = await statementPlans(many.database, () => searchFor('deploy', 'per_page=25'));
    expect(plans.filter(({ sql }) => sql.includes('time_log_words'))).toHaveLength(1);
    expect((await searchFor('deploy', 'per_page=25')).total).toBe(6_000);
  });
});

describe('Time Logs sort', () => {
  it.runIf(onSqlite).each(TIME_LOG_SORT_KEYS.flatMap((sort) => [`${sort}&dir=asc`, `${sort}&dir=desc`]))('reads the page sorted by %s from an index, without sorting the table', async (sort) => {
    const plans = await statementPlans(app.database, () => api(app.app, token).get(`/superadmin/timelogs?per_page=25&sort=${sort}`));
    expect(slowSteps(pageStatement(plans, 'time_logs').plan)).toEqual([]);
  });

  it.each(TIME_LOG_SORT_KEYS.flatMap((sort) => [`${sort}&dir=asc`, `${sort}&dir=desc`]))('answers the page sorted by %s in the order of its keys, ties in the order the logs were written', async (sort) => {
    // the companies were written in the order their logs first appear; names compare without regard to (ASCII) case
    const companyOrder = [...new Set(all.map((log) => log.companyId))];
    const keysOf: Record<string, (log: (typeof all)[number], written: number) => (string | number)[]> = {
      timeStamp: (log, written) => [log.time, written],
      companyName: (log, written) => [log.companyName.toLowerCase(), companyOrder.indexOf(log.companyId), log.time, written],
      invertedHours: (log, written) => [log.hundredths, written],
      description: (log, written) => [log.description.toLowerCase(), written],
    };
    const [key, dir] = [sort.split('&')[0]!, sort.endsWith('desc') ? -1 : 1];
    const keyed = all.map((log, written) => ({ id: log.id, keys: keysOf[key]!(log, written) }));
    const byKeys = (a: (typeof keyed)[number], b: (typeof keyed)[number]) => {
      const differs = a.keys.findIndex((value, index) => value !== b.keys[index]);
      return differs < 0 ? 0 : (a.keys[differs]! < b.keys[differs]! ? -1 : 1) * dir;
    };
    const page = await listed(`sort=${sort}&per_page=100&page=2`);
    expect(page.items.map((log) => log._id)).toEqual(keyed.sort(byKeys).slice(100, 200).map((log) => log.id));
  });

  it('sorts company names without regard to case, then each company newest first', async () => {
    const page = await listed('sort=companyName&dir=asc&per_page=1000');
    const names = page.items.map((log) => log.companyName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const acmes = page.items.filter((log) => log.companyName.toLowerCase() === 'acme');
    const firstCompany = acmes.filter((log) => log.company === acmes[0]!.company);
    expect(firstCompany.map((log) => log.timeStamp)).toEqual(firstCompany.map((log) => log.timeStamp).sort());
  });
});

describe('the description index after VACUUM', () => {
  it('still finds each log by its own description when deletes left gaps in the rowids', async () => {
    const small = await createTestApp();
    try {
      const admin = (await signedInUser(small, { role: 'superadmin' })).token;
      const company = await createCompany(small.deps.db);
      const ids = await small.deps.db.transaction(async (tx) => {
        const written: string[] = [];
        for (let i = 0; i < 60; i += 1) {
          written.push((await createTimeLogRow(tx, { companyId: company.id, timeStamp: new Date(Date.UTC(2025, 0, 1, i)), hundredths: 100, description: `Entry number ${i}x` })).id);
        }
        return written;
      });
      await small.deps.db.transaction((tx) => tx.delete(tx.t.timeLogs).where(sql`rowid % 3 = 0`));
      // VACUUM runs outside any transaction: on SQLite on the connection that writes (it renumbers the rowids), on PostgreSQL as a statement of its own
      if (onSqlite) sqliteConnections(small.database).writer.exec('VACUUM');
      else await small.deps.db.rows(sql`vacuum time_logs`);
      const { timeLogs } = small.deps.db.t;
      const kept = await small.deps.db.select({ id: timeLogs.id, description: timeLogs.description }).from(timeLogs);
      expect(kept.length).toBeLessThan(ids.length);
      for (const { id, description } of kept.slice(0, 10)) {
        const page = restPage<TimeLogDto>(await api(small.app, admin).get(`/superadmin/timelogs?search=${encodeURIComponent(description)}`));
        expect(page.items.map((log) => log._id)).toEqual([id]);
      }
    } finally {
      await small.close();
    }
  });
});
