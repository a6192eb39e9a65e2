import { defineConfig } from 'drizzle-kit';

/*
 * One config per engine, chosen by DRIZZLE_ENGINE (npm run db:generate writes both). The tables are
 * written once (drizzle/tables.ts); each engine's migrations live in their own folder.
 */
const engine = process.env.DRIZZLE_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export default engine === 'postgres'
  ? defineConfig({ dialect: 'postgresql', schema: './drizzle/schema-postgres.ts', out: './migrations/postgres' })
  : defineConfig({ dialect: 'sqlite', schema: './drizzle/schema.ts', out: './migrations/sqlite' });
