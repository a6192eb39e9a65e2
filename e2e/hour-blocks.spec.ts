import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createPackage, purchasedHours, workedHours } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { LIST_ROW, eventually, expectNoViolations, expectPath, main, seriousA11yViolations } from './support/page.js';

/*
 * Hour blocks in the browser: the package dialog's validity and rollover fields, and the blocks a
 * customer sees on the dashboard and Activities, with the entries an expiry writes.
 */
const suite = browserSuite();

const DAY = 24 * 60 * 60 * 1000;
const PHONE = { width: 390, height: 844 };
const EXPIRY_LINE = /^\d+\.\d\d hours? expires? on [A-Z][a-z]{2} \d{1,2}, \d{4}/;

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  // the dashboard's heading carries the company's name ("Acme - Dashboard")
  await main(page).getByRole('heading', { level: 1, name: heading }).waitFor();
  await eventually(() => main(page).locator('.mantine-Loader-root').count()).toBe(0);
}

/** A company that bought 10 hours valid until a month from now (4 of them used), and 5 that expired last month, 2 of which rolled over. */
async function companyWithBlocks(companyId: string) {
  const now = Date.now();
  await purchasedHours(suite.db, companyId, 500, 'Old block', new Date(now - 150 * DAY), true, {
    expiresAt: new Date(now - 30 * DAY),
    rollover: { limit: 200, unit: 'hours', expiresAt: new Date(now + 60 * DAY) },
  });
  await purchasedHours(suite.db, companyId, 1_000, 'Quarterly block', new Date(now - 60 * DAY), true, { expiresAt: new Date(now + 30 * DAY), rollover: null });
  await workedHours(suite.db, companyId, 400, 'Migration', new Date(now - 10 * DAY));
}

describe('the package dialog', () => {
  it('sets how long the hours stay valid and what of them rolls over, and the list shows it', async () => {
    const { page } = await suite.signedInPage('superadmin');
    await createPackage(suite.db, { description: 'Terms anchor' });
    await open(page, '/allpackages', 'Packages');
    await main(page).getByRole('button', { name: 'Add Package' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Description').fill('Quarterly 10 hours');
    await dialog.getByLabel('Hours', { exact: true }).fill('10');
    const rollover = dialog.getByLabel('Roll over unused hours at the expiry');
    expect(await rollover.isDisabled()).toBe(true);
    await dialog.getByLabel('Hours valid for (months)').fill('3');
    await rollover.check({ force: true });
    await dialog.getByLabel('Up to').fill('2');
    await dialog.getByLabel('Valid for (months)', { exact: true }).fill('1');
    await eventually(() => dialog.getByText('Valid 3 months; up to 2 hours of the unused hours roll over for 1 month more').count()).toBe(1);
    await suite.screenshot(page, 'hour-terms-dialog');
    expectNoViolations(await seriousA11yViolations(page, 'package dialog with hour terms'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await main(page).getByLabel('Search').fill('Quarterly 10');
    await eventually(() => main(page).locator(LIST_ROW).first().textContent()).toContain('3 months + rollover');
  });

  it('refuses a rollover percentage over 100 on its field', async () => {
    const { page } = await suite.signedInPage('superadmin');
    await open(page, '/allpackages', 'Packages');
    await main(page).getByRole('button', { name: 'Add Package' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Description').fill('Too generous');
    await dialog.getByLabel('Hours valid for (months)').fill('3');
    await dialog.getByLabel('Roll over unused hours at the expiry').check({ force: true });
    await dialog.getByLabel('Up to').fill('150');
    await dialog.getByText('%', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await eventually(() => dialog.getByText('A rollover percentage is a whole number from 0 to 100.').count()).toBeGreaterThan(0);
  });
});

describe('the blocks a customer sees', () => {
  it('lists the hours that expire on the dashboard and Activities, and the expiry in the timeline, wide and light, and on a phone in dark', async () => {
    const { page, user } = await suite.signedInPage('member');
    await companyWithBlocks(user.companyId!);
    await open(page, '/', 'Dashboard');
    const dashboardBlocks = main(page).getByTestId('hour-blocks');
    await eventually(() => dashboardBlocks.locator('li').count()).toBe(2);
    const lines = await dashboardBlocks.locator('li').allTextContents();
    expect(lines[0]).toMatch(EXPIRY_LINE);
    expect(lines[0]).toMatch(/^6\.00 hours expire on/);
    expect(lines[1]).toMatch(/^2\.00 hours expire on .*\(rolled over\)$/);
    await suite.screenshot(page, 'hour-blocks-dashboard');
    expectNoViolations(await seriousA11yViolations(page, 'dashboard with blocks'));

    await open(page, '/activities', 'Activities');
    await eventually(() => main(page).getByRole('heading', { name: 'Hours that expire' }).count()).toBe(1);
    const entries = main(page).getByTestId('activity');
    await eventually(() => entries.count()).toBe(6);
    const texts = await entries.allTextContents();
    expect(texts.some((text) => text.includes('Unused hours expired'))).toBe(true);
    expect(texts.filter((text) => text.includes('rolled over'))).toHaveLength(2);
    await suite.screenshot(page, 'hour-blocks-activities');
    expectNoViolations(await seriousA11yViolations(page, 'activities with blocks'));

    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: 'dark' });
    await open(page, '/', 'Dashboard');
    await eventually(() => main(page).getByTestId('hour-blocks').locator('li').count()).toBe(2);
    await suite.screenshot(page, 'hour-blocks-dashboard-phone-dark');
    expectNoViolations(await seriousA11yViolations(page, 'dashboard with blocks, phone, dark'));
    await open(page, '/activities', 'Activities');
    await eventually(() => main(page).getByTestId('activity').count()).toBe(6);
    await suite.screenshot(page, 'hour-blocks-activities-phone-dark');
    expectNoViolations(await seriousA11yViolations(page, 'activities with blocks, phone, dark'));
  });
});

describe('the catalogue', () => {
  it("tells a customer how long a package's hours stay valid and what rolls over, on its card and its page", async () => {
    const pkg = await createPackage(suite.db, { description: 'Catalogue quarterly', hundredths: 2_000, validityMonths: 3, rolloverLimit: 200, rolloverUnit: 'hours', rolloverMonths: 1 });
    const { page } = await suite.signedInPage('admin');
    await page.goto('/packages');
    const card = main(page).getByRole('listitem', { name: 'Catalogue quarterly' });
    await eventually(() => card.getByTestId('package-validity').textContent()).toBe('Valid 3 months; up to 2 hours of the unused hours roll over for 1 month more');
    await page.goto(`/packages/${pkg.id}`);
    await eventually(() => main(page).getByTestId('package-validity').textContent()).toBe('Valid 3 months; up to 2 hours of the unused hours roll over for 1 month more');

    // checkout and the confirmation say it too, beside the hours and the price
    const terms = 'Valid 3 months; up to 2 hours of the unused hours roll over for 1 month more';
    await page.goto(`/checkout?package=${pkg.id}`);
    await eventually(() => main(page).locator('dt:text-is("Hours Valid") + dd').textContent()).toBe(terms);
    await main(page).getByText('ACH (Bank Transfer)', { exact: true }).first().click();
    await main(page).getByRole('button', { name: 'Purchase Package', exact: true }).click();
    await expectPath(page, '/confirmation');
    await eventually(() => main(page).locator('dt:text-is("Hours Valid") + dd').textContent()).toBe(terms);
  });
});
