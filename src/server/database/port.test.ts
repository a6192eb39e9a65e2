import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db-postgres.js';
import { newId } from '../lib/ids.js';
import { testEngine } from '../testing/engine.js';
import { onServer } from '../testing/postgres-cluster.js';
import { freshPostgresDatabase } from '../testing/postgres.js';
import { companyTurn, NESTED_BEYOND_TURN, type Database, type Tx } from './port.js';
import { openPostgresDatabase } from './postgres.js';
import { openSqlite } from './sqlite.js';

/* The port's promises, on each engine: transactions that await keep others out, and rules checked inside one hold under concurrency. */

const engines: { name: string; open: () => Promise<{ database: Database; remove: () => Promise<void> }> }[] = [
  {
    name: 'SQLite',
    open: async () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-port-'));
      const database = openSqlite(path.join(folder, 'test.db'));
      return { database, remove: async () => (await database.close(), fs.rmSync(folder, { recursive: true, force: true })) };
    },
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      const target = await freshPostgresDatabase();
      const database = await openPostgresDatabase(target.url, { maxConnections: 20 });
      return { database, remove: async () => (await database.close(), await target.drop()) };
    },
  },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function addCompany(tx: Tx, name: string): Promise<string> {
  const id = newId();
  await tx.insert(tx.t.companies).values({ id, companyName: name, createdAt: new Date() });
  return id;
}

describe.each(engines)('the database port on $name', ({ open }) => {
  let database: Database;
  let remove: () => Promise<void>;
  beforeAll(async () => ({ database, remove } = await open()));
  afterAll(() => remove?.());

  it('reads back what a transaction wrote, as the app reads it', async () => {
    const { db } = database;
    const id = await db.transaction((tx) => addCompany(tx, 'Read Back Co'));
    const [company] = await db.select().from(db.t.companies).where(eq(db.t.companies.id, id));
    expect(company).toMatchObject({ companyName: 'Read Back Co', balanceHundredths: 0, balanceAlert: null });
    expect(company!.createdAt).toBeInstanceOf(Date);
  });

  it("reads a plain statement's counts, sums and epoch milliseconds as numbers, and its nulls as null", async () => {
    const { db } = database;
    const id = await db.transaction((tx) => addCompany(tx, 'Counted Co'));
    const { companies } = db.t;
    const [row] = await db.rows<Record<string, unknown>>(
      sql`select count(*) as n, sum(${companies.balanceHundredths}) as total, max(${companies.createdAt}) as latest, max(${companies.lowBalanceHundredths}) as none
        from ${companies} where ${companies.id} = ${id}`,
    );
    expect(row).toEqual({ n: 1, total: 0, latest: expect.any(Number), none: null });
  });

  it('moves its change mark with each commit, not with reads, and once more when a transaction open at a reading commits', async () => {
    const { db } = database;
    // on PostgreSQL the mark is the cluster's snapshot, which other test files' databases move too:
    // a read that moved it would do so every time, so it must leave it still in one of a few tries
    const stillAcrossARead = async () => {
      const mark = await db.changeMark();
      await db.select().from(db.t.companies);
      return (await db.changeMark()) === mark;
    };
    let still = false;
    for (let attempt = 0; attempt < 20 && !still; attempt += 1) still = await stillAcrossARead();
    expect(still).toBe(true);
    const before = await db.changeMark();
    await db.transaction((tx) => addCompany(tx, 'Marked Co'));
    const afterCommit = await db.changeMark();
    expect(afterCommit).not.toBe(before);
    // a mark read while a transaction has written but not committed: the commit must move it again
    let release!: () => void;
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const open = db.transaction(async (tx) => {
      await addCompany(tx, 'Marked Later Co');
      written();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await wrote;
    const whileOpen = await db.changeMark();
    release();
    await open;
    expect(await db.changeMark()).not.toBe(whileOpen);
  });

  it('keeps a transaction that awaits to itself: another one is neither let in nor rolled back with it', async () => {
    const { db } = database;
    let seenOutside: number | undefined;
    const failing = db.transaction(async (tx) => {
      await addCompany(tx, 'Rolled Back Co');
      await sleep(50);
      seenOutside = (await db.select().from(db.t.companies).where(eq(db.t.companies.companyName, 'Rolled Back Co'))).length;
      throw new Error('changed my mind');
    });
    const other = db.transaction((tx) => addCompany(tx, 'Kept Co'));
    await expect(failing).rejects.toThrow('changed my mind');
    await other;
    const names = (await db.select({ name: db.t.companies.companyName }).from(db.t.companies)).map((row) => row.name);
    expect(names).toContain('Kept Co');
    expect(names).not.toContain('Rolled Back Co');
    // a read outside the transaction saw none of its uncommitted rows
    expect(seenOutside).toBe(0);
  });

  it('holds a rule checked inside transactions when many run at once: an invoice is never paid past its price', async () => {
    const { db } = database;
    const companyId = await db.transaction((tx) => addCompany(tx, 'Busy Payer Co'));
    const invoiceId = newId();
    await db.transaction((tx) =>
      tx.insert(tx.t.invoices).values({ id: invoiceId, invoiceNumber: `P-${invoiceId}`, companyId, description: 'Block', priceCents: 100, transactionDate: new Date(), createdAt: new Date() }),
    );
    const pay = () =>
      db.transaction(async (tx) => {
        const { payments } = tx.t;
        const [paid] = await tx.select({ total: sql<number>`coalesce(sum(${payments.amountCents}), 0)` }).from(payments).where(eq(payments.invoiceId, invoiceId));
        await sleep(5);
        if (Number(paid!.total) + 60 > 100) throw new Error('overpaid');
        await tx.insert(payments).values({ id: newId(), invoiceId, companyId, amountCents: 60, paymentDate: new Date(), createdAt: new Date() });
      });
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, pay));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(String(outcome.reason)).toContain('overpaid');
    const rows = await db.select().from(db.t.payments).where(eq(db.t.payments.invoiceId, invoiceId));
    expect(rows).toHaveLength(1);
  });

  it('joins a nested transaction to an open one of the same turn, and refuses one beyond it', async () => {
    const { db } = database;
    const companyId = await db.transaction((tx) => addCompany(tx, 'Nested Turn Co'));
    const turn = companyTurn(companyId);
    await db.transaction(async (tx) => {
      await tx.transaction((inner) => inner.update(inner.t.companies).set({ openTasks: 1 }).where(eq(inner.t.companies.id, companyId)), turn);
      await expect(tx.transaction(async () => 'beyond')).rejects.toThrow(NESTED_BEYOND_TURN);
      await expect(tx.transaction(async () => 'another company', companyTurn('another'))).rejects.toThrow(NESTED_BEYOND_TURN);
    }, turn);
    // an open transaction that names no turn takes in any nested one
    await db.transaction((tx) => tx.transaction((inner) => inner.update(inner.t.companies).set({ openTasks: 2 }).where(eq(inner.t.companies.id, companyId)), turn));
    const [row] = await db.select({ openTasks: db.t.companies.openTasks }).from(db.t.companies).where(eq(db.t.companies.id, companyId));
    expect(row!.openTasks).toBe(2);
  });
});

