import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eq as eqId } from 'drizzle-orm';
import { createCompany, purchasedHours, workedHours } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { eventually, expectNoViolations, main, seriousA11yViolations } from './support/page.js';

/*
 * Overage and expiring hours in the browser: the provider bills a company's overage in one action
 * from its page, the customer's dashboard says plainly what is owed, and the provider's overview
 * lists the hours that expire in the next 30 days.
 */
const suite = browserSuite();

const DAY = 24 * 60 * 60 * 1000;
const PHONE = { width: 390, height: 844 };

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await main(page).getByRole('heading', { level: 1, name: heading }).waitFor();
  await eventually(() => main(page).locator('.mantine-Loader-root').count()).toBe(0);
}

describe('overage', () => {
  it('shows the customer what a negative balance owes, and the provider bills it in one action from the company page', async () => {
    const { page: customer, user } = await suite.signedInPage('admin');
    const companyId = user.companyId!;
    await suite.db.transaction((tx) => tx.update(tx.t.companies).set({ overageRateCents: 15_000 }).where(eqId(tx.t.companies.id, companyId)));
    await purchasedHours(suite.db, companyId, 500, 'Five hours', new Date(Date.now() - 20 * DAY));
    await workedHours(suite.db, companyId, 800, 'Migration', new Date(Date.now() - 2 * DAY));

    await open(customer, '/', /Dashboard/);
    const owed = main(customer).getByTestId('hours-owed');
    await eventually(() => owed.textContent()).toContain('You owe 3.00 hours');
    expect(await owed.textContent()).toContain('$450 at $150 an hour.');
    await suite.screenshot(customer, 'overage-dashboard');
    expectNoViolations(await seriousA11yViolations(customer, 'dashboard owing hours'));
    await customer.setViewportSize(PHONE);
    await customer.emulateMedia({ colorScheme: 'dark' });
    await open(customer, '/', /Dashboard/);
    await eventually(() => main(customer).getByTestId('hours-owed').count()).toBe(1);
    await suite.screenshot(customer, 'overage-dashboard-phone-dark');
    expectNoViolations(await seriousA11yViolations(customer, 'dashboard owing hours, phone, dark'));

    const { page } = await suite.signedInPage('superadmin');
    await open(page, `/companies/${companyId}`, /.+/);
    await main(page).getByRole('button', { name: 'Bill Overage' }).click();
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.textContent()).toContain('for the 3 hours its balance owes');
    await suite.screenshot(page, 'overage-confirm');
    expectNoViolations(await seriousA11yViolations(page, 'Bill Overage confirmation'));
    await dialog.getByRole('button', { name: 'Bill Overage' }).click();
    await eventually(() => dialog.count()).toBe(0);
    await eventually(() => main(page).getByText('Overage: 3 hours worked beyond the prepaid balance').count()).toBeGreaterThan(0);
    // billed once: pending hours now cover what is owed
    await main(page).getByRole('button', { name: 'Bill Overage' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Bill Overage' }).click();
    await eventually(() => page.getByRole('dialog').textContent()).toContain('is already covered by 3 hours bought and awaiting payment');
  });
});

describe('hours expiring soon', () => {
  it("lists on the provider's overview the hours that expire in the next 30 days", async () => {
    const company = await createCompany(suite.db, { companyName: 'Expiring Soon Co' });
    await purchasedHours(suite.db, company.id, 1_200, 'Quarterly block', new Date(Date.now() - 80 * DAY), true, { expiresAt: new Date(Date.now() + 10 * DAY), rollover: null });
    const { page } = await suite.signedInPage('superadmin');
    await open(page, '/', 'Provider Overview');
    const card = main(page).getByTestId('expiring-soon');
    await eventually(() => card.textContent()).toContain('Expiring Soon Co');
    expect(await card.textContent()).toContain('12');
    await suite.screenshot(page, 'overview-expiring');
    expectNoViolations(await seriousA11yViolations(page, 'overview with expiring hours'));
  });
});
