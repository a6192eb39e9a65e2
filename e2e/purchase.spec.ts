import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/account/sessions.js';
import { createPackage } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import {
  api,
  coloursOf,
  countCalls,
  eventually,
  expectNoViolations,
  expectPath,
  failCalls,
  heading1,
  holdCalls,
  main,
  pathOf,
  seriousA11yViolations,
  spinner,
  headerNav,
} from './support/page.js';

/*
 * Buying hours: Package Options -> Checkout -> Confirmation, then the company's Invoices,
 * Activities and the dashboard's Hour Balance card before and after the invoice is paid
 * (docs/product-rules.md#purchases-and-payment-options, #the-hour-ledger, #dashboard-and-gauge),
 * their failures and empty states — in Chromium against the real server.
 */
const suite = browserSuite({ PROVIDER_BANK_NAME: 'First Test Bank', PROVIDER_ROUTING_NUMBER: '011000015', PROVIDER_ACCOUNT_NUMBER: '99887766' });

const NOTE = 'Your added hours will become active as soon we verify your payment';
const purchaseButton = (page: Page) => main(page).getByRole('button', { name: 'Purchase Package', exact: true });
const hourCard = (page: Page) => main(page).getByRole('region', { name: 'Hour Balance', exact: true });

/** A package of 10 hours at $150 an hour, offered to everyone. */
function tenHourPackage(description = `Ten hours ${Math.random().toString(36).slice(2, 7)}`) {
  return createPackage(suite.db, { description, hundredths: 1000, rateCents: 15000 });
}

/** From the catalogue, Select the package: /checkout with it in history state. */
async function openCheckout(page: Page, description: string) {
  await page.goto('/packages');
  await main(page).getByRole('button', { name: `Select ${description}` }).click();
  await expectPath(page, '/checkout');
  await heading1(page, 'Checkout').waitFor();
}

async function superAdminToken() {
  const { user } = await suite.createUser('superadmin');
  return (await createSession(suite.db, user.id, new Date())).token;
}

async function hourCardText(page: Page) {
  await page.goto('/dashboard');
  const card = hourCard(page);
  await card.waitFor();
  await eventually(() => spinner(page).count()).toBe(0);
  return {
    available: (await card.getByTestId('hours-available').innerText()).trim(),
    used: (await card.getByTestId('hours-used').innerText()).trim(),
    text: await card.innerText(),
    card,
  };
}

async function openActivities(page: Page) {
  await page.goto('/activities');
  await heading1(page, 'Activities').waitFor();
  await eventually(() => spinner(page).count()).toBe(0);
}

const activityItems = (page: Page): Locator => main(page).getByTestId('activity');