describe('SQLite only', () => {
  it('refuses a write made outside a transaction', async () => {
    const { database, remove } = await engines[0]!.open();
    try {
      await expect(addCompany(database.db, 'Outside Co')).rejects.toThrow(/readonly/);
    } finally {
      await remove();
    }
  });
});

describe.runIf(testEngine() === 'postgres')('two processes on one PostgreSQL database', () => {
  let target: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    target = await freshPostgresDatabase();
    // two connections each, as small as a pool gets: waiting transactions must not hold them
    [first, second] = await Promise.all([openPostgresDatabase(target.url, { maxConnections: 2 }), openPostgresDatabase(target.url, { maxConnections: 2 })]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await target?.drop();
  });

  it('run their transactions one at a time: a rule checked inside them holds across the processes', async () => {
    const companyId = await first.db.transaction((tx) => addCompany(tx, 'Two Process Co'));
    const { companies } = first.db.t;
    const increment = (database: Database) =>
      database.db.transaction(async (tx) => {
        const [row] = await tx.select({ openTasks: companies.openTasks }).from(companies).where(eq(companies.id, companyId));
        await sleep(2);
        await tx.update(companies).set({ openTasks: row!.openTasks + 1 }).where(eq(companies.id, companyId));
      });
    await Promise.all(Array.from({ length: 20 }, (_, n) => increment(n % 2 ? first : second)));
    const [row] = await first.db.select({ openTasks: companies.openTasks }).from(companies).where(eq(companies.id, companyId));
    expect(row!.openTasks).toBe(20);
  });

  it("run transactions of different companies' turns at once, and those of one company's turn one at a time", async () => {
    const [one, two] = await Promise.all([first.db.transaction((tx) => addCompany(tx, 'Turn One Co')), first.db.transaction((tx) => addCompany(tx, 'Turn Two Co'))]);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = first.db.transaction(async (tx) => {
      await tx.update(tx.t.companies).set({ openTasks: 1 }).where(eq(tx.t.companies.id, one));
      holding();
      await gate;
    }, companyTurn(one));
    await held;
    const outcome = (work: Promise<unknown>) => Promise.race([work.then(() => 'done'), sleep(1_000).then(() => 'waiting')]);
    // another company's turn, from the other process: done while the first is still open
    expect(await outcome(second.db.transaction((tx) => tx.update(tx.t.companies).set({ openTasks: 5 }).where(eq(tx.t.companies.id, two)), companyTurn(two)))).toBe('done');
    // the same company's turn, or none, waits for it
    const sameTurn = second.db.transaction((tx) => tx.update(tx.t.companies).set({ openTasks: 2 }).where(eq(tx.t.companies.id, one)), companyTurn(one));
    const noTurn = second.db.transaction((tx) => addCompany(tx, 'Whole Turn Co'));
    expect(await outcome(sameTurn)).toBe('waiting');
    expect(await outcome(noTurn)).toBe('waiting');
    release();
    await Promise.all([holder, sameTurn, noTurn]);
    const [row] = await first.db.select({ openTasks: first.db.t.companies.openTasks }).from(first.db.t.companies).where(eq(first.db.t.companies.id, one));
    expect(row!.openTasks).toBe(2);
  });

  it("hold a company's rule checked inside its turn when both processes write it and other companies at once", async () => {
    const ids = await Promise.all(['Counted One Co', 'Counted Two Co'].map((name) => first.db.transaction((tx) => addCompany(tx, name))));
    const { companies } = first.db.t;
    const increment = (database: Database, companyId: string) =>
      database.db.transaction(async (tx) => {
        const [row] = await tx.select({ openTasks: companies.openTasks }).from(companies).where(eq(companies.id, companyId));
        await sleep(2);
        await tx.update(companies).set({ openTasks: row!.openTasks + 1 }).where(eq(companies.id, companyId));
      }, companyTurn(companyId));
    await Promise.all(Array.from({ length: 40 }, (_, n) => increment(n % 2 ? first : second, ids[Math.floor(n / 2) % 2]!)));
    const rows = await first.db.select({ openTasks: companies.openTasks }).from(companies).where(inArray(companies.id, ids));
    expect(rows.map((row) => row.openTasks)).toEqual([20, 20]);
  });

  it("let reads through while one process's transactions wait for the other's turn", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = second.db.transaction(async (tx) => {
      holding();
      await gate;
      await addCompany(tx, 'Held Turn Co');
    });
    await held;
    const waiting = Array.from({ length: 4 }, (_, n) => first.db.transaction((tx) => addCompany(tx, `Waiting Co ${n}`)));
    await sleep(50);
    const read = first.db.select({ id: first.db.t.companies.id }).from(first.db.t.companies).limit(1);
    const outcome = await Promise.race([read.then(() => 'read'), sleep(3_000).then(() => 'still waiting')]);
    expect(outcome).toBe('read');
    expect(await first.db.select().from(first.db.t.companies).where(eq(first.db.t.companies.companyName, 'Waiting Co 0'))).toEqual([]);
    release();
    await Promise.all([holder, ...waiting]);
    const names = (await first.db.select().from(first.db.t.companies)).map((row) => row.companyName);
    expect(names.filter((name) => /^(Held|Waiting) /.test(name)).sort()).toEqual(['Held Turn Co', 'Waiting Co 0', 'Waiting Co 1', 'Waiting Co 2', 'Waiting Co 3']);
  });
});

