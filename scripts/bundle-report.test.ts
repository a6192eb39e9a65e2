import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstLoadSizes, ROUTE_PAGES } from './bundle-report.mjs';

let dist: string;
beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-bundle-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, '.vite'));
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

/** Writes a file of distinct text and returns its gzipped size. */
function asset(name: string, seed: number): number {
  const content = Array.from({ length: 200 + seed * 50 }, (_, i) => `v${(i * 7919 + seed) % 1013}`).join(';');
  fs.writeFileSync(path.join(dist, 'assets', name), content);
  return zlib.gzipSync(content, { level: 9 }).length;
}

const manifest = (value: unknown) => fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(value));
const sizesOf = (route: string) => firstLoadSizes(dist).find((sizes) => sizes.route === route);

describe('firstLoadSizes', () => {
  it('adds the entry, the route chunk and their static imports, each chunk once', () => {
    const entry = asset('index.js', 1);
    const vendor = asset('vendor.js', 2);
    const signIn = asset('SignInPage.js', 3);
    const form = asset('form.js', 4);
    const dashboard = asset('DashboardPage.js', 5);
    const entryCss = asset('index.css', 6);
    const dashboardCss = asset('DashboardPage.css', 7);
    manifest({
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], css: ['assets/index.css'], dynamicImports: [ROUTE_PAGES['/signin'], ROUTE_PAGES['/dashboard']] },
      '_vendor.js': { file: 'assets/vendor.js' },
      '_form.js': { file: 'assets/form.js', imports: ['_vendor.js'] },
      [ROUTE_PAGES['/signin']!]: { file: 'assets/SignInPage.js', isDynamicEntry: true, imports: ['_form.js', '_vendor.js'] },
      [ROUTE_PAGES['/dashboard']!]: { file: 'assets/DashboardPage.js', isDynamicEntry: true, imports: ['_vendor.js'], css: ['assets/DashboardPage.css'] },
    });
    expect(sizesOf('/signin')).toEqual({ route: '/signin', jsGzip: entry + vendor + signIn + form, cssGzip: entryCss });
    expect(sizesOf('/dashboard')).toEqual({ route: '/dashboard', jsGzip: entry + vendor + dashboard, cssGzip: entryCss + dashboardCss });
    expect(firstLoadSizes(dist).map((sizes) => sizes.route)).toEqual(Object.keys(ROUTE_PAGES));
  });

  it('counts a page without a chunk of its own as part of the entry', () => {
    const entry = asset('index.js', 1);
    const css = asset('index.css', 2);
    manifest({ 'index.html': { file: 'assets/index.js', isEntry: true, css: ['assets/index.css'] } });
    for (const sizes of firstLoadSizes(dist)) expect(sizes).toEqual({ route: sizes.route, jsGzip: entry, cssGzip: css });
  });

  it('says how to get a manifest when the build has none', () => {
    expect(() => firstLoadSizes(dist)).toThrow(/manifest/);
  });
});
