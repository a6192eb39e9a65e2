// Builds the web client when dist/client is missing or older than its sources, so that
// `npm start` on a fresh clone needs nothing else.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/client/index.html');

function newestSourceTime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['src/client', 'src/shared'].map((dir) => path.join(root, dir));
const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestSourceTime), fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs);

if (builtAt < sourcesAt) {
  console.log('Building the web client…');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}
