import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { afterAll, describe, expect, it } from 'vitest';
import { benchId, encodeIdBytes } from './ids.js';
import { FULL_SIZES, parseOptions, SMALL_SIZES } from './options.js';
import { seededRandom } from './random.js';
import { allocatePayments } from './seed-invoices.js';
import { projectServerCommand } from './servers.js';
import { percentile, percentilesOf } from './stats.js';
import { TIME_LOG_SORT_KEYS } from '../../src/shared/timelogs.js';
import { Scoreboard } from './format.js';
import type { CallResult } from './latency.js';
import { sortsAndSearchesSection } from './report.js';
import { searchCalls, sortCalls } from './sorts-and-searches.js';

describe('bench ids', () => {
  it('encode bytes as the app does', () => {
    for (let i = 0; i < 50; i += 1) {
      const bytes = crypto.randomBytes(15);
      expect(encodeIdBytes(bytes)).toBe(encodeBase32LowerCaseNoPadding(bytes));
    }
    expect(benchId()).toMatch(/^[a-z2-7]{24}$/);
  });
});

describe('allocatePayments', () => {
  const prices = Array.from({ length: 100 }, (_, i) => 10_000 + i * 7);
  for (const payments of [0, 50, 90, 120, 200]) {
    it(`places ${payments} payments on 100 invoices without paying any past its price`, () => {
      const plans = allocatePayments(seededRandom(1), prices, payments);
      expect(plans.flat()).toHaveLength(payments);
      plans.forEach((plan, index) => expect(plan.reduce((sum, cents) => sum + cents, 0)).toBeLessThanOrEqual(prices[index]!));
    });
  }
});

describe('percentiles', () => {
  it('take the nearest rank', () => {
    const samples = Array.from({ length: 200 }, (_, i) => 200 - i);
    expect(percentilesOf(samples)).toEqual({ n: 200, p50: 100, p95: 190, p99: 198 });
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe('bench flags', () => {
  it('default to a provider a few years in, and --small to a quick run', () => {
    expect(parseOptions([]).sizes).toEqual(FULL_SIZES);
    expect(parseOptions(['--small']).sizes).toEqual(SMALL_SIZES);
    expect(parseOptions(['--small', '--logs', '500']).sizes.logs).toBe(500);
    expect(parseOptions(['--load', '--load-seconds', '5'])).toMatchObject({ load: true, loadSeconds: 5 });
  });

  it('run on SQLite unless --db names PostgreSQL: a server, or a throwaway cluster of this machine', () => {
    expect(parseOptions([]).database).toEqual({ engine: 'sqlite' });
    expect(parseOptions(['--db', 'postgres://bench@127.0.0.1/postgres']).database).toEqual({ engine: 'postgres', serverUrl: 'postgres://bench@127.0.0.1/postgres' });
    expect(parseOptions(['--db', 'postgres']).database).toEqual({ engine: 'postgres', serverUrl: undefined });
    expect(() => parseOptions(['--db', 'mysql://bench@127.0.0.1/x'])).toThrow('--db must be postgres://');
  });

  it('refuse sizes that make no sense', () => {
    expect(() => parseOptions(['--logs', 'many'])).toThrow('--logs must be a whole number');
    expect(() => parseOptions(['--companies', '10', '--users', '5'])).toThrow('--users must be at least');
    expect(() => parseOptions(['--invoices', '10', '--payments', '30'])).toThrow('--payments may be at most');
  });
});

describe('projectServerCommand', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));
  const rootWith = (start: string, files: string[]) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-bench-root-'));
    roots.push(root);
    fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ scripts: { start } }));
    for (const file of files) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), '');
    }
    return root;
  };

  it('prefers the compiled server', () => {
    expect(projectServerCommand(rootWith('tsx src/server/main.ts', ['dist/server/main.js', 'src/server/main.ts'])).args).toEqual(['dist/server/main.js']);
  });

  it('runs what npm start runs, tsx as a loader', () => {
    expect(projectServerCommand(rootWith('tsx src/server/main.ts', ['src/server/main.ts'])).args).toEqual(['--import', 'tsx', 'src/server/main.ts']);
    expect(projectServerCommand(rootWith('node --enable-source-maps build/main.js', ['build/main.js'])).args).toEqual(['--enable-source-maps', 'build/main.js']);
  });

  it('falls back to the sources, saying why, when the start script names a missing build', () => {
    const command = projectServerCommand(rootWith('node dist/server/start.js', ['src/server/main.ts']));
    expect(command.args).toEqual(['--import', 'tsx', 'src/server/main.ts']);
    expect(command.note).toContain('dist/server/start.js, which is not built');
  });
});

describe('sorts and searches', () => {
  it('ask for every order each list offers, in both directions, as its screen does', () => {
    const calls = sortCalls();
    expect(calls.filter((call) => call.path.startsWith('/api/superadmin/timelogs?')).map((call) => call.name)).toEqual(
      TIME_LOG_SORT_KEYS.flatMap((sort) => [`/superadmin/timelogs ${sort} asc`, `/superadmin/timelogs ${sort} desc`]),
    );
    expect(calls.every((call) => /[?&]page=1&per_page=25&sort=\w+&dir=(asc|desc)$/.test(call.path))).toBe(true);
    expect(new Set(calls.map((call) => call.path)).size).toBe(calls.length);
  });

  it('count each sort and each search against the 1-client target, with a capped total marked +', () => {
    const result = (name: string, p99: number, total?: string): CallResult => ({
      call: { name, path: '/x', as: 'superAdmin', kind: 'list' },
      outcome: 'ok',
      one: { n: 30, p50: p99 / 2, p95: p99, p99 },
      ...(total ? { sizes: { rows: 25, total, bodyBytes: 1, wireBytes: 1, contentEncoding: undefined, gzipBytes: 1 } } : {}),
    });
    const board = new Scoreboard();
    const text = sortsAndSearchesSection(
      [result('fast', 12), result('slow', 80)],
      [result('slow search', 300), result('quick search', 20, '10000+')],
      { requests: 30, maxMs: 3000 },
      board,
    );
    expect([board.passed, board.failed]).toEqual([2, 2]);
    expect(text).toMatch(/fast .* PASS/);
    expect(text).toMatch(/slow .* FAIL/);
    expect(text).toMatch(/slow search .* 300 +FAIL/);
    expect(text).toMatch(/quick search +10000\+ .* PASS/);
    expect(searchCalls().some((call) => call.path.includes('search=Nov%203&timeZone='))).toBe(true);
  });
});
