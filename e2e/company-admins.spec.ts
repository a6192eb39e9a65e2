import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { eventually, expectNoViolations, expectPath, headerNav, main, seriousA11yViolations } from './support/page.js';

/*
 * Company admins manage their colleagues on /users (invite, remove) and find it in the navigation;
 * the dashboard prompts a first package; a plain member is told why an admin screen sent them back;
 * the provider sees which payment details are missing (the test server sets none).
 */
const suite = browserSuite();

const toasts = (page: Page) => page.locator('.mantine-Notification-root').allInnerTexts();
const rowOf = (page: Page, name: string) => main(page).getByRole('row').filter({ hasText: name });
const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };

describe('the Users link', () => {
  it('shows for a company admin and not for a plain member', async () => {
    const admin = await suite.signedInPage('admin', { viewport: desktop });
    await admin.page.goto('/');
    await eventually(() => headerNav(admin.page).getByRole('link', { name: 'Users', exact: true }).isVisible()).toBe(true);
    await headerNav(admin.page).getByRole('link', { name: 'Users', exact: true }).click();
    await expectPath(admin.page, '/users');

    const member = await suite.signedInPage('member', { viewport: desktop });
    await member.page.goto('/');
    await headerNav(member.page).getByRole('link', { name: 'Open Tasks', exact: true }).waitFor();
    expect(await headerNav(member.page).getByRole('link', { name: 'Users', exact: true }).count()).toBe(0);
  });
});

