import { desc, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/account/sessions.js';
import { createCompany, createTask, createUser, workedHours } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { LIST_ROW, api, eventually, expectNoViolations, expectPath, heading1, main, searchList, seriousA11yViolations, spinner } from './support/page.js';

/*
 * A company's page (/companies/:id): reached from the Company List by the company's name, its
 * figures and paged lists, each list's link to the full list filtered to the company, and the
 * balance email shown before it goes (docs/product-rules.md#the-company-page).
 */
const suite = browserSuite();

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const TAG = `Cp${Date.now().toString(36)}`;
const NAME = `${TAG} Pagefirm Holdings`;
const OTHER = `${TAG} Otherfirm`;
const DAY = 24 * 60 * 60 * 1000;
/** Two axe runs on a long page take a while on a busy machine. */
const AXE_TIMEOUT = 120_000;

let companyId = '';
let recipients: string[] = [];

/** An invoice of `hours` at 100 dollars, paid in full when `paid`, made through the REST mirror as the back office makes it. */
async function invoiceFor(token: string, company: string, hours: number, paid: boolean) {
  const invoice = await api(suite.url, 'POST', '/superadmin/invoices', {
    token,
    body: { sendInvoiceEmail: false, company, description: `${TAG} ${hours} hours`, hours, rate: 100, transactionDate: new Date(Date.now() - 40 * DAY).toISOString() },
  });
  expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
  if (!paid) return;
  const payment = await api(suite.url, 'POST', '/superadmin/payments', {
    token,
    body: { method: 'ACH', sendEmail: false, company, invoice: invoice.body._id, amount: hours * 100, description: `${TAG} payment` },
  });
  expect(payment.status, JSON.stringify(payment.body)).toBe(200);
}

beforeAll(async () => {
  const boss = await createUser(suite.db, { role: 'superadmin', companyId: null });
  const { token } = await createSession(suite.db, boss.id, new Date());
  const company = await createCompany(suite.db, { companyName: NAME, companyPhone: '+1 555 0100', website: 'https://pagefirm.example' });
  companyId = company.id;
  const admin = await createUser(suite.db, { companyId, role: 'admin', firstName: 'Ada', lastName: TAG });
  const member = await createUser(suite.db, { companyId, role: 'member', firstName: 'Bob', lastName: TAG });
  recipients = [admin.emailAddress, member.emailAddress].sort();
  await createTask(suite.db, { companyId, title: `${TAG} migrate billing`, priority: 2 });
  await createTask(suite.db, { companyId, title: `${TAG} review reports`, priority: 5 });
  // 40 hours bought and paid, 36 used over the last weeks: 4 left, at or below the 5-hour threshold
  await invoiceFor(token, companyId, 40, true);
  for (let n = 0; n < 12; n += 1) await workedHours(suite.db, companyId, 300, `${TAG} work ${n + 1}`, new Date(Date.now() - (30 - 2 * n) * DAY));
  const other = await createCompany(suite.db, { companyName: OTHER });
  await invoiceFor(token, other.id, 10, false);
});

const section = (page: Page, title: string): Locator => main(page).getByRole('region', { name: title, exact: true });
const rowsIn = (within: Locator) => within.locator(`${LIST_ROW}, [data-testid="list-card"]`);
const sectionHeadings = (page: Page) => main(page).getByRole('heading', { level: 2 }).allInnerTexts();
const figure = (page: Page, label: string) => main(page).getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]').innerText();

async function openCompanyPage(page: Page) {
  await page.goto(`/companies/${companyId}`);
  await heading1(main(page), NAME).waitFor();
  await eventually(() => spinner(page).count()).toBe(0);
}

