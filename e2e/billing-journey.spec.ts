import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createPackage } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { eventually, expectPath, main, expectNoDialog } from './support/page.js';

/*
 * Issue 5's "done when", in one browser run: a customer buys a package and sees it pending; the
 * provider records a partial and then a final payment in the back office; the hours go live on
 * the customer's dashboard.
 */
const suite = browserSuite();

const dialog = (page: Page) => page.getByRole('dialog');

async function recordPayment(page: Page, companyName: string, invoiceId: string, amount: string) {
  await page.goto('/allpayments');
  await main(page).getByRole('button', { name: 'Add Payment' }).click();
  await dialog(page).getByLabel(/^Company( \*)?$/).click();
  await page.getByRole('option', { name: companyName }).click();
  await dialog(page).getByLabel('Invoice', { exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${invoiceId} — `) }).click();
  await dialog(page).getByLabel('Amount').fill(amount);
  await dialog(page).getByLabel(/^Method( \*)?$/).click();
  await page.getByRole('option', { name: 'ACH' }).click();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expectNoDialog(page);
}

describe('buying hours, end to end', () => {
  it('pending after purchase, still pending after a partial payment, live after the final one', async () => {
    const offer = await createPackage(suite.db, { description: 'Journey: 8 hours', hundredths: 800, rateCents: 12500 });
    const customer = await suite.signedInPage('admin');
    const provider = await suite.signedInPage('superadmin');
    const companyName = customer.companyName!;

    await customer.page.goto('/packages');
    await main(customer.page).getByRole('button', { name: `Select ${offer.description}` }).click();
    await expectPath(customer.page, '/checkout');
    await main(customer.page).getByText('Check by Mail', { exact: true }).first().click();
    await main(customer.page).getByRole('button', { name: 'Purchase Package', exact: true }).click();
    await expectPath(customer.page, '/confirmation');
    const invoiceId = (await main(customer.page).locator('dt:text-is("Invoice Number") + dd').innerText()).trim();
    expect(invoiceId).toMatch(/^\d{4}-\d{4}$/);

    await customer.page.goto('/dashboard');
    await eventually(() => main(customer.page).getByText('8.00 hours pending activation').isVisible()).toBe(true);
    expect(await main(customer.page).getByText('Recent Purchase: 0.00 Hours').isVisible()).toBe(true);

    await recordPayment(provider.page, companyName, invoiceId, '400');
    await customer.page.reload();
    await eventually(() => main(customer.page).getByText('8.00 hours pending activation').isVisible()).toBe(true);

    await recordPayment(provider.page, companyName, invoiceId, '600');
    await customer.page.reload();
    await eventually(() => main(customer.page).getByText('Recent Purchase: 8.00 Hours').isVisible()).toBe(true);
    expect(await main(customer.page).getByText('hours pending activation').count()).toBe(0);
    await suite.screenshot(customer.page, 'journey-dashboard-live');

    await customer.page.goto('/invoices');
    await eventually(() => main(customer.page).getByText('Completed').first().isVisible()).toBe(true);
  });
});
