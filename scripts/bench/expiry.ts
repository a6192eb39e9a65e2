import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { activities, companies, hourBlocks, users } from '../../drizzle/schema.js';
import { createRuntime } from '../../src/server/bootstrap.js';
import { loadConfig } from '../../src/server/config.js';
import { openSqlite } from '../../src/server/database/sqlite.js';
import { expireDueBlocks } from '../../src/server/modules/activities/expiry-run.js';
import { replayBlocks, type ExpiringBlock, type LedgerMove } from '../../src/shared/hour-blocks.js';
import { benchId as newId } from './ids.js';
import { inserter } from './insert.js';
import type { BenchEngine } from './options.js';
import { postgresTarget } from './postgres-target.js';
import { seededRandom, type Random } from './random.js';

/*
 * The expiry run at scale: a throwaway database of `companies` companies, each with a quarterly
 * block of hours (half of them rolling some of their unused hours over) and a later block, partly
 * used; for `dueShare` of them the quarter ended within the last hour. Then the scheduled work's
 * expiry run, timed, with the event loop watched. The blocks' stored figures are the replay's, as
 * the services leave them after each write, and the run is checked afterwards: no expiry left due,
 * every company's stored balance the sum of its ledger.
 */

export type ExpiryRun = {
  companies: number;
  /** Companies whose block was due. */
  due: number;
  ms: number;
  /** The longest the event loop was held during the run (the worst delay of a 1 ms timer). */
  maxHoldMs: number;
  /** Expired and Rollover entries written. */
  entries: number;
  /** Low-balance emails queued by the run. */
  emails: number;
  /** What the check found wrong, if anything. */
  problem: string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const MONTH_MS = 30 * DAY_MS;

type Move = LedgerMove & { companyId: string; description: string; activityType: 'TimeAdd' | 'TimeLog' };

/** One company's purchases and work: a quarterly block (due within the last hour, if told), and a later one. */
function companyLedger(random: Random, companyId: string, now: number, due: boolean): { moves: Move[]; blocks: (ExpiringBlock & { entryId: string })[] } {
  const dueAt = due ? now - random.int(1, 59) * 60_000 : now + random.int(1, 89) * DAY_MS;
  const rolls = random.chance(0.5);
  const quarterly: ExpiringBlock & { entryId: string } = {
    id: newId(),
    entryId: newId(),
    expiresAt: dueAt,
    rollover: rolls ? { limit: random.chance(0.5) ? 50 : 1_000, unit: random.chance(0.5) ? 'percent' : 'hours', expiresAt: dueAt + 3 * MONTH_MS } : null,
  };
  const later: ExpiringBlock & { entryId: string } = { id: newId(), entryId: newId(), expiresAt: dueAt + 2 * MONTH_MS, rollover: null };
  const boughtAt = dueAt - 3 * MONTH_MS;
  const key = (at: number, id: string) => ({ at, createdAt: at, id });
  const moves: Move[] = [
    { kind: 'credit', key: key(boughtAt, quarterly.entryId), hundredths: 4_000, block: quarterly, companyId, description: '40 hours, 3 months', activityType: 'TimeAdd' },
    { kind: 'credit', key: key(boughtAt + MONTH_MS, later.entryId), hundredths: random.pick([500, 2_000, 4_000]), block: later, companyId, description: 'Hours for the next quarter', activityType: 'TimeAdd' },
  ];
  for (let n = random.int(2, 8); n > 0; n -= 1) {
    const at = boughtAt + random.int(1, 80) * DAY_MS;
    moves.push({ kind: 'debit', key: key(at, newId()), hundredths: 25 * random.int(4, 40), companyId, description: 'Consulting', activityType: 'TimeLog' });
  }
  return { moves, blocks: [quarterly, later] };
}

/** Seeds the companies on a new SQLite file, with one admin each (the low-balance emails go to them); answers how many have a block due. */
function seedCompaniesWithBlocks(file: string, count: number, dueShare: number, now: number): number {
  const database = openSqlite(file);
  const { writer } = database.sqlite;
  const random = seededRandom(20_261_201);
  const company = inserter(writer, companies, ['id', 'companyName', 'balanceHundredths', 'createdAt']);
  const user = inserter(writer, users, ['id', 'companyId', 'firstName', 'lastName', 'emailAddress', 'mobile', 'role', 'approved', 'passwordHash', 'createdAt']);
  const entry = inserter(writer, activities, ['id', 'companyId', 'activityType', 'status', 'hundredths', 'description', 'timeStamp', 'invoiceId', 'timeLogId', 'createdAt']);
  const block = inserter(writer, hourBlocks, ['id', 'companyId', 'entryId', 'rolledFromId', 'expiresAt', 'rolloverLimit', 'rolloverUnit', 'rolloverExpiresAt', 'unusedHundredths', 'rolledHundredths', 'rolledUnusedHundredths', 'createdAt']);
  let due = 0;
  writer.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const companyId = newId();
      const isDue = i < Math.round(count * dueShare);
      const { moves, blocks } = companyLedger(random, companyId, now, isDue);
      const balance = moves.reduce((sum, move) => sum + (move.kind === 'credit' ? move.hundredths : -move.hundredths), 0);
      company({ id: companyId, companyName: `Expiring Co ${i + 1}`, balanceHundredths: balance, createdAt: now - 4 * MONTH_MS });
      user({ id: newId(), companyId, firstName: 'Ada', lastName: 'Admin', emailAddress: `expiry.admin${i}@example.com`, mobile: '', role: 'admin', approved: 1, passwordHash: null, createdAt: now - 4 * MONTH_MS });
      for (const move of moves) {
        const hundredths = move.kind === 'credit' ? move.hundredths : -move.hundredths;
        entry({ id: move.key.id, companyId, activityType: move.activityType, status: 'completed', hundredths, description: move.description, timeStamp: move.key.at, invoiceId: null, timeLogId: null, createdAt: move.key.createdAt });
      }
      const outcomes = replayBlocks(moves).blocks;
      for (const { id, entryId, expiresAt, rollover } of blocks) {
        const outcome = outcomes.get(id)!;
        block({
          id, companyId, entryId, rolledFromId: null, expiresAt,
          rolloverLimit: rollover?.limit ?? null, rolloverUnit: rollover?.unit ?? null, rolloverExpiresAt: rollover?.expiresAt ?? null,
          unusedHundredths: outcome.unused, rolledHundredths: outcome.rolled, rolledUnusedHundredths: outcome.rolledUnused, createdAt: moves[0]!.key.at,
        });
      }
      if (isDue) due += 1;
    }
  })();
  writer.pragma('wal_checkpoint(TRUNCATE)');
  database.close();
  return due;
}

