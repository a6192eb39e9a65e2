// Builds the web client and the server when their output is missing or older than their sources,
// so that `npm start` on a fresh clone needs nothing else. `--server` checks the server only.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, serverEntry } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');

function newestTime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(entry, { withFileTypes: true })) {
    if (child.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestTime(path.join(entry, child.name)));
  }
  return newest;
}

const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const sourcesAt = (sources) => Math.max(...sources.map((source) => newestTime(path.join(root, source))));
// Both builds bundle their dependencies: an npm install that changed them calls for a rebuild.
const installed = 'node_modules/.package-lock.json';

const clientIndex = path.join(root, 'dist/client/index.html');
if (!process.argv.includes('--server') && builtAt(clientIndex) < sourcesAt(['src/client', 'src/shared', 'vite.config.ts', 'scripts/vite-precompress.ts', installed])) {
  console.log('Building the web client…');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}

if (builtAt(serverEntry) < sourcesAt(['src/server', 'src/shared', 'drizzle', 'scripts/build-server.mjs', installed])) {
  console.log('Building the server…');
  await buildServer();
}
