import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder, where migrations/ and dist/client/ live. This module sits two levels below it
 * both as src/server/paths.ts (tsx, tests) and bundled into dist/server/main.js (npm start), so one
 * relative step serves both; scripts/build-server.mjs must keep the bundle at that depth.
 */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Each engine's migrations, written by drizzle-kit from drizzle/schema.ts and drizzle/schema-postgres.ts. */
export const migrationsFolders = {
  sqlite: path.join(projectRoot, 'migrations', 'sqlite'),
  postgres: path.join(projectRoot, 'migrations', 'postgres'),
};
