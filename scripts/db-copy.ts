// npm run db:copy -- --to postgres://user:password@host/database [--from FILE]
// Copies the SQLite database (the configured one, or FILE) into an empty PostgreSQL database and
// checks the copy before it is kept (src/server/db-copy.ts). Stop the server first: the copy is a
// consistent snapshot, but writes made after it starts stay behind in SQLite.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../src/server/config.js';
import { CopyRefused, copySqliteToPostgres } from '../src/server/db-copy.js';
import { openSqlite } from '../src/server/database/sqlite.js';
import { openPostgres } from '../src/server/db-postgres.js';
import { countText } from '../src/shared/format.js';

const { values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } }, strict: true });

if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
  console.error('Name the PostgreSQL database to copy into: npm run db:copy -- --to postgres://user:password@host/database');
  process.exit(1);
}
const from = path.resolve(values.from ?? loadConfigOrExit().databasePath);
if (!fs.existsSync(from)) {
  console.error(`No SQLite database at ${from}: nothing to copy.`);
  process.exit(1);
}

const started = Date.now();
let target: Awaited<ReturnType<typeof openPostgres>> | undefined;
try {
  // the copy reads the file at the current schema: opening it migrates it, as the server's start would
  await openSqlite(from).close();
  target = await openPostgres(values.to);
  console.log(`Copying ${from} into ${new URL(values.to).pathname.slice(1) || 'the database'} on ${new URL(values.to).host}`);
  const report = await copySqliteToPostgres(from, target.db, (line) => console.log(`  ${line}`));
  const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${countText(rows, 'row')} in ${countText(report.tables.length, 'table')}, ` +
      `the figures of ${countText(report.companies, 'company', 'companies')} and ${countText(report.invoices, 'invoice')} checked against their rows.`,
  );
} catch (error) {
  console.error(error instanceof CopyRefused || error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await target?.close();
}
