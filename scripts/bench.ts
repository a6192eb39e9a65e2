// npm run bench [-- --companies 200 --logs 20000 --tasks 2000 --runs 30 --only companies]
// Fills a throwaway database with a provider's year of data and times the list calls the
// back office makes, through the whole HTTP stack (app.inject). Prints figures; asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.js';
import { createRuntime } from '../src/server/bootstrap.js';
import { loadConfig } from '../src/server/config.js';
import { inTransaction } from '../src/server/db.js';
import { createSession } from '../src/server/modules/account/sessions.js';
import { addInvoiceHours, completeInvoiceHours, recordTimeLogHours } from '../src/server/modules/activities/ledger.js';
import { createCompany, createInvoiceRow, createTask, createTimeLogRow, createUser } from '../src/server/testing/factories.js';

const { values } = parseArgs({
  options: {
    companies: { type: 'string', default: '200' },
    logs: { type: 'string', default: '20000' },
    tasks: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '30' },
    /** Time only the calls whose name contains this text. */
    only: { type: 'string', default: '' },
  },
});
const counts = { companies: Number(values.companies), logs: Number(values.logs), tasks: Number(values.tasks), runs: Number(values.runs) };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, APP_TIMEZONE: 'America/New_York', LOG_LEVEL: 'silent' });
const { deps, database } = createRuntime(config);
const app = await buildApp(deps);

const seedStart = performance.now();
const boss = await createUser(deps.db, { role: 'superadmin' });
const { token } = createSession(deps.db, boss.id, new Date());
inTransaction(deps.db, (tx) => {
  const companyIds = Array.from({ length: counts.companies }, (_, i) => createCompany(tx, { companyName: `Bench Company ${i}` }).id);
  for (let i = 0; i < counts.tasks; i += 1) createTask(tx, { companyId: companyIds[i % companyIds.length]!, priority: i % 20 });
  // Every other company bought (and paid for) a block of hours, so some balances stay above 0.
  const prepaid = Math.round(2_000 * (counts.logs / counts.companies));
  for (const companyId of companyIds.filter((_, i) => i % 2 === 0)) {
    const invoice = createInvoiceRow(tx, { companyId, hundredths: prepaid });
    addInvoiceHours(tx, { companyId, invoiceId: invoice.id, hundredths: prepaid, description: 'Prepaid hours', timeStamp: new Date(), now: new Date() });
    completeInvoiceHours(tx, invoice.id);
  }
  const yearAgo = Date.now() - 365 * 24 * 3600 * 1000;
  for (let i = 0; i < counts.logs; i += 1) {
    const companyId = companyIds[i % companyIds.length]!;
    const timeStamp = new Date(yearAgo + Math.floor((i / counts.logs) * 365 * 24 * 3600 * 1000));
    const log = createTimeLogRow(tx, { companyId, timeStamp, hundredths: 25 + (i % 8) * 25, description: `Work item ${i}` });
    recordTimeLogHours(tx, { companyId, timeLogId: log.id, hundredths: log.hundredths, description: `Work item ${i}`, timeStamp, now: timeStamp });
  }
  return companyIds;
});
const seedMs = performance.now() - seedStart;

const companyId = (await deps.db.query.companies.findFirst())!.id;
const calls = [
  ['GET /superadmin/companies', '/api/superadmin/companies'],
  ['GET /superadmin/companies (positive, by balance)', '/api/superadmin/companies?positiveOnly=true&sort=hourBalance&dir=desc&per_page=25'],
  ['GET /superadmin/companies (scheduler, 1000)', '/api/superadmin/companies?positiveOnly=true&per_page=1000'],
  ['GET /superadmin/timelogs', '/api/superadmin/timelogs'],
  ['GET /superadmin/allopentasks', '/api/superadmin/allopentasks'],
  ['GET /superadmin/timelogs/by-date (all)', '/api/superadmin/timelogs/by-date'],
  ['GET /superadmin/timelogs/by-date?company', `/api/superadmin/timelogs/by-date?company=${companyId}`],
  ['GET /superadmin/users', '/api/superadmin/users'],
] as const;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

console.log(`Seeded ${counts.companies} companies, ${counts.tasks} tasks, ${counts.logs} time logs in ${seedMs.toFixed(0)} ms`);
console.log(`${'call'.padEnd(44)} ${'rows'.padStart(6)} ${'bytes'.padStart(10)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
for (const [name, url] of calls.filter(([name]) => name.includes(values.only))) {
  const times: number[] = [];
  let rows = 0;
  let bytes = 0;
  for (let run = 0; run < counts.runs; run += 1) {
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { jwttoken: token } });
    times.push(performance.now() - start);
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    bytes = response.rawPayload.length;
    rows = (response.json() as unknown[]).length;
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(44)} ${String(rows).padStart(6)} ${String(bytes).padStart(10)} ${percentile(times, 0.5).toFixed(1).padStart(8)} ${percentile(times, 0.95).toFixed(1).padStart(8)}`);
}

await app.close();
database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
