import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { failureOf } from './error-shape.js';
import { DISK_FULL } from './errors.js';
import { api, createTestApp, signedInUser, type SignedInUser, type TestApp } from './testing/app.js';
import { createCompany } from './testing/factories.js';
import { sqliteConnections, testEngine } from './testing/engine.js';

/*
 * A disk that is full is not a fault of the app: the call is refused with 503 and a sentence that
 * says the server cannot save now, instead of "Something went wrong". SQLite's own limit on the
 * database's size (max_page_count) makes a real SQLITE_FULL without filling a disk.
 */

let t: TestApp;
let boss: SignedInUser;
let companyId: string;
beforeAll(async () => {
  t = await createTestApp();
  boss = await signedInUser(t, { role: 'superadmin' });
  companyId = (await createCompany(t.deps.db)).id;
});
afterAll(() => t.close());

/** Lets the database grow by no page at all, until the returned function lifts the limit again (on the connection that writes). */
function fillTheDatabase(): () => void {
  const sqlite = sqliteConnections(t.database).writer;
  const pages = sqlite.pragma('page_count', { simple: true }) as number;
  const limit = sqlite.pragma('max_page_count', { simple: true }) as number;
  sqlite.pragma(`max_page_count = ${pages}`);
  return () => sqlite.pragma(`max_page_count = ${limit}`);
}

const taskCount = async () => (await t.deps.db.select().from(t.deps.db.t.tasks)).length;
const bigTask = () => ({ company: companyId, title: 'Needs room', description: 'x'.repeat(5_000) });

describe('a full disk', () => {
  // SQLite's own size limit makes a real full database; PostgreSQL's 53100 is checked below
  it.runIf(testEngine() === 'sqlite')('answers a write 503 saying the server cannot save now, on /api and /trpc, and writes nothing', async () => {
    const before = await taskCount();
    const lift = fillTheDatabase();
    try {
      const rest = await api(t.app, boss.token).post('/superadmin/tasks', bigTask());
      expect(rest.statusCode, rest.body).toBe(503);
      expect(rest.json()).toEqual({ message: DISK_FULL });

      const trpc = await t.app.inject({
        method: 'POST',
        url: '/trpc/superadmin.tasks.create',
        headers: { jwttoken: boss.token, 'content-type': 'application/json' },
        payload: JSON.stringify(bigTask()),
      });
      expect(trpc.statusCode, trpc.body).toBe(503);
      expect(trpc.json().error).toMatchObject({ message: DISK_FULL, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } });
      expect(await taskCount()).toBe(before);
    } finally {
      lift();
    }
    expect((await api(t.app, boss.token).post('/superadmin/tasks', bigTask())).statusCode).toBe(200);
  });

  it.runIf(testEngine() === 'sqlite')('reads still work while nothing can be written', async () => {
    const lift = fillTheDatabase();
    try {
      expect((await api(t.app, boss.token).get('/superadmin/companies')).statusCode).toBe(200);
    } finally {
      lift();
    }
  });

  it("PostgreSQL's disk full (53100), under the query error drizzle wraps it in, is the same 503", () => {
    const cause = Object.assign(new Error('could not extend file "base/16384/16385": No space left on device'), { code: '53100' });
    const wrapped = Object.assign(new Error('Failed query: insert into "tasks" ...'), { cause });
    expect(failureOf(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: wrapped }))).toMatchObject({ status: 503, body: { message: DISK_FULL } });
  });

  it('a file that cannot be written for want of space (ENOSPC, or a quota: EDQUOT) is the same 503, also outside the API', async () => {
    for (const code of ['ENOSPC', 'EDQUOT']) {
      const cause = Object.assign(new Error(`${code}: no space left on device, write`), { code });
      expect(failureOf(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause }))).toMatchObject({ status: 503, body: { message: DISK_FULL } });
    }
    const other = await createTestApp();
    try {
      other.app.get('/api/full-disk-probe', () => {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      });
      const response = await other.app.inject({ method: 'GET', url: '/api/full-disk-probe' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: DISK_FULL });
    } finally {
      await other.close();
    }
  });

  it('any other fault keeps its generic 500', () => {
    const cause = Object.assign(new Error('SQLITE_CORRUPT: database disk image is malformed'), { code: 'SQLITE_CORRUPT' });
    expect(failureOf(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause })).status).toBe(500);
  });
});
