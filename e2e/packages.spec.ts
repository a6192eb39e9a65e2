import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createCompany, createPackage } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { LIST_ROW, eventually, expectNoViolations, expectPath, failCalls, main, pathOf, searchList, seriousA11yViolations, columnValues, expectNoDialog } from './support/page.js';

/*
 * Packages: the super-admin list (/allpackages), the company admin's catalogue (/packages) and
 * the package detail page (/packages/{id}).
 */
const suite = browserSuite();

const rowsOf = (page: Page) => main(page).locator(LIST_ROW);
const firstColumn = (page: Page) => rowsOf(page).locator('td:first-child').allTextContents();
const dialog = (page: Page) => page.getByRole('dialog');
const cards = (page: Page) => main(page).getByTestId('package-card');
const cardTitles = (page: Page) => cards(page).locator('h2').allTextContents();

async function openAllPackages(page: Page) {
  await page.goto('/allpackages');
  await main(page).getByRole('heading', { name: 'Packages', level: 1 }).waitFor();
  await eventually(() => main(page).locator('tbody tr, [data-testid="list-card"]').count()).toBeGreaterThan(0);
}

async function openCatalogue(page: Page) {
  await page.goto('/packages');
  await main(page).getByRole('heading', { name: 'Package Options', level: 1 }).waitFor();
  await eventually(() => cards(page).count()).toBeGreaterThan(0);
}