/** Seeds, runs the expiry once on the engine, checks it, and removes the database. */
export async function measureExpiryRun(engine: BenchEngine, count: number, dueShare: number, progress: (line: string) => void): Promise<ExpiryRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-bench-expiry-'));
  const now = Date.now();
  let removePostgres: (() => Promise<void>) | undefined;
  try {
    progress(`expiry run: seeding ${count} companies with blocks`);
    const file = path.join(dataDir, 'hourbank.db');
    const dueBlocks = seedCompaniesWithBlocks(file, count, dueShare, now);
    let databaseUrl: string | undefined;
    if (engine.engine === 'postgres') {
      const target = await postgresTarget(engine.serverUrl, file, progress);
      databaseUrl = target.url;
      removePostgres = target.remove;
    }
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SESSION_SECRET: 'the bench expiry run signs nothing it keeps', LOG_LEVEL: 'warn' });
    const runtime = await createRuntime(config);
    try {
      const { db } = runtime.deps;
      const emailsBefore = await countOf(db, 'outbox');
      progress(`expiry run: ${dueBlocks} of ${count} companies due`);
      const loop = watchEventLoop();
      const started = performance.now();
      await expireDueBlocks(runtime.deps, db, new Date(now));
      const ms = performance.now() - started;
      const maxHoldMs = loop.stop();
      const entries = await countOf(db, "activities where activity_type in ('Expired', 'Rollover')");
      const emails = (await countOf(db, 'outbox')) - emailsBefore;
      return { companies: count, due: dueBlocks, ms, maxHoldMs, entries, emails, problem: await checkRun(db, new Date(now)) };
    } finally {
      await runtime.deps.outbox.stop();
      runtime.transport.close();
      await runtime.database.close();
    }
  } finally {
    await removePostgres?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Watches the event loop with a 1 ms timer: stop() answers the longest stretch between two of its
 * turns (the timer's own 1 ms included), up to the stop, so a run that never lets it turn counts whole.
 */
function watchEventLoop(): { stop: () => number } {
  let last = performance.now();
  let longest = 0;
  const turn = () => {
    const at = performance.now();
    longest = Math.max(longest, at - last);
    last = at;
    timer = setTimeout(turn, 1);
  };
  let timer = setTimeout(turn, 1);
  return {
    stop: () => {
      clearTimeout(timer);
      return Math.max(longest, performance.now() - last);
    },
  };
}

type Db = Awaited<ReturnType<typeof createRuntime>>['deps']['db'];

async function countOf(db: Db, from: string): Promise<number> {
  const [row] = await db.rows<{ n: number | string }>(sql.raw(`select count(*) as n from ${from}`));
  return Number(row?.n ?? 0);
}

/** No expiry left due, and every stored balance the sum of its company's completed entries. */
async function checkRun(db: Db, now: Date): Promise<string | null> {
  const { hourBlocks: blocks, companies: companyRows, activities: entries } = db.t;
  const [left] = await db.select({ n: sql<number>`count(*)` }).from(blocks).where(and(isNull(blocks.expiredAt), lte(blocks.expiresAt, now)));
  if (Number(left?.n) > 0) return `${left?.n} expiries still due after the run`;
  const sums = db.select({ companyId: entries.companyId, sum: sql<number>`sum(${entries.hundredths})`.as('sum') }).from(entries).where(eq(entries.status, 'completed')).groupBy(entries.companyId).as('sums');
  const [wrong] = await db
    .select({ n: sql<number>`count(*)` })
    .from(companyRows)
    .innerJoin(sums, eq(sums.companyId, companyRows.id))
    .where(sql`${companyRows.balanceHundredths} <> ${sums.sum}`);
  return Number(wrong?.n) > 0 ? `${wrong?.n} companies' stored balance differs from their ledger` : null;
}
