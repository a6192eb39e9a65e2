import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createPackage, createTask, createUser, purchasedHours, workedHours } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { api, eventually, main, spinner, storedSession } from './support/page.js';

/*
 * The back office on a phone (390 x 844): below the md breakpoint every admin list shows its rows
 * as cards (each column a label and value, the row's actions as buttons), with a sort select in
 * place of the table's headers, and no screen scrolls sideways. From md up the table stays.
 */
const suite = browserSuite();

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };
const TAG = `Ph${Date.now().toString(36)}`;

const cards = (page: Page) => main(page).getByTestId('list-card');
const cardValue = (page: Page, index: number, label: string) =>
  cards(page).nth(index).locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]').innerText();

/** How far the page scrolls sideways: 0 when everything fits the window's width. */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function open(page: Page, path: string, title: string) {
  await page.goto(path);
  await main(page).getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  await eventually(() => spinner(page).count()).toBe(0);
}

async function openSearched(page: Page, path: string, title: string) {
  await open(page, path, title);
  await main(page).getByLabel('Search', { exact: true }).fill(TAG);
  await eventually(() => cards(page).count()).toBe(2);
}

let companyId = '';

/** An invoice and its payment, made through the REST mirror as the back office makes them. */
async function paidInvoice(token: string) {
  const invoice = await api(suite.url, 'POST', '/superadmin/invoices', {
    token,
    body: { sendInvoiceEmail: false, company: companyId, description: `${TAG} ten hours`, hours: 10, rate: 100 },
  });
  expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
  const payment = await api(suite.url, 'POST', '/superadmin/payments', {
    token,
    body: { method: 'ACH', sendEmail: false, company: companyId, invoice: invoice.body._id, amount: 400, description: `${TAG} first part` },
  });
  expect(payment.status, JSON.stringify(payment.body)).toBe(200);
}

beforeAll(async () => {
  const company = await createCompany(suite.db, { companyName: `${TAG} Alpha Holdings International` });
  companyId = company.id;
  const other = await createCompany(suite.db, { companyName: `${TAG} Beta` });
  for (const each of [company, other]) {
    await createUser(suite.db, { companyId: each.id, firstName: TAG, lastName: 'Phoneuser' });
    await purchasedHours(suite.db, each.id, 2000, `${TAG} hours bought`, new Date());
    await workedHours(suite.db, each.id, 150, `${TAG} worked on the billing export`, new Date());
    await createTask(suite.db, { companyId: each.id, title: `${TAG} task ${each === company ? 'A' : 'B'}`, description: 'A long description that would widen a table cell', priority: each === company ? 3 : 7 });
  }
  await createPackage(suite.db, { description: `${TAG} cheap`, hundredths: 1000, rateCents: 10000 });
  await createPackage(suite.db, { description: `${TAG} dear`, hundredths: 500, rateCents: 20000, companyId: company.id });
});

