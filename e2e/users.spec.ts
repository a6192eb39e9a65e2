import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createCompany, createUser } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { eventually, expectNoViolations, main, seriousA11yViolations } from './support/page.js';

/*
 * A company admin's Users screen (/users) with more users than one page: it shows the first 25 by
 * name and a "Load more" button adds the next 25, never another company's users.
 */
const suite = browserSuite();

const namesShown = (page: Page) => main(page).locator('tbody tr td:first-child > span').allTextContents();
const loadMore = (page: Page) => main(page).getByRole('button', { name: 'Load more', exact: true });

describe('/users with many users', () => {
  it('shows 25 users by name, adds 25 more with each Load more, and tells how many of how many are shown', async () => {
    const { page, user } = await suite.signedInPage('admin', { fields: { firstName: 'Aaron', lastName: 'Admin' } });
    const companyId = user.companyId!;
    for (let n = 1; n <= 29; n += 1) await createUser(suite.db, { companyId, firstName: `Member ${String(n).padStart(2, '0')}`, lastName: 'Many', password: null });
    const outsider = await createUser(suite.db, { companyId: (await createCompany(suite.db)).id, firstName: 'Member 00', lastName: 'Outsider', password: null });

    await page.goto('/users');
    await eventually(() => namesShown(page).then((names) => names.length)).toBe(25);
    expect((await namesShown(page)).slice(0, 3)).toEqual(['Aaron Admin', 'Member 01 Many', 'Member 02 Many']);
    expect(await main(page).getByText('Showing 25 of 30', { exact: true }).isVisible()).toBe(true);
    await suite.screenshot(page, 'users-load-more');

    await loadMore(page).click();
    await eventually(() => namesShown(page).then((names) => names.length)).toBe(30);
    expect((await namesShown(page)).at(-1)).toBe('Member 29 Many');
    expect(await main(page).getByText('Showing 30 of 30', { exact: true }).isVisible()).toBe(true);
    expect(await loadMore(page).count()).toBe(0);
    expect(await main(page).getByText(outsider.emailAddress).count()).toBe(0);
    expectNoViolations(await seriousA11yViolations(page, '/users'));
  });

  it('fits a phone screen', async () => {
    const { page, user } = await suite.signedInPage('admin', { viewport: { width: 390, height: 844 } });
    for (let n = 1; n <= 26; n += 1) await createUser(suite.db, { companyId: user.companyId!, firstName: `Phone ${n}`, password: null });
    await page.goto('/users');
    await eventually(() => loadMore(page).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(390);
    await suite.screenshot(page, 'users-load-more-phone');
  });
});
