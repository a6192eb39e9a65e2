import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createCompany, createUser } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { LIST_ROW, eventually, expectNoViolations, failCalls, main, searchList, seriousA11yViolations, columnValues, expectNoDialog } from './support/page.js';

/*
 * The super-admin Users screen, and with it the shared AdminList behaviour every back-office
 * screen gets from one component: search, company filter, sorting, paging, dialogs.
 */
const suite = browserSuite();

const rowsOf = (page: Page) => main(page).locator(LIST_ROW);
const firstColumn = (page: Page) => rowsOf(page).locator('td:first-child').allTextContents();
const dialog = (page: Page) => page.getByRole('dialog');

const searchUsers = (page: Page, text: string) => searchList(page, main(page).getByLabel('Search'), text, 'superadmin.users.list');

async function openUsers(page: Page) {
  await page.goto('/allusers');
  await main(page).getByRole('heading', { name: 'Users', level: 1 }).waitFor();
  await eventually(() => main(page).locator('tbody tr, [data-testid="list-card"]').count()).toBeGreaterThan(0);
}

describe('/allusers', () => {
  it('lists users newest first with First Name, Last Name, Email, Company, Role, Approved as Yes/No', async () => {
    const company = await createCompany(suite.db, { companyName: 'Columns Co' });
    const t0 = Date.now() + 60_000;
    await createUser(suite.db, { companyId: company.id, firstName: 'Older', approved: false, createdAt: new Date(t0) });
    await createUser(suite.db, { companyId: company.id, firstName: 'Newer', role: 'viewer', createdAt: new Date(t0 + 1000) });
    const { page } = await suite.signedInPage('superadmin');
    await openUsers(page);
    const headers = await main(page).locator('thead th').allTextContents();
    expect(headers).toEqual(['First Name', 'Last Name', 'Email', 'Company', 'Role', 'Approved', 'Actions']);
    // the list may still show its loading row or an earlier page: read until the first two rows are these
    await eventually(async () => (await firstColumn(page)).slice(0, 2)).toEqual(['Newer', 'Older']);
    const older = rowsOf(page).filter({ hasText: 'Older' });
    expect(await older.locator('td').nth(5).textContent()).toBe('No');
    expect(await rowsOf(page).filter({ hasText: 'Newer' }).locator('td').nth(4).textContent()).toBe('viewer');
    await suite.screenshot(page, 'allusers-list');
  });

  it('searches first name, last name and email, case-insensitively, and filters by company', async () => {
    const acme = await createCompany(suite.db, { companyName: 'Search Acme' });
    const beta = await createCompany(suite.db, { companyName: 'Search Beta' });
    await createUser(suite.db, { companyId: acme.id, firstName: 'Zelda', lastName: 'Quill', emailAddress: 'zq@search.example.com' });
    await createUser(suite.db, { companyId: beta.id, firstName: 'Yusuf', lastName: 'Zelinski', emailAddress: 'yz@search.example.com' });
    const { page } = await suite.signedInPage('superadmin');
    await openUsers(page);
    await searchUsers(page, 'ZEL');
    await eventually(() => firstColumn(page)).toEqual(expect.arrayContaining(['Zelda', 'Yusuf']));
    expect(await rowsOf(page).count()).toBe(2);
    await searchUsers(page, 'yz@SEARCH');
    await eventually(() => firstColumn(page)).toEqual(['Yusuf']);
    await main(page).getByLabel('Search').fill('');
    await main(page).getByLabel('Filter by Company', { exact: true }).click();
    await page.getByRole('option', { name: 'Search Acme' }).click();
    await eventually(() => firstColumn(page)).toEqual(['Zelda']);
  });

  it('sorts by a column header, both ways', async () => {
    const company = await createCompany(suite.db, { companyName: 'Sort Co' });
    for (const lastName of ['Mmm', 'Aaa', 'Zzz']) await createUser(suite.db, { companyId: company.id, lastName, firstName: `Sort${lastName}` });
    const { page } = await suite.signedInPage('superadmin');
    await openUsers(page);
    await searchUsers(page, 'Sort');
    const header = main(page).getByRole('button', { name: 'Last Name' });
    await header.click();
    await eventually(() => firstColumn(page)).toEqual(['SortAaa', 'SortMmm', 'SortZzz']);
    expect(await main(page).locator('th[aria-sort]').getAttribute('aria-sort')).toBe('ascending');
    await header.click();
    await eventually(() => firstColumn(page)).toEqual(['SortZzz', 'SortMmm', 'SortAaa']);
  });

  it('pages 25 rows by default and goes back to page 1 when the page size changes', async () => {
    const company = await createCompany(suite.db, { companyName: 'Paging Co' });
    for (let i = 0; i < 30; i += 1) await createUser(suite.db, { companyId: company.id, firstName: `Pager${String(i).padStart(2, '0')}`, password: null });
    const { page } = await suite.signedInPage('superadmin');
    await openUsers(page);
    await searchUsers(page, 'Pager');
    await eventually(() => rowsOf(page).count()).toBe(25);
    await expect.poll(() => main(page).getByText('1–25 of 30').isVisible()).toBe(true);
    await main(page).getByRole('button', { name: 'Page 2', exact: true }).click();
    await eventually(() => rowsOf(page).count()).toBe(5);
    await main(page).getByLabel('Rows per page', { exact: true }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await eventually(() => main(page).getByText('1–10 of 30').isVisible()).toBe(true);
    // The previous page stays on screen until the new one arrives.
    await eventually(() => rowsOf(page).count()).toBe(10);
  });

  it('adds a user with the company of the filter, without a password', async () => {
    const { users } = suite.db.t;
    const company = await createCompany(suite.db, { companyName: 'Added Co' });
    await createUser(suite.db, { companyId: company.id });
    const { page } = await suite.signedInPage('superadmin');
    await openUsers(page);
    await main(page).getByLabel('Filter by Company', { exact: true }).click();
    await page.getByRole('option', { name: 'Added Co' }).click();
    await main(page).getByRole('button', { name: 'Add User' }).click();
    await expect.poll(() => dialog(page).getByRole('heading', { name: 'Add User' }).isVisible()).toBe(true);
    expect(await dialog(page).getByLabel('Company', { exact: true }).inputValue()).toBe('Added Co');
    expect(await dialog(page).getByLabel('Role').inputValue()).toBe('admin');
    expect(await dialog(page).getByLabel('Approved').isChecked()).toBe(true);
    await dialog(page).getByLabel('First Name').fill('Nadia');
    await dialog(page).getByLabel('Last Name').fill('New');
    await dialog(page).getByLabel('Email').fill('nadia.new@added.example.com');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expectNoDialog(page);
    await eventually(() => firstColumn(page)).toContain('Nadia');
    const [saved] = await suite.db.select().from(users).where(eq(users.emailAddress, 'nadia.new@added.example.com')).limit(1);
    expect(saved).toMatchObject({ companyId: company.id, role: 'admin', approved: true, passwordHash: null });
  });

  it('keeps the dialog open with the server message; a backdrop click does not close it', async () => {
    const company = await createCompany(suite.db, { companyName: 'Clash Co' });
    const taken = await createUser(suite.db, { companyId: company.id });
    const { page } = await suite.signedInPage('superadmin');
    await openUsers(page);
    await main(page).getByRole('button', { name: 'Add User' }).click();
    await dialog(page).getByLabel('Company', { exact: true }).click();
    await page.getByRole('option', { name: 'Clash Co' }).click();
    await dialog(page).getByLabel('First Name').fill('Dup');
    await dialog(page).getByLabel('Last Name').fill('Licate');
    await dialog(page).getByLabel('Email').fill(taken.emailAddress.toUpperCase());
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    const alert = dialog(page).getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('ErrorAn account with this email address already exists.');
    await page.mouse.click(5, 400);
    expect(await dialog(page).isVisible()).toBe(true);
    await suite.screenshot(page, 'allusers-dialog-error');
  });

  it('edits a user: ID read-only, company locked until unlocked', async () => {
    const from = await createCompany(suite.db, { companyName: 'From Co' });
    await createCompany(suite.db, { companyName: 'To Co' });
    const user = await createUser(suite.db, { companyId: from.id, firstName: 'Mover' });
    const { page } = await suite.signedInPage('superadmin');
    await openUsers(page);
    await searchUsers(page, 'Mover');
    await main(page).getByRole('button', { name: 'Edit User' }).click();
    expect(await dialog(page).getByLabel('ID').inputValue()).toBe(user.id);
    expect(await dialog(page).getByLabel('ID').getAttribute('readonly')).not.toBeNull();
    const companyField = dialog(page).getByLabel('Company', { exact: true });
    expect(await companyField.isDisabled()).toBe(true);
    await dialog(page).getByRole('button', { name: 'Unlock company' }).click();
    expect(await companyField.isDisabled()).toBe(false);
    await companyField.click();
    await page.getByRole('option', { name: 'To Co' }).click();
    await dialog(page).getByRole('button', { name: 'Update' }).click();
    await expectNoDialog(page);
    await eventually(() => rowsOf(page).first().locator('td').nth(3).textContent()).toBe('To Co');
  });

  it('deletes, activates and sends a set-password email, each after a confirmation', async () => {
    const { outbox, users } = suite.db.t;
    const company = await createCompany(suite.db, { companyName: 'Confirm Co' });
    const pending = await createUser(suite.db, { companyId: company.id, firstName: 'Pending', approved: false, password: null });
    const doomed = await createUser(suite.db, { companyId: company.id, firstName: 'Doomed' });
    const { page } = await suite.signedInPage('superadmin');
    await openUsers(page);
    await searchUsers(page, 'Pending');
    await main(page).getByRole('button', { name: 'Activate and Send Email' }).click();
    expect(await dialog(page).getByRole('heading', { name: 'Confirm Activate and Send Email' }).isVisible()).toBe(true);
    await dialog(page).getByRole('button', { name: 'Activate and Send Email' }).click();
    await eventually(() => rowsOf(page).first().locator('td').nth(5).textContent()).toBe('Yes');
    expect((await suite.db.select().from(users).where(eq(users.id, pending.id)))[0]?.approved).toBe(true);

    await main(page).getByRole('button', { name: 'Send Set Password Email' }).click();
    await dialog(page).getByRole('button', { name: 'Send Email' }).click();
    await expectNoDialog(page);
    const emails = await suite.db.select().from(outbox).where(eq(outbox.toAddresses, pending.emailAddress));
    expect(emails.map((email) => email.subject.split(' — ')[0])).toEqual(['Your account is approved', 'Set your password']);

    await searchUsers(page, 'Doomed');
    await main(page).getByRole('button', { name: 'Delete User' }).click();
    expect(await dialog(page).getByText('Are you sure you want to DELETE this User?').isVisible()).toBe(true);
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await eventually(() => main(page).getByText('No Users Found').isVisible()).toBe(true);
    expect((await suite.db.select().from(users).where(eq(users.id, doomed.id)))[0]).toBeUndefined();
  });

  it('shows a failed load in an error alert', async () => {
    const { page } = await suite.signedInPage('superadmin');
    await failCalls(page, 'superadmin.users.list');
    await page.goto('/allusers');
    await eventually(() => main(page).getByRole('alert').textContent()).toBe('ErrorSomething went wrong.');
  });

  it('fits a phone screen, list and dialog', async () => {
    const company = await createCompany(suite.db, { companyName: 'Phone Users Co' });
    await createUser(suite.db, { companyId: company.id, firstName: 'Phoebe', lastName: 'Phone' });
    const { page } = await suite.signedInPage('superadmin', { viewport: { width: 390, height: 844 } });
    await openUsers(page);
    await searchUsers(page, 'Phoebe');
    await eventually(() => columnValues(page, 'First Name')).toEqual(['Phoebe']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(390);
    await suite.screenshot(page, 'allusers-phone');
    await main(page).getByRole('button', { name: 'Edit User' }).click();
    await eventually(() => dialog(page).getByLabel('Company', { exact: true }).inputValue()).toBe('Phone Users Co');
    await suite.screenshot(page, 'allusers-phone-dialog');
  });

  it('passes axe on the list and the dialogs', async () => {
    const company = await createCompany(suite.db, { companyName: 'Axe Co' });
    await createUser(suite.db, { companyId: company.id });
    const { page } = await suite.signedInPage('superadmin');
    await openUsers(page);
    const report = await seriousA11yViolations(page, 'list');
    await main(page).getByRole('button', { name: 'Edit User' }).first().click();
    await dialog(page).getByLabel('First Name').waitFor();
    report.push(...(await seriousA11yViolations(page, 'edit dialog')));
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await main(page).getByRole('button', { name: 'Delete User' }).first().click();
    report.push(...(await seriousA11yViolations(page, 'delete dialog')));
    expectNoViolations(report);
  });
});
