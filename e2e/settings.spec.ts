import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/account/sessions.js';
import { createCompany } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { api, eventually, expectNoViolations, expectPath, main, seriousA11yViolations } from './support/page.js';

/*
 * A new provider sets up the business in the app: the first-day checklist on the overview leads to
 * Settings, whose values reach the next invoice PDF without a restart.
 */

const suite = browserSuite();
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };
const toasts = (page: Page) => page.locator('.mantine-Notification-root').allInnerTexts();
const checklist = (page: Page) => main(page).getByTestId('setup-checklist');
const stepDone = (page: Page, step: string) => checklist(page).locator(`[data-step="${step}"]`).getAttribute('data-done');

/** A 2×1 red PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEElEQVR4nGP4z8DAwMDAAAAHAgEAfnTSCwAAAABJRU5ErkJggg==', 'base64');

describe('Settings and the first-day checklist', () => {
  it('walks a new provider from the checklist to a saved business profile, with a logo', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: desktop });
    await page.goto('/dashboard');
    await checklist(page).waitFor();
    expect(await checklist(page).innerText()).toContain('0 of 5 done');
    await suite.screenshot(page, 'setup-checklist-empty-1280');
    expectNoViolations(await seriousA11yViolations(page, 'the overview with the checklist'));

    await checklist(page).getByRole('link', { name: 'Fill in the business profile' }).click();
    await expectPath(page, '/settings');
    const profile = main(page).getByRole('region', { name: 'Business profile' });
    await profile.getByLabel('Phone').fill('+1 555 010 0100');
    await profile.getByLabel('Business address').fill('200 Market Street\nSpringfield, IL 62701');
    await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await profile.getByRole('img', { name: 'Your logo' }).waitFor();
    await profile.getByRole('button', { name: 'Save business profile' }).click();
    await eventually(() => toasts(page).then((all) => all.join('\n'))).toContain('Business profile saved');
    await suite.screenshot(page, 'settings-1280');
    expectNoViolations(await seriousA11yViolations(page, '/settings'));

    await page.goto('/dashboard');
    await eventually(() => stepDone(page, 'businessProfile')).toBe('true');
    expect(await checklist(page).innerText()).toContain('1 of 5 done');
  });

  it('names a refused field on the field and saves nothing of the card', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: desktop });
    await page.goto('/settings');
    const payment = main(page).getByRole('region', { name: 'Payment details' });
    await payment.getByLabel('Bank name').fill('Never Saved Bank');
    await payment.getByLabel('Routing number').fill('12345');
    await payment.getByRole('button', { name: 'Save payment details' }).click();
    await payment.getByText('Routing number must be the 9 digits of an ABA routing number.').waitFor();
    await page.reload();
    await main(page).getByRole('region', { name: 'Payment details' }).getByLabel('Bank name').waitFor();
    expect(await main(page).getByRole('region', { name: 'Payment details' }).getByLabel('Bank name').inputValue()).not.toBe('Never Saved Bank');
  });

  it('prints a bank name saved on the page on the next invoice PDF, without a restart', async () => {
    const { page, user } = await suite.signedInPage('superadmin', { viewport: desktop });
    await page.goto('/settings');
    const payment = main(page).getByRole('region', { name: 'Payment details' });
    await payment.getByLabel('Bank name').fill('Harbor Credit Union');
    await payment.getByLabel('Routing number').fill('021000021');
    await payment.getByLabel('Account number').fill('000123456789');
    await payment.getByRole('button', { name: 'Save payment details' }).click();
    await eventually(() => toasts(page).then((all) => all.join('\n'))).toContain('Payment details saved');

    const company = await createCompany(suite.db, { companyName: 'PDF Check Co' });
    const { token } = await createSession(suite.db, user.id, new Date());
    const created = await api(suite.url, 'POST', '/superadmin/invoices', {
      token,
      body: { company: company.id, description: 'Two hours', hours: 2, rate: 150, price: 300, selectedPaymentMethod: 'ACH', sendInvoiceEmail: false },
    });
    expect(created.status).toBe(200);
    const pdf = await fetch(`${suite.url}${created.body.pdfUrl as string}`);
    expect(pdf.status).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(await pdf.arrayBuffer()) }).toString('utf8');
    expect(text).toContain('Harbor Credit Union');
    expect(text).toContain('000123456789');
  });

  it('sends a test email from the checklist and says where emails go without SMTP', async () => {
    const { page, user } = await suite.signedInPage('superadmin', { viewport: desktop });
    await page.goto('/dashboard');
    const email = checklist(page).locator('[data-step="emailDelivery"]');
    await email.waitFor();
    expect(await email.innerText()).toContain('each one is written as a file to');
    await email.getByRole('button', { name: 'Send me a test email' }).click();
    await eventually(() => toasts(page).then((all) => all.join('\n'))).toContain('Test email sent');
    await eventually(async () => {
      await email.getByRole('button', { name: 'Check again' }).click({ timeout: 1000 }).catch(() => {});
      return email.getByTestId('test-email-status').innerText().catch(() => '');
    }, 20_000).toContain(`The test email to ${user.emailAddress} was delivered`);
  });

  it('fits a phone and the dark scheme, and hides the checklist on request', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: phone });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/settings');
    await main(page).getByRole('region', { name: 'Defaults' }).waitFor();
    await suite.screenshot(page, 'settings-390-dark');
    expectNoViolations(await seriousA11yViolations(page, '/settings at 390 in dark'));
    await page.goto('/dashboard');
    await checklist(page).waitFor();
    await suite.screenshot(page, 'setup-checklist-390-dark');
    expectNoViolations(await seriousA11yViolations(page, 'the checklist at 390 in dark'));
    await checklist(page).getByRole('button', { name: 'Hide checklist' }).click();
    await checklist(page).waitFor({ state: 'detached' });
    await page.reload();
    await main(page).getByRole('heading', { name: 'Provider Overview' }).waitFor();
    expect(await checklist(page).count()).toBe(0);
  });
});
