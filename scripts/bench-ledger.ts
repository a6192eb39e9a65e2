// npx tsx scripts/bench-ledger.ts [-- --companies 1000 --activities 250000 --heavy 5000 --tasks 20000 --runs 50]
// Fills a throwaway database with a provider a few years in (raw SQL, one transaction): one heavy
// company with thousands of ledger entries, the rest spread over the others. Times the customer
// dashboard and the activities timeline through the whole HTTP stack (app.inject), and the
// companies' balances, and prints the query plans. Prints figures; asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.js';
import { createRuntime } from '../src/server/bootstrap.js';
import { loadConfig } from '../src/server/config.js';
import { newId } from '../src/server/lib/ids.js';
import { createSession, validateSessionToken } from '../src/server/modules/account/sessions.js';
import { activitiesPage, balancesByCompany, balancesOf } from '../src/server/modules/activities/ledger.js';
import { dashboardSummary } from '../src/server/modules/dashboard/service.js';
import { createUser } from '../src/server/testing/factories.js';
import { statementPlans } from '../src/server/testing/query-plans.js';

const { values } = parseArgs({
  options: {
    companies: { type: 'string', default: '1000' },
    activities: { type: 'string', default: '250000' },
    heavy: { type: 'string', default: '5000' },
    tasks: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '50' },
  },
});
const counts = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, Number(value)])) as Record<keyof typeof values, number>;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-bench-ledger-'));
const config = loadConfig({ DATA_DIR: dataDir, APP_TIMEZONE: 'America/New_York', LOG_LEVEL: 'silent' });
const { deps, database } = createRuntime(config);
const app = await buildApp(deps);
const sqlite = database.sqlite;

const DAY = 86_400_000;
const start = Date.now() - 4 * 365 * DAY;

/** Companies, ledger and tasks by raw SQL in one transaction; company 0 is the heavy one. */
function seed(): string[] {
  const companyIds = Array.from({ length: counts.companies }, () => newId());
  const addCompany = sqlite.prepare('insert into companies (id, company_name, created_at) values (?, ?, ?)');
  const addActivity = sqlite.prepare(
    'insert into activities (id, company_id, activity_type, status, hundredths, description, time_stamp, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const addTask = sqlite.prepare(
    'insert into tasks (id, company_id, title, description, priority, done, deleted, creation_date, time_stamp) values (?, ?, ?, ?, ?, ?, 0, ?, ?)',
  );
  sqlite.transaction(() => {
    companyIds.forEach((id, n) => addCompany.run(id, `Bench Company ${n}`, start));
    const heavyEvery = Math.max(1, Math.round(counts.activities / counts.heavy));
    for (let i = 0; i < counts.activities; i += 1) {
      const companyId = i % heavyEvery === 0 ? companyIds[0]! : companyIds[1 + (i % (counts.companies - 1))]!;
      const when = start + Math.floor((i / counts.activities) * 4 * 365 * DAY);
      const purchase = i % 20 === 0;
      const status = purchase && i % 60 === 0 ? 'pending' : 'completed';
      const hundredths = purchase ? 2000 : -(25 + (i % 8) * 25);
      addActivity.run(newId(), companyId, purchase ? 'TimeAdd' : 'TimeLog', status, hundredths, `Entry ${i}`, when, when);
    }
    for (let i = 0; i < counts.tasks; i += 1) {
      const companyId = companyIds[i % 10 === 0 ? 0 : i % counts.companies]!;
      const when = start + Math.floor((i / counts.tasks) * 4 * 365 * DAY);
      // about one task in seven is still open
      addTask.run(newId(), companyId, `Task ${i}`, `Details of task ${i}`, i % 20, i % 7 === 0 ? 0 : 1, when, when);
    }
  })();
  return companyIds;
}

const seedStart = performance.now();
const companyIds = seed();
const seedMs = performance.now() - seedStart;

