import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../../drizzle/schema.js';
import { openDatabase } from '../db.js';
import { createCompany, createUser } from '../testing/factories.js';
import { mappedRows, preparedByShape } from './prepared.js';

const { db, close } = openDatabase(':memory:');
afterAll(() => close());

describe('mappedRows', () => {
  it("gives the rows drizzle's own mapping gives, dates, booleans and nulls decoded", async () => {
    const company = createCompany(db, { companyName: 'Mapped' });
    await createUser(db, { companyId: company.id, approved: true });
    await createUser(db, { companyId: null, approved: false });
    const columns = { id: users.id, approved: users.approved, createdAt: users.createdAt, companyId: users.companyId };
    const query = db.select(columns).from(users).orderBy(asc(users.createdAt), asc(users.id)).prepare();
    const rows = mappedRows(query, columns)();
    expect(rows).toEqual(query.all());
    expect(rows.map((row) => [typeof row.approved, row.createdAt instanceof Date])).toEqual([
      ['boolean', true],
      ['boolean', true],
    ]);
    expect(rows.map((row) => row.companyId)).toContain(null);
  });
});

describe('preparedByShape', () => {
  it('builds each shape once per database and binds the values of each call', () => {
    createCompany(db, { companyName: 'Shape A' });
    createCompany(db, { companyName: 'Shape B' });
    let built = 0;
    const byName = preparedByShape((tx, shape: { exact: boolean }) => {
      built += 1;
      const name = sql.placeholder('name');
      return tx
        .select({ name: companies.companyName })
        .from(companies)
        .where(shape.exact ? eq(companies.companyName, name) : sql`${companies.companyName} like ${name}`)
        .orderBy(asc(companies.companyName))
        .prepare();
    });
    expect(byName(db, { exact: true }).all({ name: 'Shape A' })).toEqual([{ name: 'Shape A' }]);
    expect(byName(db, { exact: true }).all({ name: 'Shape B' })).toEqual([{ name: 'Shape B' }]);
    expect(byName(db, { exact: false }).all({ name: 'Shape%' })).toEqual([{ name: 'Shape A' }, { name: 'Shape B' }]);
    expect(built).toBe(2);
    const other = openDatabase(':memory:');
    try {
      expect(byName(other.db, { exact: true }).all({ name: 'Shape A' })).toEqual([]);
      expect(built).toBe(3);
    } finally {
      other.close();
    }
  });
});