describe('checkout and confirmation', () => {
  it('1. Select carries the package to /checkout; purchase is single-flight and lands on /confirmation with the invoice and its PDF', async () => {
    const { page } = await suite.signedInPage('admin');
    const pkg = await tenHourPackage();
    await openCheckout(page, pkg.description);

    const body = main(page);
    for (const text of [pkg.description, '10', '$150 per hour', '$1,500']) {
      await body.getByText(text, { exact: true }).first().waitFor();
    }
    for (const label of ['ACH (Bank Transfer)', 'QuickPay / Zelle', 'Check via Email', 'Check by Mail']) {
      expect(await body.getByRole('radio', { name: label }).count(), label).toBe(1);
      expect(await body.getByRole('button', { name: label }).count(), `${label} instructions`).toBe(1);
    }
    // Nothing chosen yet: the button waits, and says so.
    expect(await purchaseButton(page).isDisabled()).toBe(true);
    await body.getByText('Choose a payment method to continue.', { exact: true }).waitFor();
    // Instructions expand per method; opening a method's instructions chooses it (one choice, not two).
    await body.getByRole('button', { name: 'Check by Mail' }).click();
    await body.getByText(/Mail a check for the invoice amount/).waitFor();
    expect(await body.getByRole('radio', { name: 'Check by Mail' }).isChecked()).toBe(true);
    await suite.screenshot(page, 'purchase-01-checkout');
    expectNoViolations(await seriousA11yViolations(page, 'checkout'));

    // One option at a time.
    await body.getByText('QuickPay / Zelle', { exact: true }).first().click();
    await body.getByText('ACH (Bank Transfer)', { exact: true }).first().click();
    expect(await body.getByRole('radio', { name: 'ACH (Bank Transfer)' }).isChecked()).toBe(true);
    expect(await body.getByRole('radio', { name: 'QuickPay / Zelle' }).isChecked()).toBe(false);
    expect(await purchaseButton(page).isEnabled()).toBe(true);

    const calls = countCalls(page, 'invoices.purchase');
    const hold = await holdCalls(page, 'invoices.purchase');
    await purchaseButton(page).click();
    await eventually(() => hold.held()).toBe(1);
    expect(await purchaseButton(page).isDisabled()).toBe(true);
    await purchaseButton(page).click({ force: true });
    await purchaseButton(page).dispatchEvent('click');
    const pdfResponse = page.waitForResponse((response) => response.url().includes('.pdf') || (response.headers()['content-type'] ?? '').includes('pdf'));
    hold.release();

    await expectPath(page, '/confirmation');
    expect(calls.count).toBe(1);
    await heading1(page, 'Thank you for your purchase!').waitFor();
    await body.getByText(NOTE, { exact: true }).waitFor();
    await body.getByRole('heading', { name: 'Invoice Information' }).waitFor();
    const invoiceNumber = (await body.locator('dt:text-is("Invoice Number") + dd').innerText()).trim();
    expect(invoiceNumber).not.toBe('');
    expect((await body.locator('dt:text-is("Package") + dd').innerText()).trim()).toBe(pkg.description);
    expect((await body.locator('dt:text-is("Amount To Be Paid") + dd').innerText()).trim()).toBe('$1,500');
    expect((await body.locator('dt:text-is("Payment Option") + dd').innerText()).trim()).toBe('ACH (Bank Transfer)');
    await body.getByRole('heading', { name: 'Payment Instructions: ACH (Bank Transfer)' }).waitFor();
    // ACH shows the provider's bank name, routing and account numbers.
    await body.locator('dt:text-is("Bank Name") + dd').waitFor();
    expect((await body.locator('dt:text-is("Bank Name") + dd').innerText()).trim()).toBe('First Test Bank');
    expect((await body.locator('dt:text-is("Routing Number") + dd').innerText()).trim()).toBe('011000015');
    expect((await body.locator('dt:text-is("Account Number") + dd').innerText()).trim()).toBe('99887766');

    const frame = body.locator(`iframe[title="Invoice ${invoiceNumber} PDF"]`);
    await frame.waitFor();
    const src = await frame.getAttribute('src');
    expect(src).toBeTruthy();
    const response = await pdfResponse;
    expect(response.status()).toBe(200);
    const direct = await fetch(new URL(src!, suite.url));
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await direct.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    await suite.screenshot(page, 'purchase-02-confirmation');
    expectNoViolations(await seriousA11yViolations(page, 'confirmation'));
  });

  it('2. a failed purchase alerts "Error: " with the error and re-enables the button', async () => {
    const { page } = await suite.signedInPage('admin');
    const pkg = await tenHourPackage();
    await openCheckout(page, pkg.description);
    await main(page).getByText('Check via Email', { exact: true }).first().click();
    await failCalls(page, 'invoices.purchase', 500);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(`${dialog.type()}:${dialog.message()}`);
      void dialog.accept();
    });
    await purchaseButton(page).click();
    await eventually(() => alerts).toEqual(['alert:Error: Something went wrong.']);
    await eventually(() => purchaseButton(page).isEnabled()).toBe(true);
    expect(pathOf(page)).toBe('/checkout');
  });

  it('3. /checkout and /confirmation without navigation state redirect to /', async () => {
    const { page } = await suite.signedInPage('admin');
    for (const path of ['/checkout', '/confirmation']) {
      await page.goto(path);
      await expectPath(page, '/');
      expect(await heading1(page, 'Checkout').count()).toBe(0);
      expect(await heading1(page, 'Thank you for your purchase!').count()).toBe(0);
    }
  });
});

