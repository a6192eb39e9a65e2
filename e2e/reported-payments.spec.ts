import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/account/sessions.js';
import { browserSuite } from './support/fixture.js';
import { api, eventually, expectNoViolations, main, seriousA11yViolations } from './support/page.js';

/*
 * Payments the customer reports (docs/product-rules.md#payments-the-customer-reports): a company
 * admin says "I've sent the payment" with a PDF proof; the provider sees "Payment reported" on the
 * overview and on the invoice's row and confirms it in one click from a dialog filled from the
 * report, and the invoice is paid. A rejection's reason reaches the customer's invoice. At 1280
 * and 390 px, in dark, with axe.
 */

const suite = browserSuite();
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** An unpaid invoice of 4 hours at $150 (ACH) for the customer's company, made by a provider through /api. */
async function unpaidInvoice(companyId: string) {
  const { user } = await suite.createUser('superadmin');
  const { token } = await createSession(suite.db, user.id, new Date());
  const made = await api(suite.url, 'POST', '/superadmin/invoices', { token, body: { company: companyId, description: 'Four hours of review', hours: 4, rate: 150, selectedPaymentMethod: 'ACH', sendInvoiceEmail: false } });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body as { _id: string; invoiceId: string };
}

/** The customer's Invoices page with the invoice's entry open. */
async function openInvoice(page: Page, invoiceId: string) {
  await page.goto('/invoices');
  const entry = main(page).getByRole('button', { name: new RegExp(`Invoice ${invoiceId}`) });
  await entry.click();
  // the panel slides open: its last action is in place once the control says it is expanded
  await eventually(() => entry.getAttribute('aria-expanded')).toBe('true');
  return entry;
}

/** The customer reports $600 by ACH with a reference and a PDF proof. */
async function reportPayment(page: Page, invoiceId: string) {
  await openInvoice(page, invoiceId);
  // from the keyboard: a pointer's press and release can land apart while the panel is still
  // settling on a loaded machine (the button took the focus, no click came); Enter cannot
  const report = main(page).getByRole('button', { name: "I've sent the payment" });
  await report.focus();
  await report.press('Enter');
  const dialog = page.getByRole('dialog', { name: `I've sent the payment: invoice ${invoiceId}` });
  await eventually(() => dialog.count(), 10_000, 'the report dialog opens').toBe(1);
  expect(await dialog.getByLabel('Amount').inputValue()).toBe('$600');
  await dialog.getByLabel('Reference').fill('ACH-20260302');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'transfer.pdf', mimeType: 'application/pdf', buffer: PDF });
  return dialog;
}

