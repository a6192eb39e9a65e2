import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { timeLogs } from '../../../../drizzle/schema.js';
import type { TimeLogDto } from '../../../shared/timelogs.js';
import type { Tx } from '../../db.js';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';
import { pageStatement, statementPlans, type StatementPlan } from '../../testing/query-plans.js';
import { testEngine } from '../../testing/engine.js';
import { restPage } from '../../testing/rest-pages.js';
import { createCompany, createTimeLogRow } from '../../testing/factories.js';

/*
 * A list's total past the count's cap (see docs/README paging): the count stops at 10,000 rows past
 * the page's block and says so, on the REST mirror (X-Total-Count-Capped, no last link) and over
 * tRPC (totalIsCapped). Checked on the time logs, the list that grows largest.
 */

const LOGS = 20_010;

let t: TestApp;
let token: string;
let busy: Awaited<ReturnType<typeof createCompany>>;
let quiet: Awaited<ReturnType<typeof createCompany>>;

type LogRow = typeof timeLogs.$inferInsert;

/** Writes the logs in one transaction, many rows to a statement (bare rows: no ledger entries). */
async function insertLogs(tx: Tx, rows: LogRow[]): Promise<void> {
  for (let from = 0; from < rows.length; from += 1_000) await tx.insert(tx.t.timeLogs).values(rows.slice(from, from + 1_000));
}

beforeAll(async () => {
  t = await createTestApp();
  busy = await createCompany(t.deps.db, { companyName: 'Busy' });
  quiet = await createCompany(t.deps.db, { companyName: 'Quiet' });
  token = (await signedInUser(t, { role: 'superadmin' })).token;
  const busyLogs = Array.from({ length: LOGS }, (_, n): LogRow => ({
    id: `log-${n}`,
    companyId: busy.id,
    timeStamp: new Date(Date.UTC(2024, 0, 1) + n * 60_000),
    hundredths: 150,
    description: 'Weekly review',
    createdAt: new Date(0),
  }));
  await t.deps.db.transaction((tx) => insertLogs(tx, busyLogs));
  for (let n = 0; n < 3; n += 1) await createTimeLogRow(t.deps.db, { companyId: quiet.id, hundredths: 100 });
});
afterAll(() => t.close());

const logs = (query: string) => api(t.app, token).get(`/superadmin/timelogs?${query}`);

const onSqlite = testEngine() === 'sqlite';

/** Runs the call (its answers are checked on either engine) and answers the query plans of its statements, which are SQLite's: none elsewhere. */
async function sqlitePlans(call: () => Promise<void>): Promise<StatementPlan[]> {
  if (onSqlite) return statementPlans(t.database, call);
  await call();
  return [];
}

describe('a total past the count cap', () => {
  it('is a lower bound on the REST mirror: X-Total-Count 10000, X-Total-Count-Capped, a next link and no last', async () => {
    const response = await logs(`company=${busy.id}&per_page=25`);
    const page = restPage<TimeLogDto>(response);
    expect([page.items.length, page.total, response.headers['x-total-count-capped']]).toEqual([25, 10_000, 'true']);
    expect(page.pages).toEqual({ first: 1, next: 2 });
  });

  it('counts on to the next block from the page that ends at the cap, so that page has a next one', async () => {
    const page = restPage<TimeLogDto>(await logs(`company=${busy.id}&per_page=25&page=400`));
    expect([page.items.length, page.total]).toEqual([25, 20_000]);
    expect(page.pages).toEqual({ first: 1, prev: 399, next: 401 });
  });

  it('is exact again where the page tells it (the last page) or the count ends below the cap', async () => {
    const last = await logs(`company=${busy.id}&per_page=25&page=801`);
    expect([restPage(last).items.length, restPage(last).total, last.headers['x-total-count-capped']]).toEqual([10, LOGS, undefined]);
    expect(restPage(last).pages).toEqual({ first: 1, prev: 800, last: 801 });
    const quietPage = await logs(`company=${quiet.id}&per_page=2`);
    expect([restPage(quietPage).total, quietPage.headers['x-total-count-capped']]).toEqual([3, undefined]);
    expect(restPage(quietPage).pages).toEqual({ first: 1, next: 2, last: 2 });
  });

  it('caps a search count too: every busy log reads "review"', async () => {
    const response = await logs(`search=review&per_page=25`);
    expect([restPage(response).total, response.headers['x-total-count-capped']]).toEqual([10_000, 'true']);
  });

  it('counts a search with one part of many matches from that part’s index, plus the few others outside it', async () => {
    // 6,000 logs of 2.75 hours (the hours part: many), 10 logs whose description says 2.75 (the description part: few)
    await t.deps.db.transaction(async (tx) => {
      const other = await createCompany(tx, { companyName: 'Other' });
      const log = (id: string, at: number, hundredths: number, description: string): LogRow => ({
        id,
        companyId: other.id,
        timeStamp: new Date(at),
        hundredths,
        description,
        createdAt: new Date(0),
      });
      await insertLogs(tx, [
        ...Array.from({ length: 6_000 }, (_, n) => log(`hours-${n}`, Date.UTC(2023, 0, 1) + n * 60_000, 275, '')),
        ...Array.from({ length: 10 }, (_, n) => log(`notes-${n}`, Date.UTC(2025, 0, 1) + n * 60_000, 100, 'Release 2.75 notes')),
      ]);
    });
    const plans = await sqlitePlans(async () => {
      const page = restPage<TimeLogDto>(await logs('search=2.75&per_page=25'));
      expect([page.total, page.items[0]?._id, page.items[10]?._id]).toEqual([6_010, 'notes-9', 'hours-5999']);
    });
    // the only pass over the logs is the page's walk in time order, which stops when the page is full
    const passes = plans.flatMap(({ plan }) => plan.filter((step) => step.startsWith('SCAN time_logs')));
    if (onSqlite) expect(new Set(passes)).toEqual(new Set(['SCAN time_logs USING INDEX time_logs_time_idx']));
  });

  it('is marked totalIsCapped over tRPC, and left out where the total is exact', async () => {
    const call = async (input: Record<string, unknown>) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/trpc/superadmin.timelogs.list?input=${encodeURIComponent(JSON.stringify(input))}`,
        headers: { jwttoken: token },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { total, totalIsCapped } = json<{ result: { data: { total: number; totalIsCapped?: boolean } } }>(response).result.data;
      return { total, totalIsCapped };
    };
    expect(await call({ company: busy.id, perPage: 25 })).toEqual({ total: 10_000, totalIsCapped: true });
    expect(await call({ company: quiet.id, perPage: 2 })).toEqual({ total: 3 });
  });
});

describe('a search whose date part matches many logs, and its other parts few', () => {
  it('walks only the stretch of time its matches lie in, not every newer log first', async () => {
    const plans = await sqlitePlans(async () => {
      const page = restPage<TimeLogDto>(await logs('search=2024&per_page=25&timeZone=UTC'));
      expect([page.total, page.items[0]?._id]).toEqual([10_000, `log-${LOGS - 1}`]);
    });
    if (onSqlite) expect(pageStatement(plans, 'time_logs').plan[0]).toBe('SEARCH time_logs USING INDEX time_logs_time_idx (time_stamp>? AND time_stamp<?)');
  });
});
