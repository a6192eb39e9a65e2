// npm run create-superadmin -- --email E --password P [--first F --last L]
// Creates the provider's super-admin, or updates the one with that email (password, names, role).
import { parseArgs } from 'node:util';
import { openConfiguredDatabase } from '../src/server/bootstrap.js';
import { loadConfigOrExit } from '../src/server/config.js';
import { COMMAND_LINE } from '../src/server/modules/events/service.js';
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

// the database the server uses: the SQLite file, or PostgreSQL when DATABASE_URL names it
const database = await openConfiguredDatabase(config);
const where = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : config.databasePath;
try {
  const result = await upsertSuperAdmin(database.db, COMMAND_LINE, {
    emailAddress: values.email,
    password: values.password,
    firstName: values.first,
    lastName: values.last,
  });
  console.log(`${result.created ? 'Created' : 'Updated'} super-admin ${result.emailAddress} in ${where}`);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await database.close();
}
