import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createCompany, createPackage, createTask } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { LIST_ROW, chooseRowAction, eventually, headerNav, heading1, main, spinner } from './support/page.js';

/*
 * Feedback on the companies, packages and tasks screens: every save, delete and mark-done says
 * what happened in a toast; a refusal naming a field is told on that field. Sign-up tells its
 * problems on its fields in the app's words, and a page opened from another starts at its top.
 */
const suite = browserSuite();

let marker = 0;
const unique = (word: string) => `${word} ${Date.now().toString(36)}${(marker += 1)}`;

const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
/** The text Mantine shows under an input for its `error`, found through the input's description. */
const errorUnder = (input: Locator) =>
  input.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    return ids.map((id) => document.getElementById(id)).find((node) => node?.className.includes('error'))?.textContent ?? null;
  });

async function openList(page: Page, path: string, title: string, search: string) {
  await page.goto(path);
  await heading1(page, title).waitFor();
  await main(page).getByLabel('Search', { exact: true }).fill(search);
  await eventually(() => spinner(page).count()).toBe(0);
}

async function expectToast(page: Page, title: string, message?: string) {
  await toast(page, title).first().waitFor();
  if (message) expect(await toast(page, title).first().innerText()).toContain(message);
}

describe('companies', () => {
  it('says "Company … saved" and "Company … deleted"', async () => {
    const name = unique('Toastco');
    const { page } = await suite.signedInPage('superadmin');
    await openList(page, '/companies', 'Company List', name);
    await main(page).getByRole('button', { name: 'Add Company' }).click();
    await dialog(page, 'Add Company').getByLabel('Company Name').fill(name);
    await dialog(page, 'Add Company').getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `Company ${name} saved`);
    await suite.screenshot(page, 'feedback-company-saved');
    await chooseRowAction(page, main(page), 'Delete Company');
    await dialog(page, 'Confirm Delete').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, `Company ${name} deleted`);
  });

  it('shows the server’s refusal of the company name on the Company Name field, and in the alert titled Error', async () => {
    const { page } = await suite.signedInPage('superadmin');
    await openList(page, '/companies', 'Company List', unique('Nothing'));
    await main(page).getByRole('button', { name: 'Add Company' }).click();
    const add = dialog(page, 'Add Company');
    await add.getByLabel('Company Name').fill('   ');
    await add.getByRole('button', { name: 'Save' }).click();
    const nameInput = add.getByLabel('Company Name');
    await eventually(() => nameInput.getAttribute('aria-invalid')).toBe('true');
    expect(await errorUnder(nameInput)).toBe('Company name is required.');
    expect(await add.getByRole('alert').innerText()).toContain('Company name is required.');
    await suite.screenshot(page, 'feedback-company-field-error');
  });
});

describe('packages', () => {
  it('says "Package saved" and "Package deleted", naming the package', async () => {
    const description = unique('Toastpack');
    const { page } = await suite.signedInPage('superadmin');
    await openList(page, '/allpackages', 'Packages', description);
    await main(page).getByRole('button', { name: 'Add Package' }).click();
    await dialog(page, 'Add Package').getByLabel('Description').fill(description);
    await dialog(page, 'Add Package').getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Package saved', description);
    await main(page).getByRole('button', { name: 'Delete Package' }).click();
    await dialog(page, 'Confirm Delete').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Package deleted', description);
  });

  it('shows a refused description on the Description field', async () => {
    const seed = await createPackage(suite.db, { description: unique('Keep') });
    const { page } = await suite.signedInPage('superadmin');
    await openList(page, '/allpackages', 'Packages', seed.description);
    await main(page).getByRole('button', { name: 'Edit Package' }).click();
    const edit = dialog(page, 'Edit Package');
    await edit.getByLabel('Description').fill('');
    await edit.getByRole('button', { name: 'Update' }).click();
    await eventually(() => errorUnder(edit.getByLabel('Description'))).toBe('Description is required.');
  });
});

