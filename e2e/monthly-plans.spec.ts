import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { createCompany, createPackage } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { eventually, expectNoViolations, main, seriousA11yViolations } from './support/page.js';

/*
 * Monthly plans in the browser: the provider puts a company on a plan from its page, and the
 * company's page and the Company List say which plan it is on.
 */
const suite = browserSuite();

const PHONE = { width: 390, height: 844 };

async function openCompany(page: Page, companyId: string, name: string) {
  await page.goto(`/companies/${companyId}`);
  await main(page).getByRole('heading', { level: 1, name }).waitFor();
}

describe('the monthly plan dialog', () => {
  it('puts a company on a plan from its page, and the page and the Company List show it', async () => {
    const company = await createCompany(suite.db, { companyName: 'Plan Dialog Co' });
    await createPackage(suite.db, { description: 'Monthly retainer: 10 hours', hundredths: 1_000, rateCents: 15_000 });
    const { page } = await suite.signedInPage('superadmin');
    await openCompany(page, company.id, 'Plan Dialog Co');
    await main(page).getByRole('button', { name: 'Add Monthly Plan' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder('Choose a package').click();
    await page.getByRole('option', { name: /Monthly retainer: 10 hours/ }).click();
    await dialog.getByLabel('Day of the month').fill('5');
    await suite.screenshot(page, 'plan-dialog');
    expectNoViolations(await seriousA11yViolations(page, 'monthly plan dialog'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await eventually(() => dialog.count()).toBe(0);
    await eventually(() => main(page).getByTestId('company-plan').textContent()).toBe('Plan: Monthly retainer: 10 hours, monthly on the 5th');

    // a change: paused through a month
    await main(page).getByRole('button', { name: 'Monthly Plan', exact: true }).click();
    await eventually(() => page.getByRole('dialog').getByTestId('plan-status').count()).toBe(1);
    const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 2, 1)).toISOString().slice(0, 7);
    await page.getByRole('dialog').getByLabel('Paused through').fill(nextMonth);
    await page.getByRole('dialog').getByRole('button', { name: 'Update' }).click();
    await eventually(() => main(page).getByTestId('company-plan').textContent()).toContain('(paused through');

    await page.goto('/companies');
    await main(page).getByLabel('Search').fill('Plan Dialog');
    await eventually(() => main(page).getByText(/Plan: Monthly retainer: 10 hours, monthly on the 5th \(paused through/).count()).toBe(1);
    await suite.screenshot(page, 'plan-company-list');

    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: 'dark' });
    await openCompany(page, company.id, 'Plan Dialog Co');
    await main(page).getByRole('button', { name: 'Monthly Plan', exact: true }).click();
    await eventually(() => page.getByRole('dialog').getByTestId('plan-status').count()).toBe(1);
    await suite.screenshot(page, 'plan-dialog-phone-dark');
    expectNoViolations(await seriousA11yViolations(page, 'monthly plan dialog, phone, dark'));
  });
});
