// npm run bench [-- --small | --companies N --users N --tasks N --logs N --invoices N --payments N] [-- --db postgres[://…]] [-- --load [--load-seconds S]]
// Seeds a throwaway data folder with a provider a few years in, starts the real server on it and
// measures the calls the screens make through HTTP, side by side with a bare Fastify + database
// driver server running the same SQL; with --db, on PostgreSQL (the same rows, copied across). Prints each figure next to its target (see
// docs/performance.md); exits non-zero only when something is broken, never for a missed target.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleReport } from './bench/bundle.js';
import { benchCalls, COMPANIES_FIRST_PAGE, DASHBOARD_PATH, PROFILE_PATH, type BenchCall } from './bench/calls.js';
import { captureStatements, replayable, type Capture } from './bench/capture.js';
import { mb, ms, Scoreboard, seconds } from './bench/format.js';
import { runLoad } from './bench/load.js';
import { measureAlone, measureConcurrent, type CallResult } from './bench/latency.js';
import { describeMachine } from './bench/machine.js';
import { measureExpiryRun, type ExpiryRun } from './bench/expiry.js';
import { describeSizes, parseOptions } from './bench/options.js';
import { postgresTarget, type PostgresTarget } from './bench/postgres-target.js';
import {
  bundleSection,
  expirySection,
  latencySection,
  sortsAndSearchesSection,
  loadSection,
  memorySection,
  sizesSection,
  TARGETS,
  throughputSection,
  type Comparison,
  writesSection,
} from './bench/report.js';
import { seedDatabase, type Seeded } from './bench/seed.js';
import { searchCalls, sortCalls } from './bench/sorts-and-searches.js';
import { projectServerCommand, rssMb, startServer, type RunningServer } from './bench/servers.js';
import { compareThroughput, COMPARISON_ROUNDS } from './bench/throughput.js';
import { measureWrites } from './bench/writes.js';

const options = parseOptions(process.argv.slice(2));
const board = new Scoreboard();
const broken: string[] = [];
const running: RunningServer[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-bench-'));
/** The run's PostgreSQL database, with --db. */
let postgres: PostgresTarget | undefined;
/** Processes of one PostgreSQL database sign links with one key (README, PostgreSQL). */
const SHARED_SECRET = 'the bench processes share this key for signed links';
/** One status line on a terminal, overwritten as the run goes; nothing when the output is a file. */
const progress = (text: string) => {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${text}`.slice(0, process.stderr.columns + 6));
};
const say = (text = '') => {
  progress('');
  console.log(text);
};

async function start(label: string, args: string[], readyPath: string): Promise<RunningServer> {
  const onPostgres: Record<string, string> = postgres ? { DATABASE_URL: postgres.url, SESSION_SECRET: SHARED_SECRET } : {};
  const server = await startServer({ label, args, env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...onPostgres }, readyPath });
  running.push(server);
  return server;
}

async function stop(server: RunningServer): Promise<void> {
  running.splice(running.indexOf(server), 1);
  await server.stop();
}

async function seed(): Promise<Seeded> {
  say(`Seeding ${describeSizes(options.sizes)}, ${options.sizes.packages} packages ...`);
  const seeded = await seedDatabase(dataDir, options.sizes);
  const rows = Object.entries(seeded.counts).map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`).join(', ');
  say(`Seeded in ${seconds(seeded.ms)} (CPU ${seconds(seeded.cpuMs)}): ${rows}`);
  say(`Database file: ${(fs.statSync(seeded.databasePath).size / 1e6).toFixed(0)} MB`);
  if (options.database.engine === 'postgres') {
    postgres = await postgresTarget(options.database.serverUrl, seeded.databasePath, progress);
    const where = options.database.serverUrl ? new URL(options.database.serverUrl).host : 'a throwaway cluster of this machine';
    say(`PostgreSQL ${postgres.version} on ${where}: copied and checked in ${seconds(postgres.copyMs)}, database ${(postgres.sizeBytes / 1e6).toFixed(0)} MB`);
  }
  return seeded;
}

