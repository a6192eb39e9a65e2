import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/account/sessions.js';
import { createCompany, createPackage, createUser } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { LIST_ROW, api, eventually, expectNoViolations, main, seriousA11yViolations, columnValues, sortCardsBy, expectNoDialog } from './support/page.js';

/*
 * The super-admin Invoices List (/allinvoices) and Payments List (/allpayments)
 * (docs/product-rules.md#invoices, #payments).
 * Data is made through the REST mirror as a script would make it, or through the UI.
 */
const suite = browserSuite();

const rowsOf = (page: Page) => main(page).locator(LIST_ROW);
const dialog = (page: Page) => page.getByRole('dialog');
const cellsOf = (page: Page, text: string) => rowsOf(page).filter({ hasText: text }).locator('td').allTextContents();

let runId = 0;
/** A name no other test uses. */
const unique = (prefix: string) => `${prefix} ${(runId += 1)}-${Math.random().toString(36).slice(2, 6)}`;

/** The super-admin's page and an API token of the same super-admin. */
async function signIn() {
  const signedIn = await suite.signedInPage('superadmin');
  const { token } = await createSession(suite.db, signedIn.user.id, new Date());
  return { ...signedIn, token };
}

/** A company with one approved user (so reminders have someone to go to). */
async function companyWithUser(name: string) {
  const company = await createCompany(suite.db, { companyName: unique(name) });
  await createUser(suite.db, { companyId: company.id });
  return company;
}

type InvoiceInput = { company: string; description: string; hours?: number; rate?: number; price?: number; transactionDate?: string };

