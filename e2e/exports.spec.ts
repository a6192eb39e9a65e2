import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { purchasedHours, workedHours, createCompany } from '../src/server/testing/factories.js';
import { csvObjects } from '../src/server/testing/csv-parse.js';
import { browserSuite } from './support/fixture.js';
import { eventually, expectNoViolations, firstColumn, heading1, main, searchList, seriousA11yViolations, spinner } from './support/page.js';

/*
 * Downloads in the browser: Export CSV on a back-office list sends the search on screen and saves
 * every matching row; Activities saves the ledger as CSV and a statement of a period as PDF
 * (docs/product-rules.md#exports-and-statements).
 */
const suite = browserSuite();

async function saved(download: Download): Promise<Buffer> {
  return fs.readFileSync((await download.path())!);
}

async function downloadFrom(page: Page, click: () => Promise<void>): Promise<Download> {
  const started = page.waitForEvent('download', { timeout: 15_000 });
  await click();
  return started;
}

const today = () => new Date().toISOString().slice(0, 10);

describe('Export CSV on a back-office list', () => {
  it.each([1280, 390])('at %i px: saves every company the search finds, in the order on screen', async (width) => {
    const tag = `Exportable${width}`;
    for (const name of [`${tag} Beta`, `${tag} Alpha`, `=${tag} Formula`, 'Unrelated Widgets']) await createCompany(suite.db, { companyName: name });
    const { page } = await suite.signedInPage('superadmin', { viewport: { width, height: 800 } });
    await page.goto('/companies');
    await heading1(main(page), 'Company List').waitFor();
    await searchList(page, main(page).getByRole('textbox', { name: 'Search' }), tag, 'superadmin.companies.list');
    const shown = await firstColumn(page);
    expect(shown).toEqual([`=${tag} Formula`, `${tag} Alpha`, `${tag} Beta`]);
    await suite.screenshot(page, `exports-01-companies-${width}`);

    const download = await downloadFrom(page, () => main(page).getByRole('button', { name: 'Export CSV' }).click());
    expect(download.suggestedFilename()).toMatch(/^companies-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = csvObjects((await saved(download)).toString('utf8'));
    expect(rows.map((row) => row['Company Name'])).toEqual([`'=${tag} Formula`, `${tag} Alpha`, `${tag} Beta`]);
    expectNoViolations(await seriousA11yViolations(page, `companies with export, ${width}px`));
  });
});

describe('Activities downloads', () => {
  it.each([1280, 390])('at %i px: a company admin saves the statement of a period as PDF and the ledger as CSV', async (width) => {
    const { page, user, companyName } = await suite.signedInPage('admin', { viewport: { width, height: 800 } });
    const companyId = user.companyId!;
    const year = new Date().getUTCFullYear();
    await purchasedHours(suite.db, companyId, 1000, 'Old purchase', new Date(Date.UTC(year - 2, 0, 10, 15)));
    await purchasedHours(suite.db, companyId, 2000, 'Statement purchase', new Date(Date.UTC(year - 1, 5, 10, 15)));
    await workedHours(suite.db, companyId, 350, 'Statement work', new Date(Date.UTC(year - 1, 5, 12, 15)));

    await page.goto('/activities');
    await heading1(page, 'Activities').waitFor();
    await eventually(() => spinner(page).count()).toBe(0);
    const from = main(page).getByLabel('Statement from');
    const to = main(page).getByLabel('Statement to');
    await from.fill(`${year - 1}-01-01`);
    await to.fill(`${year - 1}-12-31`);
    await suite.screenshot(page, `exports-02-activities-${width}`);

    const pdf = await downloadFrom(page, () => main(page).getByRole('button', { name: 'Download PDF' }).click());
    const companySlug = companyName!.toLowerCase().replace(/ /g, '-');
    expect(pdf.suggestedFilename()).toBe(`statement-${companySlug}-${year - 1}-01-01-to-${year - 1}-12-31.pdf`);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: await saved(pdf) }).toString('utf8');
    expect(text).toMatch(/Opening balance\s+10 hours/);
    expect(text).toMatch(/Statement work\s+TimeLog\s+-3\.5\s+26\.5/);
    expect(text).toMatch(/Closing balance\s+26\.5 hours/);
    expect(text).not.toContain('Old purchase');

    const csv = await downloadFrom(page, () => main(page).getByRole('button', { name: 'Download CSV' }).click());
    expect(csv.suggestedFilename()).toMatch(new RegExp(`^activities-.+-${today().slice(0, 4)}-\\d{2}-\\d{2}\\.csv$`));
    expect(csvObjects((await saved(csv)).toString('utf8')).map((row) => [row.Description, row.Balance])).toEqual([
      ['Statement work', '26.5'],
      ['Statement purchase', '30'],
      ['Old purchase', '10'],
    ]);
    expectNoViolations(await seriousA11yViolations(page, `activities with downloads, ${width}px`));
  });

  it('a plain member gets the CSV only; a period ending after today is refused with its message', async () => {
    const { page } = await suite.signedInPage('member');
    await page.goto('/activities');
    await heading1(page, 'Activities').waitFor();
    await main(page).getByRole('button', { name: 'Download CSV' }).waitFor();
    expect(await main(page).getByRole('button', { name: 'Download PDF' }).count()).toBe(0);

    const { page: adminPage } = await suite.signedInPage('admin');
    await adminPage.goto('/activities');
    await heading1(adminPage, 'Activities').waitFor();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await main(adminPage).getByLabel('Statement to').fill(tomorrow);
    await main(adminPage).getByRole('button', { name: 'Download PDF' }).click();
    await eventually(() => main(adminPage).getByRole('alert').textContent()).toBe('The end date cannot be after today.');
  });
});