describe('the price at checkout is the invoice\'s price', () => {
  /** Hours and rates whose product in floating point falls just below a half cent (0.29 × 1.50 = 0.43499…). */
  const awkward = [
    { hundredths: 29, rateCents: 150, shown: '$0.44' },
    { hundredths: 115, rateCents: 70, shown: '$0.81' },
    { hundredths: 35, rateCents: 10, shown: '$0.04' },
    { hundredths: 805, rateCents: 50, shown: '$4.03' },
  ];

  it('6. for awkward hour/rate pairs, checkout\'s Total, the confirmation\'s Amount To Be Paid and the created invoice agree', async () => {
    const { page } = await suite.signedInPage('admin');
    const token = await superAdminToken();
    for (const { hundredths, rateCents, shown } of awkward) {
      const pkg = await createPackage(suite.db, { description: `Awkward ${hundredths}x${rateCents}`, hundredths, rateCents });
      await openCheckout(page, pkg.description);
      const total = main(page).locator('dt:text-is("Total") + dd');
      await eventually(async () => (await total.innerText()).trim()).toBe(shown);
      await main(page).getByText('Check by Mail', { exact: true }).first().click();
      await purchaseButton(page).click();
      await expectPath(page, '/confirmation', 20_000);
      const invoiceNumber = (await main(page).locator('dt:text-is("Invoice Number") + dd').innerText()).trim();
      expect((await main(page).locator('dt:text-is("Amount To Be Paid") + dd').innerText()).trim(), pkg.description).toBe(shown);
      const listed = await api(suite.url, 'GET', `/superadmin/allinvoices?search=${encodeURIComponent(pkg.description)}`, { token });
      const invoice = (listed.body as unknown as { invoiceId: string; price: number }[]).find((row) => row.invoiceId === invoiceNumber);
      expect(invoice, pkg.description).toBeTruthy();
      expect(`$${invoice!.price.toFixed(2)}`, pkg.description).toBe(shown);
    }
  });

  it('7. reloading /checkout keeps the page and its package; a package no longer on offer sends the customer to /', async () => {
    const { page } = await suite.signedInPage('admin', { viewport: { width: 390, height: 844 } });
    const pkg = await tenHourPackage();
    await openCheckout(page, pkg.description);
    expect(new URL(page.url()).searchParams.get('package')).toBe(pkg.id);
    await page.reload();
    await heading1(page, 'Checkout').waitFor();
    expect(pathOf(page)).toBe('/checkout');
    await main(page).getByText(pkg.description, { exact: true }).waitFor();
    expect((await main(page).locator('dt:text-is("Total") + dd').innerText()).trim()).toBe('$1,500');
    await suite.screenshot(page, 'purchase-09-checkout-reloaded-390');
    expectNoViolations(await seriousA11yViolations(page, 'checkout after reload'));

    // A fresh tab opened on the address alone (no history state) shows the same checkout.
    const fresh = await page.context().newPage();
    await fresh.goto(`/checkout?package=${pkg.id}`);
    await heading1(fresh, 'Checkout').waitFor();
    await main(fresh).getByText(pkg.description, { exact: true }).waitFor();
    await fresh.goto('/checkout?package=no-such-package');
    await expectPath(fresh, '/');
    await fresh.close();

    // The reloaded checkout still buys the package.
    await main(page).getByText('QuickPay / Zelle', { exact: true }).first().click();
    await purchaseButton(page).click();
    await expectPath(page, '/confirmation');
    expect((await main(page).locator('dt:text-is("Amount To Be Paid") + dd').innerText()).trim()).toBe('$1,500');
    await suite.screenshot(page, 'purchase-10-confirmation-390');
  });
});

