import { eq } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { unwatchedLedger } from '../src/server/modules/activities/company-hours.js';
import { addInvoiceHours, completeInvoiceHours, recordTimeLogHours } from '../src/server/modules/activities/ledger.js';
import { createCompany, createInvoiceRow, createTask, createTimeLogRow, createUser } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { LIST_ROW, chooseRowAction, coloursOf, eventually, expectNoViolations, failCalls, heading1, holdCalls, isReddish, main, searchList, seriousA11yViolations, columnValues, expectNoDialog } from './support/page.js';

/*
 * The super-admin Company List (/companies): the list, the company dialog, balance emails and the
 * scheduler (docs/product-rules.md#companies-balance-emails-and-the-scheduler), their failures and
 * decimals — in Chromium against the real server, whose scheduler
 * webhook is a small HTTP server started here.
 */

type Webhook = { url: string; received: unknown[]; contentTypes: (string | undefined)[]; status: number; close: () => Promise<void> };

/** The external scheduling endpoint: records each JSON body it is posted, answers `status`. */
async function startWebhook(): Promise<Webhook> {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      webhook.received.push(JSON.parse(body));
      webhook.contentTypes.push(request.headers['content-type']);
      response.statusCode = webhook.status;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const webhook: Webhook = {
    url: `http://127.0.0.1:${port}/hook`,
    received: [],
    contentTypes: [],
    status: 200,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return webhook;
}

const webhook = await startWebhook();
const suite = browserSuite({ SCHEDULER_WEBHOOK_URL: webhook.url });
afterAll(() => webhook.close());

const DELETE_QUESTION = 'Are you sure you want to DELETE this Company?';
const UNKNOWN_NETWORK_ERROR = 'An unknown network error occurred.';

// --- data, written the way the server writes it: the ledger holds the hours ---------------------

const hundredths = (hours: number) => Math.round(hours * 100);

/** Paid hours: an invoice whose TimeAdd entry is completed. */
async function paidHours(companyId: string, hours: number) {
  await suite.db.transaction(async (tx) => {
    const invoice = await createInvoiceRow(tx, { companyId, hundredths: hundredths(hours) });
    const now = new Date();
    await addInvoiceHours(unwatchedLedger, tx, { companyId, invoiceId: invoice.id, hundredths: hundredths(hours), description: 'Hours', timeStamp: now, now });
    await completeInvoiceHours(unwatchedLedger, tx, invoice.id);
  });
}

/** Bought, not yet paid: counts as pending, not toward the balance. */
async function pendingHours(companyId: string, hours: number) {
  await suite.db.transaction(async (tx) => {
    const invoice = await createInvoiceRow(tx, { companyId, hundredths: hundredths(hours) });
    const now = new Date();
    await addInvoiceHours(unwatchedLedger, tx, { companyId, invoiceId: invoice.id, hundredths: hundredths(hours), description: 'Hours', timeStamp: now, now });
  });
}

/** Work logged: a time log and its (negative) ledger entry. */
async function workLogged(companyId: string, hours: number) {
  await suite.db.transaction(async (tx) => {
    const log = await createTimeLogRow(tx, { companyId, hundredths: hundredths(hours) });
    const now = new Date();
    await recordTimeLogHours(unwatchedLedger, tx, { companyId, timeLogId: log.id, hundredths: hundredths(hours), description: 'Work', timeStamp: now, now });
  });
}

/** A company with that hour balance (bought and paid, or worked beyond) and that many open tasks. */
async function companyWith(companyName: string, { balance = 0, openTasks = 0 }: { balance?: number; openTasks?: number } = {}) {
  const company = await createCompany(suite.db, { companyName });
  if (balance > 0) await paidHours(company.id, balance);
  if (balance < 0) await workLogged(company.id, -balance);
  for (let i = 0; i < openTasks; i += 1) await createTask(suite.db, { companyId: company.id });
  return company;
}

// --- the screen ------------------------------------------------------------------------------------

const rowsOf = (page: Page) => main(page).locator(LIST_ROW);
const rowOf = (page: Page, name: string) => rowsOf(page).filter({ has: page.getByRole('cell', { name, exact: true }) });
/** Company Name, Hour Balance and Open Tasks of each visible row. */
const tableRows = (page: Page) =>
  rowsOf(page).evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent)));
