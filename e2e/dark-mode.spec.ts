import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTimeLogRow, purchasedHours, workedHours } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { eventually, expectNoViolations, heading1, main, seriousA11yViolations } from './support/page.js';

/*
 * Dark mode: the app follows the system's colour scheme from the first paint, the user menu
 * switches between Light, Dark and Follow the system (remembered in the browser), and the main
 * screens pass the same axe checks in dark as in light — in Chromium against the real server.
 */
const suite = browserSuite();

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const HOUR = 60 * 60 * 1000;

const schemeOf = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const isDark = (color: string) => {
  const [r = 255, g = 255, b = 255] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return r + g + b < 200;
};

/** Loads the path and waits for its heading and for its loaders to finish. */
async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await heading1(main(page), heading).waitFor();
  await eventually(() => main(page).locator('.mantine-Loader-root').count()).toBe(0);
  await page.waitForTimeout(300); // charts animate in
}

async function seedLedger(companyId: string) {
  await purchasedHours(suite.db, companyId, 2000, '20 hours', new Date(Date.now() - 14 * 24 * HOUR), true);
  await workedHours(suite.db, companyId, 350, 'Migration', new Date(Date.now() - 7 * 24 * HOUR));
  await workedHours(suite.db, companyId, 125, 'Call', new Date(Date.now() - HOUR));
  await createTimeLogRow(suite.db, { companyId, timeStamp: new Date(Date.now() - HOUR) });
}

describe('following the system', () => {
  it('paints the first frame dark when the system is dark, before the app has loaded', async () => {
    const page = await suite.newPage(DESKTOP);
    await page.emulateMedia({ colorScheme: 'dark' });
    // Block the app's code: what is dark now was set by the pre-paint script alone.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/signin');
    expect(await schemeOf(page)).toBe('dark');

    const light = await suite.newPage(DESKTOP);
    await light.emulateMedia({ colorScheme: 'light' });
    await light.route('**/assets/*.js', (route) => route.abort());
    await light.goto('/signin');
    expect(await schemeOf(light)).toBe('light');
  });

  it('passes axe on the sign-in screen in dark at both widths', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await suite.newPage(viewport);
      await page.emulateMedia({ colorScheme: 'dark' });
      await open(page, '/signin', 'Sign In');
      expect(isDark(await bodyBackground(page))).toBe(true);
      await suite.screenshot(page, `dark-signin-${viewport.width}`);
      expectNoViolations(await seriousA11yViolations(page, `sign-in in dark at ${viewport.width} px`));
    }
  });
});

describe('the main screens in dark', () => {
  it('pass axe: customer dashboard and activities', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, user, companyName } = await suite.signedInPage('admin', { viewport });
      await seedLedger(user.companyId!);
      await page.emulateMedia({ colorScheme: 'dark' });
      await open(page, '/dashboard', `${companyName} - Dashboard`);
      expect(isDark(await bodyBackground(page))).toBe(true);
      await suite.screenshot(page, `dark-dashboard-${viewport.width}`);
      const report = await seriousA11yViolations(page, `customer dashboard at ${viewport.width} px`);
      await open(page, '/activities', 'Activities');
      await suite.screenshot(page, `dark-activities-${viewport.width}`);
      report.push(...(await seriousA11yViolations(page, `activities at ${viewport.width} px`)));
      expectNoViolations(report);
    }
  });

  it('pass axe: provider overview, companies and time logs', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const customer = await suite.createUser('admin');
      await seedLedger(customer.user.companyId!);
      const { page } = await suite.signedInPage('superadmin', { viewport });
      await page.emulateMedia({ colorScheme: 'dark' });
      const report: string[] = [];
      for (const [path, heading, name] of [
        ['/dashboard', 'Provider Overview', 'overview'],
        ['/companies', 'Company List', 'companies'],
        ['/timelogs', 'Time Logs', 'timelogs'],
      ] as const) {
        await open(page, path, heading);
        expect(isDark(await bodyBackground(page)), path).toBe(true);
        await suite.screenshot(page, `dark-${name}-${viewport.width}`);
        report.push(...(await seriousA11yViolations(page, `${path} at ${viewport.width} px`)));
      }
      expectNoViolations(report);
    }
  });
});

describe('the user menu', () => {
  it('switches Light / Dark / Follow the system and remembers the choice across loads', async () => {
    const { page, user } = await suite.signedInPage('member', { viewport: DESKTOP });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/dashboard');
    const menu = page.getByRole('banner').getByRole('button', { name: `${user.firstName} ${user.lastName}` });
    const choose = async (name: string) => {
      await menu.click();
      const item = page.getByRole('menuitemradio', { name, exact: true });
      await item.click();
    };
    await menu.waitFor();
    await menu.click();
    await eventually(() => page.getByRole('menuitemradio', { name: 'Follow the system' }).getAttribute('aria-checked')).toBe('true');
    await page.waitForTimeout(300);
    await suite.screenshot(page, 'dark-user-menu-light');
    await page.keyboard.press('Escape');

    await choose('Dark');
    await eventually(() => schemeOf(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('mantine-color-scheme-value'))).toBe('dark');
    await page.reload();
    expect(await schemeOf(page)).toBe('dark'); // set before the app ran, from the stored choice
    await menu.click();
    await eventually(() => page.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    await page.waitForTimeout(300);
    await suite.screenshot(page, 'dark-user-menu-dark');
    expectNoViolations(await seriousA11yViolations(page, 'user menu in dark'));
    await page.keyboard.press('Escape');

    await choose('Light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await eventually(() => schemeOf(page)).toBe('light'); // an explicit choice beats the system

    await choose('Follow the system');
    await eventually(() => schemeOf(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await eventually(() => schemeOf(page)).toBe('light');
  });
});
