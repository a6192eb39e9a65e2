import { jsBudgetOf, type BundleReport } from './bundle.js';
import { bytes, count, mb, ms, rate, Scoreboard, table } from './format.js';
import type { CallResult } from './latency.js';
import type { LoadResult } from './load.js';
import type { ExpiryRun } from './expiry.js';
import type { Budget } from './options.js';
import type { Throughput } from './throughput.js';
import type { WriteResult } from './writes.js';

/*
 * The bench's printed report, section by section, each figure next to its target. Targets are
 * printed, never asserted: the bench fails only when something is broken.
 */

export const TARGETS = {
  p99AloneMs: 50,
  p99ConcurrentMs: 250,
  rssUnderLoadMb: 400,
  startupMs: 1_500,
  bareRatio: 0.5,
  trivialShareOfHello: 0.25,
  expiryRunMs: 1_000,
  expiryHoldMs: 50,
};

export function sizesSection(results: CallResult[]): string {
  const rows = results.map(({ call, sizes, note, outcome }) =>
    !sizes
      ? [call.name, outcome === 'n/a' ? (note ?? 'n/a') : 'BROKEN (see the end)', '', '', '', '', '']
      : [call.name, count(sizes.rows), sizes.total ?? '-', bytes(sizes.bodyBytes), bytes(sizes.wireBytes), sizes.contentEncoding ?? 'none', bytes(sizes.gzipBytes)],
  );
  return [
    'Answers (first page as the screens ask for it)',
    table(['call', 'rows', 'X-Total-Count', 'body', 'on the wire', 'encoding', 'gzip would be'], rows),
  ].join('\n');
}

export function latencySection(results: CallResult[], { oneClient, manyClients }: Budget, board: Scoreboard): string {
  const rows = results.map((result) => {
    const { call, one, many, outcome, note, peakRssMb } = result;
    const blank = Array<string>(10).fill('');
    if (outcome === 'n/a') return [call.name, note ?? 'n/a', ...blank];
    if (!one) return [call.name, 'BROKEN', ...blank];
    const targeted = call.kind !== 'trivial';
    const oneVerdict = targeted ? board.mark(one.p99 < TARGETS.p99AloneMs) : '';
    const manyCells =
      many === 'skipped'
        ? ['skipped:', 'too slow', '', '', targeted ? board.mark(false) : '']
        : many
          ? [count(many.n), ms(many.p50), ms(many.p95), ms(many.p99), targeted ? board.mark(many.p99 < TARGETS.p99ConcurrentMs) : '']
          : ['-', '', '', '', ''];
    const status = outcome === 'broken' ? ' BROKEN' : '';
    return [call.name + status, count(one.n), ms(one.p50), ms(one.p95), ms(one.p99), oneVerdict, ...manyCells, mb(peakRssMb)];
  });
  return [
    `Latency in ms: 1 client = up to ${oneClient.requests} sequential requests (at most ${oneClient.maxMs / 1000} s); ` +
      `20 clients = ${manyClients.clients} x ${manyClients.requestsEach} (at most ${manyClients.maxMs / 1000} s). ` +
      `Targets: p99 < ${TARGETS.p99AloneMs} ms alone, < ${TARGETS.p99ConcurrentMs} ms at 20.`,
    table(
      ['call', 'n', 'p50', 'p95', 'p99', `<${TARGETS.p99AloneMs}`, '20: n', 'p50', 'p95', 'p99', `<${TARGETS.p99ConcurrentMs}`, 'peak RSS'],
      rows,
    ),
  ].join('\n');
}

export function memorySection(rss: { idle: number; afterOne: number; peakMany: number }, board: Scoreboard): string {
  return [
    'Server memory (RSS)',
    table(
      ['when', 'RSS', 'target'],
      [
        ['idle, after start-up', mb(rss.idle), ''],
        ['after the 1-client runs', mb(rss.afterOne), ''],
        ['peak during the 20-client runs', mb(rss.peakMany), `< ${TARGETS.rssUnderLoadMb} MB ${board.mark(rss.peakMany < TARGETS.rssUnderLoadMb)}`],
      ],
    ),
  ].join('\n');
}

export type Comparison = { name: string; project?: Throughput; bare?: Throughput; ratio?: number; note?: string };

export function throughputSection(pairs: Comparison[], trivial: Comparison, measureMs: number, rounds: number, board: Scoreboard, driver = 'better-sqlite3'): string {
  const ratioRow = ({ name, project, bare, ratio, note }: Comparison, target: number, asPercent: boolean) => {
    if (!project || !bare || ratio === undefined || project.failure || bare.failure) return [name, '-', '-', note ?? 'n/a', ''];
    const shown = asPercent ? `${(ratio * 100).toFixed(0)}%` : ratio.toFixed(2);
    const goal = asPercent ? `>= ${target * 100}%` : `>= ${target}`;
    return [name, rate(project.rps), rate(bare.rps), shown, `${goal} ${board.mark(ratio >= target)}`];
  };
  return [
    `Throughput, 20 connections: the project against a bare Fastify + ${driver} server running the same SQL, ` +
      `medians of ${rounds} alternating rounds of ${measureMs / 1000} s each`,
    table(
      ['pair', 'project req/s', 'bare req/s', 'ratio', 'target'],
      [...pairs.map((pair) => ratioRow(pair, TARGETS.bareRatio, false)), ratioRow(trivial, TARGETS.trivialShareOfHello, true)],
    ),
  ].join('\n');
}