describe('open tasks (back office)', () => {
  it('says "Task saved", "Task marked done" and "Task deleted"', async () => {
    const mark = unique('Toasttask').replace(' ', '');
    const company = await createCompany(suite.db, { companyName: unique('Taskco') });
    const first = await createTask(suite.db, { companyId: company.id, title: `${mark} one`, priority: 1 });
    await createTask(suite.db, { companyId: company.id, title: `${mark} two`, priority: 2 });
    const { page } = await suite.signedInPage('superadmin');
    await openList(page, '/alltasks', 'Open Tasks', mark);
    const rows = main(page).locator(LIST_ROW);
    await eventually(() => rows.count()).toBe(2);
    await rows.first().getByRole('button', { name: 'Edit Task' }).click();
    await dialog(page, 'Edit Task').getByLabel('Title').fill(`${first.title} renamed`);
    await dialog(page, 'Edit Task').getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'Task saved', `${first.title} renamed`);
    await rows.first().getByRole('button', { name: 'Mark as Done' }).click();
    await dialog(page, 'Confirm Marking Task as Done').getByRole('button', { name: 'Mark as Done' }).click();
    await expectToast(page, 'Task marked done', `${first.title} renamed`);
    await eventually(() => rows.count()).toBe(1);
    await rows.first().getByRole('button', { name: 'Delete Task' }).click();
    await dialog(page, 'Confirm Delete').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Task deleted');
  });
});

describe("the customer's open tasks", () => {
  it('says "Task saved" and "Task deleted", and shows a refused title on the Title field', async () => {
    const { page } = await suite.signedInPage('admin');
    await page.goto('/tasks');
    await heading1(page, 'Open Tasks').waitFor();
    await main(page).getByRole('button', { name: 'Add Task' }).click();
    const add = dialog(page, 'Add Task');
    await add.getByRole('button', { name: 'Save' }).click();
    await eventually(() => errorUnder(add.getByLabel('Title'))).toMatch(/\.$/);
    const title = unique('Customer task');
    await add.getByLabel('Title').fill(title);
    await add.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Task saved', title);
    await main(page).getByRole('button', { name: 'Delete Task' }).click();
    await dialog(page, 'Delete Task').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Task deleted', title);
  });
});

describe('sign-up', () => {
  it('tells each problem on its field in the app’s words, with the browser’s validation off', async () => {
    const page = await suite.newPage({ width: 390, height: 844 });
    await page.goto('/signup');
    await heading1(page, 'Sign Up').waitFor();
    const form = main(page).locator('form');
    expect(await form.getAttribute('novalidate')).not.toBeNull();
    await main(page).getByLabel(/^Email/).fill('not an email');
    await main(page).getByRole('button', { name: 'Sign Up' }).click();
    const companyName = main(page).getByLabel('Company Name');
    expect(await errorUnder(companyName)).toBe('Company name is required.');
    await main(page).getByText('Company name is required.').first().waitFor();
    expect(await errorUnder(main(page).getByLabel('First Name'))).toBe('First name is required.');
    expect(await errorUnder(main(page).getByLabel(/^Email/))).toMatch(/email/i);
    expect(await errorUnder(main(page).getByLabel(/^Password/))).toBe('The password needs to be at least 8 characters long.');
    // the browser did not stop the submit at its first required field
    expect(await companyName.evaluate((input) => (input as HTMLInputElement).validity.valid)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('INPUT');
    await suite.screenshot(page, 'feedback-signup-field-errors');
  });
});

describe('scroll position', () => {
  it('opens the next page at its top after scrolling down another', async () => {
    const { page, user } = await suite.signedInPage('admin', { viewport: { width: 1440, height: 900 } });
    for (let i = 0; i < 20; i += 1) await createTask(suite.db, { companyId: user.companyId!, title: `Scroll task ${i}`, priority: i + 1 });
    await page.goto('/tasks');
    await main(page).getByText('Scroll task 19').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await eventually(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await headerNav(page).getByRole('link', { name: 'Activities' }).click();
    await heading1(page, 'Activities').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
