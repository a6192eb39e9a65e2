// npm run seed:demo — fills an empty database with a living demo portal and prints the sign-ins.
import { createRuntime } from '../src/server/bootstrap.js';
import { loadConfigOrExit } from '../src/server/config.js';
import { seedDemo } from '../src/server/demo/seed.js';

const config = loadConfigOrExit();

const { deps, database } = await createRuntime(config);
try {
  const logins = await seedDemo(deps);
  console.log(`Demo data written to ${config.databasePath}\n`);
  console.log(`Every password: ${logins.provider.password}\n`);
  console.log(`Provider (super-admin): ${logins.provider.email}`);
  for (const customer of logins.customers) {
    console.log(`${customer.company.padEnd(26)} admin ${customer.admin.padEnd(32)} member ${customer.member}`);
  }
  console.log(`Awaiting approval: ${logins.pending} (approve it under Users)`);
  console.log('\nStart the portal with npm start and sign in.');
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.close();
}
