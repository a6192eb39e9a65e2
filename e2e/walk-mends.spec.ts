import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/account/sessions.js';
import { createCompany, createUser } from '../src/server/testing/factories.js';
import { COUNTING_STATUS_NOTE } from '../src/shared/payments.js';
import { browserSuite } from './support/fixture.js';
import { api, eventually, expectNoViolations, listRows, main, seriousA11yViolations } from './support/page.js';

/*
 * What a tester's walk through the screens found, mended: the Record Payment dialog, the end of
 * sign-up, approvals and invitations, the recovery codes, colours and wrapping, one date format.
 */
const suite = browserSuite();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const dialog = (page: Page) => page.getByRole('dialog');
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

async function superAdmin(viewport = DESKTOP) {
  const signedIn = await suite.signedInPage('superadmin', { viewport });
  const { token } = createSession(suite.db, signedIn.user.id, new Date());
  return { ...signedIn, token };
}

async function openInvoice(token: string, method: string) {
  const company = createCompany(suite.db, { companyName: unique('Walk Pay Co') });
  await createUser(suite.db, { companyId: company.id });
  const description = unique('Walk invoice');
  const response = await api(suite.url, 'POST', '/superadmin/invoices', {
    token,
    body: { company: company.id, description, price: 120, selectedPaymentMethod: method, sendInvoiceEmail: false },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { company, description, invoice: response.body as { _id: string; invoiceId: string } };
}

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, label: string, option: string) {
  await dialog(page).getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Record Payment', () => {
  it('is titled after its button, keeps the prefilled method when it is chosen again, and says which status counts', async () => {
    const { page, token } = await superAdmin();
    const { description, invoice } = await openInvoice(token, 'Zelle');
    await page.goto('/allinvoices');
    await main(page).getByLabel('Search').fill(description);
    const row = listRows(page).filter({ hasText: description });
    await eventually(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Record Payment' }).click();
    await eventually(() => dialog(page).getByRole('heading', { name: 'Record Payment' }).isVisible()).toBe(true);
    await eventually(() => dialog(page).getByLabel('Method', { exact: true }).inputValue()).toBe('Zelle');

    // choosing the chosen option again keeps it, in every required select of the dialog
    await choose(page, 'Method', 'Zelle');
    expect(await dialog(page).getByLabel('Method', { exact: true }).inputValue()).toBe('Zelle');
    const invoiceText = await dialog(page).getByLabel('Invoice', { exact: true }).inputValue();
    await choose(page, 'Invoice', invoiceText);
    expect(await dialog(page).getByLabel('Invoice', { exact: true }).inputValue()).toBe(invoiceText);

    expect(await dialog(page).getByText(COUNTING_STATUS_NOTE).isVisible()).toBe(true);
    await suite.screenshot(page, 'walk-record-payment-1280');
    expectNoViolations(await seriousA11yViolations(page, 'record payment dialog'));
    await dialog(page).getByLabel('Send Email to Client').click();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await eventually(() => dialog(page).count()).toBe(0);
    const payments = await api(suite.url, 'GET', `/superadmin/payments?search=&company=`, { token });
    expect((payments.body as unknown as { invoice: { invoiceId: string }; method: string }[]).find((p) => p.invoice.invoiceId === invoice.invoiceId)?.method).toBe('Zelle');
  });

  it('the payments list still adds with "Add Payment"', async () => {
    const { page } = await superAdmin(PHONE);
    await page.goto('/allpayments');
    await main(page).getByRole('button', { name: 'Add Payment' }).click();
    await eventually(() => dialog(page).getByRole('heading', { name: 'Add Payment' }).isVisible()).toBe(true);
    expect(await dialog(page).getByText(COUNTING_STATUS_NOTE).isVisible()).toBe(true);
    await suite.screenshot(page, 'walk-add-payment-390');
  });
});