async function tokenOf(companyId: string) {
  const user = await createUser(deps.db, { companyId, role: 'admin' });
  return createSession(deps.db, user.id, new Date()).token;
}
const heavyToken = await tokenOf(companyIds[0]!);
const typicalToken = await tokenOf(companyIds[1]!);
const count = (companyId: string) => (sqlite.prepare('select count(*) n from activities where company_id = ?').get(companyId) as { n: number }).n;
const heavyRows = count(companyIds[0]!);
const lastPage = Math.ceil(heavyRows / 25);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function time(run: () => unknown): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let n = 0; n < counts.runs; n += 1) {
    const begin = performance.now();
    await run();
    times.push(performance.now() - begin);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

const calls: [string, string, string][] = [
  ['GET /dashboard (heavy company)', '/api/dashboard', heavyToken],
  ['GET /dashboard (typical company)', '/api/dashboard', typicalToken],
  ['GET /activities?per_page=25 (heavy, page 1)', '/api/activities?per_page=25', heavyToken],
  ['GET /activities (heavy, page 1 of 100)', '/api/activities', heavyToken],
  [`GET /activities?page=${lastPage}&per_page=25 (heavy, last)`, `/api/activities?page=${lastPage}&per_page=25`, heavyToken],
  ['GET /activities?per_page=25 (typical, page 1)', '/api/activities?per_page=25', typicalToken],
];

console.log(`Seeded ${counts.companies} companies, ${counts.activities} activities (heavy company: ${heavyRows}), ${counts.tasks} tasks in ${seedMs.toFixed(0)} ms`);
console.log(`${'call'.padEnd(48)} ${'bytes'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
for (const [name, url, token] of calls) {
  const inject = () => app.inject({ method: 'GET', url, headers: { jwttoken: token } });
  const response = await inject();
  if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
  const { p50, p95 } = await time(inject);
  console.log(`${name.padEnd(48)} ${String(response.rawPayload.length).padStart(8)} ${p50.toFixed(2).padStart(8)} ${p95.toFixed(2).padStart(8)}`);
}
const pageOfCompanies = companyIds.slice(0, 25);
const heavyActor = validateSessionToken(deps.db, heavyToken, new Date())!;
for (const [name, run] of [
  ['  dashboardSummary, no HTTP (heavy company)', () => dashboardSummary(deps, heavyActor)],
  ['  activitiesPage 1 of 25, no HTTP (heavy)', () => activitiesPage(deps.db, companyIds[0]!, { page: 1, perPage: 25 })],
  [`  activitiesPage ${lastPage} of 25, no HTTP (heavy)`, () => activitiesPage(deps.db, companyIds[0]!, { page: lastPage, perPage: 25 })],
  ['balancesByCompany (every company)', () => balancesByCompany(deps.db)],
  ['balancesOf (a page of 25 companies)', () => balancesOf(deps.db, pageOfCompanies)],
] as const) {
  const { p50, p95 } = await time(run);
  console.log(`${name.padEnd(48)} ${''.padStart(8)} ${p50.toFixed(2).padStart(8)} ${p95.toFixed(2).padStart(8)}`);
}

console.log('\nQuery plans');
const planned: [string, () => unknown][] = [
  ['GET /dashboard', () => app.inject({ method: 'GET', url: '/api/dashboard', headers: { jwttoken: heavyToken } })],
  ['GET /activities?page=2&per_page=25', () => app.inject({ method: 'GET', url: '/api/activities?page=2&per_page=25', headers: { jwttoken: heavyToken } })],
  ['balancesByCompany', () => balancesByCompany(deps.db)],
  ['balancesOf', () => balancesOf(deps.db, pageOfCompanies)],
];
for (const [name, run] of planned) {
  console.log(`${name}:`);
  for (const { sql, plan } of await statementPlans(sqlite, run)) {
    if (/"sessions"/.test(sql)) continue;
    console.log(`  ${sql.replace(/\s+/g, ' ').slice(0, 90)}…`);
    for (const line of plan) console.log(`      ${line}`);
  }
}

await app.close();
database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