describe('fresh answers after a purchase', () => {
  it('8. the Invoices and Activities pages show the new invoice at once, though both were loaded just before', async () => {
    const { page } = await suite.signedInPage('admin');
    const pkg = await tenHourPackage();
    // All in one page load, so the answers from before the purchase are still cached (30 s).
    await page.goto('/invoices');
    await main(page).getByText('No Invoices Found').waitFor();
    await headerNav(page).getByRole('link', { name: 'Activities', exact: true }).click();
    await main(page).getByText('No Activities').waitFor();
    await headerNav(page).getByRole('link', { name: 'Packages', exact: true }).click();
    await main(page).getByRole('button', { name: `Select ${pkg.description}` }).click();
    await heading1(page, 'Checkout').waitFor();
    await main(page).getByText('ACH (Bank Transfer)', { exact: true }).first().click();
    await purchaseButton(page).click();
    await heading1(page, 'Thank you for your purchase!').waitFor();
    const invoiceNumber = (await main(page).locator('dt:text-is("Invoice Number") + dd').innerText()).trim();

    await headerNav(page).getByRole('link', { name: 'Invoices', exact: true }).click();
    await eventually(() => main(page).getByText(invoiceNumber).count(), 5_000).toBeGreaterThan(0);
    await headerNav(page).getByRole('link', { name: 'Activities', exact: true }).click();
    await eventually(() => main(page).getByText(pkg.description).count(), 5_000).toBeGreaterThan(0);
    await headerNav(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await eventually(() => hourCard(page).innerText(), 5_000).toContain('10.00 hours pending activation');
  });
});

describe('after the purchase: invoices, activities and the Hour Balance card', () => {
  // five screens, each with axe: over a minute on a loaded machine
  it('4. the invoice, the Pending activity and the pending hours; after full payment Completed, green and available', { timeout: 120_000 }, async () => {
    const { page, user } = await suite.signedInPage('admin');
    const companyId = user.companyId!;

    // Empty states first.
    await page.goto('/invoices');
    await heading1(page, 'Invoices').waitFor();
    await main(page).getByText('No Invoices Found', { exact: true }).waitFor();
    await openActivities(page);
    await main(page).getByText('No Activities', { exact: true }).waitFor();
    const empty = await hourCardText(page);
    expect([empty.available, empty.used]).toEqual(['0.00', '0.00']);
    expect(empty.text).toContain('Recent Purchase: 0.00 Hours');
    expect(empty.text).not.toContain('pending activation');
    expect(await empty.card.getByRole('link', { name: 'Purchase More Hours' }).getAttribute('href')).toBe('/packages');

    // Buy through the screens.
    const pkg = await tenHourPackage();
    await openCheckout(page, pkg.description);
    await main(page).getByText('QuickPay / Zelle', { exact: true }).first().click();
    await purchaseButton(page).click();
    await expectPath(page, '/confirmation');
    const invoiceNumber = (await main(page).locator('dt:text-is("Invoice Number") + dd').innerText()).trim();

    // Invoices: the entry, expanded, with View PDF.
    await page.goto('/invoices');
    await heading1(page, 'Invoices').waitFor();
    const entry = main(page).getByRole('button', { name: new RegExp(`Invoice ${invoiceNumber}`) });
    await entry.waitFor();
    expect(await entry.innerText()).toContain('$1,500');
    expect(await entry.innerText()).toContain('Pending');
    await entry.click();
    const panel = main(page).getByRole('region').filter({ hasText: 'Payments' }).first();
    await panel.getByText('No payments yet.').waitFor();
    expect(await panel.innerText()).toContain(pkg.description);
    await suite.screenshot(page, 'purchase-03-invoices');
    expectNoViolations(await seriousA11yViolations(page, 'invoices'));
    await panel.getByRole('button', { name: 'View PDF' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const pdfFrame = dialog.locator('iframe');
    expect(await pdfFrame.getAttribute('width')).toBe('640');
    expect(await pdfFrame.getAttribute('height')).toBe('480');
    expect(await pdfFrame.getAttribute('title')).toBe(`Invoice ${invoiceNumber} PDF`);
    await suite.screenshot(page, 'purchase-04-invoice-pdf');
    expectNoViolations(await seriousA11yViolations(page, 'invoice PDF dialog'));
    await page.keyboard.press('Escape');
    await eventually(() => dialog.count()).toBe(0);

    // Activities: the purchase is pending, on a secondary (orange) dot.
    await openActivities(page);
    await eventually(() => activityItems(page).count()).toBe(1);
    const pendingItem = activityItems(page).first();
    expect(await pendingItem.innerText()).toContain(pkg.description);
    expect(await pendingItem.getByText('Pending', { exact: true }).count()).toBe(1);
    expect(await pendingItem.innerText()).toContain('Type: TimeAdd');
    expect((await coloursOf(pendingItem.locator('.mantine-ThemeIcon-root'))).background).toBe('rgb(255, 152, 0)');
    await suite.screenshot(page, 'purchase-05-activities-pending');
    expectNoViolations(await seriousA11yViolations(page, 'activities'));

    // Hour Balance: pending, nothing available yet.
    const before = await hourCardText(page);
    expect([before.available, before.used]).toEqual(['0.00', '0.00']);
    expect(before.text).toContain('10.00 hours pending activation');
    expect(before.text).toContain('Recent Purchase: 0.00 Hours');
    await suite.screenshot(page, 'purchase-06-dashboard-pending');
    expectNoViolations(await seriousA11yViolations(page, 'dashboard'));

    // A super-admin records the full payment through the REST API.
    const invoices = await api(suite.url, 'GET', '/superadmin/allinvoices', { token: await superAdminToken() });
    const list = invoices.body as unknown as { _id: string; invoiceId: string }[];
    const invoice = list.find((row) => row.invoiceId === invoiceNumber)!;
    expect(invoice).toBeTruthy();
    const paid = await api(suite.url, 'POST', '/superadmin/payments', {
      token: await superAdminToken(),
      body: { company: companyId, invoice: invoice._id, amount: 1500, method: 'Zelle', description: 'Paid in full', sendEmail: false },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300);

    await openActivities(page);
    const doneItem = activityItems(page).first();
    await eventually(() => doneItem.getByText('Pending', { exact: true }).count()).toBe(0);
    expect(await doneItem.innerText()).toContain('Balance: 10 hours');
    const [r = 0, g = 0] = ((await coloursOf(doneItem.locator('.mantine-ThemeIcon-root'))).background.match(/\d+/g) ?? []).map(Number);
    expect(g - r, 'the completed dot is green').toBeGreaterThan(60);
    await suite.screenshot(page, 'purchase-07-activities-completed');

    const after = await hourCardText(page);
    expect([after.available, after.used]).toEqual(['10.00', '0.00']);
    expect(after.text).toContain('Recent Purchase: 10.00 Hours');
    expect(after.text).not.toContain('pending activation');
    expect(await after.card.getByRole('img', { name: '100% of the recent purchase remaining' }).count()).toBe(1);
    await suite.screenshot(page, 'purchase-08-dashboard-paid');

    await page.goto('/invoices');
    const paidEntry = main(page).getByRole('button', { name: new RegExp(`Invoice ${invoiceNumber}`) });
    await paidEntry.waitFor();
    await eventually(async () => (await paidEntry.innerText()).includes('Completed')).toBe(true);
    await paidEntry.click();
    await main(page).getByRole('table', { name: `Payments of invoice ${invoiceNumber}` }).getByText('$1,500').waitFor();
  });

  it('5. a failed activities load shows the error text', async () => {
    const { page } = await suite.signedInPage('member');
    await failCalls(page, 'activities.list', 500);
    await page.goto('/activities');
    await main(page).getByText('Error getting the list of Activities.', { exact: true }).waitFor({ timeout: 15_000 });
  });
});