export function loadSection(result: LoadResult): string {
  const rows = result.kinds.map((kind) => [kind.kind, count(kind.requests), count(kind.errors), count(kind.serverErrors), ms(kind.latency.p50), ms(kind.latency.p99)]);
  rows.push(['all', count(result.requests), count(result.errors), count(result.serverErrors), ms(result.overall.p50), ms(result.overall.p99)]);
  const failures = result.kinds.flatMap((kind) => [...kind.failures].map(([reason, times]) => `  ${kind.kind}: ${reason} (x${times})`));
  return [
    `Load: ${result.clients} clients for ${result.seconds.toFixed(0)} s, reads and writes mixed` +
      `${result.processes > 1 ? `, shared between ${result.processes} app processes on one database` : ''}: ` +
      `${rate(result.requests / result.seconds)} req/s, server peak RSS ${mb(result.peakRssMb)}${result.processes > 1 ? ' (the larger process)' : ''}`,
    table(['kind', 'requests', 'errors', '5xx', 'p50 ms', 'p99 ms'], rows),
    ...(failures.length > 0 ? ['Failures:', ...failures] : []),
  ].join('\n');
}

export function bundleSection(report: BundleReport, board: Scoreboard): string {
  if ('note' in report) return report.note;
  const rows = report.rows.map(({ route, jsGzip, cssGzip }) => {
    const budget = jsBudgetOf(route);
    return [route, bytes(jsGzip), bytes(cssGzip), budget === undefined ? '' : `JS <= ${bytes(budget)} ${board.mark(jsGzip <= budget)}`];
  });
  return ['First-load JS and CSS per entry route (gzip)', table(['route', 'JS', 'CSS', 'target'], rows)].join('\n');
}

/** Every sort and every search, each counted against the 1-client target. */
export function sortsAndSearchesSection(sorts: CallResult[], searches: CallResult[], budget: Budget['oneClient'], board: Scoreboard): string {
  const row = ({ call, one, sizes, note }: CallResult) =>
    !one
      ? [call.name, note ?? 'BROKEN', '', '', '', '']
      : [call.name, sizes?.total ?? '-', count(one.n), ms(one.p50), ms(one.p99), board.mark(one.p99 < TARGETS.p99AloneMs)];
  const header = ['call', 'X-Total-Count', 'n', 'p50', 'p99', `<${TARGETS.p99AloneMs}`];
  const runs = `first page, 1 client (up to ${budget.requests} requests, at most ${budget.maxMs / 1000} s each). Target: p99 < ${TARGETS.p99AloneMs} ms.`;
  return [
    `Every sort of every list, ${runs}`,
    table(header, sorts.map(row)),
    '',
    `Searches, ${runs}`,
    table(header, searches.map(row)),
  ].join('\n');
}

/** The scheduled expiry run over ten times the companies: its time, and the longest it held the event loop. */
export function expirySection(runs: { name: string; run: ExpiryRun }[], board: Scoreboard): string {
  const rows = runs.map(({ name, run }) => [
    name,
    count(run.due),
    count(run.entries),
    count(run.emails),
    ms(run.ms),
    board.mark(run.ms < TARGETS.expiryRunMs),
    ms(run.maxHoldMs),
    board.mark(run.maxHoldMs < TARGETS.expiryHoldMs),
    run.problem ?? 'checked',
  ]);
  return [
    `The expiry run (scheduled work), on a throwaway database of ${count(runs[0]?.run.companies)} companies with quarterly blocks of hours. ` +
      `Targets: done in < ${TARGETS.expiryRunMs} ms, the event loop never held ${TARGETS.expiryHoldMs} ms or more.`,
    table(['run', 'due', 'entries', 'alert emails', 'ms', `<${TARGETS.expiryRunMs}`, 'longest hold', `<${TARGETS.expiryHoldMs}`, 'after'], rows),
  ].join('\n');
}

export function writesSection(results: WriteResult[], rounds: number, board: Scoreboard): string {
  const rows = results.map(({ name, one, failure }) =>
    one ? [name, count(one.n), ms(one.p50), ms(one.p95), ms(one.p99), board.mark(one.p99 < TARGETS.p99AloneMs)] : [name, '', '', '', '', `BROKEN: ${failure}`],
  );
  return [
    `The write path at 1 client, ${rounds} rounds of: log hours, change the log, delete it, change a company. Target: p99 < ${TARGETS.p99AloneMs} ms.`,
    table(['write', 'n', 'p50 ms', 'p95 ms', 'p99 ms', `p99<${TARGETS.p99AloneMs}`], rows),
  ].join('\n');
}