async function measureCalls(project: RunningServer, seeded: Seeded): Promise<{ results: CallResult[]; afterOne: number; peakMany: number }> {
  const tokenOf = (as: 'superAdmin' | 'customer') => (as === 'superAdmin' ? seeded.superAdmin.token : seeded.customer.token);
  const calls = benchCalls(seeded.customer.companyId, seeded.events);
  const alone: CallResult[] = [];
  for (const call of calls) {
    progress(`1 client: ${call.name}`);
    alone.push(await measureAlone(project.port, call, tokenOf(call.as), options.budget));
  }
  const afterOne = rssMb(project.pid);
  const results: CallResult[] = [];
  for (const result of alone) {
    progress(`20 clients: ${result.call.name}`);
    results.push(await measureConcurrent(project.port, project.pid, result, tokenOf(result.call.as), options.budget));
  }
  const peakMany = Math.max(afterOne, ...results.map((result) => result.peakRssMb ?? 0));
  for (const result of results) if (result.outcome === 'broken') broken.push(result.note ?? result.call.name);
  return { results, afterOne, peakMany };
}

/** A short run each: there are some hundred of them. */
const SORT_BUDGET = { ...options.budget, oneClient: { requests: options.preset === 'small' ? 10 : 30, maxMs: 3_000 } };

async function measureSortsAndSearches(project: RunningServer, seeded: Seeded): Promise<[CallResult[], CallResult[]]> {
  const tokenOf = (as: 'superAdmin' | 'customer') => (as === 'superAdmin' ? seeded.superAdmin.token : seeded.customer.token);
  const measure = async (calls: BenchCall[]) => {
    const results: CallResult[] = [];
    for (const call of calls) {
      progress(`1 client: ${call.name}`);
      const result = await measureAlone(project.port, call, tokenOf(call.as), SORT_BUDGET);
      if (result.outcome === 'broken') broken.push(result.note ?? call.name);
      results.push(result);
    }
    return results;
  };
  return [await measure(sortCalls()), await measure(searchCalls())];
}

/** The bare server's routes: each captured call that answered 200 and only read. */
function bareRoutes(captures: Map<string, Capture>): { routes: Record<string, Capture['statements']>; notes: Map<string, string> } {
  const routes: Record<string, Capture['statements']> = {};
  const notes = new Map<string, string>();
  for (const [name, capture] of captures) {
    const problem = capture.status === 200 ? replayable(capture, postgres ? 'postgres' : 'sqlite') : `n/a (${capture.status})`;
    if (problem) notes.set(name, problem);
    else routes[`/${name}`] = capture.statements;
  }
  return { routes, notes };
}

async function compareWithBare(project: RunningServer, seeded: Seeded, captures: Map<string, Capture>): Promise<void> {
  const { routes, notes } = bareRoutes(captures);
  const specFile = path.join(dataDir, 'bare-server.json');
  fs.writeFileSync(specFile, JSON.stringify({ databasePath: seeded.databasePath, databaseUrl: postgres?.url, routes }));
  const bare = await start('bare server', ['--import', 'tsx', 'scripts/bench/bare-server.ts', specFile], '/hello');
  const statementsOf = (name: string) => captures.get(name)?.statements.length ?? 0;
  const pair = async (name: string, label: string, projectPath: string, token: string): Promise<Comparison> => {
    const note = notes.get(name);
    if (note) return { name: label, note };
    progress(`throughput: ${label}`);
    const compared = await compareThroughput({ port: project.port, call: { path: projectPath, token } }, { port: bare.port, call: { path: `/${name}` } }, options.budget.throughputMs);
    if (compared.project.failure) broken.push(compared.project.failure);
    return { name: `${label} (${statementsOf(name)} statements)`, ...compared };
  };
  try {
    const pairs = [
      await pair('dashboard', 'dashboard', DASHBOARD_PATH, seeded.customer.token),
      await pair('companies', 'companies first page', COMPANIES_FIRST_PAGE, seeded.superAdmin.token),
    ];
    const compared = await compareThroughput({ port: project.port, call: { path: PROFILE_PATH, token: seeded.customer.token } }, { port: bare.port, call: { path: '/hello' } }, options.budget.throughputMs);
    if (compared.project.failure) broken.push(compared.project.failure);
    const trivial = { name: 'signed-in /account/profile vs bare hello-world', ...compared };
    say(throughputSection(pairs, trivial, options.budget.throughputMs, COMPARISON_ROUNDS, board, postgres ? 'node-postgres' : 'better-sqlite3'));
  } finally {
    await stop(bare);
  }
}

/**
 * Ten times the companies: a day of expiries in a provider's usual spread, a busy day (a tenth of
 * the companies, as when most payments were recorded on one day), and a quarter's end when every
 * block ends at once (decision 031).
 */
