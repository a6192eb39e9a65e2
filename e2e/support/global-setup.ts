import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The specs start the compiled server (dist/server/main.js), as `npm start` does; rebuild it first
 * when src/server is newer, so a spec run alone never tests yesterday's server. The web client is
 * left to `npm run test:e2e` or E2E_CLIENT_DIR.
 */
export default function setup(): void {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/build-if-missing.mjs'), '--server'], { stdio: 'inherit' });
}
