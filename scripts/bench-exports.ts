// npm run bench:exports [-- --logs 200000 --lines 5000 --statements 3]
// The downloads on a throwaway app: the Time Logs CSV export of many logs, streamed, and statement
// PDFs of many lines (ledger entries, invoices and payments; by default the most a statement holds),
// one alone and then several at once (by default 3, the customers' download pool). Prints the time
// (wall and CPU) to the first chunk and to the end, the bytes, the heap and resident memory growth,
// and the longest the event loop was held meanwhile (what other requests would wait).
// Asserts nothing: a figure, not a test.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { STATEMENT_MAX_LINES } from '../src/shared/exports.js';
import { createSession } from '../src/server/modules/account/sessions.js';
import { createTestApp } from '../src/server/testing/app.js';
import { createCompany, createUser, purchasedHours, workedHours } from '../src/server/testing/factories.js';
import { statementLines } from '../src/server/modules/activities/statement.js';
import { RateLimiter } from '../src/server/rate-limit.js';

const { values } = parseArgs({
  options: {
    logs: { type: 'string', default: '200000' },
    lines: { type: 'string', default: String(STATEMENT_MAX_LINES) },
    statements: { type: 'string', default: '3' },
  },
});
const logCount = Number(values.logs);
const lineCount = Number(values.lines);
const statementCount = Number(values.statements);

const t = await createTestApp();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * Runs `work` while watching the event loop, the heap and the resident memory (sampled every 5 ms),
 * and the CPU time it took (on a busy machine the wall time depends on the neighbours, the CPU time
 * much less).
 */
async function measured<T>(work: () => Promise<T>): Promise<T & { wallMs: number; cpuMs: number; maxLoopMs: number; heapGrowth: number; rssGrowth: number }> {
  global.gc?.();
  const before = process.memoryUsage();
  let heapPeak = before.heapUsed;
  let rssPeak = before.rss;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    heapPeak = Math.max(heapPeak, now.heapUsed);
    rssPeak = Math.max(rssPeak, now.rss);
  }, 5);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  loop.disable();
  clearInterval(sampler);
  return { ...result, wallMs, cpuMs: (cpu.user + cpu.system) / 1000, maxLoopMs: loop.max / 1e6, heapGrowth: heapPeak - before.heapUsed, rssGrowth: rssPeak - before.rss };
}

/**
 * `logCount` time logs spread over the companies, written in one transaction of plain better-sqlite3
 * statements on a connection of their own: a SQLite-only bulk path, far faster than the port for
 * hundreds of thousands of rows. The app reads them once committed (WAL).
 */
function seedTimeLogs(databasePath: string, companies: { id: string }[]): void {
  const sqlite = new Database(databasePath);
  try {
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const insert = sqlite.prepare('insert into time_logs (id, company_id, time_stamp, hundredths, description, created_at) values (?, ?, ?, ?, ?, ?)');
    sqlite.transaction(() => {
      for (let n = 0; n < logCount; n += 1) {
        insert.run(`log-${n}`, companies[n % companies.length]!.id, Date.UTC(2022, 0, 1) + n * 600_000, 25 + (n % 400), `Worked on item ${n}, "quoted", =formula ${n}`, Date.UTC(2022, 0, 1));
      }
    })();
  } finally {
    sqlite.close();
  }
}

try {
  t.deps.rateLimiter = new RateLimiter(t.clock, undefined);
  const boss = await createUser(t.deps.db, { role: 'superadmin' });
  const bossToken = (await createSession(t.deps.db, boss.id, t.clock.now())).token;
  const companies: { id: string }[] = [];
  for (let n = 0; n < 20; n += 1) companies.push(await createCompany(t.deps.db, { companyName: `Bench company ${n}` }));
  const seedStarted = performance.now();
  seedTimeLogs(t.config.databasePath, companies);
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

  const period = { from: '2024-01-01', to: '2026-03-01', timeZone: t.config.timeZone };
  /** A company whose statement of the period prints `lineCount` lines: a paid purchase and the work after it. */
  async function statementCompany(n: number): Promise<string> {
    const company = await createCompany(t.deps.db, { companyName: `Busy Statement Co ${n}` });
    const admin = await createUser(t.deps.db, { role: 'admin', companyId: company.id, password: null });
    await purchasedHours(t.deps.db, company.id, 10_000_000, 'Big block', new Date(Date.UTC(2024, 0, 1)));
    const work = lineCount - (await statementLines(t.deps.db, company.id, period));
    await t.deps.db.transaction(async (tx) => {
      for (let line = 0; line < work; line += 1) await workedHours(tx, company.id, 50, `Statement work ${line}`, new Date(Date.UTC(2024, 0, 2) + line * 3_600_000));
    });
    return (await createSession(t.deps.db, admin.id, t.clock.now())).token;
  }
  const statement = async (token: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/activities/statement.pdf?from=${period.from}&to=${period.to}`, headers: { jwttoken: token } });
    return { status: response.statusCode, bytes: response.rawPayload.length };
  };
  const tokens: string[] = [];
  for (let n = 0; n < Math.max(1, statementCount); n += 1) tokens.push(await statementCompany(n));

  const one = await measured(() => statement(tokens[0]!));
  console.log(
    `Statement PDF of ${lineCount.toLocaleString('en-US')} lines: HTTP ${one.status}, ${mb(one.bytes)} in ${ms(one.wallMs)} (CPU ${ms(one.cpuMs)}), ` +
      `heap growth ${mb(one.heapGrowth)}, resident growth ${mb(one.rssGrowth)}, longest event-loop hold ${ms(one.maxLoopMs)}`,
  );
  if (statementCount > 1) {
    const together = await measured(async () => {
      const answers = await Promise.all(tokens.map(statement));
      return { statuses: answers.map((answer) => answer.status).join(', ') };
    });
    console.log(
      `${statementCount} statement PDFs of ${lineCount.toLocaleString('en-US')} lines at once: HTTP ${together.statuses} in ${ms(together.wallMs)} (CPU ${ms(together.cpuMs)}), ` +
        `heap growth ${mb(together.heapGrowth)}, resident growth ${mb(together.rssGrowth)}, longest event-loop hold ${ms(together.maxLoopMs)}`,
    );
  }
} finally {
  await t.close();
}
