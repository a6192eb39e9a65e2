import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/account/sessions.js';
import { createCompany, createTimeLogRow, createUser, purchasedHours, workedHours } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { api, eventually, expectNoViolations, expectPath, heading1, main, pathOf, seriousA11yViolations } from './support/page.js';

/*
 * The provider's overview on /dashboard (its cards, approving a sign-up from it, its links to the
 * filtered lists) and the charts (overview, customer Activities, weekly time-log view), drawn with
 * data, at desktop and phone widths — in Chromium against the real server. This file's server is
 * its own, so the overview's totals are exactly what these tests make.
 */
const suite = browserSuite();

const PHONE = { width: 390, height: 844 };
const HOUR = 60 * 60 * 1000;

const card = (page: Page, name: string | RegExp) => main(page).getByRole('region', { name });
const bars = (page: Page, testId: string) => page.getByTestId(testId).locator('.recharts-bar-rectangle path');

async function openOverview(page: Page) {
  await page.goto('/dashboard');
  await heading1(page, 'Provider Overview').waitFor();
  // the week's progress bar is a progressbar too, so only the cards' loaders are waited for
  await eventually(() => main(page).locator('.mantine-Loader-root').count()).toBe(0);
}

/** A company with two sign-ups awaiting approval, three invoices in three states and 12.5 hours logged just now. */
async function seedProviderData(bossId: string) {
  const company = await createCompany(suite.db, { companyName: 'Globex Overview' });
  await createUser(suite.db, { approved: false, companyId: company.id, firstName: 'Ann', lastName: 'Waiting', password: null, createdAt: new Date(Date.now() - 2 * HOUR) });
  await createUser(suite.db, { approved: false, companyId: company.id, firstName: 'Bob', lastName: 'Waiting', password: null, createdAt: new Date(Date.now() - HOUR) });
  const { token } = await createSession(suite.db, bossId, new Date());
  const invoice = async (hours: number) => {
    const response = await api(suite.url, 'POST', '/superadmin/invoices', { token, body: { company: company.id, description: 'Block', hours, rate: 50, sendInvoiceEmail: false } });
    expect(response.status).toBe(200);
    return String(response.body._id);
  };
  const pay = async (invoiceId: string, amount: number, status = 'completed') =>
    expect((await api(suite.url, 'POST', '/superadmin/payments', { token, body: { company: company.id, invoice: invoiceId, amount, method: 'ACH', status, sendEmail: false } })).status).toBe(200);
  await invoice(2); // $100 unpaid
  const partly = await invoice(4); // $200, $50 paid, a failed $100 that does not count
  await pay(partly, 50);
  await pay(partly, 100, 'failed');
  await pay(await invoice(1), 50); // paid in full
  await createTimeLogRow(suite.db, { companyId: company.id, timeStamp: new Date(Date.now() - 60_000), hundredths: 1250 });
  return company;
}

