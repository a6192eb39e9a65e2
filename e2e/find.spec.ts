import fs from 'node:fs';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newId } from '../src/server/lib/ids.js';
import { csvObjects } from '../src/server/testing/csv-parse.js';
import { createCompany, createInvoiceRow, createTask, createTimeLogRow, createUser } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { columnValues, eventually, expectNoViolations, expectPath, heading1, listRows, main, pathOf, seriousA11yViolations, spinner } from './support/page.js';

/*
 * Finding things in the back office (docs/product-rules.md, Finding things): the Search palette
 * (Ctrl-K, or the header's Search button) finds companies, users, invoices and tasks on the server
 * and opens each where it lives; `/` goes to a list's search box; Time Logs, Invoices and Payments
 * take a From–To range that narrows the rows, stays in the address and goes with Export CSV.
 */
const suite = browserSuite({ APP_TIMEZONE: 'America/New_York' });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search companies, users, invoices and tasks' });
const option = (page: Page, name: string | RegExp) => page.getByRole('listbox', { name: 'Search results' }).getByRole('option', { name });

/** Seeds one of each kind with a word of its own, so a search finds exactly them. */
async function seedFindables(word: string) {
  const company = await createCompany(suite.db, { companyName: `${word} Dynamics` });
  const other = await createCompany(suite.db, { companyName: `Other ${word.toLowerCase()}less Ltd` });
  const invoiceNumber = `2026-${String(Math.floor(1000 + Math.random() * 8999))}`;
  const invoice = await createInvoiceRow(suite.db, { companyId: other.id, invoiceNumber, description: 'Quarterly block', priceCents: 150_000 });
  const task = await createTask(suite.db, { companyId: company.id, title: `${word} telemetry review`, priority: 3 });
  return { company, other, invoice, invoiceNumber, task };
}

async function openPaletteWithKeys(page: Page) {
  // a palette that is still closing (after a hit was opened) clears its text when it has closed
  await eventually(() => searchBox(page).count()).toBe(0);
  await page.keyboard.press('Control+K');
  await searchBox(page).waitFor();
  await expect.poll(() => searchBox(page).evaluate((element) => element === document.activeElement)).toBe(true);
}

/** Types into the palette and waits until the hits for the text are shown (a status line says how many). */
async function findInPalette(page: Page, text: string) {
  await searchBox(page).fill(text);
  const status = page.getByRole('status').filter({ hasText: / found\.$|Nothing found/ });
  await eventually(() => status.count()).toBeGreaterThan(0);
  // hits found: the first is selected, so Enter opens it
  if (!(await status.innerText()).startsWith('Nothing')) await eventually(() => page.locator('[role="option"][data-selected]').count()).toBe(1);
}

/** Waits for the list a hit opens: its path, narrowed to the row by the id in the address. */
async function expectListOf(page: Page, path: string, id: string) {
  await expectPath(page, path);
  await eventually(() => new URL(page.url()).searchParams.get('id')).toBe(id);
}

async function loaded(page: Page, heading: string) {
  await heading1(main(page), heading).waitFor();
  await eventually(() => spinner(page).count()).toBe(0);
}