const namesShown = (page: Page) => rowsOf(page).locator('td:first-child').allTextContents();
const searchBox = (page: Page) => main(page).getByRole('textbox', { name: 'Search' });
const onlyPositiveSwitch = (page: Page) => main(page).getByRole('switch', { name: 'Only positive hours & open tasks' });
const pageButton = (page: Page, number: number) => main(page).getByRole('button', { name: `Page ${number}`, exact: true });
const dialog = (page: Page) => page.getByRole('dialog');
const dialogTitle = (page: Page) => dialog(page).locator('.mantine-Modal-title').textContent();
const alertIn = (within: Locator) => within.getByRole('alert');

async function openCompanies(page: Page, search?: string) {
  await page.goto('/companies');
  await heading1(main(page), 'Company List').waitFor();
  await eventually(() => main(page).locator('td, [data-testid="list-card"]').count()).toBeGreaterThan(0);
  if (search !== undefined) await searchList(page, searchBox(page), search, 'superadmin.companies.list');
}

/** A click on the dimmed backdrop, left of any centred dialog. */
async function clickBackdrop(page: Page) {
  await page.mouse.click(8, 400);
  await page.waitForTimeout(300);
}

async function notificationTexts(page: Page): Promise<string[]> {
  return page.locator('.mantine-Notification-description').allTextContents();
}