describe('/allpackages', () => {
  it('lists packages by rate, highest first, with its columns and price = hours x rate', async () => {
    const company = await createCompany(suite.db, { companyName: 'Cols Pkg Co' });
    await createPackage(suite.db, { description: 'Cols cheap', hundredths: 1000, rateCents: 10000 });
    await createPackage(suite.db, {
      description: 'Cols dear',
      hundredths: 250,
      rateCents: 20050,
      companyId: company.id,
      startDate: new Date('2026-03-02T00:00:00Z'),
      endDate: new Date('2099-12-31T00:00:00Z'),
    });
    await createPackage(suite.db, { description: 'Cols middle', hundredths: 500, rateCents: 15000 });
    const { page } = await suite.signedInPage('superadmin');
    await openAllPackages(page);
    const headers = await main(page).locator('thead th').allTextContents();
    expect(headers).toEqual(['Description', 'Hours', 'Rate', 'Price', 'Company', 'Start Date', 'End Date', 'Hours Valid', 'Actions']);
    await main(page).getByLabel('Search').fill('cols');
    await eventually(() => firstColumn(page)).toEqual(['Cols dear', 'Cols middle', 'Cols cheap']);
    const dear = await rowsOf(page).first().locator('td').allTextContents();
    expect(dear.slice(0, 7)).toEqual(['Cols dear', '2.5', '$200.50', '$501.25', 'Cols Pkg Co', 'Mar 2, 2026', 'Dec 31, 2099']);
    const cheap = await rowsOf(page).nth(2).locator('td').allTextContents();
    expect(cheap.slice(1, 4)).toEqual(['10', '$100', '$1,000']);
    await suite.screenshot(page, 'allpackages-list');
  });

  it('searches the description and filters by company', async () => {
    const acme = await createCompany(suite.db, { companyName: 'Pkg Filter Acme' });
    await createPackage(suite.db, { description: 'Filter Alpha bundle', companyId: acme.id });
    await createPackage(suite.db, { description: 'Filter Beta bundle' });
    const { page } = await suite.signedInPage('superadmin');
    await openAllPackages(page);
    const search = main(page).getByLabel('Search');
    await searchList(page, search, 'FILTER', 'superadmin.packages.list');
    await eventually(() => firstColumn(page)).toEqual(expect.arrayContaining(['Filter Alpha bundle', 'Filter Beta bundle']));
    expect(await rowsOf(page).count()).toBe(2);
    await search.fill('beta BUN');
    await eventually(() => firstColumn(page)).toEqual(['Filter Beta bundle']);
    await search.fill('');
    await main(page).getByLabel('Filter by Company', { exact: true }).click();
    await page.getByRole('option', { name: 'Pkg Filter Acme' }).click();
    await eventually(() => firstColumn(page)).toEqual(['Filter Alpha bundle']);
  });

  it('adds a package with the form defaults (hours 0, rate 1000), general when no company is chosen', async () => {
    const { packages } = suite.db.t;
    await createPackage(suite.db, { description: 'Add seed' });
    const { page } = await suite.signedInPage('superadmin');
    await openAllPackages(page);
    await main(page).getByRole('button', { name: 'Add Package' }).click();
    await expect.poll(() => dialog(page).getByRole('heading', { name: 'Add Package' }).isVisible()).toBe(true);
    expect(await dialog(page).getByLabel('ID', { exact: true }).count()).toBe(0);
    expect(await dialog(page).getByLabel('Hours', { exact: true }).inputValue()).toBe('0');
    expect(await dialog(page).getByLabel('Rate').inputValue()).toBe('1000');
    await dialog(page).getByLabel('Description').fill('Added starter block');
    await dialog(page).getByLabel('Hours', { exact: true }).fill('12.5');
    await dialog(page).getByLabel('Rate').fill('200');
    expect(await dialog(page).getByLabel('Price').inputValue()).toBe('$2,500');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expectNoDialog(page);
    await main(page).getByLabel('Search').fill('Added starter');
    await eventually(() => firstColumn(page)).toEqual(['Added starter block']);
    const [saved] = await suite.db.select().from(packages).where(eq(packages.description, 'Added starter block')).limit(1);
    expect(saved).toMatchObject({ hundredths: 1250, rateCents: 20000, companyId: null, endDate: null });
  });

  it('shows the server message inside the dialog when saving fails', async () => {
    await createPackage(suite.db, { description: 'Error seed' });
    const { page } = await suite.signedInPage('superadmin');
    await openAllPackages(page);
    await main(page).getByRole('button', { name: 'Add Package' }).click();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await eventually(() => dialog(page).getByRole('alert').textContent()).toMatch(/^Error.+/);
    await page.mouse.click(5, 400);
    expect(await dialog(page).isVisible()).toBe(true);
  });

  it('edits a package: ID read-only, prefilled, moved to a company with an end date', async () => {
    const { packages } = suite.db.t;
    const company = await createCompany(suite.db, { companyName: 'Edit Pkg Co' });
    const pkg = await createPackage(suite.db, { description: 'Edit me block', hundredths: 800, rateCents: 12500 });
    const { page } = await suite.signedInPage('superadmin');
    await openAllPackages(page);
    await main(page).getByLabel('Search').fill('Edit me');
    await eventually(() => firstColumn(page)).toEqual(['Edit me block']);
    await main(page).getByRole('button', { name: 'Edit Package' }).click();
    expect(await dialog(page).getByRole('heading', { name: 'Edit Package' }).isVisible()).toBe(true);
    expect(await dialog(page).getByLabel('ID', { exact: true }).inputValue()).toBe(pkg.id);
    expect(await dialog(page).getByLabel('ID', { exact: true }).getAttribute('readonly')).not.toBeNull();
    expect(await dialog(page).getByLabel('Hours', { exact: true }).inputValue()).toBe('8');
    expect(await dialog(page).getByLabel('Rate').inputValue()).toBe('125');
    await dialog(page).getByLabel('Description').fill('Edited block');
    await dialog(page).getByLabel('Hours', { exact: true }).fill('20');
    await dialog(page).getByLabel('Company', { exact: true }).click();
    await page.getByRole('option', { name: 'Edit Pkg Co' }).click();
    await dialog(page).getByRole('button', { name: 'End Date', exact: true }).click();
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.locator('table button:not([data-outside])', { hasText: /^15$/ }).click();
    await eventually(() => dialog(page).getByRole('button', { name: 'End Date', exact: true }).textContent()).toMatch(/^[A-Z][a-z]{2} 15, \d{4}$/);
    // the calendar's closing moves focus back to its field, which can scroll the dialog: click Update once it has gone
    await eventually(() => page.getByRole('button', { name: 'Next month' }).count()).toBe(0);
    await dialog(page).getByRole('button', { name: 'Update' }).click();
    await expectNoDialog(page);
    await main(page).getByLabel('Search').fill('Edited');
    await eventually(() => rowsOf(page).first().locator('td').allTextContents()).toEqual(expect.arrayContaining(['Edited block', '20', '$125', '$2,500', 'Edit Pkg Co']));
    const [saved] = await suite.db.select().from(packages).where(eq(packages.id, pkg.id));
    expect(saved).toMatchObject({ description: 'Edited block', hundredths: 2000, rateCents: 12500, companyId: company.id });
    expect(saved?.endDate?.getUTCDate()).toBe(15);
    expect(saved!.endDate!.getTime()).toBeGreaterThan(Date.now());
  });

  it('deletes a package after a confirmation', async () => {
    const { packages } = suite.db.t;
    const pkg = await createPackage(suite.db, { description: 'Doomed block' });
    const { page } = await suite.signedInPage('superadmin');
    await openAllPackages(page);
    await main(page).getByLabel('Search').fill('Doomed');
    await eventually(() => firstColumn(page)).toEqual(['Doomed block']);
    await main(page).getByRole('button', { name: 'Delete Package' }).click();
    expect(await dialog(page).getByText('Are you sure you want to DELETE this Package?').isVisible()).toBe(true);
    await page.mouse.click(5, 400);
    expect(await dialog(page).isVisible()).toBe(true);
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await eventually(() => main(page).getByText('No Packages Found').isVisible()).toBe(true);
    expect((await suite.db.select().from(packages).where(eq(packages.id, pkg.id)))[0]).toBeUndefined();
  });

  it('shows a failed load in an error alert', async () => {
    const { page } = await suite.signedInPage('superadmin');
    await failCalls(page, 'superadmin.packages.list');
    await page.goto('/allpackages');
    await eventually(() => main(page).getByRole('alert').textContent()).toBe('ErrorSomething went wrong.');
  });

  it('fits a phone screen, list and dialog', async () => {
    const company = await createCompany(suite.db, { companyName: 'Phone Pkg Co' });
    await createPackage(suite.db, { description: 'Phone block', companyId: company.id });
    const { page } = await suite.signedInPage('superadmin', { viewport: { width: 390, height: 844 } });
    await openAllPackages(page);
    await searchList(page, main(page).getByLabel('Search'), 'Phone block', 'superadmin.packages.list');
    await eventually(() => columnValues(page, 'Description')).toEqual(['Phone block']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(390);
    await suite.screenshot(page, 'allpackages-phone');
    await main(page).getByRole('button', { name: 'Edit Package' }).click();
    await eventually(() => dialog(page).getByLabel('Company', { exact: true }).inputValue()).toBe('Phone Pkg Co');
    await suite.screenshot(page, 'allpackages-phone-dialog');
  });

  it('passes axe on the list and the dialogs', async () => {
    await createPackage(suite.db, { description: 'Axe block', endDate: new Date('2099-01-01T00:00:00Z') });
    const { page } = await suite.signedInPage('superadmin');
    await openAllPackages(page);
    const report = await seriousA11yViolations(page, 'list');
    await main(page).getByRole('button', { name: 'Edit Package' }).first().click();
    await dialog(page).getByLabel('Description').waitFor();
    report.push(...(await seriousA11yViolations(page, 'edit dialog')));
    await suite.screenshot(page, 'allpackages-edit-dialog');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await main(page).getByRole('button', { name: 'Delete Package' }).first().click();
    report.push(...(await seriousA11yViolations(page, 'delete dialog')));
    expectNoViolations(report);
  });
});

describe('/packages (catalogue)', () => {
  it('shows custom packages first, then general ones, each by hours, with their numbers', async () => {
    const { page, user } = await suite.signedInPage('admin');
    const companyId = user.companyId!;
    const other = await createCompany(suite.db, { companyName: 'Other Cat Co' });
    await createPackage(suite.db, { description: 'Cat general 20h', hundredths: 2000, rateCents: 15000 });
    await createPackage(suite.db, { description: 'Cat general 5h', hundredths: 500, rateCents: 15000 });
    await createPackage(suite.db, { description: 'Cat custom 40h', hundredths: 4000, rateCents: 12000, companyId });
    await createPackage(suite.db, { description: 'Cat custom 10h', hundredths: 1000, rateCents: 13050, companyId, endDate: new Date('2099-12-31T00:00:00Z') });
    await createPackage(suite.db, { description: 'Cat other company', hundredths: 1, companyId: other.id });
    await createPackage(suite.db, { description: 'Cat expired', hundredths: 1, endDate: new Date('2020-01-01T00:00:00Z') });
    await openCatalogue(page);
    const titles = (await cardTitles(page)).filter((title) => title.startsWith('Cat '));
    expect(titles).toEqual(['Cat custom 10h', 'Cat custom 40h', 'Cat general 5h', 'Cat general 20h']);
    const custom = cards(page).filter({ hasText: 'Cat custom 10h' });
    expect(await custom.getByText('For your company').isVisible()).toBe(true);
    expect(await custom.getByTestId('package-hours').textContent()).toBe('Hours: 10');
    expect(await custom.getByTestId('package-rate').textContent()).toBe('Rate: $130.50 per hour');
    expect(await custom.getByTestId('package-price').textContent()).toBe('$1,305');
    expect(await custom.getByTestId('package-expires').textContent()).toBe('Option Expires on Dec 31, 2099');
    const general = cards(page).filter({ hasText: 'Cat general 5h' });
    expect(await general.getByText('For your company').count()).toBe(0);
    expect(await general.getByTestId('package-expires').count()).toBe(0);
    expect(await general.getByTestId('package-price').textContent()).toBe('$750');
    await suite.screenshot(page, 'packages-catalogue');
  });

  it('lays the cards out 3 wide on a large screen, 2 on a medium one and 1 on a small one', async () => {
    for (let i = 0; i < 3; i += 1) await createPackage(suite.db, { description: `Grid ${i}` });
    const widths = [
      { width: 1400, columns: 3 },
      { width: 900, columns: 2 },
      { width: 400, columns: 1 },
    ];
    for (const { width, columns } of widths) {
      const { page } = await suite.signedInPage('admin', { viewport: { width, height: 900 } });
      await openCatalogue(page);
      const tops = await cards(page).evaluateAll((elements) => elements.slice(0, 3).map((element) => Math.round(element.getBoundingClientRect().top)));
      expect(tops.filter((top) => top === tops[0]).length, `columns at ${width}px`).toBe(columns);
    }
  });

  it('Select goes to /checkout carrying the chosen package', async () => {
    const { page, user } = await suite.signedInPage('admin');
    const pkg = await createPackage(suite.db, { description: 'Sel custom pick', hundredths: 300, rateCents: 20000, companyId: user.companyId! });
    await openCatalogue(page);
    await cards(page).filter({ hasText: 'Sel custom pick' }).getByRole('button', { name: 'Select' }).click();
    await expectPath(page, '/checkout');
    const item = await page.evaluate(() => (history.state as { packageItem?: unknown } | null)?.packageItem);
    expect(item).toMatchObject({ _id: pkg.id, description: 'Sel custom pick', hours: 3, rate: 200, price: 600 });
  });

  it("shows 'Failed to load packages. Please try again later.' when the load fails", async () => {
    const { page } = await suite.signedInPage('admin');
    await failCalls(page, 'packages.list');
    await page.goto('/packages');
    await eventually(() => main(page).getByRole('alert').textContent()).toBe('Failed to load packages. Please try again later.');
    await suite.screenshot(page, 'packages-load-failed');
  });

  it('is for admins: a plain member is sent to /dashboard', async () => {
    const { page } = await suite.signedInPage('member');
    await page.goto('/packages');
    await expectPath(page, '/dashboard');
  });

  it('passes axe', async () => {
    const { page, user } = await suite.signedInPage('admin');
    await createPackage(suite.db, { description: 'Axe custom', companyId: user.companyId!, endDate: new Date('2099-12-31T00:00:00Z') });
    await openCatalogue(page);
    expectNoViolations(await seriousA11yViolations(page, 'catalogue'));
  });
});

describe('/packages/{id} (detail)', () => {
  it('shows name, price, description and Buy Package linking to /dashboard/checkout', async () => {
    const pkg = await createPackage(suite.db, { description: 'Detail 12 hours of support', hundredths: 1200, rateCents: 15025 });
    const { page } = await suite.signedInPage('admin');
    await page.goto(`/packages/${pkg.id}`);
    await main(page).getByRole('heading', { name: 'Detail 12 hours of support', level: 1 }).waitFor();
    expect(await main(page).getByTestId('package-price').textContent()).toBe('$1,803');
    expect(await main(page).getByTestId('package-description').textContent()).toBe('Detail 12 hours of support');
    const buy = main(page).getByRole('link', { name: 'Buy Package' });
    expect(await buy.getAttribute('href')).toBe('/dashboard/checkout');
    await suite.screenshot(page, 'package-detail');
    expectNoViolations(await seriousA11yViolations(page, 'detail'));
    await buy.click();
    await eventually(() => pathOf(page)).toBe('/dashboard/checkout');
    // The package travels along, so checkout can sell it.
    await main(page).getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    expect(await main(page).getByText('Detail 12 hours of support').first().isVisible()).toBe(true);
  });
});