describe('admin lists on a phone', () => {
  it('shows packages as cards with every column, and the row actions as buttons that open their dialogs', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: PHONE });
    await openSearched(page, '/allpackages', 'Packages');
    expect(await main(page).locator('table').count()).toBe(0);
    const labels = await cards(page).first().locator('dt').allInnerTexts();
    expect(labels).toEqual(['Description', 'Hours', 'Rate', 'Price', 'Company', 'Start Date', 'End Date', 'Hours Valid']);
    // by rate, highest first
    expect(await cardValue(page, 0, 'Description')).toBe(`${TAG} dear`);
    expect(await cardValue(page, 0, 'Price')).toBe('$1,000');
    const edit = cards(page).first().getByRole('button', { name: 'Edit Package' });
    expect(await edit.isVisible()).toBe(true);
    await edit.click();
    await page.getByRole('dialog', { name: 'Edit Package' }).waitFor();
    expect(await page.getByRole('dialog').getByLabel('Description').inputValue()).toBe(`${TAG} dear`);
    expect(await sidewaysScroll(page)).toBe(0);
  });

  it('sorts the cards with the sort select and its direction button', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: PHONE });
    await openSearched(page, '/allpackages', 'Packages');
    await main(page).getByLabel('Sort by').click();
    await page.getByRole('option', { name: 'Hours', exact: true }).click();
    await eventually(() => cardValue(page, 0, 'Description')).toBe(`${TAG} dear`);
    await main(page).getByRole('button', { name: /^Sorted ascending/ }).click();
    await eventually(() => cardValue(page, 0, 'Description')).toBe(`${TAG} cheap`);
    expect(await main(page).getByRole('button', { name: /^Sorted descending/ }).count()).toBe(1);
  });

  it('shows companies as cards whose balance and actions stay on screen', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: PHONE });
    await openSearched(page, '/companies', 'Company List');
    expect(await cardValue(page, 0, 'Hour Balance')).toBe('18.5');
    const card = cards(page).first();
    for (const name of ['Edit Company', 'Delete Company', 'Send Running Low Balance Email', 'Send Negative Balance Email']) {
      const button = card.getByRole('button', { name });
      const box = await button.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(PHONE.width);
    }
    await card.getByRole('button', { name: 'Delete Company' }).click();
    await page.getByRole('dialog', { name: 'Confirm Delete' }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
  });

  it('shows open tasks as cards with Priority and Mark as Done reachable', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: PHONE });
    await openSearched(page, '/alltasks', 'Open Tasks');
    expect(await cardValue(page, 0, 'Priority')).toBe('3');
    await cards(page).first().getByRole('button', { name: 'Mark as Done' }).click();
    await page.getByRole('dialog', { name: 'Confirm Marking Task as Done' }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
  });

  it('keeps the table with sortable headers from the md breakpoint up', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: WIDE });
    await open(page, '/allpackages', 'Packages');
    expect(await main(page).locator('thead th').count()).toBe(9);
    expect(await cards(page).count()).toBe(0);
    expect(await main(page).getByLabel('Sort by').count()).toBe(0);
  });
});

const SCREENS = [
  { path: '/companies', title: 'Company List', name: 'companies' },
  { path: '/allusers', title: 'Users', name: 'allusers' },
  { path: '/allpackages', title: 'Packages', name: 'allpackages' },
  { path: '/alltasks', title: 'Open Tasks', name: 'alltasks' },
  { path: '/timelogs', title: 'Time Logs', name: 'timelogs' },
  { path: '/allinvoices', title: 'Invoices', name: 'allinvoices' },
  { path: '/allpayments', title: 'Payments', name: 'allpayments' },
];

describe('every admin screen fits a phone', () => {
  it('lists as cards with nothing wider than the window, on each screen', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: PHONE });
    await page.goto('/dashboard');
    const { token } = await storedSession(page);
    await paidInvoice(token!);
    for (const screen of SCREENS) {
      await open(page, screen.path, screen.title);
      await main(page).getByLabel('Search', { exact: true }).fill(TAG);
      await eventually(() => cards(page).count(), 10_000, screen.path).toBeGreaterThan(0);
      // settled: a list still swapping its loading state for the cards may be a few pixels wide for a moment
      await eventually(() => sidewaysScroll(page), 10_000, screen.path).toBe(0);
      await suite.screenshot(page, `phone-${screen.name}`);
    }
    await page.goto('/dashboard');
    await main(page).getByRole('heading', { level: 1 }).waitFor();
    await eventually(() => main(page).locator('.mantine-Loader-root').count()).toBe(0);
    expect(await sidewaysScroll(page), '/dashboard').toBe(0);
    await suite.screenshot(page, 'phone-overview');
  });

  it('photographs each screen wide', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: WIDE });
    for (const screen of SCREENS) {
      await open(page, screen.path, screen.title);
      await main(page).getByLabel('Search', { exact: true }).fill(TAG);
      await eventually(() => main(page).locator('tbody tr td').count(), 10_000, screen.path).toBeGreaterThan(1);
      await suite.screenshot(page, `wide-${screen.name}`);
    }
  });
});