async function measureExpiryRuns(): Promise<{ name: string; run: ExpiryRun }[]> {
  const companies = options.sizes.companies * 10;
  const runs = [
    { name: "a day's expiries (1 in 90)", dueShare: 1 / 90 },
    { name: 'a busy day (1 in 10)', dueShare: 1 / 10 },
    { name: 'a quarter end (every company)', dueShare: 1 },
  ];
  const measured = [];
  for (const { name, dueShare } of runs) {
    const run = await measureExpiryRun(options.database, companies, dueShare, progress);
    if (run.problem) broken.push(`expiry run, ${name}: ${run.problem}`);
    measured.push({ name, run });
  }
  return measured;
}

/** Rounds of the write path: each of its writes measured this many times. */
const WRITE_ROUNDS = options.preset === 'small' ? 50 : 300;

async function measureWritePath(project: RunningServer, seeded: Seeded): Promise<void> {
  progress('the write path');
  const results = await measureWrites(project.port, seeded.customer.companyId, seeded.superAdmin.token, WRITE_ROUNDS);
  for (const result of results) if (result.failure) broken.push(`${result.name}: ${result.failure}`);
  say(writesSection(results, WRITE_ROUNDS, board));
  say();
}

async function main(): Promise<void> {
  const on = options.database.engine === 'postgres' ? ', on PostgreSQL' : '';
  say(`npm run bench: ${options.preset === 'small' ? '--small' : 'full size'}${on}${options.load ? `, --load ${options.loadSeconds} s` : ''}`);
  say(`Machine: ${describeMachine()}`);
  say();
  const seeded = await seed();
  const captures = await captureStatements(dataDir, [
    { name: 'dashboard', path: DASHBOARD_PATH, token: seeded.customer.token },
    { name: 'companies', path: COMPANIES_FIRST_PAGE, token: seeded.superAdmin.token },
  ], postgres ? { engine: 'postgres', url: postgres.url } : { engine: 'sqlite' });

  // The server runs from its build: rebuild it first if the sources changed since, or the figures are of old code.
  execFileSync(process.execPath, [path.join(import.meta.dirname, 'build-if-missing.mjs'), '--server'], { stdio: 'inherit' });
  const command = projectServerCommand();
  say(`Server: ${command.label}${command.note ? ` (${command.note})` : ''}, LOG_LEVEL=warn`);
  const project = await start('project server', command.args, '/api/openapi.json');
  say(`Start-up to first answer of /api/openapi.json: ${ms(project.startupMs)} ms  target < ${TARGETS.startupMs} ms ${board.mark(project.startupMs < TARGETS.startupMs)}`);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const idle = rssMb(project.pid);
  say(`Idle RSS: ${mb(idle)}`);
  say();
  if (options.writesOnly) {
    await measureWritePath(project, seeded);
    await stop(project);
    sayTotals();
    return;
  }

  const { results, afterOne, peakMany } = await measureCalls(project, seeded);
  say(sizesSection(results));
  say();
  say(latencySection(results, options.budget, board));
  say();
  say(memorySection({ idle, afterOne, peakMany }, board));
  say();
  await compareWithBare(project, seeded, captures);
  say();

  say(sortsAndSearchesSection(...(await measureSortsAndSearches(project, seeded)), SORT_BUDGET.oneClient, board));
  say();
  await measureWritePath(project, seeded);

  if (options.load) {
    const withDashboard = results.some((result) => result.call.path === DASHBOARD_PATH && result.outcome === 'ok');
    // on PostgreSQL, a second process serves the same database and the clients are shared out between the two
    const second = postgres ? await start('second project server', command.args, '/api/openapi.json') : undefined;
    const processes = [project, ...(second ? [second] : [])];
    progress(`--load: ${options.loadClients} clients for ${options.loadSeconds} s on ${processes.length} process(es)`);
    const load = await runLoad({ servers: processes, seeded, withDashboard, clients: options.loadClients, seconds: options.loadSeconds });
    if (second) await stop(second);
    say(loadSection(load));
    say();
    if (load.errors > 0) broken.push(`--load: ${load.errors} of ${load.requests} requests failed (${load.serverErrors} with 5xx)`);
  }
  if (broken.length > 0) say(`Last lines of the project server's output:\n${project.output() || '(none)'}\n`);
  await stop(project);

  say(expirySection(await measureExpiryRuns(), board));
  say();

  say(bundleSection(await bundleReport(), board));
  say();
  sayTotals();
}

function sayTotals(): void {
  say(`Targets: ${board.passed} PASS, ${board.failed} FAIL (printed, not asserted)`);
  if (broken.length > 0) {
    say(`\nBROKEN: ${broken.length} call(s) did not answer as they should:`);
    for (const line of broken) say(`  ${line}`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
} finally {
  for (const server of [...running]) await stop(server);
  await postgres?.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
