import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/account/sessions.js';
import { createPackage } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { api, eventually, expectNoViolations, expectPath, heading1, main, spinner } from './support/page.js';

/*
 * Getting paid without dead ends (docs/product-rules.md#how-to-pay-an-invoice): checkout's chip
 * opens its instructions, the disabled Purchase Package button says what it waits for, a company
 * with unpaid invoices is told before buying again, and /invoices says how to pay each unpaid
 * invoice — at desktop and phone widths, light and dark, with axe finding nothing.
 */
const suite = browserSuite({
  PROVIDER_NAME: 'Northwind Consulting LLC',
  PROVIDER_EMAIL: 'billing@northwind.example',
  PROVIDER_BANK_NAME: 'First Test Bank',
  PROVIDER_ROUTING_NUMBER: '011000015',
  PROVIDER_ACCOUNT_NUMBER: '99887766',
  PROVIDER_PAYMENT_EMAIL: 'pay@northwind.example',
  PROVIDER_ADDRESS: '500 Market Street, Springfield, IL 62701',
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const CHOOSE_METHOD = 'Choose a payment method to continue.';

const purchaseButton = (page: Page) => main(page).getByRole('button', { name: 'Purchase Package', exact: true });
const unpaidNotice = (page: Page) => main(page).getByTestId('unpaid-invoices');
const instructionsControl = (page: Page, label: string) => main(page).getByRole('button', { name: label, exact: true });
const chip = (page: Page, label: string) => main(page).getByText(label, { exact: true }).first();
const valueOf = async (within: Locator, term: string) => (await within.locator(`dt:text-is("${term}") + dd`).first().innerText()).trim();

function tenHourPackage() {
  return createPackage(suite.db, { description: `Ten hours ${Math.random().toString(36).slice(2, 7)}`, hundredths: 1000, rateCents: 15000 });
}

async function openCheckout(page: Page, description: string) {
  await page.goto('/packages');
  await main(page).getByRole('button', { name: `Select ${description}` }).click();
  await expectPath(page, '/checkout');
  await heading1(page, 'Checkout').waitFor();
}

/** The text the button is described by, as a screen reader reads it with the button. */
async function describedBy(button: Locator): Promise<string> {
  return button.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

/** Every axe violation, whatever its impact: these screens are new and start clean. */
async function allA11yViolations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => `[${where}] ${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).join('\n    ')}`);
}

async function settled(page: Page) {
  await eventually(() => spinner(page).count()).toBe(0);
}

/** Lets an accordion finish opening, so a screenshot shows the whole panel. */
const afterTransition = (page: Page) => page.waitForTimeout(400);

/** Opens the invoice's entry on /invoices and answers its panel. */
async function openInvoiceEntry(page: Page, invoiceId: string): Promise<Locator> {
  const control = main(page).getByRole('button', { name: new RegExp(`Invoice ${invoiceId}`) });
  await control.click();
  await eventually(() => control.getAttribute('aria-expanded')).toBe('true');
  const panelId = await control.getAttribute('aria-controls');
  return page.locator(`[id="${panelId}"]`);
}

describe('getting paid', () => {
  it('a customer admin buys, is told about the unpaid invoice at the next checkout, and finds how to pay it on Invoices', { timeout: 120_000 }, async () => {
    const { page } = await suite.signedInPage('admin', { viewport: DESKTOP });
    const pkg = await tenHourPackage();
    await openCheckout(page, pkg.description);
    await settled(page);

    // Nothing owed yet: no warning. Nothing chosen: the button says what it waits for, to the eye and to screen readers.
    expect(await unpaidNotice(page).count()).toBe(0);
    expect(await purchaseButton(page).isDisabled()).toBe(true);
    expect(await main(page).getByText(CHOOSE_METHOD, { exact: true }).isVisible()).toBe(true);
    expect(await describedBy(purchaseButton(page))).toBe(CHOOSE_METHOD);
    for (const label of ['ACH (Bank Transfer)', 'QuickPay / Zelle', 'Check via Email', 'Check by Mail']) {
      expect(await instructionsControl(page, label).getAttribute('aria-expanded'), label).toBe('false');
    }
    await suite.screenshot(page, 'getting-paid-01-checkout-nothing-chosen-1280');

    // Choosing a chip opens that method's instructions, with the provider's details, and only those.
    await chip(page, 'QuickPay / Zelle').click();
    await eventually(() => instructionsControl(page, 'QuickPay / Zelle').getAttribute('aria-expanded')).toBe('true');
    expect(await instructionsControl(page, 'ACH (Bank Transfer)').getAttribute('aria-expanded')).toBe('false');
    await main(page).getByText(/Send the invoice amount with QuickPay \/ Zelle/).waitFor();
    expect(await valueOf(main(page), 'Send to')).toBe('pay@northwind.example');
    expect(await main(page).getByText(CHOOSE_METHOD, { exact: true }).count()).toBe(0);
    expect(await purchaseButton(page).isEnabled()).toBe(true);
    expect(await purchaseButton(page).getAttribute('aria-describedby')).toBeNull();
    await afterTransition(page);
    await suite.screenshot(page, 'getting-paid-02-checkout-chip-opens-instructions-1280');

    // One choice, not two: opening another method's instructions chooses that method.
    await instructionsControl(page, 'Check by Mail').click();
    await eventually(() => main(page).getByRole('radio', { name: 'Check by Mail' }).isChecked()).toBe(true);
    expect(await main(page).getByRole('radio', { name: 'QuickPay / Zelle' }).isChecked()).toBe(false);
    expect(await instructionsControl(page, 'QuickPay / Zelle').getAttribute('aria-expanded')).toBe('false');

    await chip(page, 'ACH (Bank Transfer)').click();
    await eventually(() => instructionsControl(page, 'ACH (Bank Transfer)').getAttribute('aria-expanded')).toBe('true');
    expectNoViolations(await allA11yViolations(page, 'checkout, ACH chosen'));
    await purchaseButton(page).click();
    await expectPath(page, '/confirmation');
    const invoiceId = (await main(page).locator('dt:text-is("Invoice Number") + dd').innerText()).trim();

    // The next checkout says what is still owed, links to Invoices, and still sells.
    const again = await tenHourPackage();
    await openCheckout(page, again.description);
    const notice = unpaidNotice(page);
    await notice.waitFor();
    expect(await notice.innerText()).toContain('1 invoice is not paid in full: $1,500 still due.');
    expect(await notice.innerText()).toContain('You can still buy this package.');
    expect(await notice.getByRole('link', { name: 'See how to pay your invoices' }).getAttribute('href')).toBe('/invoices');
    await chip(page, 'Check via Email').click();
    expect(await purchaseButton(page).isEnabled()).toBe(true);
    await afterTransition(page);
    await suite.screenshot(page, 'getting-paid-03-checkout-unpaid-warning-1280');
    expectNoViolations(await allA11yViolations(page, 'checkout with the unpaid warning'));

    // Invoices: the unpaid invoice says how to pay it by its method, the amount due and the reference.
    await notice.getByRole('link', { name: 'See how to pay your invoices' }).click();
    await expectPath(page, '/invoices');
    await heading1(page, 'Invoices').waitFor();
    await settled(page);
    const panel = await openInvoiceEntry(page, invoiceId);
    const howToPay = panel.getByTestId('how-to-pay');
    await howToPay.getByRole('heading', { name: 'How to pay' }).waitFor();
    expect(await valueOf(howToPay, 'Amount due')).toBe('$1,500');
    expect(await valueOf(howToPay, 'Payment reference')).toBe(invoiceId);
    expect(await howToPay.innerText()).toContain(`Put the invoice number ${invoiceId} in the memo`);
    const chosen = howToPay.locator('[data-chosen]');
    expect(await chosen.count()).toBe(1);
    expect(await chosen.innerText()).toContain('ACH (Bank Transfer)');
    expect(await chosen.innerText()).toContain('Your selected method');
    expect(await valueOf(chosen, 'Bank Name')).toBe('First Test Bank');
    expect(await valueOf(chosen, 'Routing Number')).toBe('011000015');
    expect(await valueOf(chosen, 'Account Number')).toBe('99887766');
    expect(await howToPay.getByText('QuickPay / Zelle').count()).toBe(0);
    // Whom to ask: the details the provider set, none shown empty.
    expect(await valueOf(howToPay, 'Name')).toBe('Northwind Consulting LLC');
    expect(await valueOf(howToPay, 'Email')).toBe('billing@northwind.example');
    expect(await howToPay.locator('dt:text-is("Phone")').count()).toBe(0);
    await afterTransition(page);
    await suite.screenshot(page, 'getting-paid-04-invoices-how-to-pay-1280');
    expectNoViolations(await allA11yViolations(page, 'invoices with how to pay open'));
  });

  it('an invoice paid in full asks for nothing; one with no method lists every channel; one partly paid is Pending, saying so', async () => {
    const { page, user } = await suite.signedInPage('admin', { viewport: DESKTOP });
    const boss = await suite.createUser('superadmin');
    const token = (await createSession(suite.db, boss.user.id, new Date())).token;
    const create = async (price: number, method: string) =>
      (await api(suite.url, 'POST', '/superadmin/invoices', { token, body: { company: user.companyId, description: `Block ${price}`, price, selectedPaymentMethod: method, sendInvoiceEmail: false } })).body as unknown as { _id: string; invoiceId: string };
    const paid = await create(400, 'Zelle');
    await api(suite.url, 'POST', '/superadmin/payments', { token, body: { company: user.companyId, invoice: paid._id, amount: 400, method: 'Zelle', sendEmail: false } });
    const open = await create(250, 'None');
    const partly = await create(300, 'Check');
    await api(suite.url, 'POST', '/superadmin/payments', { token, body: { company: user.companyId, invoice: partly._id, amount: 100, method: 'Check', sendEmail: false } });

    await page.goto('/invoices');
    await heading1(page, 'Invoices').waitFor();
    await settled(page);
    const paidPanel = await openInvoiceEntry(page, paid.invoiceId);
    await paidPanel.getByText('Payments', { exact: true }).waitFor();
    expect(await paidPanel.getByTestId('how-to-pay').count()).toBe(0);
    expect(await paidPanel.innerText()).not.toContain('Amount due');

    const openPanel = await openInvoiceEntry(page, open.invoiceId);
    const howToPay = openPanel.getByTestId('how-to-pay');
    await howToPay.waitFor();
    expect(await valueOf(howToPay, 'Amount due')).toBe('$250');
    expect(await howToPay.locator('[data-chosen]').count()).toBe(0);
    for (const title of ['ACH (Bank Transfer)', 'QuickPay / Zelle', 'Check']) await howToPay.getByText(title, { exact: true }).waitFor();

    // the status word every place uses, with the partial state beside it: what is due, and "partly paid"
    const partlyControl = main(page).getByRole('button', { name: new RegExp(`Invoice ${partly.invoiceId}`) });
    expect((await partlyControl.innerText()).split(/\s+/).join(' ')).toMatch(/Due \$200 \$300 Pending partly paid$/);
    const partlyPanel = await openInvoiceEntry(page, partly.invoiceId);
    await partlyPanel.getByText('Pending (partly paid)', { exact: true }).waitFor();
    expect(await valueOf(partlyPanel.getByTestId('how-to-pay'), 'Amount due')).toBe('$200');
    await afterTransition(page);
    await suite.screenshot(page, 'getting-paid-05-invoices-paid-and-no-method-1280');
  });

  it.each([
    [PHONE, 'light'],
    [PHONE, 'dark'],
    [DESKTOP, 'dark'],
  ] as const)('reads well at %o in %s', { timeout: 120_000 }, async (viewport, scheme) => {
    const where = `${viewport.width}-${scheme}`;
    const { page, user } = await suite.signedInPage('admin', { viewport });
    await page.emulateMedia({ colorScheme: scheme });
    // The purchase through the screens is the first test's; here the company owes one invoice already.
    const token = (await createSession(suite.db, user.id, new Date())).token;
    const bought = await api(suite.url, 'POST', '/invoices/purchase', { token, body: { packageId: (await tenHourPackage()).id, paymentOption: 'Check' } });
    const { invoiceId } = (bought.body as unknown as { newInvoice: { invoiceId: string } }).newInvoice;

    const next = await tenHourPackage();
    await openCheckout(page, next.description);
    await unpaidNotice(page).waitFor();
    await settled(page);
    expect(await main(page).getByText(CHOOSE_METHOD, { exact: true }).isVisible(), where).toBe(true);
    await suite.screenshot(page, `getting-paid-06-checkout-${where}`);
    const report = await allA11yViolations(page, `checkout at ${where}`);
    await chip(page, 'QuickPay / Zelle').click();
    await eventually(() => instructionsControl(page, 'QuickPay / Zelle').getAttribute('aria-expanded')).toBe('true');
    await afterTransition(page);
    await suite.screenshot(page, `getting-paid-07-checkout-chosen-${where}`);
    report.push(...(await allA11yViolations(page, `checkout, chosen, at ${where}`)));

    await page.goto('/invoices');
    await heading1(page, 'Invoices').waitFor();
    await settled(page);
    const panel = await openInvoiceEntry(page, invoiceId);
    const howToPay = panel.getByTestId('how-to-pay');
    await howToPay.waitFor();
    expect(await valueOf(howToPay, 'Mailing Address'), where).toBe('500 Market Street, Springfield, IL 62701');
    await afterTransition(page);
    await suite.screenshot(page, `getting-paid-08-invoices-${where}`);
    report.push(...(await allA11yViolations(page, `invoices at ${where}`)));
    expectNoViolations(report);
  });
});
