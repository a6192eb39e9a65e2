import path from 'node:path';
import type Database from 'better-sqlite3';
import { openSqlite } from '../../src/server/database/sqlite.js';
import type { Tx } from '../../src/server/db.js';
import { createSession } from '../../src/server/modules/account/sessions.js';
import type { Sizes } from './options.js';
import { seededRandom } from './random.js';
import {
  newWorld,
  seedCompanies,
  seedCompanyFigures,
  seedPackages,
  seedTasks,
  seedTimeLogs,
  seedUsers,
  type Ids,
  type World,
} from './seed-rows.js';
import { seedHourBlocks } from './seed-blocks.js';
import { seedInvoicesAndPayments } from './seed-invoices.js';
import { seedEvents, type EventSample } from './seed-events.js';

export type Session = { token: string; companyId: string | null };

export type Seeded = {
  databasePath: string;
  ms: number;
  /** CPU time of the seeding process (user + system): the wall time depends on what else runs. */
  cpuMs: number;
  /** Rows per table after seeding. */
  counts: Record<string, number>;
  superAdmin: Session;
  /** The admin of the biggest company: the customer the latency figures sign in as. */
  customer: Session & { companyId: string };
  /** Admins of the biggest companies, for --load. */
  customers: (Session & { companyId: string })[];
  companyIds: string[];
  openTasks: Ids[];
  timeLogs: Ids[];
  payableInvoices: Ids[];
  /** An actor, a company and a record of the audit log, for its filters. */
  events: EventSample;
};

const COUNTED_TABLES = ['companies', 'users', 'tasks', 'task_history', 'time_logs', 'invoices', 'payments', 'packages', 'activities', 'hour_blocks', 'plans', 'events'];
const LOAD_CUSTOMERS = 20;

const cpuMillis = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/**
 * A full-text index, the trigger that adds each new row to it, and how to fill it from its table:
 * time-log descriptions (migration 0008) hold every log; task titles and descriptions (0014) only
 * the open tasks.
 */
type WordIndex = { insertTrigger: string; fill: string };
const TIME_LOG_WORDS: WordIndex = { insertTrigger: 'time_log_words_insert', fill: "insert into time_log_words(time_log_words) values ('rebuild')" };
const TASK_WORDS: WordIndex = {
  insertTrigger: 'task_words_insert',
  fill: 'insert into task_words(rowid, title, description) select rowid, title, description from tasks where done = 0 and deleted = 0',
};

/**
 * Runs a bulk insert without the trigger that indexes each row as it comes, then fills the index
 * once from the table and puts the trigger back as the migration wrote it: row by row, the trigram
 * index of time logs costs some 30 s at full size, built whole under 4.
 */
function withWholeIndexRebuild(sqlite: Database.Database, { insertTrigger, fill }: WordIndex, insert: () => void): void {
  const trigger = sqlite.prepare<[string], string>("select sql from sqlite_master where type = 'trigger' and name = ?").pluck().get(insertTrigger);
  if (!trigger) throw new Error(`The migrations did not create the trigger ${insertTrigger}.`);
  sqlite.exec(`drop trigger "${insertTrigger}"`);
  insert();
  sqlite.exec(trigger);
  sqlite.exec(fill);
}

/**
 * Migrates a fresh database in dataDir and fills it; sessions stand in for sign-ins. The rows go in
 * in one transaction of plain better-sqlite3 statements on the SQLite writing connection, synchronously
 * and before anything else uses the database: a SQLite-only bulk path, hundreds of thousands of rows
 * in seconds. The sessions are made through the port, as sign-in makes them.
 */
export async function seedDatabase(dataDir: string, sizes: Sizes): Promise<Seeded> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const databasePath = path.join(dataDir, 'hourbank.db');
  const database = openSqlite(databasePath);
  const { writer, reader } = database.sqlite;
  const now = Date.now();
  const world = newWorld(writer, seededRandom(20_260_302), now);
  let eventSample: EventSample | undefined;
  try {
    writer.transaction(() => {
      seedCompanies(world, sizes.companies);
      seedUsers(world, sizes.users);
      withWholeIndexRebuild(writer, TASK_WORDS, () => seedTasks(world, sizes.tasks));
      withWholeIndexRebuild(writer, TIME_LOG_WORDS, () => seedTimeLogs(world, sizes.logs));
      seedPackages(world, sizes.packages);
      seedInvoicesAndPayments(world, sizes.invoices, sizes.payments);
      seedHourBlocks(world);
      seedCompanyFigures(world);
      eventSample = seedEvents(world, sizes.events);
    })();
    const { customers, superAdmin } = await signInSessions(database.db, world, new Date(now));
    // a long-running portal has its log checkpointed; the server should not start on a 100 MB WAL
    writer.pragma('wal_checkpoint(TRUNCATE)');
    const counts = Object.fromEntries(COUNTED_TABLES.map((table) => [table, countRows(reader, table)]));
    return {
      databasePath,
      ms: performance.now() - started,
      cpuMs: cpuMillis(process.cpuUsage(cpuBefore)),
      counts,
      superAdmin,
      customer: customers[0]!,
      customers,
      companyIds: world.companyIds,
      openTasks: world.openTasks,
      timeLogs: world.timeLogSample,
      payableInvoices: world.payableInvoices,
      events: eventSample!,
    };
  } finally {
    await database.close();
  }
}

/** Sessions made the way sign-in makes them, in one transaction: the admins of the biggest companies, and the super-admin. */
async function signInSessions(db: Tx, world: World, now: Date): Promise<Pick<Seeded, 'customers' | 'superAdmin'>> {
  return db.transaction(async (tx) => {
    const tokenOf = async (userId: string) => (await createSession(tx, userId, now)).token;
    const customers: Seeded['customers'] = [];
    for (const [index, adminId] of world.adminIds.slice(0, LOAD_CUSTOMERS).entries()) {
      customers.push({ token: await tokenOf(adminId), companyId: world.companyIds[index]! });
    }
    return { customers, superAdmin: { token: await tokenOf(world.superAdminId), companyId: null } };
  });
}

function countRows(sqlite: Database.Database, table: string): number {
  // eslint-disable-next-line no-restricted-syntax -- better-sqlite3's own statement on the SQLite-only path, not a drizzle query
  return sqlite.prepare<[], number>(`select count(*) from "${table}"`).pluck().get() ?? 0;
}
