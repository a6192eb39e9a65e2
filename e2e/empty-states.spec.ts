import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/fixture.js';
import { expectNoViolations, main, seriousA11yViolations } from './support/page.js';

/*
 * An empty install: every list says what belongs in it and offers the first one with a labelled
 * button; a search that finds nothing offers to clear it instead.
 */

const suite = browserSuite();
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

const BACK_OFFICE: [path: string, empty: string, action: string, dialog: string][] = [
  ['/allpackages', 'No Packages Found', 'Create your first package', 'Add Package'],
  ['/allinvoices', 'No Invoices Found', 'Create your first invoice', 'Add New Invoice'],
  ['/allpayments', 'No Payments Found', 'Record your first payment', 'Add Payment'],
  ['/timelogs', 'No Time Logs Found', 'Log your first hours', 'Add Time Log'],
  ['/alltasks', 'No Open Tasks', 'Add your first task', 'Add Task'],
];

describe('empty lists', () => {
  it.each(BACK_OFFICE)('%s says what belongs there and its button opens the add dialog', async (path, empty, action, dialog) => {
    const { page } = await suite.signedInPage('superadmin', { viewport: desktop });
    await page.goto(path);
    await main(page).getByText(empty, { exact: true }).waitFor();
    await main(page).getByRole('button', { name: action }).click();
    await page.getByRole('dialog', { name: dialog }).waitFor();
    if (path === '/allpackages') {
      await page.keyboard.press('Escape');
      await suite.screenshot(page, 'empty-allpackages-1280');
      expectNoViolations(await seriousA11yViolations(page, 'empty /allpackages'));
    }
  });

  it('offers to clear a search that finds nothing, and lists again once cleared', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: desktop });
    await page.goto('/allusers');
    await main(page).getByLabel('Search').fill('nobody-by-this-name');
    await main(page).getByText('Nothing matches the search and filters.').waitFor();
    expect(await main(page).getByRole('button', { name: 'Add your first user' }).count()).toBe(0);
    await main(page).getByRole('button', { name: 'Clear the search' }).click();
    await main(page).getByRole('cell', { name: 'superadmin', exact: true }).first().waitFor();
  });

  it("a customer's empty Open Tasks and Activities offer their first step, on a phone and in the dark", async () => {
    const { page } = await suite.signedInPage('admin', { viewport: phone });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/tasks');
    await main(page).getByText('No Open Tasks', { exact: true }).waitFor();
    await suite.screenshot(page, 'empty-tasks-390-dark');
    expectNoViolations(await seriousA11yViolations(page, 'empty /tasks at 390 in dark'));
    await main(page).getByRole('button', { name: 'Add your first task' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/activities');
    await main(page).getByText('No Activities', { exact: true }).waitFor();
    await main(page).getByRole('link', { name: 'Buy hours' }).click();
    await main(page).getByRole('heading', { name: 'Package Options' }).waitFor();
    await main(page).getByText('No packages are on offer right now.').waitFor();
    await suite.screenshot(page, 'empty-packages-390-dark');
    expectNoViolations(await seriousA11yViolations(page, 'empty /packages at 390 in dark'));
  });
});
