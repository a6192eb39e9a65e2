// First-load JS and CSS of the built web client per entry route, gzipped, from Vite's manifest.
// Usage: node scripts/bundle-report.mjs [dist/client] [--check]   (--check: exit 1 over budget)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const clientSource = path.resolve(import.meta.dirname, '../src/client');

/** The page module each measured route lazy-loads (src/client/routing/routes.tsx). */
export const ROUTE_PAGES = {
  '/': 'pages/WelcomePage.tsx',
  '/signin': 'pages/account/SignInPage.tsx',
  '/dashboard': 'pages/dashboard/DashboardPage.tsx',
  // the super-admin's /dashboard; its chart library comes after, in a chunk of its own
  '/dashboard (provider)': 'pages/admin/overview/OverviewPage.tsx',
  '/companies': 'pages/admin/companies/CompaniesPage.tsx',
  '/timelogs': 'pages/admin/timelogs/TimeLogsPage.tsx',
};

/** Issue 8's budgets for first-load JS, gzipped, in bytes (kB = 1,000 bytes, as Vite reports). */
export const JS_BUDGETS = { '/signin': 150_000, '/dashboard': 250_000 };

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/**
 * What a browser fetches before a route can render: the entry chunk, the route's lazy chunk, and
 * every chunk either imports statically, with their CSS. A page with no chunk of its own (a build
 * without lazy routes) is counted as part of the entry.
 * @param {string} distDir the built client (holding index.html and .vite/manifest.json)
 * @returns {Array<{ route: string, jsGzip: number, cssGzip: number }>}
 */
export function firstLoadSizes(distDir) {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with build.manifest (npx vite build)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error(`no entry chunk in ${manifestFile}`);

  return Object.entries(ROUTE_PAGES).map(([route, page]) => {
    if (!manifest[page] && !fs.existsSync(path.join(clientSource, page))) {
      throw new Error(`${page} (route ${route}) no longer exists: update ROUTE_PAGES in scripts/bundle-report.mjs`);
    }
    const chunks = new Set();
    const visit = (key) => {
      if (chunks.has(key)) return;
      chunks.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    visit(entry);
    if (manifest[page]) visit(page);
    const js = new Set([...chunks].map((key) => manifest[key].file));
    const css = new Set([...chunks].flatMap((key) => manifest[key].css ?? []));
    const total = (files) => [...files].reduce((sum, file) => sum + gzipSize(path.join(distDir, file)), 0);
    return { route, jsGzip: total(js), cssGzip: total(css) };
  });
}

function main() {
  const args = process.argv.slice(2);
  const distDir = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? path.join(import.meta.dirname, '../dist/client'));
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`.padStart(10);
  let over = false;
  console.log(`First load, gzipped (${path.relative(process.cwd(), distDir) || '.'})`);
  console.log(`${'route'.padEnd(12)}${'JS'.padStart(10)}${'CSS'.padStart(10)}   JS budget`);
  for (const { route, jsGzip, cssGzip } of firstLoadSizes(distDir)) {
    const budget = JS_BUDGETS[route];
    const verdict = budget === undefined ? '' : `${kb(budget).trim()} ${jsGzip <= budget ? 'ok' : 'OVER'}`;
    if (budget !== undefined && jsGzip > budget) over = true;
    console.log(`${route.padEnd(12)}${kb(jsGzip)}${kb(cssGzip)}   ${verdict}`);
  }
  if (over && args.includes('--check')) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
