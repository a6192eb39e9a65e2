// npm run create-superadmin -- --email E --password P [--first F --last L]
// Creates the provider's super-admin, or updates the one with that email (password, names, role).
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../src/server/config.js';
import { openSqlite } from '../src/server/database/sqlite.js';
import { upsertSuperAdmin } from '../src/server/modules/users/superadmin.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    first: { type: 'string' },
    last: { type: 'string' },
  },
  strict: true,
});

const config = loadConfigOrExit();

if (!values.email || !values.password) {
  fail('Usage: npm run create-superadmin -- --email E --password P [--first F --last L]');
}

const database = openSqlite(config.databasePath);
try {
  const result = await upsertSuperAdmin(database.db, {
    emailAddress: values.email,
    password: values.password,
    firstName: values.first,
    lastName: values.last,
  });
  console.log(`${result.created ? 'Created' : 'Updated'} super-admin ${result.emailAddress} in ${config.databasePath}`);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await database.close();
}