describe('payments the customer reports', () => {
  it('a customer reports a payment with a PDF proof; the provider confirms it in one click and the invoice is paid', async () => {
    const customer = await suite.signedInPage('admin', { viewport: desktop });
    const invoice = await unpaidInvoice(customer.user.companyId!);
    const dialog = await reportPayment(customer.page, invoice.invoiceId);
    await suite.screenshot(customer.page, 'reported-payment-form-1280');
    expectNoViolations(await seriousA11yViolations(customer.page, 'the report form'));
    await dialog.getByRole('button', { name: 'Report payment' }).click();
    await eventually(() => dialog.count()).toBe(0);
    await eventually(() => main(customer.page).innerText()).toContain('Payment reported');
    expect(await main(customer.page).innerText()).toContain('It counts toward the invoice once we confirm it arrived.');
    await suite.screenshot(customer.page, 'reported-payment-customer-1280');
    // the proof comes back as a download of what was sent, never as a page
    const [download] = await Promise.all([
      customer.page.waitForEvent('download'),
      main(customer.page).getByRole('button', { name: `Download the proof of payment for invoice ${invoice.invoiceId}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`payment-proof-${invoice.invoiceId}.pdf`);
    expectNoViolations(await seriousA11yViolations(customer.page, 'an invoice with a payment reported'));

    const provider = await suite.signedInPage('superadmin', { viewport: desktop });
    await provider.page.goto('/dashboard');
    const card = main(provider.page).getByRole('region', { name: /Payment reported/ });
    await eventually(() => card.innerText()).toContain(`invoice ${invoice.invoiceId}`);
    await suite.screenshot(provider.page, 'reported-payment-overview-1280');
    expectNoViolations(await seriousA11yViolations(provider.page, 'the overview with a payment reported'));

    await provider.page.goto(`/allinvoices?company=${customer.user.companyId}`);
    await eventually(() => main(provider.page).innerText()).toContain('Payment reported');
    await main(provider.page).getByRole('button', { name: 'Review Reported Payment' }).click();
    const review = provider.page.getByRole('dialog', { name: 'Confirm Reported Payment' });
    expect(await review.getByLabel('Amount').inputValue()).toBe('$600');
    expect(await review.getByLabel('Transaction reference').inputValue()).toBe('ACH-20260302');
    await suite.screenshot(provider.page, 'reported-payment-confirm-1280');
    expectNoViolations(await seriousA11yViolations(provider.page, 'the confirm dialog'));
    await review.getByRole('button', { name: 'Confirm payment' }).click();
    await eventually(() => review.count()).toBe(0);
    await eventually(() => main(provider.page).innerText()).toContain('Completed');
    expect(await main(provider.page).innerText()).not.toContain('Payment reported');

    await customer.page.reload();
    await openInvoice(customer.page, invoice.invoiceId);
    await eventually(() => main(customer.page).innerText()).toContain('Completed');
    expect(await main(customer.page).innerText()).toMatch(/\$600\tACH\t[\s\S]*completed[\s\S]*Reported by/);
    expect(await main(customer.page).getByRole('button', { name: "I've sent the payment" }).count()).toBe(0);
  });

  it('a rejection reaches the customer with its reason, on a phone and in dark', async () => {
    const customer = await suite.signedInPage('admin', { viewport: phone });
    const invoice = await unpaidInvoice(customer.user.companyId!);
    const dialog = await reportPayment(customer.page, invoice.invoiceId);
    await suite.screenshot(customer.page, 'reported-payment-form-390');
    await dialog.getByRole('button', { name: 'Report payment' }).click();
    await eventually(() => dialog.count()).toBe(0);

    const provider = await suite.signedInPage('superadmin', { viewport: desktop });
    await provider.page.goto('/dashboard');
    await main(provider.page).getByRole('button', { name: `Review the payment reported for invoice ${invoice.invoiceId}` }).click();
    const review = provider.page.getByRole('dialog', { name: 'Confirm Reported Payment' });
    await review.getByRole('button', { name: 'Reject…' }).click();
    const rejecting = provider.page.getByRole('dialog', { name: 'Reject Reported Payment' });
    await rejecting.getByRole('button', { name: 'Reject report' }).click();
    await eventually(() => rejecting.innerText()).toContain('A reason is required.');
    await rejecting.getByLabel('Reason').fill('No transfer with that reference has arrived.');
    await rejecting.getByRole('button', { name: 'Reject report' }).click();
    await eventually(() => rejecting.count()).toBe(0);

    await openInvoice(customer.page, invoice.invoiceId);
    await eventually(() => main(customer.page).innerText()).toContain('Reason: No transfer with that reference has arrived.');
    expect(await main(customer.page).innerText()).toContain('Payment report rejected');
    // the entry has finished opening once its last button stands still (a screenshot mid-way cuts it off)
    await main(customer.page).getByRole('button', { name: "I've sent the payment" }).scrollIntoViewIfNeeded();
    await suite.screenshot(customer.page, 'reported-payment-rejected-390');
    expectNoViolations(await seriousA11yViolations(customer.page, 'a rejected report at 390 px'));
    await customer.page.emulateMedia({ colorScheme: 'dark' });
    await customer.page.reload();
    await openInvoice(customer.page, invoice.invoiceId);
    await eventually(() => main(customer.page).innerText()).toContain('Reason: No transfer with that reference has arrived.');
    await main(customer.page).getByRole('button', { name: "I've sent the payment" }).scrollIntoViewIfNeeded();
    await suite.screenshot(customer.page, 'reported-payment-rejected-dark-390');
    expectNoViolations(await seriousA11yViolations(customer.page, 'a rejected report in dark'));
  });
});