async function createInvoice(token: string, invoice: InvoiceInput) {
  const response = await api(suite.url, 'POST', '/superadmin/invoices', { token, body: { sendInvoiceEmail: false, ...invoice } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { _id: string; invoiceId: string };
}

async function createPayment(token: string, payment: { company: string; invoice: string; amount: number; description?: string; paymentDate?: string }) {
  const response = await api(suite.url, 'POST', '/superadmin/payments', { token, body: { method: 'ACH', sendEmail: false, ...payment } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { _id: string };
}

async function openList(page: Page, path: '/allinvoices' | '/allpayments', title: string) {
  await page.goto(path);
  await main(page).getByRole('heading', { name: title, level: 1 }).waitFor();
}

async function search(page: Page, text: string) {
  await main(page).getByLabel('Search').fill(text);
}

/** A dialog field by its whole label; a required field's label ends with an asterisk. */
const field = (page: Page, label: string) => dialog(page).getByLabel(new RegExp(`^${label}( \\*)?$`));

async function pick(page: Page, label: string, option: string) {
  await field(page, label).click();
  await page.getByRole('option', { name: option }).click();
}

const optionTexts = (page: Page) => page.getByRole('listbox').getByRole('option').allTextContents();

describe('/allinvoices', () => {
  it('lists invoices newest first with the SPEC columns and status text', async () => {
    const { page, token } = await signIn();
    const company = await companyWithUser('Columns Co');
    const tag = unique('colinv');
    const older = await createInvoice(token, { company: company.id, description: `${tag} older`, hours: 2, rate: 100, transactionDate: '2025-01-10T15:00:00Z' });
    const newer = await createInvoice(token, { company: company.id, description: `${tag} newer`, price: 80.5, transactionDate: '2025-03-10T15:00:00Z' });
    await createPayment(token, { company: company.id, invoice: newer._id, amount: 80.5 });
    await openList(page, '/allinvoices', 'Invoices');
    const headers = await main(page).locator('thead th').allTextContents();
    expect(headers).toEqual(['Invoice', 'Company', 'Hours', 'Price', 'Balance', 'Description', 'Payment Method', 'Transaction Date', 'Status', 'Actions']);
    await search(page, tag);
    await eventually(() => rowsOf(page).locator('td:nth-child(6)').allTextContents()).toEqual([`${tag} newer`, `${tag} older`]);
    expect(await cellsOf(page, `${tag} older`)).toEqual([older.invoiceId, company.companyName, '2', '$200', '$200', `${tag} older`, 'None', 'Jan 10, 2025', 'Pending', '']);
    expect(await cellsOf(page, `${tag} newer`)).toEqual([newer.invoiceId, company.companyName, '0', '$80.50', '$0', `${tag} newer`, 'None', 'Mar 10, 2025', 'Completed', '']);
    await suite.screenshot(page, 'allinvoices-list');
  });

  it('adds an invoice from a package: choices are general and own-company packages', async () => {
    const { page } = await signIn();
    const company = await companyWithUser('Package Co');
    const other = await companyWithUser('Other Co');
    const general = await createPackage(suite.db, { description: unique('General pack'), hundredths: 1000, rateCents: 15000 });
    const own = await createPackage(suite.db, { description: unique('Own pack'), hundredths: 250, rateCents: 10050, companyId: company.id });
    const foreign = await createPackage(suite.db, { description: unique('Foreign pack'), companyId: other.id });
    await openList(page, '/allinvoices', 'Invoices');
    await main(page).getByRole('button', { name: 'Add Invoice' }).click();
    await eventually(() => dialog(page).getByRole('heading', { name: 'Add New Invoice' }).isVisible()).toBe(true);
    const save = dialog(page).getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    const packageField = dialog(page).getByLabel('Select Package or Add Manually', { exact: true });
    expect(await packageField.isDisabled()).toBe(true);
    expect(await dialog(page).getByLabel('Send Email to Client').isChecked()).toBe(true);
    expect(await dialog(page).getByLabel('Intended Payment Method', { exact: true }).inputValue()).toBe('None');
    await dialog(page).getByLabel('Intended Payment Method', { exact: true }).click();
    expect(await optionTexts(page)).toEqual(['None', 'ACH', 'Zelle', 'Check', 'Cash']);
    await page.getByRole('option', { name: 'Zelle' }).click();
    await pick(page, 'Company', company.companyName);
    expect(await packageField.isDisabled()).toBe(false);
    await packageField.click();
    // the company's packages arrive after the field is enabled: until then it offers only "+ Add Manually"
    await eventually(() => optionTexts(page)).toContain(`${general.description} — $1,500`);
    const options = await optionTexts(page);
    expect(options).toContain(`${general.description} — $1,500`);
    expect(options).toContain(`${own.description} — $251.25`);
    expect(options.some((text) => text.includes(foreign.description))).toBe(false);
    expect(options.at(-1)).toBe('+ Add Manually');
    await page.getByRole('option', { name: `${general.description} — $1,500` }).click();
    expect(await save.isDisabled()).toBe(false);
    await suite.screenshot(page, 'allinvoices-add-package');
    await dialog(page).getByLabel('Send Email to Client').uncheck();
    await save.click();
    await expectNoDialog(page);
    await search(page, general.description);
    await eventually(() => cellsOf(page, general.description)).toEqual(
      expect.arrayContaining([company.companyName, '10', '$1,500', '$1,500', general.description, 'Zelle', 'Pending']),
    );
  });

  it('adds an invoice manually: price computed and locked while hours are above 0; Save needs the required fields', async () => {
    const { page } = await signIn();
    const company = await companyWithUser('Manual Co');
    const description = unique('Manual work');
    await openList(page, '/allinvoices', 'Invoices');
    await main(page).getByRole('button', { name: 'Add Invoice' }).click();
    await pick(page, 'Company', company.companyName);
    await pick(page, 'Select Package or Add Manually', '+ Add Manually');
    const save = dialog(page).getByRole('button', { name: 'Save' });
    const price = dialog(page).getByLabel('Price');
    expect(await save.isDisabled()).toBe(true);
    expect(await price.isDisabled()).toBe(false);
    await dialog(page).getByLabel('Description').fill(description);
    expect(await save.isDisabled()).toBe(true);
    await price.fill('50');
    expect(await save.isDisabled()).toBe(false);
    await dialog(page).getByLabel('Hours', { exact: true }).fill('2.5');
    await dialog(page).getByLabel('Rate').fill('120.10');
    await eventually(() => price.inputValue()).toBe('$300.25');
    expect(await price.isDisabled()).toBe(true);
    await suite.screenshot(page, 'allinvoices-add-manual');
    await save.click();
    await expectNoDialog(page);
    await search(page, description);
    await eventually(() => cellsOf(page, description)).toEqual(expect.arrayContaining(['2.5', '$300.25', 'Pending']));
  });

  it('edits an invoice with the company and package choice locked', async () => {
    const { page, token } = await signIn();
    const company = await companyWithUser('Edit Co');
    const description = unique('Editable');
    await createInvoice(token, { company: company.id, description, price: 100 });
    await openList(page, '/allinvoices', 'Invoices');
    await search(page, description);
    // the server searches: wait for its answer
    await eventually(() => rowsOf(page).count()).toBe(1);
    await main(page).getByRole('button', { name: 'Edit Invoice' }).click();
    await eventually(() => dialog(page).getByRole('heading', { name: 'Edit Invoice' }).isVisible()).toBe(true);
    expect(await field(page, 'Company').isDisabled()).toBe(true);
    // the picker names the company once the server's options arrive
    await eventually(() => field(page, 'Company').inputValue()).toBe(company.companyName);
    expect(await dialog(page).getByLabel('Select Package or Add Manually', { exact: true }).isDisabled()).toBe(true);
    // an edit is sent to the client only when asked
    expect(await dialog(page).getByLabel('Send Email to Client').isChecked()).toBe(false);
    await dialog(page).getByLabel('Description').fill(`${description} changed`);
    await dialog(page).getByLabel('Price').fill('125.5');
    await dialog(page).getByRole('button', { name: 'Update' }).click();
    await expectNoDialog(page);
    await eventually(() => cellsOf(page, `${description} changed`)).toEqual(expect.arrayContaining(['$125.50', '$125.50']));
  });

  it('disables delete for an invoice with payments and deletes one without', async () => {
    const { page, token } = await signIn();
    const company = await companyWithUser('Delete Co');
    const tag = unique('deltag');
    const paid = await createInvoice(token, { company: company.id, description: `${tag} paid`, price: 100 });
    await createPayment(token, { company: company.id, invoice: paid._id, amount: 10 });
    await createInvoice(token, { company: company.id, description: `${tag} free`, price: 100 });
    await openList(page, '/allinvoices', 'Invoices');
    await search(page, tag);
    await eventually(() => rowsOf(page).count()).toBe(2);
    const paidRow = rowsOf(page).filter({ hasText: `${tag} paid` });
    expect(await paidRow.getByRole('button', { name: 'Delete Invoice' }).isDisabled()).toBe(true);
    await rowsOf(page).filter({ hasText: `${tag} free` }).getByRole('button', { name: 'Delete Invoice' }).click();
    expect(await dialog(page).getByText('This action cannot be undone. You can only delete invoices that have no payments applied.').isVisible()).toBe(true);
    await suite.screenshot(page, 'allinvoices-delete');
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await eventually(() => rowsOf(page).locator('td:nth-child(6)').allTextContents()).toEqual([`${tag} paid`]);
  });

  it('sends an open-balance reminder after a confirmation', async () => {
    const { outbox } = suite.db.t;
    const { page, token } = await signIn();
    const company = await companyWithUser('Reminder Co');
    const description = unique('Reminded');
    const invoice = await createInvoice(token, { company: company.id, description, price: 100 });
    await openList(page, '/allinvoices', 'Invoices');
    await search(page, description);
    await eventually(() => rowsOf(page).count()).toBe(1);
    await main(page).getByRole('button', { name: 'Send Open Balance Reminder' }).click();
    expect(await dialog(page).getByText('Are you sure you want to send an OPEN BALANCE email reminder?').isVisible()).toBe(true);
    await dialog(page).getByRole('button', { name: 'Send Email' }).click();
    await expectNoDialog(page);
    const sent = (await suite.db.select().from(outbox)).filter((email) => email.subject.startsWith(`Open balance reminder: invoice ${invoice.invoiceId}`));
    expect(sent).toHaveLength(1);
  });
});

describe('/allpayments', () => {
  it('adds a payment against an open invoice; the invoice list shows the new balance and status', async () => {
    const { page, token } = await signIn();
    const company = await companyWithUser('Payer Co');
    const tag = unique('paytag');
    const open = await createInvoice(token, { company: company.id, description: `${tag} open`, price: 200 });
    const closed = await createInvoice(token, { company: company.id, description: `${tag} closed`, price: 50 });
    await createPayment(token, { company: company.id, invoice: closed._id, amount: 50 });
    await openList(page, '/allpayments', 'Payments');
    const headers = await main(page).locator('thead th').allTextContents();
    expect(headers).toEqual(['Company Name', 'Amount', 'Date', 'Method', 'Invoice', 'Status', 'Actions']);
    await main(page).getByRole('button', { name: 'Add Payment' }).click();
    await eventually(() => dialog(page).getByRole('heading', { name: 'Add Payment' }).isVisible()).toBe(true);
    expect(await dialog(page).getByLabel('Status').inputValue()).toBe('completed');
    expect(await dialog(page).getByLabel('Send Email to Client').isChecked()).toBe(true);
    // a payment being added has no id yet: the read-only Payment Id shows only when editing
    expect(await dialog(page).getByLabel('Payment Id').count()).toBe(0);
    await pick(page, 'Company', company.companyName);
    await dialog(page).getByLabel('Invoice', { exact: true }).click();
    // only the company's invoices with a balance, asked of the server for the chosen company
    await eventually(() => optionTexts(page)).toEqual([`${open.invoiceId} — $200`]);
    await page.getByRole('option', { name: `${open.invoiceId} — $200` }).click();
    await dialog(page).getByLabel('Amount').fill('75.5');
    await pick(page, 'Method', 'Zelle');
    await dialog(page).getByLabel('Description').fill(`${tag} first instalment`);
    await dialog(page).getByLabel('Transaction reference').fill('TX-1');
    await dialog(page).getByLabel('Send Email to Client').uncheck();
    await suite.screenshot(page, 'allpayments-add');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expectNoDialog(page);
    await search(page, `${tag} first`);
    await eventually(() => cellsOf(page, open.invoiceId)).toEqual(expect.arrayContaining([company.companyName, '$75.50', 'Zelle', open.invoiceId, 'completed']));
    await suite.screenshot(page, 'allpayments-list');

    await openList(page, '/allinvoices', 'Invoices');
    await search(page, `${tag} open`);
    // Pending, as the statement and the emails say, with the partial state under it
    await eventually(() => cellsOf(page, `${tag} open`)).toEqual(expect.arrayContaining(['$200', '$124.50', 'Pending partly paid']));
  });

  it('edits and deletes a payment', async () => {
    const { page, token } = await signIn();
    const company = await companyWithUser('Edit Pay Co');
    const tag = unique('editpay');
    const invoice = await createInvoice(token, { company: company.id, description: `${tag} invoice`, price: 300 });
    await createPayment(token, { company: company.id, invoice: invoice._id, amount: 100, description: `${tag} payment` });
    await openList(page, '/allpayments', 'Payments');
    await search(page, tag);
    await eventually(() => rowsOf(page).count()).toBe(1);
    await main(page).getByRole('button', { name: 'Edit Payment' }).click();
    await eventually(() => dialog(page).getByRole('heading', { name: 'Edit Payment' }).isVisible()).toBe(true);
    await eventually(() => dialog(page).getByLabel('Invoice', { exact: true }).inputValue()).toBe(`${invoice.invoiceId} — $200`);
    expect(await dialog(page).getByLabel('Payment Id').getAttribute('readonly')).not.toBeNull();
    await dialog(page).getByLabel('Amount').fill('300');
    await dialog(page).getByRole('button', { name: 'Update' }).click();
    await expectNoDialog(page);
    await eventually(() => cellsOf(page, invoice.invoiceId)).toEqual(expect.arrayContaining(['$300']));
    const afterEdit = await api(suite.url, 'GET', `/superadmin/allinvoices?company=${company.id}`, { token });
    expect((afterEdit.body as unknown as { _id: string; remainingBalance: number; completeStatus: boolean }[]).find((row) => row._id === invoice._id)).toMatchObject({ remainingBalance: 0, completeStatus: true });

    // a failed payment does not count: the invoice is open again; Status offers the usual statuses
    await main(page).getByRole('button', { name: 'Edit Payment' }).click();
    await eventually(() => dialog(page).getByRole('heading', { name: 'Edit Payment' }).isVisible()).toBe(true);
    await dialog(page).getByLabel('Status').fill('');
    await eventually(() => optionTexts(page)).toEqual(['completed', 'pending', 'failed', 'refunded']);
    await suite.screenshot(page, 'allpayments-status');
    await page.getByRole('option', { name: 'failed' }).click();
    await dialog(page).getByRole('button', { name: 'Update' }).click();
    await expectNoDialog(page);
    await eventually(() => cellsOf(page, invoice.invoiceId)).toEqual(expect.arrayContaining(['failed']));
    const afterFailed = await api(suite.url, 'GET', `/superadmin/allinvoices?company=${company.id}`, { token });
    expect((afterFailed.body as unknown as { _id: string; remainingBalance: number; completeStatus: boolean }[]).find((row) => row._id === invoice._id)).toMatchObject({ remainingBalance: 300, completeStatus: false });

    await main(page).getByRole('button', { name: 'Delete Payment' }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await eventually(() => main(page).getByText('No Payments Found').isVisible()).toBe(true);
    const afterDelete = await api(suite.url, 'GET', `/superadmin/allinvoices?company=${company.id}`, { token });
    expect((afterDelete.body as unknown as { _id: string; remainingBalance: number }[]).find((row) => row._id === invoice._id)).toMatchObject({ remainingBalance: 300 });
  });
});

describe('/allpayments from the server', () => {
  it('filters by company, sorts by a column and keeps a narrow screen usable', async () => {
    const { token } = await signIn();
    const payer = await companyWithUser('Filter Pay Co');
    const bystander = await companyWithUser('Bystander Pay Co');
    const tag = unique('filterpay');
    const invoice = await createInvoice(token, { company: payer.id, description: `${tag} invoice`, price: 1000 });
    const theirs = await createInvoice(token, { company: bystander.id, description: `${tag} theirs`, price: 1000 });
    await createPayment(token, { company: payer.id, invoice: invoice._id, amount: 30, description: `${tag} thirty`, paymentDate: '2025-05-01T15:00:00Z' });
    await createPayment(token, { company: payer.id, invoice: invoice._id, amount: 10, description: `${tag} ten`, paymentDate: '2025-06-01T15:00:00Z' });
    await createPayment(token, { company: bystander.id, invoice: theirs._id, amount: 20, description: `${tag} theirs`, paymentDate: '2025-07-01T15:00:00Z' });

    const { page } = await suite.signedInPage('superadmin', { viewport: { width: 390, height: 800 } });
    await openList(page, '/allpayments', 'Payments');
    await search(page, tag);
    // a phone shows the rows as cards, sorted with the Sort by select
    const amounts = () => columnValues(page, 'Amount');
    await eventually(amounts).toEqual(['$20', '$10', '$30']);
    const filter = main(page).getByLabel('Filter by Company', { exact: true });
    await filter.click();
    await filter.fill(payer.companyName.slice(0, 14));
    await page.getByRole('option', { name: payer.companyName, exact: true }).click();
    await eventually(amounts).toEqual(['$10', '$30']);
    await sortCardsBy(page, 'Amount');
    await eventually(amounts).toEqual(['$10', '$30']);
    await main(page).getByRole('button', { name: /^Sorted ascending/ }).click();
    await eventually(amounts).toEqual(['$30', '$10']);
    await suite.screenshot(page, 'allpayments-mobile');
    expectNoViolations(await seriousA11yViolations(page, '/allpayments at 390 px'));
    // the payment dialog's Status choices fit a phone's width
    await main(page).getByRole('button', { name: 'Edit Payment' }).first().click();
    await eventually(() => dialog(page).getByRole('heading', { name: 'Edit Payment' }).isVisible()).toBe(true);
    await dialog(page).getByLabel('Status').fill('');
    await eventually(() => optionTexts(page)).toEqual(['completed', 'pending', 'failed', 'refunded']);
    await suite.screenshot(page, 'allpayments-status-mobile');
  });
});

// axe reads every node of a page: three passes may take over a minute on a busy machine
const AXE_TIMEOUT_MS = 120_000;

describe('billing admin accessibility', () => {
  it('passes axe on the invoices list and its dialogs', async () => {
    const { page, token } = await signIn();
    const company = await companyWithUser('Axe Co');
    const invoice = await createInvoice(token, { company: company.id, description: unique('Axe invoice'), price: 100 });
    await createPayment(token, { company: company.id, invoice: invoice._id, amount: 10 });
    await openList(page, '/allinvoices', 'Invoices');
    await eventually(() => rowsOf(page).count()).toBeGreaterThan(0);
    const report = await seriousA11yViolations(page, 'invoices list');
    await main(page).getByRole('button', { name: 'Add Invoice' }).click();
    await pick(page, 'Company', company.companyName);
    await pick(page, 'Select Package or Add Manually', '+ Add Manually');
    report.push(...(await seriousA11yViolations(page, 'add invoice dialog')));
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await main(page).getByRole('button', { name: 'Send Open Balance Reminder' }).first().click();
    report.push(...(await seriousA11yViolations(page, 'reminder dialog')));
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    expectNoViolations(report);
  }, AXE_TIMEOUT_MS);

  it('passes axe on the payments list and its dialogs', async () => {
    const { page, token } = await signIn();
    const company = await companyWithUser('Axe Pay Co');
    const invoice = await createInvoice(token, { company: company.id, description: unique('Axe pay invoice'), price: 100 });
    await createPayment(token, { company: company.id, invoice: invoice._id, amount: 10 });
    await openList(page, '/allpayments', 'Payments');
    await eventually(() => rowsOf(page).count()).toBeGreaterThan(0);
    const report = await seriousA11yViolations(page, 'payments list');
    await main(page).getByRole('button', { name: 'Edit Payment' }).first().click();
    await dialog(page).getByLabel('Amount').waitFor();
    report.push(...(await seriousA11yViolations(page, 'edit payment dialog')));
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await main(page).getByRole('button', { name: 'Delete Payment' }).first().click();
    report.push(...(await seriousA11yViolations(page, 'delete payment dialog')));
    expectNoViolations(report);
  }, AXE_TIMEOUT_MS);
});