describe('a company’s page', () => {
  it('opens from the Company List by the company’s name, with its figures, actions and paged lists', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: DESKTOP });
    await page.goto('/companies');
    await heading1(main(page), 'Company List').waitFor();
    await searchList(page, main(page).getByRole('textbox', { name: 'Search' }), TAG, 'superadmin.companies.list');
    await eventually(() => main(page).locator(LIST_ROW).count()).toBe(2);
    await main(page).getByRole('link', { name: NAME, exact: true }).click();
    await expectPath(page, `/companies/${companyId}`);
    await heading1(main(page), NAME).waitFor();
    expect(await page.title()).toContain(NAME);

    expect(await figure(page, 'Hour Balance')).toBe('4 h');
    expect(await figure(page, 'Pending Activation')).toBe('0 h');
    expect(await figure(page, 'Running-Low Threshold')).toBe('5 h');
    expect(await figure(page, 'Runs Out')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    for (const label of ['Edit Company', 'Log Time', 'New Invoice', 'Send Running Low Balance Email']) {
      expect(await main(page).getByRole('button', { name: label, exact: true }).isVisible(), label).toBe(true);
    }

    await eventually(() => sectionHeadings(page)).toEqual(['Invoices (1)', 'Payments (1)', 'Activities (13)', 'Open Tasks (2)', 'Time Logs (12)', 'Users (2)', expect.stringMatching(/^History \(\d+\)$/)]);
    // Activities page 10 entries at a time, newest first, with the running balance
    const ledger = section(page, 'Activities');
    expect(await rowsIn(ledger).count()).toBe(10);
    expect(await rowsIn(ledger).first().locator('td').allInnerTexts()).toEqual([expect.any(String), `${TAG} work 12`, 'Time logged', '-3', '4']);
    await ledger.getByRole('button', { name: 'Page 2', exact: true }).click();
    await eventually(() => rowsIn(ledger).count()).toBe(3);
    expect(await rowsIn(ledger).last().locator('td').nth(3).innerText()).toBe('40');
    // only this company's rows, without a Company column
    expect(await section(page, 'Invoices').locator('thead th').allInnerTexts()).not.toContain('Company');
    expect(await rowsIn(section(page, 'Open Tasks')).locator('td:first-child').allInnerTexts()).toEqual([`${TAG} migrate billing`, `${TAG} review reports`]);

    await suite.screenshot(page, 'company-page-1280');
    expectNoViolations(await seriousA11yViolations(page, 'company page at 1280 px'));
  });

  it('leads from each list to the full list, opened filtered to the company', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: DESKTOP });
    for (const [title, link, path, heading, rows] of [
      ['Invoices', `All invoices of ${NAME}`, '/allinvoices', 'Invoices', 1],
      ['Payments', `All payments of ${NAME}`, '/allpayments', 'Payments', 1],
      ['Open Tasks', `All open tasks of ${NAME}`, '/alltasks', 'Open Tasks', 2],
      ['Time Logs', `All time logs of ${NAME}`, '/timelogs', 'Time Logs', 12],
      ['Users', `All users of ${NAME}`, '/allusers', 'Users', 2],
    ] as const) {
      await openCompanyPage(page);
      await section(page, title).getByRole('link', { name: link }).click();
      await eventually(() => { const url = new URL(page.url()); return `${url.pathname}${url.search}`; }).toBe(`${path}?company=${companyId}`);
      await heading1(main(page), heading).waitFor();
      await eventually(() => main(page).locator(LIST_ROW).count(), 10_000, path).toBe(rows);
      await eventually(() => main(page).getByLabel('Filter by Company', { exact: true }).inputValue(), 10_000, path).toBe(NAME);
      // every row is the company's, and its name leads back to its page
      const names = await main(page).locator(LIST_ROW).getByRole('link', { name: NAME, exact: true }).count();
      expect(names, path).toBe(rows);
    }
    await suite.screenshot(page, 'company-page-see-all-users');
  });

  it('shows the balance email the balance calls for, as the server renders it, then sends it', async () => {
    const { outbox } = suite.db.t;
    const { page } = await suite.signedInPage('superadmin', { viewport: DESKTOP });
    await openCompanyPage(page);
    await main(page).getByRole('button', { name: 'Send Running Low Balance Email', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Send Email' });
    await dialog.waitFor();
    const preview = dialog.getByTestId('email-preview');
    await eventually(() => preview.textContent()).toContain('Subject: Your hour balance is running low');
    const shown = await preview.innerText();
    const subject = (/Subject: (.+)/.exec(shown)?.[1] ?? '').trim();
    const body = await preview.getByTestId('email-preview-body').innerText();
    for (const address of recipients) expect(shown).toContain(address);
    expect(shown).toContain(`Hello ${NAME} team,`);
    expect(shown).toContain('is running low: 4 hours left.');
    await page.waitForTimeout(300);
    await suite.screenshot(page, 'company-page-email-preview');
    expectNoViolations(await seriousA11yViolations(page, 'balance email preview'));

    await dialog.getByRole('button', { name: 'Send Email', exact: true }).click();
    await eventually(() => page.locator('.mantine-Notification-description').allInnerTexts()).toContain(`A running-low balance email was sent to 2 users of ${NAME}.`);
    // what went out is what was shown: the same subject and body
    const [sent] = await suite.db.select().from(outbox).where(eq(outbox.subject, subject)).orderBy(desc(outbox.createdAt)).limit(1);
    expect(sent?.toAddresses.split(', ').sort()).toEqual(recipients);
    expect(sent?.textBody).toBe(body);
    await eventually(() => main(page).getByText(/Balance emails: Running low just now/).count()).toBe(1);
  });

  it('says so for an unknown company', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: DESKTOP });
    await page.goto('/companies/no-such-company');
    await heading1(main(page), 'Company not found').waitFor();
    await main(page).getByRole('link', { name: 'Back to the Company List' }).click();
    await heading1(main(page), 'Company List').waitFor();
  });

  for (const [viewport, scheme] of [[PHONE, 'light'], [DESKTOP, 'dark'], [PHONE, 'dark']] as const) {
    it(`fits ${viewport.width} px in ${scheme} mode and passes axe there, with the email preview`, async () => {
      const { page } = await suite.signedInPage('superadmin', { viewport });
      await page.emulateMedia({ colorScheme: scheme });
      await openCompanyPage(page);
      await eventually(() => rowsIn(section(page, 'Users')).count()).toBe(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await suite.screenshot(page, `company-page-${viewport.width}-${scheme}`);
      const report = await seriousA11yViolations(page, `company page at ${viewport.width} px, ${scheme}`);
      await main(page).getByRole('button', { name: 'Send Running Low Balance Email', exact: true }).click();
      await eventually(() => page.getByTestId('email-preview').count()).toBe(1);
      await page.waitForTimeout(300);
      await suite.screenshot(page, `company-page-email-preview-${viewport.width}-${scheme}`);
      report.push(...(await seriousA11yViolations(page, `email preview at ${viewport.width} px, ${scheme}`)));
      expectNoViolations(report);
    }, AXE_TIMEOUT);
  }

  it('passes axe on the not-found state', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: DESKTOP });
    await page.goto('/companies/no-such-company');
    await heading1(main(page), 'Company not found').waitFor();
    await suite.screenshot(page, 'company-page-not-found');
    expectNoViolations(await seriousA11yViolations(page, 'company not found'));
  });
});
