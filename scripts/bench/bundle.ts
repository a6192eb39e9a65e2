import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './servers.js';

/*
 * First-load JS and CSS per entry route, gzipped, from scripts/bundle-report.mjs (the module that
 * knows which chunks a route loads). The client is built first when it is missing or stale, as
 * `npm start` does.
 */

export type BundleRow = { route: string; jsGzip: number; cssGzip: number };
export type BundleReport = { rows: BundleRow[] } | { note: string };

const REPORT_MODULE = 'scripts/bundle-report.mjs';
const CLIENT_DIR = 'dist/client';

/** JS budgets in bytes (gzip), by entry route. */
export function jsBudgetOf(route: string): number | undefined {
  if (/sign-?in/i.test(route)) return 150_000;
  if (route === '/' || /dashboard/i.test(route)) return 250_000;
  return undefined;
}

export async function bundleReport(): Promise<BundleReport> {
  const file = path.join(ROOT, REPORT_MODULE);
  if (!fs.existsSync(file)) return { note: `bundle report: ${REPORT_MODULE} not found` };
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-if-missing.mjs')], { cwd: ROOT, stdio: 'inherit' });
  const report = (await import(pathToFileURL(file).href)) as { firstLoadSizes?: (distDir: string) => BundleRow[] | Promise<BundleRow[]> };
  if (typeof report.firstLoadSizes !== 'function') return { note: `bundle report: ${REPORT_MODULE} has no firstLoadSizes export` };
  return { rows: await report.firstLoadSizes(path.join(ROOT, CLIENT_DIR)) };
}
