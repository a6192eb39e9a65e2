import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { createCompany } from '../testing/factories.js';
import { preparedByShape } from './prepared.js';

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
