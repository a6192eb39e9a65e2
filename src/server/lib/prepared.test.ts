import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { createCompany, createUser } from '../testing/factories.js';
import { plainRows, plainSelect, preparedByShape } from './prepared.js';

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  [first, second] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => {
  await first.close();
  await second.close();
});

describe('preparedByShape', () => {
  it('builds each shape once per database view and binds the values of each call', async () => {
    const { db } = first.deps;
    await db.transaction(async (tx) => {
      await createCompany(tx, { companyName: 'Shape A' });
      await createCompany(tx, { companyName: 'Shape B' });
    });
    let built = 0;
    const byName = preparedByShape((tx, shape: { exact: boolean }) => {
      built += 1;
      const { companies } = tx.t;
      const name = sql.placeholder('name');
      return tx
        .select({ name: companies.companyName })
        .from(companies)
        .where(shape.exact ? eq(companies.companyName, name) : tx.syntax.like(companies.companyName, name))
        .orderBy(asc(companies.companyName))
        .prepare();
    });
    expect(await byName(db, { exact: true }).execute({ name: 'Shape A' })).toEqual([{ name: 'Shape A' }]);
    expect(await byName(db, { exact: true }).execute({ name: 'Shape B' })).toEqual([{ name: 'Shape B' }]);
    expect(await byName(db, { exact: false }).execute({ name: 'shape%' })).toEqual([{ name: 'Shape A' }, { name: 'Shape B' }]);
    expect(built).toBe(2);
    expect(await byName(second.deps.db, { exact: true }).execute({ name: 'Shape A' })).toEqual([]);
    expect(built).toBe(3);
  });

  it('runs inside a transaction on its own view, seeing the rows the transaction wrote', async () => {
    const byName = preparedByShape((tx, _shape: Record<string, never>) => {
      const { companies } = tx.t;
      return tx.select({ id: companies.id }).from(companies).where(eq(companies.companyName, sql.placeholder('name'))).prepare();
    });
    const { db } = first.deps;
    const seen = await db.transaction(async (tx) => {
      const company = await createCompany(tx, { companyName: 'Uncommitted' });
      const rows = await byName(tx, {}).execute({ name: 'Uncommitted' });
      return { company, rows };
    });
    expect(seen.rows).toEqual([{ id: seen.company.id }]);
  });
});

describe('plainRows', () => {
  it('gives the rows drizzle gives: instants, flags, nulls, whole numbers, text, a join and a sum', async () => {
    const { db } = first.deps;
    const emailed = new Date('2026-03-04T05:06:07.089Z');
    const alpha = await createCompany(db, { companyName: 'Plain Alpha', balanceHundredths: -250, lowBalanceHundredths: 1000, runningLowEmailedAt: emailed });
    const beta = await createCompany(db, { companyName: 'Plain Beta', balanceHundredths: 4200 });
    await createUser(db, { companyId: alpha.id, approved: false, firstName: 'Unapproved' });
    await createUser(db, { companyId: beta.id, approved: true, firstName: 'Approved' });
    await createUser(db, { companyId: null, firstName: 'Companyless' });
    const { companies, users } = db.t;
    const companyFields = {
      id: companies.id,
      companyName: companies.companyName,
      balanceHundredths: companies.balanceHundredths,
      lowBalanceHundredths: companies.lowBalanceHundredths,
      runningLowEmailedAt: companies.runningLowEmailedAt,
      negativeEmailedAt: companies.negativeEmailedAt,
    };
    const companyRows = plainSelect(
      db.select(companyFields).from(companies).where(sql`${companies.companyName} like ${sql.placeholder('pattern')}`).orderBy(asc(companies.companyName)).prepare(),
      companyFields,
    );
    const userFields = { firstName: users.firstName, approved: users.approved, createdAt: users.createdAt, companyName: companies.companyName };
    const userRows = plainSelect(
      db.select(userFields).from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(sql`${users.firstName} in ('Unapproved', 'Approved', 'Companyless')`).orderBy(asc(users.firstName)).prepare(),
      userFields,
    );
    const sumFields = { companies: count(), balance: sql<number>`sum(${companies.balanceHundredths})`.mapWith(Number) };
    const sums = plainSelect(db.select(sumFields).from(companies).where(sql`${companies.companyName} like 'Plain %'`).prepare(), sumFields);

    const plainCompanies = await plainRows(db, companyRows, { pattern: 'Plain %' });
    expect(plainCompanies).toEqual(await companyRows.statement.execute({ pattern: 'Plain %' }));
    expect(plainCompanies).toEqual([
      { id: alpha.id, companyName: 'Plain Alpha', balanceHundredths: -250, lowBalanceHundredths: 1000, runningLowEmailedAt: emailed, negativeEmailedAt: null },
      { id: beta.id, companyName: 'Plain Beta', balanceHundredths: 4200, lowBalanceHundredths: null, runningLowEmailedAt: null, negativeEmailedAt: null },
    ]);
    const plainUsers = await plainRows(db, userRows, {});
    expect(plainUsers).toEqual(await userRows.statement.execute({}));
    expect(plainUsers.map(({ firstName, approved, companyName }) => [firstName, approved, companyName])).toEqual([
      ['Approved', true, 'Plain Beta'],
      ['Companyless', true, null],
      ['Unapproved', false, 'Plain Alpha'],
    ]);
    expect(plainUsers.every(({ createdAt }) => createdAt instanceof Date)).toBe(true);
    expect(await plainRows(db, sums, {})).toEqual([{ companies: 2, balance: 3950 }]);
    expect(await plainRows(db, sums, {})).toEqual(await sums.statement.execute({}));
  });
});