describe('Company List (/companies)', () => {
  it('shows the title, the toolbar icons with their names, the Company Name, Hour Balance, Open Tasks, Runs Out, Balance Emails, Actions columns, and balances with at most 2 decimals', async () => {
    const alpha = await companyWith('Ledger Alpha', { balance: 12.5, openTasks: 2 });
    await pendingHours(alpha.id, 3);
    await createTask(suite.db, { companyId: alpha.id, done: true });
    await createTask(suite.db, { companyId: alpha.id, deleted: true });
    const beta = await companyWith('Ledger Beta', { balance: 10 });
    await workLogged(beta.id, 11.25);
    await companyWith('Ledger Gamma', { balance: 7.1, openTasks: 1 });
    await companyWith('Ledger Delta');

    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'ledger');
    expect(await page.title()).toContain('Company List');
    expect(await main(page).locator('thead th').allTextContents()).toEqual(['Company Name', 'Hour Balance', 'Open Tasks', 'Runs Out', 'Balance Emails', 'Actions']);
    await eventually(() => tableRows(page)).toEqual([
      ['Ledger Alpha', '12.5', '2'],
      ['Ledger Beta', '-1.25', '0'],
      ['Ledger Delta', '0', '0'],
      ['Ledger Gamma', '7.1', '1'],
    ]);
    const balanceColour = async (name: string) => (await coloursOf(rowOf(page, name).locator('td').nth(1).locator('span'))).color;
    expect(isReddish(await balanceColour('Ledger Beta')), 'a negative balance is red').toBe(true);
    expect(isReddish(await balanceColour('Ledger Alpha')), 'a positive balance is not red').toBe(false);
    // the company's name leads to its page; its actions are a labelled menu
    expect(await rowOf(page, 'Ledger Alpha').getByRole('link', { name: 'Ledger Alpha' }).getAttribute('href')).toBe(`/companies/${alpha.id}`);
    await rowOf(page, 'Ledger Alpha').getByRole('button', { name: 'Actions for Ledger Alpha' }).click();
    // the menu opens after the click has returned: read its items once they are there
    await page.getByRole('menuitem').first().waitFor();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
      'Edit Company',
      'Delete Company',
      'Send Running Low Balance Email\n\nThe balance is above the 5-hour threshold.',
      'Send Negative Balance Email\n\nOnly for a balance below 0.',
    ]);
    expect(await page.getByRole('menuitem', { name: 'Send Negative Balance Email' }).isDisabled()).toBe(true);
    await suite.screenshot(page, 'companies-01-row-actions');
    await page.keyboard.press('Escape');

    // the add button says what it does; the icon buttons name themselves in a tooltip
    await main(page).getByRole('button', { name: 'Add Company', exact: true }).getByText('Add Company').waitFor();
    for (const name of ['Email every running-low company', 'Open Scheduler', 'Refresh List']) {
      const button = main(page).getByRole('button', { name, exact: true });
      await button.hover();
      await eventually(() => page.getByRole('tooltip', { name, exact: true }).isVisible(), 3_000, `tooltip of ${name}`).toBe(true);
    }
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await suite.screenshot(page, 'companies-01-list');
  });

  it('Refresh List fetches the list again', async () => {
    await companyWith('Refresh First');
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'Refresh');
    await eventually(() => namesShown(page)).toEqual(['Refresh First']);
    await companyWith('Refresh Second', { balance: 2 });
    await main(page).getByRole('button', { name: 'Refresh List' }).click();
    await eventually(() => tableRows(page)).toEqual([
      ['Refresh First', '0', '0'],
      ['Refresh Second', '2', '0'],
    ]);
  });

  it('searches company names case-insensitively, anywhere in the name', async () => {
    for (const name of ['Findme Harbor', 'Lakeside FINDME Works', 'Nothing Here Ltd']) await companyWith(name);
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'findme');
    await eventually(() => namesShown(page)).toEqual(['Findme Harbor', 'Lakeside FINDME Works']);
    await searchBox(page).fill('HARB');
    await eventually(() => namesShown(page)).toEqual(['Findme Harbor']);
    await searchBox(page).fill('side findme w');
    await eventually(() => namesShown(page)).toEqual(['Lakeside FINDME Works']);
    await searchBox(page).fill('findme nowhere');
    await eventually(() => main(page).getByText('No Companies Found', { exact: true }).isVisible()).toBe(true);
  });

  it("the switch 'Only positive hours & open tasks' keeps companies with a balance above 0 and at least one open task", async () => {
    await companyWith('Switch Keeps', { balance: 0.01, openTasks: 1 });
    await companyWith('Switch No Tasks', { balance: 5 });
    await companyWith('Switch Zero Hours', { openTasks: 2 });
    await companyWith('Switch Negative', { balance: -2, openTasks: 3 });
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'Switch ');
    await eventually(() => namesShown(page)).toEqual(['Switch Keeps', 'Switch Negative', 'Switch No Tasks', 'Switch Zero Hours']);
    expect(await onlyPositiveSwitch(page).isChecked()).toBe(false);
    await onlyPositiveSwitch(page).check({ force: true });
    await eventually(() => tableRows(page)).toEqual([['Switch Keeps', '0.01', '1']]);
    await onlyPositiveSwitch(page).uncheck({ force: true });
    await eventually(() => namesShown(page)).toHaveLength(4);
  });

  it('sorts by each column header, both ways; by company name ascending at first', async () => {
    await companyWith('Sorter Bravo', { balance: 10 });
    await companyWith('Sorter alpha', { balance: 3, openTasks: 2 });
    await companyWith('Sorter Charlie', { balance: -1, openTasks: 5 });
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'Sorter');
    await eventually(() => namesShown(page)).toEqual(['Sorter alpha', 'Sorter Bravo', 'Sorter Charlie']);
    const sortedColumn = () => main(page).locator('th[aria-sort]');
    expect(await sortedColumn().textContent()).toBe('Company Name');
    expect(await sortedColumn().getAttribute('aria-sort')).toBe('ascending');

    const header = (name: string) => main(page).getByRole('button', { name, exact: true });
    await header('Company Name').click();
    await eventually(() => namesShown(page)).toEqual(['Sorter Charlie', 'Sorter Bravo', 'Sorter alpha']);
    expect(await sortedColumn().getAttribute('aria-sort')).toBe('descending');

    await header('Hour Balance').click();
    await eventually(() => namesShown(page)).toEqual(['Sorter Charlie', 'Sorter alpha', 'Sorter Bravo']);
    expect(await sortedColumn().textContent()).toBe('Hour Balance');
    await header('Hour Balance').click();
    await eventually(() => namesShown(page)).toEqual(['Sorter Bravo', 'Sorter alpha', 'Sorter Charlie']);

    await header('Open Tasks').click();
    await eventually(() => namesShown(page)).toEqual(['Sorter Bravo', 'Sorter alpha', 'Sorter Charlie']);
    await header('Open Tasks').click();
    await eventually(() => namesShown(page)).toEqual(['Sorter Charlie', 'Sorter alpha', 'Sorter Bravo']);
    expect(await sortedColumn().getAttribute('aria-sort')).toBe('descending');
  });

  it('pages 25 rows by default, offers 10/25/50/100, and goes back to page 1 when the size changes', async () => {
    for (let i = 0; i < 30; i += 1) await createCompany(suite.db, { companyName: `Pager Co ${String(i).padStart(2, '0')}` });
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'Pager Co');
    // The previous answer stays on screen while the search's page loads: wait for the search's.
    await eventually(() => main(page).getByText('1–25 of 30', { exact: true }).isVisible()).toBe(true);
    await eventually(() => rowsOf(page).count()).toBe(25);
    expect(await main(page).getByLabel('Rows per page', { exact: true }).inputValue()).toBe('25');

    await pageButton(page, 2).click();
    await eventually(() => namesShown(page)).toEqual(['Pager Co 25', 'Pager Co 26', 'Pager Co 27', 'Pager Co 28', 'Pager Co 29']);

    await main(page).getByLabel('Rows per page', { exact: true }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['10', '25', '50', '100']);
    await page.getByRole('option', { name: '10', exact: true }).click();
    await eventually(() => main(page).getByText('1–10 of 30', { exact: true }).isVisible()).toBe(true);
    await eventually(async () => (await namesShown(page)).slice(0, 2)).toEqual(['Pager Co 00', 'Pager Co 01']);
    await eventually(() => rowsOf(page).count()).toBe(10);
    expect(await pageButton(page, 1).getAttribute('aria-current')).toBe('page');
  });

  it('adds a company: Add Company dialog without an id, the new row appended, every field stored', async () => {
    const { companies } = suite.db.t;
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'Newly Added');
    await eventually(() => main(page).getByText('No Companies Found', { exact: true }).isVisible()).toBe(true);
    await main(page).getByRole('button', { name: 'Add Company', exact: true }).click();
    await eventually(() => dialogTitle(page)).toBe('Add Company');
    expect(await dialog(page).getByLabel('Company Id').count()).toBe(0);
    const name = dialog(page).getByRole('textbox', { name: 'Company Name' });
    expect(await name.getAttribute('required')).not.toBeNull();
    expect(await dialog(page).getByRole('button').allTextContents()).toEqual(expect.arrayContaining(['Cancel', 'Save']));
    await name.fill('Newly Added Widgets');
    await dialog(page).getByRole('textbox', { name: 'Company Address' }).fill('1 Harbour Road, Portsmouth');
    await dialog(page).getByRole('textbox', { name: 'Company Phone' }).fill('555-0199');
    await dialog(page).getByRole('textbox', { name: 'Website' }).fill('https://widgets.example.com');
    await suite.screenshot(page, 'companies-02-add-dialog');
    await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();

    await expectNoDialog(page);
    await eventually(() => tableRows(page)).toEqual([['Newly Added Widgets', '0', '0']]);
    const stored = await suite.db.select().from(companies).where(eq(companies.companyName, 'Newly Added Widgets'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ companyAddress: '1 Harbour Road, Portsmouth', companyPhone: '555-0199', website: 'https://widgets.example.com' });
  });

  it('edits a company: Company Id shown read-only, fields filled in, the returned company replaces the row', async () => {
    const { companies } = suite.db.t;
    const company = await companyWith('Editable Before', { balance: 4.75, openTasks: 2 });
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'Editable');
    await chooseRowAction(page, rowOf(page, 'Editable Before'), 'Edit Company');
    await eventually(() => dialogTitle(page)).toBe('Edit Company');
    const id = dialog(page).getByRole('textbox', { name: 'Company Id' });
    expect(await id.inputValue()).toBe(company.id);
    expect(await id.getAttribute('readonly')).not.toBeNull();
    expect(await id.isEditable()).toBe(false);
    expect(await dialog(page).getByRole('textbox', { name: 'Company Name' }).inputValue()).toBe('Editable Before');
    expect(await dialog(page).getByRole('textbox', { name: 'Company Address' }).inputValue()).toBe(company.companyAddress);
    expect(await dialog(page).getByRole('textbox', { name: 'Company Phone' }).inputValue()).toBe(company.companyPhone);
    expect(await dialog(page).getByRole('textbox', { name: 'Website' }).inputValue()).toBe(company.website);
    await suite.screenshot(page, 'companies-03-edit-dialog');

    await dialog(page).getByRole('textbox', { name: 'Company Name' }).fill('Editable After');
    await dialog(page).getByRole('textbox', { name: 'Website' }).fill('https://after.example.com');
    await dialog(page).getByRole('button', { name: 'Update', exact: true }).click();
    await expectNoDialog(page);
    await eventually(() => tableRows(page)).toEqual([['Editable After', '4.75', '2']]);
    expect((await suite.db.select().from(companies).where(eq(companies.id, company.id)))[0]).toMatchObject({
      companyName: 'Editable After',
      website: 'https://after.example.com',
      companyAddress: company.companyAddress,
    });
  });

  it('keeps a failed save in the dialog under Error: the server message, or the generic one of a 500', async () => {
    await companyWith('Failing Save Co');
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'Failing Save');

    // No client check: the server refuses an empty name with its own message.
    await main(page).getByRole('button', { name: 'Add Company', exact: true }).click();
    await dialog(page).getByRole('textbox', { name: 'Company Address' }).fill('No name street');
    await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => alertIn(dialog(page)).textContent()).toBe('ErrorCompany name is required.');
    expect(await dialogTitle(page)).toBe('Add Company');
    await dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectNoDialog(page);

    await failCalls(page, 'superadmin.companies.update');
    await chooseRowAction(page, rowOf(page, 'Failing Save Co'), 'Edit Company');
    await dialog(page).getByRole('textbox', { name: 'Company Name' }).fill('Failing Save Renamed');
    await dialog(page).getByRole('button', { name: 'Update', exact: true }).click();
    await eventually(() => alertIn(dialog(page)).textContent()).toBe('ErrorSomething went wrong.');
    await clickBackdrop(page);
    expect(await dialogTitle(page)).toBe('Edit Company');
    expect(await dialog(page).getByRole('textbox', { name: 'Company Name' }).inputValue()).toBe('Failing Save Renamed');
    await suite.screenshot(page, 'companies-04-edit-error');
    await dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await namesShown(page)).toEqual(['Failing Save Co']);
  });

  it('deletes a company after the confirmation; one with a time log is refused (409) with the message kept in the dialog', async () => {
    const { companies } = suite.db.t;
    const doomed = await companyWith('Deletable Co', { openTasks: 1 });
    const billed = await createCompany(suite.db, { companyName: 'Deletable Billed Co' });
    await workLogged(billed.id, 1.5);
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'Deletable');
    await eventually(() => namesShown(page)).toEqual(['Deletable Billed Co', 'Deletable Co']);

    await chooseRowAction(page, rowOf(page, 'Deletable Billed Co'), 'Delete Company');
    await eventually(() => dialogTitle(page)).toBe('Confirm Delete');
    expect(await dialog(page).getByText(DELETE_QUESTION, { exact: true }).isVisible()).toBe(true);
    const responses: number[] = [];
    page.on('response', (response) => response.url().includes('superadmin.companies.delete') && responses.push(response.status()));
    await dialog(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await eventually(() => alertIn(dialog(page)).textContent()).toBe(
      'ErrorDeletable Billed Co cannot be deleted because it has time logs. Delete those first if they were entered by mistake.',
    );
    expect(responses).toEqual([409]);
    await clickBackdrop(page);
    expect(await dialogTitle(page)).toBe('Confirm Delete');
    await suite.screenshot(page, 'companies-05-delete-refused');
    await dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectNoDialog(page);
    expect((await suite.db.select().from(companies).where(eq(companies.id, billed.id)))[0]).toBeDefined();

    await chooseRowAction(page, rowOf(page, 'Deletable Co'), 'Delete Company');
    expect(await alertIn(dialog(page)).count()).toBe(0);
    await suite.screenshot(page, 'companies-05-delete-dialog');
    await dialog(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await expectNoDialog(page);
    await eventually(() => namesShown(page)).toEqual(['Deletable Billed Co']);
    expect((await suite.db.select().from(companies).where(eq(companies.id, doomed.id)))[0]).toBeUndefined();
  });

  it("sends the balance email after 'Confirm Send Email' shows it; offers the negative one only below 0, and no send without an approved user", async () => {
    const { outbox } = suite.db.t;
    const company = await companyWith('Mailer Co', { balance: 1.5 });
    const user = await createUser(suite.db, { companyId: company.id, approved: true });
    const silent = await companyWith('Mailer Silent Co', { balance: -3 });
    await createUser(suite.db, { companyId: silent.id, approved: false });
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'Mailer');
    const emailsTo = (address: string) => suite.db.select().from(outbox).where(eq(outbox.toAddresses, address));

    await chooseRowAction(page, rowOf(page, 'Mailer Co'), 'Send Running Low Balance Email');
    await eventually(() => dialogTitle(page)).toBe('Confirm Send Email');
    expect(await dialog(page).textContent()).toContain('Send a running-low balance email to the approved users of Mailer Co?');
    await clickBackdrop(page);
    expect(await dialogTitle(page)).toBe('Confirm Send Email');
    await suite.screenshot(page, 'companies-06-email-dialog');
    expect(await emailsTo(user.emailAddress)).toHaveLength(0);
    await dialog(page).getByRole('button', { name: 'Send Email', exact: true }).click();
    await expectNoDialog(page);
    await eventually(() => notificationTexts(page)).toContain('A running-low balance email was sent to 1 user of Mailer Co.');

    // 1.5 hours left: the negative email is not offered
    await rowOf(page, 'Mailer Co').getByRole('button', { name: 'Actions for Mailer Co' }).click();
    expect(await page.getByRole('menuitem', { name: 'Send Negative Balance Email' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    const subjects = (await emailsTo(user.emailAddress)).map((email) => email.subject.split(' — ')[0]);
    expect(subjects).toEqual(['Your hour balance is running low']);
    expect((await emailsTo(user.emailAddress))[0]?.textBody).toContain('1.5 hours left');

    // No approved user: the preview says nobody would get it, and Send Email waits.
    await chooseRowAction(page, rowOf(page, 'Mailer Silent Co'), 'Send Negative Balance Email');
    expect(await dialog(page).textContent()).toContain('Send a negative balance email to the approved users of Mailer Silent Co?');
    await eventually(() => dialog(page).getByTestId('email-preview').textContent()).toContain('To: nobody: the company has no approved users');
    expect(await dialog(page).getByRole('button', { name: 'Send Email', exact: true }).isDisabled()).toBe(true);
    await dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectNoDialog(page);
    await suite.screenshot(page, 'companies-06-email-notifications');
  });

  it('the scheduler starts from the filtered, sorted list with the default hours; moves rows within limits; sends [{ name, hours }] in order', async () => {
    await companyWith('Sched Alpha', { balance: 5, openTasks: 3 });
    await companyWith('Sched Bravo', { balance: 4, openTasks: 1 });
    await companyWith('Sched Charlie', { balance: 0.5, openTasks: 1 });
    await companyWith('Sched Delta', { balance: 8 });
    await companyWith('Sched Echo', { balance: -3, openTasks: 2 });
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'sched ');
    await onlyPositiveSwitch(page).check({ force: true });
    await main(page).getByRole('button', { name: 'Hour Balance', exact: true }).click();
    await main(page).getByRole('button', { name: 'Hour Balance', exact: true }).click();
    await eventually(() => namesShown(page)).toEqual(['Sched Alpha', 'Sched Bravo', 'Sched Charlie']);

    await main(page).getByRole('button', { name: 'Open Scheduler', exact: true }).click();
    await eventually(() => dialogTitle(page)).toBe('Prepare Schedule for API');
    const scheduler = dialog(page);
    // Each row reads 'priority, name': the input and the move buttons carry no text.
    const scheduledRows = () => scheduler.getByRole('listitem').allTextContents();
    const hoursOf = (name: string) => scheduler.getByRole('textbox', { name: `Hours to schedule for ${name}`, exact: true });
    const move = (name: string, direction: 'up' | 'down') => scheduler.getByRole('button', { name: `Move ${name} ${direction}`, exact: true });
    // The scheduler asks the server for the companies the list matches; a loader shows meanwhile.
    await eventually(() => scheduledRows()).toEqual(['1Sched Alpha', '2Sched Bravo', '3Sched Charlie']);
    // Default: the balance; with exactly one open task, the smaller of the balance and 1; 2 decimals.
    expect(await hoursOf('Sched Alpha').inputValue()).toBe('5.00');
    expect(await hoursOf('Sched Bravo').inputValue()).toBe('1.00');
    expect(await hoursOf('Sched Charlie').inputValue()).toBe('0.50');
    await suite.screenshot(page, 'companies-07-scheduler');

    expect(await move('Sched Alpha', 'up').isDisabled()).toBe(true);
    expect(await move('Sched Alpha', 'down').isDisabled()).toBe(false);
    expect(await move('Sched Charlie', 'down').isDisabled()).toBe(true);
    expect(await move('Sched Charlie', 'up').isDisabled()).toBe(false);
    await move('Sched Charlie', 'up').click();
    expect(await scheduledRows()).toEqual(['1Sched Alpha', '2Sched Charlie', '3Sched Bravo']);
    expect(await move('Sched Bravo', 'down').isDisabled()).toBe(true);
    await move('Sched Charlie', 'up').click();
    expect(await scheduledRows()).toEqual(['1Sched Charlie', '2Sched Alpha', '3Sched Bravo']);
    expect(await move('Sched Charlie', 'up').isDisabled()).toBe(true);
    await move('Sched Charlie', 'down').click();
    expect(await scheduledRows()).toEqual(['1Sched Alpha', '2Sched Charlie', '3Sched Bravo']);
    // The hours follow their company when it moves.
    expect(await hoursOf('Sched Charlie').inputValue()).toBe('0.50');

    // Non-numeric becomes 0; decimals are kept; the arrow keys step by 0.1 and stop at 0.
    await hoursOf('Sched Alpha').fill('abc');
    await hoursOf('Sched Alpha').blur();
    expect(await hoursOf('Sched Alpha').inputValue()).toBe('0.00');
    await hoursOf('Sched Alpha').press('ArrowDown');
    expect(await hoursOf('Sched Alpha').inputValue()).toBe('0.00');
    await hoursOf('Sched Bravo').fill('2.5');
    await hoursOf('Sched Bravo').blur();
    expect(await hoursOf('Sched Bravo').inputValue()).toBe('2.50');
    await hoursOf('Sched Charlie').press('ArrowUp');
    await eventually(() => hoursOf('Sched Charlie').inputValue(), 2_000).toBe('0.60');

    await clickBackdrop(page);
    expect(await dialogTitle(page)).toBe('Prepare Schedule for API');

    const gate = await holdCalls(page, 'superadmin.schedule.send');
    const submit = scheduler.getByRole('button', { name: 'Send Schedule', exact: true });
    await submit.click();
    const sending = scheduler.getByRole('button', { name: 'Scheduling...', exact: true });
    await eventually(() => sending.isVisible()).toBe(true);
    expect(await sending.isDisabled()).toBe(true);
    // The list being sent cannot change under it.
    expect(await hoursOf('Sched Bravo').isDisabled()).toBe(true);
    expect(await move('Sched Bravo', 'up').isDisabled()).toBe(true);
    await suite.screenshot(page, 'companies-08-scheduler-sending');
    const received = webhook.received.length;
    gate.release();
    await expectNoDialog(page);
    expect(webhook.received.slice(received)).toEqual([
      [
        { name: 'Sched Alpha', hours: 0 },
        { name: 'Sched Charlie', hours: 0.6 },
        { name: 'Sched Bravo', hours: 2.5 },
      ],
    ]);
    expect(webhook.contentTypes.at(-1)).toBe('application/json');
    await eventually(() => notificationTexts(page)).toContain('The schedule for 3 companies was sent.');
  });

  it("keeps a failed schedule in the dialog: the server's message, else 'An unknown network error occurred.'", async () => {
    await companyWith('Refused Sched Co', { balance: 3, openTasks: 2 });
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'Refused Sched');
    await main(page).getByRole('button', { name: 'Open Scheduler', exact: true }).click();
    const scheduler = dialog(page);
    await eventually(() => scheduler.getByRole('listitem').count()).toBe(1);

    webhook.status = 500;
    try {
      await scheduler.getByRole('button', { name: 'Send Schedule', exact: true }).click();
      await eventually(() => alertIn(scheduler).textContent()).toBe('ErrorThe scheduler refused the list (HTTP 500). Please try again in a moment.');
    } finally {
      webhook.status = 200;
    }
    expect(await scheduler.getByRole('button', { name: 'Send Schedule', exact: true }).isEnabled()).toBe(true);
    await suite.screenshot(page, 'companies-09-scheduler-error');

    await failCalls(page, 'superadmin.schedule.send', { abort: true });
    await scheduler.getByRole('button', { name: 'Send Schedule', exact: true }).click();
    await eventually(() => alertIn(scheduler).textContent()).toBe(`Error${UNKNOWN_NETWORK_ERROR}`);
    expect(await dialogTitle(page)).toBe('Prepare Schedule for API');
  });

  it('the scheduler reads every matching company from the server, not only the page on screen, and says when more than 1000 match', { timeout: 150_000 }, async () => {
    await suite.db.transaction(async (tx) => {
      for (let i = 0; i < 1001; i += 1) await createCompany(tx, { companyName: `Crowd ${String(i).padStart(4, '0')}` });
    });
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'crowd');
    await eventually(() => main(page).getByText('1–25 of 1,001', { exact: true }).isVisible()).toBe(true);

    const gate = await holdCalls(page, 'superadmin.companies.list');
    await main(page).getByRole('button', { name: 'Open Scheduler', exact: true }).click();
    const scheduler = dialog(page);
    await eventually(() => scheduler.locator('[aria-label="Loading companies"]').count()).toBe(1);
    expect(await scheduler.getByRole('button', { name: 'Send Schedule', exact: true }).isDisabled()).toBe(true);
    gate.release();

    await eventually(() => scheduler.getByRole('listitem').count(), 60_000).toBe(1000);
    expect(await scheduler.getByRole('listitem').nth(999).textContent()).toBe('1000Crowd 0999');
    expect(await scheduler.getByText('1,001 companies match the list; the schedule holds the first 1,000. Narrow the search to schedule the others.', { exact: true }).isVisible()).toBe(true);
    expect(await scheduler.getByRole('button', { name: 'Send Schedule', exact: true }).isEnabled()).toBe(true);
    await suite.screenshot(page, 'companies-11-scheduler-over-1000');
  });

  it('opens the scheduler with nothing to send when no company matches the filters', async () => {
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'no company is called this');
    await main(page).getByRole('button', { name: 'Open Scheduler', exact: true }).click();
    await eventually(() => dialogTitle(page)).toBe('Prepare Schedule for API');
    await eventually(() => dialog(page).getByText("No companies match the list's current filters.", { exact: true }).isVisible()).toBe(true);
    expect(await dialog(page).getByRole('button', { name: 'Send Schedule', exact: true }).isDisabled()).toBe(true);
  });

  it('shows a failed load in an error alert', async () => {
    const { page } = await suite.signedInPage('superadmin');
    await failCalls(page, 'superadmin.companies.list');
    await page.goto('/companies');
    await eventually(() => main(page).getByRole('alert').textContent()).toBe('ErrorSomething went wrong.');
  });

  it('passes axe (no serious or critical violations) on the list and every dialog', async () => {
    await companyWith('Axe Co', { balance: 2.25, openTasks: 1 });
    await companyWith('Axe Second Co', { balance: 6, openTasks: 4 });
    const { page } = await suite.signedInPage('superadmin');
    await openCompanies(page, 'Axe');
    await eventually(() => rowsOf(page).count()).toBe(2);
    const report = await seriousA11yViolations(page, 'list');

    const openAndCheck = async (open: () => Promise<void>, title: string) => {
      await open();
      await eventually(() => dialogTitle(page)).toBe(title);
      await page.waitForTimeout(300);
      report.push(...(await seriousA11yViolations(page, title)));
      await dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
      await expectNoDialog(page);
    };
    const axeRow = rowOf(page, 'Axe Co');
    await openAndCheck(() => main(page).getByRole('button', { name: 'Add Company', exact: true }).click(), 'Add Company');
    await openAndCheck(() => chooseRowAction(page, axeRow, 'Edit Company'), 'Edit Company');
    await openAndCheck(() => chooseRowAction(page, axeRow, 'Delete Company'), 'Confirm Delete');
    await openAndCheck(() => chooseRowAction(page, axeRow, 'Send Running Low Balance Email'), 'Confirm Send Email');
    await openAndCheck(() => main(page).getByRole('button', { name: 'Open Scheduler', exact: true }).click(), 'Prepare Schedule for API');
    expectNoViolations(report);
  }, 120_000); // six axe runs (the list and five dialogs): near a minute on a busy machine

  it('fits a phone screen', async () => {
    await companyWith('Phone Co', { balance: 3.5, openTasks: 2 });
    const { page } = await suite.signedInPage('superadmin', { viewport: { width: 390, height: 844 } });
    await openCompanies(page, 'Phone');
    await eventually(() => columnValues(page, 'Company Name')).toEqual(['Phone Co']);
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth(), 'the page scrolls sideways').toBeLessThanOrEqual(390);
    await suite.screenshot(page, 'companies-10-phone');
    await main(page).getByRole('button', { name: 'Open Scheduler', exact: true }).click();
    await eventually(() => dialogTitle(page)).toBe('Prepare Schedule for API');
    await eventually(() => dialog(page).getByRole('listitem').count()).toBe(1);
    await page.waitForTimeout(300);
    const overflowing = await dialog(page).evaluate((element) => [...element.querySelectorAll('*')].filter((child) => child.getBoundingClientRect().right > window.innerWidth).length);
    expect(overflowing, 'parts of the scheduler lie beyond the screen').toBe(0);
    await suite.screenshot(page, 'companies-10-phone-scheduler');
  });
});
