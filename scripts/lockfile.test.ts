import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/*
 * `npm ci` refuses a lock file that lists a package's optional dependency without an entry of its
 * own. npm drops such entries silently when the registry lacks a platform's build (native bindings
 * for other systems), and the fresh-machine install then fails before any test runs.
 */
const root = path.resolve(import.meta.dirname, '..');

type LockedPackage = {
  optionalDependencies?: Record<string, string>;
}

/** Where Node would look for `name` when required from the package installed at `from`. */
function candidatePaths(from: string, name: string): string[] {
  const paths: string[] = [];
  let dir = from;
  for (;;) {
    paths.push(`${dir ? `${dir}/` : ''}node_modules/${name}`);
    const parent = dir.lastIndexOf('/node_modules/');
    if (parent < 0) break;
    dir = dir.slice(0, parent);
  }
  if (from) paths.push(`node_modules/${name}`);
  return paths;
}

it('the lock file has an entry for every optional dependency it names, so npm ci accepts it', () => {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockedPackage>;
  };
  const missing: string[] = [];
  for (const [at, locked] of Object.entries(lock.packages)) {
    for (const name of Object.keys(locked.optionalDependencies ?? {})) {
      if (!candidatePaths(at, name).some((candidate) => candidate in lock.packages)) missing.push(`${name} (for ${at || 'the project'})`);
    }
  }
  expect(missing).toEqual([]);
});