describe('the Search palette', () => {
  it('opens with Ctrl-K and lands on the company, the invoice, the task and the user found', { timeout: 120_000 }, async () => {
    const word = 'Quasar';
    const { company, invoice, invoiceNumber, task } = await seedFindables(word);
    const user = await createUser(suite.db, { companyId: company.id, firstName: 'Linus', lastName: `${word}son`, emailAddress: 'linus@quasar.test' });
    const { page } = await suite.signedInPage('superadmin', { viewport: DESKTOP });
    await page.goto('/allpayments');
    await loaded(page, 'Payments');

    // a company, by part of its name: the first hit is selected, Enter opens its page
    await openPaletteWithKeys(page);
    await findInPalette(page, `${word} dyn`);
    expect(await option(page, new RegExp(`${word} Dynamics`)).getAttribute('data-selected')).toBe('true');
    await suite.screenshot(page, 'find-01-palette-company-1280');
    expectNoViolations(await seriousA11yViolations(page, 'palette with a company, 1280px'));
    await page.keyboard.press('Enter');
    await expectPath(page, `/companies/${company.id}`);

    // an invoice, by its number: its list, narrowed to it. Typed over the company's text, the
    // company's hit is not what Enter opens while the number is being looked up
    await openPaletteWithKeys(page);
    await findInPalette(page, `${word} dyn`);
    await findInPalette(page, invoiceNumber);
    expect(await page.locator('[role="option"][data-selected]').innerText()).toContain(invoiceNumber);
    await page.keyboard.press('Enter');
    await expectListOf(page, '/allinvoices', invoice.id);
    await loaded(page, 'Invoices');
    await eventually(() => columnValues(page, 'Invoice')).toEqual([invoiceNumber]);
    await main(page).getByText('Showing the one invoice opened from Search.').waitFor();
    await suite.screenshot(page, 'find-02-invoice-landed-1280');
    expectNoViolations(await seriousA11yViolations(page, 'invoices narrowed to one, 1280px'));

    // the user, among several kinds of hits for one word: the arrows walk the hits in order
    await openPaletteWithKeys(page);
    await findInPalette(page, word);
    const titles = await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').allInnerTexts();
    // companies by name, users, invoices (none here), open tasks
    expect(titles.map((text) => text.split('\n')[0])).toEqual([`Other ${word.toLowerCase()}less Ltd`, `${word} Dynamics`, `Linus ${word}son`, `${word} telemetry review`]);
    await suite.screenshot(page, 'find-03-palette-kinds-1280');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await option(page, new RegExp(`Linus ${word}son`)).getAttribute('data-selected')).toBe('true');
    const selectedId = await option(page, new RegExp(`Linus ${word}son`)).getAttribute('id');
    expect(await searchBox(page).getAttribute('aria-activedescendant')).toBe(selectedId);
    await page.keyboard.press('Enter');
    await expectListOf(page, '/allusers', user.id);
    await loaded(page, 'Users');
    await eventually(() => columnValues(page, 'Email')).toEqual(['linus@quasar.test']);

    // the task, from the header's button; "Show all" goes back to every row
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await findInPalette(page, 'telemetry');
    await option(page, new RegExp(`${word} telemetry review`)).click();
    await expectListOf(page, '/alltasks', task.id);
    await loaded(page, 'Open Tasks');
    await eventually(() => columnValues(page, 'Title')).toEqual([`${word} telemetry review`]);
    await main(page).getByRole('button', { name: 'Show all tasks' }).click();
    await eventually(() => pathOf(page)).toBe('/alltasks');
    await eventually(() => listRows(page).count()).toBeGreaterThan(0);
  });

  it('shows a few hits of a kind and more on asking, and says when nothing is found', async () => {
    for (let index = 1; index <= 7; index += 1) await createCompany(suite.db, { companyName: `Manyco ${index}` });
    const { page } = await suite.signedInPage('superadmin', { viewport: DESKTOP });
    await page.goto('/timelogs');
    await loaded(page, 'Time Logs');
    await openPaletteWithKeys(page);
    await findInPalette(page, 'manyco');
    const companyHits = page.getByRole('group', { name: 'Companies' }).getByRole('option');
    await eventually(() => companyHits.count()).toBe(6); // 5 hits and "Show more"
    await option(page, 'Show more companies (2 more)').click();
    await eventually(() => companyHits.allInnerTexts()).toEqual(['Manyco 1', 'Manyco 2', 'Manyco 3', 'Manyco 4', 'Manyco 5', 'Manyco 6', 'Manyco 7'].map((name) => expect.stringContaining(name)));
    await findInPalette(page, 'no such thing anywhere');
    await page.getByRole('status').filter({ hasText: 'Nothing found for “no such thing anywhere”.' }).waitFor();
    await page.keyboard.press('Escape');
    await eventually(() => searchBox(page).count()).toBe(0);
  });

  it.each([
    ['390 px', PHONE, 'light'],
    ['1280 px in dark mode', DESKTOP, 'dark'],
    ['390 px in dark mode', PHONE, 'dark'],
  ] as const)('at %s: the header button opens it, a hit opens its place, axe finds nothing', async (label, viewport, scheme) => {
    const word = `Pulsar${viewport.width}${scheme}`;
    const { task } = await seedFindables(word);
    const { page } = await suite.signedInPage('superadmin', { viewport });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/alltasks');
    await loaded(page, 'Open Tasks');
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await searchBox(page).waitFor();
    await findInPalette(page, word);
    const slug = label.replace(/ /g, '-');
    await suite.screenshot(page, `find-04-palette-${slug}`);
    expectNoViolations(await seriousA11yViolations(page, `palette at ${label}`));
    await option(page, new RegExp(`${word} telemetry review`)).click();
    await expectListOf(page, '/alltasks', task.id);
    await eventually(() => columnValues(page, 'Title')).toEqual([`${word} telemetry review`]);
    await suite.screenshot(page, `find-05-task-landed-${slug}`);
    expectNoViolations(await seriousA11yViolations(page, `task narrowed to one at ${label}`));
  });
});

