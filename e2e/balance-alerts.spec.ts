import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { unwatchedLedger } from '../src/server/modules/activities/company-hours.js';
import { addInvoiceHours, completeInvoiceHours, recordTimeLogHours } from '../src/server/modules/activities/ledger.js';
import { createCompany, createInvoiceRow, createTimeLogRow, createUser } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { chooseRowAction, eventually, expectNoViolations, firstColumn, heading1, main, searchList, seriousA11yViolations, spinner, expectNoDialog } from './support/page.js';

/*
 * Low-balance alerts on screen (docs/product-rules.md#low-balance-alerts-and-the-run-out-forecast):
 * the threshold in the company dialog, the 24-hour warning before a repeat email, the bulk send of
 * the filtered list, the running-low filter in the address, and the customer dashboard's sentence.
 */
const suite = browserSuite();

const DAY_MS = 24 * 60 * 60 * 1000;

async function paidHours(companyId: string, hours: number) {
  await suite.db.transaction(async (tx) => {
    const invoice = await createInvoiceRow(tx, { companyId, hundredths: Math.round(hours * 100) });
    const now = new Date();
    await addInvoiceHours(unwatchedLedger, tx, { companyId, invoiceId: invoice.id, hundredths: Math.round(hours * 100), description: 'Hours', timeStamp: now, now });
    await completeInvoiceHours(unwatchedLedger, tx, invoice.id);
  });
}

async function workLogged(companyId: string, hours: number, timeStamp = new Date()) {
  await suite.db.transaction(async (tx) => {
    const log = await createTimeLogRow(tx, { companyId, hundredths: Math.round(hours * 100), timeStamp });
    await recordTimeLogHours(unwatchedLedger, tx, { companyId, timeLogId: log.id, hundredths: Math.round(hours * 100), description: 'Work', timeStamp, now: new Date() });
  });
}

/** A company with an approved admin and that balance. */
async function companyWith(companyName: string, balance: number) {
  const company = await createCompany(suite.db, { companyName });
  await createUser(suite.db, { companyId: company.id, role: 'admin' });
  if (balance > 0) await paidHours(company.id, balance);
  if (balance < 0) await workLogged(company.id, -balance);
  return company;
}

async function row(companyId: string) {
  const { companies } = suite.db.t;
  const [found] = await suite.db.select().from(companies).where(eq(companies.id, companyId));
  return found!;
}
const rowOf = (page: Page, name: string) => main(page).locator('tbody tr').filter({ has: page.getByRole('cell', { name, exact: true }) });
const dialog = (page: Page) => page.getByRole('dialog');
const notifications = (page: Page) => page.locator('.mantine-Notification-description').allTextContents();

async function openCompanies(page: Page, search: string, path = '/companies') {
  await page.goto(path);
  await heading1(main(page), 'Company List').waitFor();
  await eventually(() => main(page).getByRole('cell').count()).toBeGreaterThan(0);
  await searchList(page, main(page).getByRole('textbox', { name: 'Search' }), search, 'superadmin.companies.list');
}

