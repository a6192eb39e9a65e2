import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the served web client', () => {
  it('renders the SPA under the CSP without errors, on any client route', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${server.url}/reset-password/aaa.bbb.ccc`);
    await expect.poll(() => page.getByRole('heading', { name: 'Set New Password' }).isVisible()).toBe(true);
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.getByRole('link', { name: 'Sign Up' }).first().isVisible()).toBe(true);
    await screenshot(page, 'home');
    expect(problems).toEqual([]);
  });

  it('serves the API reference page', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/api/docs`);
    await expect.poll(() => page.getByRole('heading', { name: /Hourbank API/ }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.content()).toContain('/account/login');
    await screenshot(page, 'api-docs');
  });
});
