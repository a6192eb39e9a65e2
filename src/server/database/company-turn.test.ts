import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { inCompanyTurn } from './company-turn.js';
import type { Tx } from './port.js';
import { WRITE_TURN_LOCK } from './postgres.js';

/* The turn of a change's company: chosen from a first read, confirmed inside it, or given up for the whole turn. */

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

async function addCompany(name: string): Promise<string> {
  const id = newId();
  await t.deps.db.transaction((tx) => tx.insert(tx.t.companies).values({ id, companyName: name, createdAt: new Date() }));
  return id;
}

const bumpOpenTasks = (companyId: string) => async (tx: Tx) => {
  const { companies } = tx.t;
  const [row] = await tx.select({ openTasks: companies.openTasks }).from(companies).where(eq(companies.id, companyId));
  await tx.update(companies).set({ openTasks: row!.openTasks + 1 }).where(eq(companies.id, companyId));
  return row!.openTasks + 1;
};

/**
 * On PostgreSQL, how the open transaction holds the write turn: 'ShareLock' for a company's turn,
 * 'ExclusiveLock' for the whole one. SQLite has one turn for every transaction: 'whole'.
 */
async function writeTurnHeld(tx: Tx): Promise<string> {
  if (tx.engine === 'sqlite') return 'whole';
  const [lock] = await tx.rows<{ mode: string }>(
    sql`select mode from pg_locks where locktype = 'advisory' and pid = pg_backend_pid() and classid = 0 and objid = ${WRITE_TURN_LOCK} and objsubid = 1`,
  );
  return lock!.mode === 'ExclusiveLock' ? 'whole' : 'company';
}

const onPostgres = (engine: string, held: string) => (engine === 'postgres' ? held : 'whole');

describe('a change in its company’s turn', () => {
  it("runs the work once, in the company's turn, when the company read inside is the one read first", async () => {
    const companyId = await addCompany('Turn Kept Co');
    const reads: string[] = [];
    const companyOf = async () => (reads.push(companyId), companyId);
    let held = '';
    const work = async (tx: Tx) => ((held = await writeTurnHeld(tx)), bumpOpenTasks(companyId)(tx));
    expect(await inCompanyTurn(t.deps.db, companyOf, work)).toBe(1);
    expect(reads).toHaveLength(2);
    expect(held).toBe(onPostgres(t.deps.db.engine, 'company'));
  });

  it('runs the work once in the whole turn when the company changed between the two reads, or is not known', async () => {
    const companyId = await addCompany('Turn Moved Co');
    const answers = ['elsewhere', companyId];
    const held: string[] = [];
    const work = async (tx: Tx) => (held.push(await writeTurnHeld(tx)), bumpOpenTasks(companyId)(tx));
    expect(await inCompanyTurn(t.deps.db, async () => answers.shift() ?? companyId, work)).toBe(1);
    expect(await inCompanyTurn(t.deps.db, async () => null, work)).toBe(2);
    expect(held).toEqual(['whole', 'whole']);
  });

  it("rolls back and answers the work's own failure", async () => {
    const companyId = await addCompany('Turn Failed Co');
    const failing = async (tx: Tx) => {
      await bumpOpenTasks(companyId)(tx);
      throw new Error('refused');
    };
    await expect(inCompanyTurn(t.deps.db, async () => companyId, failing)).rejects.toThrow('refused');
    const [row] = await t.deps.db.select({ openTasks: t.deps.db.t.companies.openTasks }).from(t.deps.db.t.companies).where(eq(t.deps.db.t.companies.id, companyId));
    expect(row!.openTasks).toBe(0);
  });
});