describe('Company List: low-balance threshold, warnings and the bulk send', () => {
  it("sets a company's own threshold in the dialog, the provider's default shown while it is empty", async () => {
    const company = await companyWith('Threshold Harbor', 8);
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'Threshold Harbor');
    await chooseRowAction(page, rowOf(page, 'Threshold Harbor'), 'Edit Company');
    const field = dialog(page).getByRole('textbox', { name: 'Low-Balance Threshold (hours)' });
    await eventually(() => field.getAttribute('placeholder')).toBe('Default: 5');
    expect(await field.inputValue()).toBe('');
    await field.fill('12.5');
    await suite.screenshot(page, 'alerts-01-threshold-dialog');
    await dialog(page).getByRole('button', { name: 'Update' }).click();
    await expectNoDialog(page);
    expect((await row(company.id)).lowBalanceHundredths).toBe(1250);

    await chooseRowAction(page, rowOf(page, 'Threshold Harbor'), 'Edit Company');
    expect(await dialog(page).getByRole('textbox', { name: 'Low-Balance Threshold (hours)' }).inputValue()).toBe('12.5');
    await dialog(page).getByRole('textbox', { name: 'Low-Balance Threshold (hours)' }).fill('');
    await dialog(page).getByRole('button', { name: 'Update' }).click();
    await expectNoDialog(page);
    expect((await row(company.id)).lowBalanceHundredths).toBeNull();
  });

  it('warns before sending the same balance email again within 24 hours, and shows when it went', async () => {
    const { companies } = suite.db.t;
    const company = await companyWith('Warned Harbor', 3);
    await suite.db.transaction((tx) => tx.update(companies).set({ runningLowEmailedAt: new Date(Date.now() - 3 * 60 * 60 * 1000 - 60_000) }).where(eq(companies.id, company.id)));
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'Warned Harbor');
    await eventually(() => rowOf(page, 'Warned Harbor').locator('td').nth(4).textContent()).toBe('Running low 3 hours ago');
    await chooseRowAction(page, rowOf(page, 'Warned Harbor'), 'Send Running Low Balance Email');
    await eventually(() => dialog(page).getByTestId('recently-sent').textContent()).toBe(
      'A running-low balance email was already sent to Warned Harbor 3 hours ago. Send another?',
    );
    expectNoViolations(await seriousA11yViolations(page, 'the repeat warning'));
    await suite.screenshot(page, 'alerts-02-repeat-warning');
    await dialog(page).getByRole('button', { name: 'Send Email' }).click();
    await eventually(() => notifications(page)).toContain('A running-low balance email was sent to 1 user of Warned Harbor.');
    await eventually(() => rowOf(page, 'Warned Harbor').locator('td').nth(4).textContent()).toBe('Running low just now');

    // 3 hours left: the negative email is not offered
    await rowOf(page, 'Warned Harbor').getByRole('button', { name: 'Actions for Warned Harbor' }).click();
    expect(await page.getByRole('menuitem', { name: 'Send Negative Balance Email' }).isDisabled()).toBe(true);
  });

  it('emails every running-low company the filtered list shows, once', async () => {
    const { outbox } = suite.db.t;
    const low = await companyWith('Bulkhead Low', 2);
    const negative = await companyWith('Bulkhead Negative', -1.5);
    const fine = await companyWith('Bulkhead Fine', 40);
    await companyWith('Elsewhere Low', 1);
    const outboxBefore = (await suite.db.select().from(outbox)).length;
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'Bulkhead');
    await main(page).getByRole('button', { name: 'Email every running-low company' }).click();
    await eventually(() => dialog(page).textContent()).toContain(
      'Email every running-low company the current search and filters show? A company with a negative balance gets the negative balance email.',
    );
    await suite.screenshot(page, 'alerts-03-bulk-confirm');
    await dialog(page).getByRole('button', { name: 'Send Emails' }).click();
    await eventually(() => notifications(page)).toContain('Balance emails were sent to 2 companies.');
    const queued = (await suite.db.select().from(outbox)).slice(outboxBefore);
    expect(queued.map((email) => email.subject.split(' — ')[0]).sort()).toEqual(['Your hour balance is negative', 'Your hour balance is running low']);
    expect((await row(low.id)).runningLowEmailedAt).not.toBeNull();
    expect((await row(negative.id)).negativeEmailedAt).not.toBeNull();
    expect((await row(fine.id)).runningLowEmailedAt).toBeNull();

    await main(page).getByRole('button', { name: 'Email every running-low company' }).click();
    await dialog(page).getByRole('button', { name: 'Send Emails' }).click();
    await eventually(() => notifications(page)).toContain(
      'Balance emails were sent to 0 companies. 2 companies skipped: emailed within the last 24 hours or without approved users.',
    );
  });

  it("lists the running-low companies on the provider overview, whose card opens the list filtered, on a phone too", async () => {
    await companyWith('Linked Deepest', -50);
    await companyWith('Linked Fine', 30);
    for (const [width, name] of [[1280, 'alerts-04-running-low'], [390, 'alerts-05-running-low-phone']] as const) {
      const { page } = await suite.signedInPage('superadmin', { viewport: { width, height: 800 } });
      await page.goto('/dashboard');
      const card = main(page).getByRole('region', { name: /^Running Low \(\d+\)$/ });
      const firstRow = async () => (await card.locator('tbody tr').first().locator('td').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
      await eventually(firstRow).toEqual(['Linked Deepest Threshold 5 hours', '-50', 'Out of hours']);
      await suite.screenshot(page, `${name}-card`);
      await card.getByRole('link', { name: 'View Running Low' }).click();
      await heading1(main(page), 'Company List').waitFor();
      expect(await main(page).getByRole('switch', { name: 'Only running low' }).isChecked()).toBe(true);
      await searchList(page, main(page).getByRole('textbox', { name: 'Search' }), 'Linked', 'superadmin.companies.list');
      await eventually(() => firstColumn(page)).toEqual(['Linked Deepest']);
      await suite.screenshot(page, `${name}-list`);
    }
  });
});

describe('Customer dashboard: the run-out forecast', () => {
  it('says how long the hours last at the recent pace, and nothing without recent use', async () => {
    const { page, user } = await suite.signedInPage('member', { viewport: { width: 390, height: 900 } });
    const companyId = user.companyId!;
    await paidHours(companyId, 40);
    // 24 hours over the last 8 whole weeks: 3 a week
    await workLogged(companyId, 24, new Date(Date.now() - 14 * DAY_MS));
    await page.goto('/dashboard');
    await eventually(() => spinner(page).count()).toBe(0);
    const sentence = main(page).getByTestId('run-out-forecast');
    await eventually(() => sentence.textContent()).toMatch(/^At your recent pace of 3 hours a week, your hours last until about [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await suite.screenshot(page, 'alerts-06-dashboard-forecast-phone');

    const idle = await suite.signedInPage('member');
    await paidHours(idle.user.companyId!, 10);
    await idle.page.goto('/dashboard');
    await eventually(() => spinner(idle.page).count()).toBe(0);
    await main(idle.page).getByText('Recent Purchase: 10.00 Hours').waitFor();
    expect(await main(idle.page).getByTestId('run-out-forecast').count()).toBe(0);
  });
});
