// npm run bench:exports [-- --logs 200000 --activities 10000]
// The downloads on a throwaway app: the Time Logs CSV export of many logs, streamed, and a statement
// PDF of many ledger entries. Prints the time to the first chunk and to the end, the bytes, the
// heap growth, and the longest the event loop was held meanwhile (what other requests would wait).
// Asserts nothing: a figure, not a test.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createSession } from '../src/server/modules/account/sessions.js';
import { createTestApp } from '../src/server/testing/app.js';
import { createCompany, createUser, purchasedHours, workedHours } from '../src/server/testing/factories.js';
import { inTransaction } from '../src/server/db.js';
import { RateLimiter } from '../src/server/rate-limit.js';

const { values } = parseArgs({ options: { logs: { type: 'string', default: '200000' }, activities: { type: 'string', default: '10000' } } });
const logCount = Number(values.logs);
const activityCount = Number(values.activities);

const t = await createTestApp();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Runs `work` while watching the event loop and the heap (sampled every 5 ms). */
async function measured<T>(work: () => Promise<T>): Promise<T & { wallMs: number; maxLoopMs: number; heapGrowth: number }> {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 5);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const started = performance.now();
  const result = await work();
  const wallMs = performance.now() - started;
  loop.disable();
  clearInterval(sampler);
  return { ...result, wallMs, maxLoopMs: loop.max / 1e6, heapGrowth: heapPeak - heapBefore };
}

try {
  t.deps.rateLimiter = new RateLimiter(t.clock, undefined);
  const boss = await createUser(t.deps.db, { role: 'superadmin' });
  const bossToken = createSession(t.deps.db, boss.id, t.clock.now()).token;
  const companies = Array.from({ length: 20 }, (_, n) => createCompany(t.deps.db, { companyName: `Bench company ${n}` }));
  const insert = t.deps.db.$client.prepare('insert into time_logs (id, company_id, time_stamp, hundredths, description, created_at) values (?, ?, ?, ?, ?, ?)');
  const seedStarted = performance.now();
  t.deps.db.$client.transaction(() => {
    for (let n = 0; n < logCount; n += 1) {
      insert.run(`log-${n}`, companies[n % companies.length]!.id, Date.UTC(2022, 0, 1) + n * 600_000, 25 + (n % 400), `Worked on item ${n}, "quoted", =formula ${n}`, Date.UTC(2022, 0, 1));
    }
  })();
  console.log(`Seeded ${logCount.toLocaleString('en-US')} time logs in ${ms(performance.now() - seedStarted)}`);

  const csv = await measured(async () => {
    const started = performance.now();
    const response = await t.app.inject({ method: 'GET', url: '/api/superadmin/exports/timelogs.csv', headers: { jwttoken: bossToken }, payloadAsStream: true });
    let firstChunkMs = 0;
    let bytes = 0;
    let chunks = 0;
    for await (const chunk of response.stream()) {
      if (chunks === 0) firstChunkMs = performance.now() - started;
      chunks += 1;
      bytes += (chunk as Buffer).length;
    }
    return { status: response.statusCode, firstChunkMs, bytes, chunks };
  });
  console.log(
    `Time Logs CSV of ${logCount.toLocaleString('en-US')} logs: HTTP ${csv.status}, first chunk ${ms(csv.firstChunkMs)}, all in ${ms(csv.wallMs)}, ` +
      `${mb(csv.bytes)} in ${csv.chunks} chunks, heap growth ${mb(csv.heapGrowth)}, longest event-loop hold ${ms(csv.maxLoopMs)}`,
  );

  const company = createCompany(t.deps.db, { companyName: 'Busy Statement Co' });
  const admin = await createUser(t.deps.db, { role: 'admin', companyId: company.id });
  const adminToken = createSession(t.deps.db, admin.id, t.clock.now()).token;
  purchasedHours(t.deps.db, company.id, 10_000_000, 'Big block', new Date(Date.UTC(2024, 0, 1)));
  inTransaction(t.deps.db, (tx) => {
    for (let n = 0; n < activityCount; n += 1) {
      const when = new Date(Date.UTC(2024, 0, 2) + n * 3_600_000);
      workedHours(tx, company.id, 50, `Statement work ${n}`, when);
    }
  });
  const pdf = await measured(async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/activities/statement.pdf?from=2024-01-01&to=2026-03-01', headers: { jwttoken: adminToken } });
    return { status: response.statusCode, bytes: response.rawPayload.length };
  });
  console.log(`Statement PDF of ${activityCount.toLocaleString('en-US')} entries: HTTP ${pdf.status}, ${mb(pdf.bytes)} in ${ms(pdf.wallMs)}, heap growth ${mb(pdf.heapGrowth)}, longest event-loop hold ${ms(pdf.maxLoopMs)}`);
} finally {
  await t.close();
}