describe('/users for a company admin', () => {
  it('invites a colleague, who waits for approval in the same company, with a toast and field errors on the fields', async () => {
    const { users } = suite.db.t;
    const { page, user } = await suite.signedInPage('admin', { viewport: desktop, fields: { firstName: 'Ada', lastName: 'Admin' } });
    await page.goto('/users');
    await rowOf(page, 'Ada Admin').waitFor();
    // before any toast: the notification's close button is the shared toast's, not this screen's
    expectNoViolations(await seriousA11yViolations(page, '/users'));
    await main(page).getByRole('button', { name: 'Invite a colleague' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
    await dialog.getByLabel('First Name').fill('Jane');
    await dialog.getByLabel('Last Name').fill('Doe');
    await dialog.getByLabel('Email Address').fill('jane@');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await eventually(() => dialog.getByText('Enter a valid email address.').isVisible()).toBe(true);
    expect(await dialog.getByLabel('Email Address').getAttribute('aria-invalid')).toBe('true');
    await suite.screenshot(page, 'users-invite-dialog-1440');

    const emailAddress = `jane.${Date.now()}@colleague.example`;
    await dialog.getByLabel('Email Address').fill(emailAddress);
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await eventually(() => toasts(page).then((all) => all.join('\n'))).toContain('Jane Doe invited');
    await rowOf(page, 'Jane Doe').waitFor();
    expect(await dialog.count()).toBe(0);
    const [invited] = await suite.db.select().from(users).where(eq(users.emailAddress, emailAddress)).limit(1);
    expect(invited).toMatchObject({ companyId: user.companyId, approved: false, passwordHash: null, role: 'member' });
    await suite.screenshot(page, 'users-invited-1440');
  });

  it('removes a colleague after a confirmation naming them, never themselves', async () => {
    const { users } = suite.db.t;
    const { page, user } = await suite.signedInPage('admin', { viewport: desktop, fields: { firstName: 'Ada', lastName: 'Admin' } });
    const colleague = await createUser(suite.db, { companyId: user.companyId!, firstName: 'Carl', lastName: 'Colleague', role: 'member' });
    await page.goto('/users');
    await rowOf(page, 'Carl Colleague').waitFor();
    expect(await rowOf(page, 'Ada Admin').getByRole('button', { name: /Remove/ }).count()).toBe(0);

    await rowOf(page, 'Carl Colleague').getByRole('button', { name: 'Remove Carl Colleague' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove user' });
    expect(await dialog.innerText()).toContain(`Remove Carl Colleague (${colleague.emailAddress}) from your company?`);
    await suite.screenshot(page, 'users-remove-confirm-1440');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await eventually(() => toasts(page).then((all) => all.join('\n'))).toContain('Carl Colleague removed');
    await eventually(() => rowOf(page, 'Carl Colleague').count()).toBe(0);
    expect((await suite.db.select().from(users).where(eq(users.id, colleague.id)))[0]).toBeUndefined();
  });

  it('fits a phone, the invite dialog too', async () => {
    const { page, user } = await suite.signedInPage('admin', { viewport: phone, fields: { firstName: 'Pia', lastName: 'Phone' } });
    await createUser(suite.db, { companyId: user.companyId!, firstName: 'Max', lastName: 'Member', role: 'member' });
    await page.goto('/users');
    await rowOf(page, 'Max Member').waitFor();
    await suite.screenshot(page, 'users-admin-390');
    await main(page).getByRole('button', { name: 'Invite a colleague' }).click();
    await page.getByRole('dialog', { name: 'Invite a colleague' }).getByLabel('First Name').waitFor();
    await suite.screenshot(page, 'users-invite-dialog-390');
  });
});

describe('the dashboard without any package', () => {
  it("prompts an admin to buy a first package, and tells a member to ask the company's admins", async () => {
    const admin = await suite.signedInPage('admin', { viewport: desktop });
    await admin.page.goto('/');
    const prompt = main(admin.page).getByTestId('first-package-prompt');
    await prompt.waitFor();
    expect(await prompt.getByRole('link', { name: 'Buy your first package' }).getAttribute('href')).toBe('/packages');
    expectNoViolations(await seriousA11yViolations(admin.page, '/ without a package'));
    await suite.screenshot(admin.page, 'dashboard-first-package-1440');
    await prompt.getByRole('link', { name: 'Buy your first package' }).click();
    await expectPath(admin.page, '/packages');

    const member = await suite.signedInPage('member', { viewport: phone });
    await member.page.goto('/');
    const memberPrompt = main(member.page).getByTestId('first-package-prompt');
    await memberPrompt.waitFor();
    expect(await memberPrompt.innerText()).toContain("Ask one of your company's admins to buy a package.");
    expect(await memberPrompt.getByRole('link').count()).toBe(0);
    await suite.screenshot(member.page, 'dashboard-first-package-member-390');
  });
});

describe('a plain member following an admin link', () => {
  it.each(['/packages', '/invoices'])('%s: lands on the dashboard and is told why', async (path) => {
    const { page } = await suite.signedInPage('member', { viewport: desktop });
    await page.goto(path);
    await expectPath(page, '/dashboard');
    await eventually(() => toasts(page).then((all) => all.join('\n'))).toContain("Only your company's admins can buy packages and see invoices.");
    if (path === '/packages') await suite.screenshot(page, 'member-refused-1440');
  });
});

describe('the provider', () => {
  it('sees the missing payment details on the overview and the invoices screen', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: desktop });
    for (const [path, name] of [['/dashboard', 'overview'], ['/allinvoices', 'allinvoices']] as const) {
      await page.goto(path);
      const banner = main(page).getByTestId('missing-payment-details');
      await banner.waitFor();
      const text = await banner.innerText();
      for (const label of ['Bank name', 'Routing number', 'Account number', 'Payment email (Zelle)', 'Mailing address (checks)']) expect(text).toContain(label);
      await suite.screenshot(page, `missing-payment-details-${name}-1440`);
    }
    await main(page).getByRole('link', { name: 'Fill them in on the Settings page' }).click();
    await expectPath(page, '/settings');
    await main(page).getByRole('heading', { name: 'Payment details' }).waitFor();
    await page.goBack();
    expectNoViolations(await seriousA11yViolations(page, '/allinvoices with the banner'));
    await page.setViewportSize(phone);
    await page.goto('/dashboard');
    await main(page).getByTestId('missing-payment-details').waitFor();
    await suite.screenshot(page, 'missing-payment-details-overview-390');
  });

  it('approves a user with a toast naming them, and offers the roles in the user dialog', async () => {
    const { users } = suite.db.t;
    const { page } = await suite.signedInPage('superadmin', { viewport: desktop });
    const { user } = await suite.createUser('member', { firstName: 'Jane', lastName: `Approvee${Date.now() % 100000}`, approved: false });
    await page.goto(`/allusers?search=${user.lastName}`);
    const row = main(page).getByRole('row').filter({ hasText: user.lastName });
    await row.waitFor();
    await row.getByRole('button', { name: 'Activate and Send Email' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Activate and Send Email' }).click();
    await eventually(() => toasts(page).then((all) => all.join('\n'))).toContain(`Jane ${user.lastName} approved`);
    expect((await suite.db.select().from(users).where(eq(users.id, user.id)))[0]?.approved).toBe(true);

    await row.getByRole('button', { name: 'Edit User' }).click();
    const role = page.getByRole('dialog').getByLabel('Role', { exact: true });
    await role.fill('');
    await eventually(() => page.getByRole('option').allInnerTexts()).toEqual(['admin', 'member', 'superadmin']);
    await suite.screenshot(page, 'allusers-role-options-1440');
    await role.fill('auditor');
    expect(await role.inputValue()).toBe('auditor');
  });
});