describe('provider overview', () => {
  // first, while this file's server has no logs: a week without hours has no rating to give
  it('says no hours are logged yet, not a rating, in a week without logs', async () => {
    const { page } = await suite.signedInPage('superadmin');
    await openOverview(page);
    expect(await card(page, 'Hours This Week').getByTestId('week-hours').innerText()).toBe('0 of 35 hours');
    expect(await card(page, 'Hours This Week').getByTestId('week-rating').innerText()).toBe('No hours logged yet');
  });

  it('shows the cards with their figures and the monthly chart, approves a sign-up from the card, and opens each list filtered', async () => {
    const { page, user } = await suite.signedInPage('superadmin');
    await seedProviderData(user.id);
    await openOverview(page);

    const signups = card(page, /^Sign-ups Awaiting Approval \(\d+\)$/);
    await eventually(() => signups.getByRole('heading').innerText()).toBe('Sign-ups Awaiting Approval (2)');
    expect(await signups.getByRole('listitem').count()).toBe(2);
    expect(await card(page, 'Receivables').getByTestId('total-receivable').innerText()).toBe('$250');
    expect(await card(page, 'Receivables').innerText()).toMatch(/Unpaid invoices\s+1\s+Partly paid invoices\s+1/);
    expect(await card(page, 'Hours This Week').getByTestId('week-hours').innerText()).toBe('12.5 of 35 hours');
    expect(await card(page, 'Hours This Week').getByTestId('week-rating').innerText()).toBe('Light');
    const chart = card(page, /^Hours per Month/);
    await eventually(() => chart.locator('.recharts-bar-rectangle path').count()).toBeGreaterThan(0);
    expect(await chart.getByRole('figure').getAttribute('aria-label')).toMatch(/^Bar chart of the last 12 months: 7 hours sold, 12.5 hours used, and 6 hours on invoices not yet paid in full\.$/);
    expect(await chart.locator('table tbody tr').count()).toBe(12);
    expectNoViolations(await seriousA11yViolations(page, 'overview'));
    await suite.screenshot(page, 'overview-01-desktop');

    await signups.getByRole('button', { name: 'Approve Bob Waiting' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Activate and Send Email' }).click();
    await eventually(() => signups.getByRole('heading').innerText()).toBe('Sign-ups Awaiting Approval (1)');
    expect(await signups.getByRole('listitem').innerText()).toContain('Ann Waiting');

    await signups.getByRole('link', { name: 'View Awaiting Approval' }).click();
    await expectPath(page, '/allusers');
    expect(new URL(page.url()).search).toBe('?awaitingApproval=true');
    expect(await page.getByRole('switch', { name: 'Awaiting approval only' }).isChecked()).toBe(true);
    await eventually(() => main(page).locator('tbody tr').allInnerTexts()).toEqual([expect.stringContaining('Ann')]);

    await openOverview(page);
    await card(page, 'Receivables').getByRole('link', { name: 'View Unpaid Invoices' }).click();
    await expectPath(page, '/allinvoices');
    expect(await page.getByRole('switch', { name: 'Unpaid and partly paid only' }).isChecked()).toBe(true);
    await eventually(() => main(page).locator('tbody tr').count()).toBe(2);
    await page.getByRole('switch', { name: 'Unpaid and partly paid only' }).click({ force: true });
    await eventually(() => main(page).locator('tbody tr').count()).toBe(3);
    expect(new URL(page.url()).search).toBe('');

    await openOverview(page);
    await card(page, 'Hours This Week').getByRole('link', { name: 'View Weekly Time Logs' }).click();
    await expectPath(page, '/dailytimelogs');
    await eventually(() => bars(page, 'weekly-hours-chart').count()).toBe(1);
    expect(await page.getByTestId('weekly-hours-chart').locator('.recharts-reference-line').count()).toBe(1);
    expectNoViolations(await seriousA11yViolations(page, 'weekly view'));
    await suite.screenshot(page, 'overview-02-weekly-chart');
  });

  it('fits a phone: one column, the chart within the screen', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: PHONE });
    await openOverview(page);
    await eventually(() => card(page, /^Hours per Month/).locator('.recharts-surface').count()).toBe(1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await suite.screenshot(page, 'overview-03-phone');
  });
});

describe('customer charts', () => {
  it("keeps the company dashboard, and draws the company's hours per week on Activities at desktop and phone widths", async () => {
    const { page, user, companyName } = await suite.signedInPage('admin');
    const companyId = user.companyId!;
    await purchasedHours(suite.db, companyId, 2000, '20 hours', new Date(Date.now() - 14 * 24 * HOUR), true);
    await workedHours(suite.db, companyId, 350, 'Migration', new Date(Date.now() - 7 * 24 * HOUR));
    await workedHours(suite.db, companyId, 125, 'Call', new Date(Date.now() - HOUR));

    await page.goto('/dashboard');
    await heading1(page, `${companyName} - Dashboard`).waitFor();
    expect(await page.getByRole('heading', { name: 'Provider Overview' }).count()).toBe(0);

    await page.goto('/activities');
    const chart = page.getByTestId('usage-chart');
    await eventually(() => bars(page, 'usage-chart').count()).toBe(3);
    expect(await chart.getByRole('figure').getAttribute('aria-label')).toBe('Bar chart of the last 12 weeks: 4.75 hours used and 20 hours purchased in all.');
    expect(await chart.locator('table tbody tr').count()).toBe(12);
    expectNoViolations(await seriousA11yViolations(page, 'activities'));
    await suite.screenshot(page, 'charts-01-activities-desktop');

    await page.setViewportSize(PHONE);
    await page.reload();
    await eventually(() => bars(page, 'usage-chart').count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await suite.screenshot(page, 'charts-02-activities-phone');
    expect(pathOf(page)).toBe('/activities');
  });
});
