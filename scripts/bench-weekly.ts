// npx tsx scripts/bench-weekly.ts [--companies 1000 --logs 200000 --years 5 --runs 20 --zone America/New_York]
// Times the weekly view's service call (superadmin.timelogs.byDate) on a throwaway database
// filled with raw SQL in one transaction, prints the query plans it uses, and the old way
// (every log grouped in JavaScript) for comparison. Prints figures; asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRuntime } from '../src/server/bootstrap.js';
import { loadConfig } from '../src/server/config.js';
import { zoneCalendar } from '../src/server/lib/zone-calendar.js';
import { weeklyStatements } from '../src/server/modules/timelogs/queries.js';
import { weeklySummaries } from '../src/server/modules/timelogs/weeks.js';
import { epochDay, groupIntoWeeks } from '../src/shared/weekly.js';

const { values } = parseArgs({
  options: {
    companies: { type: 'string', default: '1000' },
    logs: { type: 'string', default: '200000' },
    years: { type: 'string', default: '5' },
    runs: { type: 'string', default: '20' },
    zone: { type: 'string', default: 'America/New_York' },
  },
});
const counts = { companies: Number(values.companies), logs: Number(values.logs), years: Number(values.years), runs: Number(values.runs) };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-bench-weekly-'));
const config = loadConfig({ DATA_DIR: dataDir, APP_TIMEZONE: values.zone, LOG_LEVEL: 'silent' });
const { deps, database } = createRuntime(config);
const sqlite = database.sqlite;

const seedStart = performance.now();
const end = Date.parse('2026-06-01T00:00:00Z');
const start = end - counts.years * 365.25 * 24 * 3600 * 1000;
sqlite.transaction(() => {
  const company = sqlite.prepare('insert into companies (id, company_name, created_at) values (?, ?, ?)');
  for (let i = 0; i < counts.companies; i += 1) company.run(`company-${i}`, `Bench Company ${i}`, start);
  const log = sqlite.prepare('insert into time_logs (id, company_id, time_stamp, hundredths, description, created_at) values (?, ?, ?, ?, ?, ?)');
  for (let i = 0; i < counts.logs; i += 1) {
    // spread over the years, at any minute of the day, so logs fall near every midnight too
    const timeStamp = Math.floor(start + ((end - start) * i) / counts.logs + ((i * 7919) % 1440) * 60_000);
    log.run(`log-${i}`, `company-${(i * 7) % counts.companies}`, timeStamp, 25 + (i % 8) * 25, `Work item ${i}`, timeStamp);
  }
})();
sqlite.pragma('optimize');
const seedMs = performance.now() - seedStart;
console.log(`Seeded ${counts.companies} companies and ${counts.logs} time logs over ${counts.years} years (${values.zone}) in ${seedMs.toFixed(0)} ms`);

function plan(query: { sql: string; params: unknown[] }): string {
  const rows = sqlite.prepare(`explain query plan ${query.sql}`).all(...query.params) as { detail: string }[];
  return rows.map((row) => `    ${row.detail}`).join('\n');
}
const calendar = zoneCalendar(values.zone);
const may4 = epochDay('2026-05-04');
const day = { from: calendar.dayStart(may4), to: calendar.dayStart(may4 + 1) };
for (const [name, company] of [['all companies', ''], ['one company', 'company-1']] as const) {
  const [seek, sum] = weeklyStatements(company, day.from, day);
  console.log(`Plans, ${name}:\n  newest log before a week:\n${plan(seek!)}\n  a day's total:\n${plan(sum!)}`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const cases = [
  ['all companies, page 1 of 12 weeks', { company: '', page: 1, perPage: 12 }],
  ['all companies, page 10 of 12 weeks', { company: '', page: 10, perPage: 12 }],
  ['all companies, page 1 of 104 weeks', { company: '', page: 1, perPage: 104 }],
  ['one company, page 1 of 12 weeks', { company: 'company-1', page: 1, perPage: 12 }],
  ['one company, page 2 of 104 weeks', { company: 'company-1', page: 2, perPage: 104 }],
] as const;

/** Wall time, and this process's CPU time, which other work on a busy machine does not inflate as much. */
function timed<T>(fn: () => T): { result: T; wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = fn();
  const used = process.cpuUsage(cpu);
  return { result, wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}
const format = (ms: number) => ms.toFixed(1).padStart(8);

const cold = timed(() => weeklySummaries(deps, cases[0][1]));
console.log(`First call (the zone's offsets found and kept): ${cold.wallMs.toFixed(1)} ms wall, ${cold.cpuMs.toFixed(1)} ms CPU`);

console.log(`${'call'.padEnd(38)} ${'weeks'.padStart(6)} ${'total'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p50 CPU'.padStart(8)}`);
for (const [name, query] of cases) {
  const runs = Array.from({ length: counts.runs + 1 }, () => timed(() => weeklySummaries(deps, query))).slice(1);
  const wall = runs.map((run) => run.wallMs).sort((a, b) => a - b);
  const cpu = runs.map((run) => run.cpuMs).sort((a, b) => a - b);
  const { items, total } = runs[0]!.result;
  console.log(`${name.padEnd(38)} ${String(items.length).padStart(6)} ${String(total).padStart(6)} ${format(percentile(wall, 0.5))} ${format(percentile(wall, 0.95))} ${format(percentile(cpu, 0.5))}`);
}

const old = timed(() => groupIntoWeeks(sqlite.prepare('select time_stamp as timeStamp, hundredths from time_logs').all() as { timeStamp: number; hundredths: number }[], values.zone));
const oldWeeks = old.result;
console.log(`For comparison, every log grouped in JavaScript: ${oldWeeks.length} weeks in ${old.wallMs.toFixed(0)} ms wall, ${old.cpuMs.toFixed(0)} ms CPU`);
const allPages = weeklySummaries(deps, { company: '', page: 1, perPage: oldWeeks.length || 1 });
console.log(`Same weeks as grouping every log: ${JSON.stringify(allPages.items) === JSON.stringify(oldWeeks)}`);

await deps.outbox.stop();
database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