describe('/ on a back-office list', () => {
  it("focuses the list's search box, but not while typing in a field", async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: DESKTOP });
    for (const [path, heading] of [
      ['/timelogs', 'Time Logs'],
      ['/allusers', 'Users'],
      ['/companies', 'Company List'],
    ] as const) {
      await page.goto(path);
      await loaded(page, heading);
      const search = main(page).getByRole('textbox', { name: 'Search' });
      await page.locator('body').click({ position: { x: 5, y: 300 } });
      await page.keyboard.press('/');
      await expect.poll(() => search.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await search.inputValue()).toBe('');
    }
    // typing / into another field types it
    await page.goto('/timelogs');
    await loaded(page, 'Time Logs');
    const search = main(page).getByRole('textbox', { name: 'Search' });
    await search.fill('a/b');
    await search.press('End');
    await page.keyboard.type('/c');
    expect(await search.inputValue()).toBe('a/b/c');
  });
});

/** Stamps at noon in New York, so each is on the day it names in the provider's zone. */
const noonOn = (day: string) => new Date(`${day}T17:00:00Z`);
const DAYS = ['2026-02-27', '2026-03-02', '2026-03-05', '2026-03-09'];
const IN_RANGE = ['2026-03-02', '2026-03-05'];

async function seedDated(word: string) {
  const { payments } = suite.db.t;
  const company = await createCompany(suite.db, { companyName: `${word} Dated` });
  for (const day of DAYS) {
    await createTimeLogRow(suite.db, { companyId: company.id, timeStamp: noonOn(day), hundredths: 100, description: `${word} log ${day}` });
    const invoice = await createInvoiceRow(suite.db, { companyId: company.id, transactionDate: noonOn(day), invoiceNumber: `${word}-${day}`, description: `${word} invoice ${day}`, priceCents: 100_000 });
    await suite.db.transaction((tx) => tx.insert(payments).values({ id: newId(), invoiceId: invoice.id, companyId: company.id, amountCents: 1000, status: 'pending', method: 'ACH', paymentDate: noonOn(day), description: `${word} payment ${day}`, createdAt: noonOn(day) }));
  }
  return company;
}

async function saved(download: Download): Promise<string> {
  return fs.readFileSync((await download.path())!).toString('utf8');
}

type DatedList = { path: string; heading: string; procedure: string; column: string; csvColumn: string; text: (word: string, day: string) => string };
const DATED_LISTS: DatedList[] = [
  { path: '/timelogs', heading: 'Time Logs', procedure: 'superadmin.timelogs.list', column: 'Description', csvColumn: 'Description', text: (word, day) => `${word} log ${day}` },
  { path: '/allinvoices', heading: 'Invoices', procedure: 'superadmin.invoices.list', column: 'Invoice', csvColumn: 'Invoice', text: (word, day) => `${word}-${day}` },
  { path: '/allpayments', heading: 'Payments', procedure: 'superadmin.payments.list', column: 'Invoice', csvColumn: 'Invoice', text: (word, day) => `${word}-${day}` },
];

