import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../src/server/paths.js';
import { procedureInternals } from '../src/server/procedure-internals.js';
import { PUBLIC_CALLS_FILE, publicCallsSource } from '../src/server/public-calls.js';
import { appRouter } from '../src/server/router.js';

// The browser's list of public calls, from the procedures built on publicProcedure.
fs.writeFileSync(path.join(projectRoot, PUBLIC_CALLS_FILE), publicCallsSource(procedureInternals(appRouter)));
console.log(`Wrote ${PUBLIC_CALLS_FILE}.`);
