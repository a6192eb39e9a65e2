// npm run backup [-- --out FILE]
// An online, consistent copy of the database (SQLite's backup API), safe while the server runs.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { loadConfigOrExit } from '../src/server/config.js';
import { makePrivateFile, makePrivateFolder } from '../src/server/lib/private-files.js';

const POSTGRES_BACKUP =
  'DATABASE_URL is set: the data is in PostgreSQL, which this command does not copy. Back it up with PostgreSQL\'s own tools, for example: pg_dump --format=custom --file=hourbank.dump "$DATABASE_URL"';

const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });

const config = loadConfigOrExit();

// with DATABASE_URL the data is in PostgreSQL: a SQLite file left in the data folder (say, from
// before npm run db:copy) is not the data, and a copy of it would be a backup of nothing current
if (config.databaseUrl) {
  console.error(POSTGRES_BACKUP);
  process.exit(1);
}

if (!fs.existsSync(config.databasePath)) {
  console.error(`No database at ${config.databasePath}: nothing to back up.`);
  process.exit(1);
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = path.resolve(values.out ?? path.join(config.dataDir, 'backups', `hourbank-${stamp}.db`));
makePrivateFolder(path.dirname(target));
// created owner-only before SQLite writes into it: a backup holds every customer's data
makePrivateFile(target);

const source = new Database(config.databasePath, { readonly: true, fileMustExist: true });
try {
  await source.backup(target);
  console.log(`Backed up ${config.databasePath} to ${target}`);
} finally {
  source.close();
}
