import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * Debian's headless shell when it is installed, else its Chromium; CHROME_PATH overrides both. The
 * shell is Chromium without the browser's own windows: Chromium 156 in headless mode still renders
 * its top-of-window WebUI in a renderer of its own per window (some 40% of a core while a spec
 * runs), and one spec file took 83 s on the shell against 95-109 s on chromium.
 */
const CHROMIUM_PATHS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

function chromiumPath(): string {
  return process.env.CHROME_PATH ?? CHROMIUM_PATHS.find((candidate) => fs.existsSync(candidate)) ?? CHROMIUM_PATHS.at(-1)!;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
}

export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