async function chooseCompany(page: Page, companyName: string) {
  const filter = main(page).getByRole('combobox', { name: 'Filter by Company' });
  await filter.click();
  await filter.fill(companyName);
  await page.getByRole('option', { name: companyName }).click();
}

async function setRange(page: Page, procedure: string, from: string, to: string) {
  const answered = page.waitForResponse((response) => response.url().includes(procedure) && decodeURIComponent(response.url()).includes(`"to":"${to}"`));
  await main(page).getByRole('group', { name: /dated$/ }).getByLabel('From').fill(from);
  await main(page).getByRole('group', { name: /dated$/ }).getByLabel('To').fill(to);
  await answered;
  await eventually(() => page.locator('table[aria-busy="true"]').count()).toBe(0);
}

const sortedTexts = (values: string[]) => values.map((value) => value.split('\n')[0]!).sort();

describe('a date range on Time Logs, Invoices and Payments', () => {
  it.each([
    ['1280 px', DESKTOP, 'light', true],
    ['390 px', PHONE, 'light', false],
    ['1280 px in dark mode', DESKTOP, 'dark', false],
    ['390 px in dark mode', PHONE, 'dark', false],
  ] as const)('at %s: narrows the rows to the days chosen (and at 1280 px keeps them in the address and exports them)', async (label, viewport, scheme, whole) => {
    const word = `Ranged${viewport.width}${scheme}`;
    const company = await seedDated(word);
    const { page } = await suite.signedInPage('superadmin', { viewport });
    await page.emulateMedia({ colorScheme: scheme });
    const slug = label.replace(/ /g, '-');
    for (const list of DATED_LISTS) {
      await page.goto(list.path);
      await loaded(page, list.heading);
      await chooseCompany(page, company.companyName);
      await eventually(async () => (await columnValues(page, list.column)).length).toBe(DAYS.length);
      await setRange(page, list.procedure, IN_RANGE[0]!, IN_RANGE[1]!);
      const expected = IN_RANGE.map((day) => list.text(word, day)).sort();
      await eventually(async () => sortedTexts(await columnValues(page, list.column))).toEqual(expected);
      expect(new URL(page.url()).search).toContain(`from=${IN_RANGE[0]}&to=${IN_RANGE[1]}`);
      await suite.screenshot(page, `find-06-range${list.path.replace('/', '-')}-${slug}`);
      expectNoViolations(await seriousA11yViolations(page, `${list.heading} with a date range at ${label}`));

      if (!whole) continue;
      // the range rides along with Export CSV
      const started = page.waitForEvent('download', { timeout: 15_000 });
      await main(page).getByRole('button', { name: 'Export CSV' }).click();
      const rows = csvObjects(await saved(await started));
      expect(rows.map((row) => row[list.csvColumn]!).sort()).toEqual(expected);

      // the address keeps it: a reload shows the same rows, the fields filled in
      await page.reload();
      await loaded(page, list.heading);
      expect(await main(page).getByRole('group', { name: /dated$/ }).getByLabel('From').inputValue()).toBe(IN_RANGE[0]);
      await chooseCompany(page, company.companyName);
      await eventually(async () => sortedTexts(await columnValues(page, list.column))).toEqual(expected);
    }
  }, 180_000);

  it('says so when From is after To', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: DESKTOP });
    await page.goto('/allpayments?from=2026-03-09&to=2026-03-02');
    await loaded(page, 'Payments');
    const fromField: Locator = main(page).getByRole('group', { name: /dated$/ }).getByLabel('From');
    expect(await fromField.inputValue()).toBe('2026-03-09');
    await main(page).getByText('The from date must be on or before the to date.').first().waitFor();
    await suite.screenshot(page, 'find-07-range-out-of-order-1280');
  });
});