describe.runIf(testEngine() === 'postgres')('connections to PostgreSQL', () => {
  it('survive the server ending an idle one: it is reported, and the next query opens another', async () => {
    const target = await freshPostgresDatabase();
    const lost: Error[] = [];
    const handle = await openPostgres(target.url, { maxConnections: 2, onLostConnection: (error) => lost.push(error) });
    try {
      const pidOf = async () => (await handle.pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const before = await pidOf();
      await onServer(target.url, `select pg_terminate_backend(${before})`);
      await expect.poll(() => lost.length).toBe(1);
      expect((lost[0] as Error & { code?: string }).code).toBe('57P01');
      expect(await pidOf()).not.toBe(before);
    } finally {
      await handle.close();
      await target.drop();
    }
  });

  it('are all closed once the pool says it has closed, so its database can be dropped at once', async () => {
    const target = await freshPostgresDatabase();
    const handle = await openPostgres(target.url, { maxConnections: 4 });
    let opened = 0;
    let ended = 0;
    handle.pool.on('connect', (client) => {
      opened += 1;
      client.once('end', () => (ended += 1));
    });
    await Promise.all(Array.from({ length: 4 }, () => handle.pool.query('select pg_sleep(0.01)')));
    await handle.close();
    // the connection the migrations used was opened before this test listened: at least three more
    expect(opened).toBeGreaterThanOrEqual(3);
    expect(ended).toBe(opened);
    await target.drop();
  });

  it("run without JIT compilation, keeping the URL's own server options", async () => {
    const target = await freshPostgresDatabase();
    const url = new URL(target.url);
    url.searchParams.set('options', '-c statement_timeout=4321');
    const handle = await openPostgres(url.toString(), { maxConnections: 1 });
    try {
      const { rows } = await handle.pool.query<{ jit: string; timeout: string }>("select current_setting('jit') as jit, current_setting('statement_timeout') as timeout");
      expect(rows[0]).toEqual({ jit: 'off', timeout: '4321ms' });
    } finally {
      await handle.close();
      await target.drop();
    }
  });
});
