// Compiles the server (src/server/main.ts and all it imports) into one ES module, dist/server/main.js,
// which `npm start` runs with plain node: no TypeScript compiler at start-up, and one file to load
// instead of some thousand modules from node_modules.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
// Two folders below the project, as src/server/paths.ts assumes.
export const serverEntry = path.join(root, 'dist/server/main.js');

/*
 * Native addons stay in node_modules: they load .node files beside their own code. (So would pino's
 * transports, which start workers from files in its package; the server logs to stdout without one.)
 */
const external = ['better-sqlite3', '@node-rs/argon2'];

export async function buildServer() {
  const result = await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.14',
    external,
    // Bundled CommonJS packages call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  });
  // Written whole and renamed into place, so a server starting meanwhile never reads half a file.
  fs.mkdirSync(path.dirname(serverEntry), { recursive: true });
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(partial, file.contents);
    fs.renameSync(partial, file.path);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer();
