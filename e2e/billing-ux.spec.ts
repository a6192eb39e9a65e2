import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/account/sessions.js';
import { createCompany, createUser } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { api, coloursOf, eventually, expectNoViolations, listRows, main, seriousA11yViolations, expectNoDialog } from './support/page.js';

/*
 * The provider's daily billing work on /allinvoices and /allpayments: a payment recorded from its
 * invoice row in a few interactions, the invoice table on a laptop screen, status badges, the PDF
 * and reminder actions, and a toast after every save, delete and send.
 */
const suite = browserSuite();
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The list's rows: table rows, or on a phone the cards the shared list draws instead. */
const rowOf = (page: Page, text: string) => listRows(page).filter({ hasText: text });
const dialog = (page: Page) => page.getByRole('dialog');
const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title });
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

async function signIn(viewport = DESKTOP) {
  const signedIn = await suite.signedInPage('superadmin', { viewport });
  const { token } = await createSession(suite.db, signedIn.user.id, new Date());
  return { ...signedIn, token };
}

async function companyWithUser(name: string) {
  const company = await createCompany(suite.db, { companyName: unique(name) });
  await createUser(suite.db, { companyId: company.id });
  return company;
}

type Invoice = { _id: string; invoiceId: string; pdfUrl: string };

async function createInvoice(token: string, invoice: { company: string; description: string; price: number; selectedPaymentMethod?: string }) {
  const response = await api(suite.url, 'POST', '/superadmin/invoices', { token, body: { sendInvoiceEmail: false, ...invoice } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Invoice;
}

async function createPayment(token: string, payment: { company: string; invoice: string; amount: number }) {
  const response = await api(suite.url, 'POST', '/superadmin/payments', { token, body: { method: 'ACH', sendEmail: false, ...payment } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

async function openInvoices(page: Page, search: string) {
  await page.goto('/allinvoices');
  await main(page).getByLabel('Search').fill(search);
  await eventually(() => listRows(page).filter({ hasText: search }).count()).toBeGreaterThan(0);
}

/** Clicks and key presses the user makes, so a spec can say how many a job takes. */
function interactions(page: Page) {
  let count = 0;
  return {
    get count() {
      return count;
    },
    async click(target: Locator) {
      count += 1;
      await target.click();
    },
    async fill(target: Locator, text: string) {
      count += 1;
      await target.fill(text);
    },
    page,
  };
}

describe('recording a payment', () => {
  it('from the invoice row: company, invoice, balance and intended method prefilled; saved in at most 4 interactions', async () => {
    const { page, token } = await signIn();
    const company = await companyWithUser('Row Pay Co');
    const description = unique('Row payment invoice');
    const invoice = await createInvoice(token, { company: company.id, description, price: 200, selectedPaymentMethod: 'Zelle' });
    await createPayment(token, { company: company.id, invoice: invoice._id, amount: 50 });
    await openInvoices(page, description);

    const user = interactions(page);
    await user.click(rowOf(page, description).getByRole('button', { name: 'Record Payment' }));
    await eventually(() => dialog(page).getByRole('heading', { name: 'Record Payment' }).isVisible()).toBe(true);
    await eventually(() => dialog(page).getByLabel('Company', { exact: true }).inputValue()).toBe(company.companyName);
    await eventually(() => dialog(page).getByLabel('Invoice', { exact: true }).inputValue()).toBe(`${invoice.invoiceId} — $150`);
    expect(await dialog(page).getByLabel('Amount').inputValue()).toBe('$150');
    expect(await dialog(page).getByLabel('Method', { exact: true }).inputValue()).toBe('Zelle');
    expect(await dialog(page).getByLabel('Payment Id').count()).toBe(0);
    expect(await dialog(page).getByLabel('Transaction reference').count()).toBe(1);
    await suite.screenshot(page, 'billing-ux-record-payment-1440');
    await user.click(dialog(page).getByLabel('Send Email to Client'));
    await user.click(dialog(page).getByRole('button', { name: 'Save' }));
    await expectNoDialog(page);
    expect(user.count).toBeLessThanOrEqual(4);

    await eventually(() => toast(page, 'Payment saved').textContent()).toContain(`$150 on invoice ${invoice.invoiceId} for ${company.companyName}`);
    const row = rowOf(page, description);
    await eventually(() => row.locator('td').nth(4).textContent()).toBe('$0');
    expect(await row.getByText('Completed').isVisible()).toBe(true);
    // a paid invoice takes no more payments and has no open balance to remind of
    expect(await row.getByRole('button', { name: 'Record Payment' }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: 'Send Open Balance Reminder' }).isDisabled()).toBe(true);
    const payments = await api(suite.url, 'GET', `/superadmin/payments?company=${company.id}`, { token });
    expect((payments.body as unknown as { amount: number; method: string }[]).map(({ amount, method }) => ({ amount, method }))).toEqual(
      expect.arrayContaining([{ amount: 150, method: 'Zelle' }]),
    );
  });

  it('on /allpayments, choosing an invoice fills its balance and method unless an amount was typed', async () => {
    const { page, token } = await signIn();
    const company = await companyWithUser('Choice Pay Co');
    const cash = await createInvoice(token, { company: company.id, description: unique('Cash invoice'), price: 90, selectedPaymentMethod: 'Cash' });
    const check = await createInvoice(token, { company: company.id, description: unique('Check invoice'), price: 40, selectedPaymentMethod: 'Check' });
    await page.goto('/allpayments');
    await main(page).getByRole('button', { name: 'Add Payment' }).click();
    await eventually(() => dialog(page).getByRole('heading', { name: 'Add Payment' }).isVisible()).toBe(true);
    expect(await dialog(page).getByLabel('Payment Id').count()).toBe(0);
    await dialog(page).getByLabel('Company', { exact: true }).click();
    await page.getByRole('option', { name: company.companyName }).click();
    await dialog(page).getByLabel('Invoice', { exact: true }).click();
    await page.getByRole('option', { name: `${cash.invoiceId} — $90` }).click();
    expect(await dialog(page).getByLabel('Amount').inputValue()).toBe('$90');
    expect(await dialog(page).getByLabel('Method', { exact: true }).inputValue()).toBe('Cash');
    // another invoice: the form follows it while the user has not typed an amount
    await dialog(page).getByLabel('Invoice', { exact: true }).click();
    await page.getByRole('option', { name: `${check.invoiceId} — $40` }).click();
    expect(await dialog(page).getByLabel('Amount').inputValue()).toBe('$40');
    expect(await dialog(page).getByLabel('Method', { exact: true }).inputValue()).toBe('Check');
    await dialog(page).getByLabel('Amount').fill('12');
    await dialog(page).getByLabel('Invoice', { exact: true }).click();
    await page.getByRole('option', { name: `${cash.invoiceId} — $90` }).click();
    expect(await dialog(page).getByLabel('Amount').inputValue()).toBe('$12');
    await suite.screenshot(page, 'billing-ux-add-payment-1440');

    // a refusal about the amount shows on the Amount field, and in the dialog's alert titled Error
    await dialog(page).getByLabel('Amount').fill('95');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    const message = `The completed payments on invoice ${cash.invoiceId} would come to $95, more than its price of $90.`;
    await eventually(() => dialog(page).getByText(message).count()).toBe(2);
    expect(await dialog(page).getByLabel('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog(page).getByRole('alert').filter({ hasText: 'Error' }).innerText()).toContain(message);
    await suite.screenshot(page, 'billing-ux-payment-field-error-1440');

    await dialog(page).getByLabel('Amount').fill('90');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await eventually(() => toast(page, 'Payment saved').textContent()).toContain(`$90 on invoice ${cash.invoiceId} for ${company.companyName}`);
    await main(page).getByLabel('Search').fill('');
    await main(page).getByRole('combobox', { name: 'Filter by Company' }).fill(company.companyName);
    await page.getByRole('option', { name: company.companyName, exact: true }).click();
    await eventually(() => listRows(page).count()).toBe(1);
    await listRows(page).first().getByRole('button', { name: 'Delete Payment' }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await eventually(() => toast(page, 'Payment deleted').textContent()).toContain(`$90 on invoice ${cash.invoiceId} for ${company.companyName}`);
  });
});

describe('the invoice table at 1440 px', () => {
  it('shows the invoice number and coloured status badges, keeps descriptions on one line and fits without sideways scrolling', async () => {
    const { page, token } = await signIn();
    const company = await companyWithUser('A rather long company name for the table Co');
    const tag = unique('fit');
    const longText = `${tag} ${'Quarterly retainer for support, maintenance and small changes across the platform '.repeat(3)}`.trim();
    await createInvoice(token, { company: company.id, description: `${longText} pending`, price: 123456.78, selectedPaymentMethod: 'Check' });
    const partly = await createInvoice(token, { company: company.id, description: `${tag} partly`, price: 100 });
    const paid = await createInvoice(token, { company: company.id, description: `${tag} paid`, price: 10 });
    await createPayment(token, { company: company.id, invoice: partly._id, amount: 40 });
    await createPayment(token, { company: company.id, invoice: paid._id, amount: 10 });
    await openInvoices(page, tag);
    await eventually(() => listRows(page).count()).toBe(3);
    // the unpaid invoice's row (its description ends in "pending", and the partly paid one's status says Pending too)
    const unpaid = `${tag} Quarterly`;

    expect(await main(page).locator('thead th').first().textContent()).toBe('Invoice');
    expect(await rowOf(page, `${tag} partly`).locator('td').first().textContent()).toBe(partly.invoiceId);

    const badge = (text: string, status: string) => rowOf(page, text).locator('.mantine-Badge-root', { hasText: status });
    const backgrounds = await Promise.all([badge(unpaid, 'Pending'), badge(`${tag} paid`, 'Completed')].map(async (b) => (await coloursOf(b)).background));
    expect(new Set(backgrounds).size).toBe(2);
    // a partly paid invoice is Pending, with that said under its badge; an unpaid one has no note
    expect(await badge(`${tag} partly`, 'Pending').count()).toBe(1);
    expect(await rowOf(page, `${tag} partly`).getByText('partly paid', { exact: true }).isVisible()).toBe(true);
    expect(await rowOf(page, unpaid).getByText('partly paid', { exact: true }).count()).toBe(0);
    // each badge shows its whole status, not an ellipsis
    // eslint-disable-next-line no-restricted-syntax -- Playwright's locator.all() (awaited), not a drizzle statement
    for (const label of await listRows(page).locator('.mantine-Badge-label').all()) {
      expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }

    const description = rowOf(page, unpaid).locator('td').nth(5).locator('p, div').first();
    expect(await description.getAttribute('title')).toBe(`${longText} pending`);
    const { height, lineHeight } = await description.evaluate((element) => ({ height: element.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(element).lineHeight) }));
    expect(height).toBeLessThanOrEqual(lineHeight + 1);

    const table = main(page).locator('table');
    const scroller = await table.evaluate((element) => {
      let box: HTMLElement | null = element.parentElement;
      while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      return box ? { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, right: box.getBoundingClientRect().right } : null;
    });
    expect(scroller).not.toBeNull();
    expect(scroller!.scrollWidth).toBeLessThanOrEqual(scroller!.clientWidth);
    const actionsHeader = await main(page).locator('thead th').last().boundingBox();
    const lastAction = await rowOf(page, unpaid).getByRole('button', { name: 'Delete Invoice' }).boundingBox();
    expect(actionsHeader!.x + actionsHeader!.width).toBeLessThanOrEqual(scroller!.right + 0.5);
    expect(lastAction!.x + lastAction!.width).toBeLessThanOrEqual(scroller!.right + 0.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await suite.screenshot(page, 'billing-ux-invoices-1440');
    expectNoViolations(await seriousA11yViolations(page, '/allinvoices at 1440 px'));
  }, 60_000);
});

describe('invoice row actions', () => {
  it('the reminder is disabled once paid; its confirmation names the invoice and its balance; sending says so', async () => {
    const { page, token } = await signIn();
    const company = await companyWithUser('Remind Co');
    const tag = unique('remind');
    const open = await createInvoice(token, { company: company.id, description: `${tag} open`, price: 300 });
    const paid = await createInvoice(token, { company: company.id, description: `${tag} paid`, price: 20 });
    await createPayment(token, { company: company.id, invoice: open._id, amount: 75.5 });
    await createPayment(token, { company: company.id, invoice: paid._id, amount: 20 });
    await openInvoices(page, tag);
    await eventually(() => listRows(page).count()).toBe(2);
    expect(await rowOf(page, `${tag} paid`).getByRole('button', { name: 'Send Open Balance Reminder' }).isDisabled()).toBe(true);
    await rowOf(page, `${tag} open`).getByRole('button', { name: 'Send Open Balance Reminder' }).click();
    expect(await dialog(page).getByText('Are you sure you want to send an OPEN BALANCE email reminder?', { exact: true }).isVisible()).toBe(true);
    expect(await dialog(page).textContent()).toContain(`Invoice ${open.invoiceId} for ${company.companyName}: $224.50 open.`);
    await suite.screenshot(page, 'billing-ux-reminder-1440');
    await dialog(page).getByRole('button', { name: 'Send Email' }).click();
    await eventually(() => toast(page, `Reminder sent to ${company.companyName}`).textContent()).toContain(`Invoice ${open.invoiceId}: $224.50 open.`);
  });

  it('opens the invoice PDF in a new tab', async () => {
    const { page, token } = await signIn();
    const company = await companyWithUser('Pdf Co');
    const description = unique('Pdf invoice');
    const invoice = await createInvoice(token, { company: company.id, description, price: 42 });
    await openInvoices(page, description);
    // the new tab asks for the signed PDF link (a browser without a PDF viewer then saves it, so its URL is not read)
    const pdfLink = (request: Request) => request.url().includes(`/api/invoices/${invoice._id}/pdf?`);
    const [, request] = await Promise.all([
      page.context().waitForEvent('page'),
      page.context().waitForEvent('request', pdfLink),
      rowOf(page, description).getByRole('button', { name: 'Open Invoice PDF' }).click(),
    ]);
    const response = await page.request.get(request.url());
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('toasts a saved, updated and deleted invoice by its number; an edit does not re-send the invoice by default', async () => {
    const { page, token } = await signIn();
    const company = await companyWithUser('Toast Co');
    const description = unique('Toasted invoice');
    const invoice = await createInvoice(token, { company: company.id, description, price: 60 });
    await openInvoices(page, description);
    await rowOf(page, description).getByRole('button', { name: 'Edit Invoice' }).click();
    await eventually(() => dialog(page).getByRole('heading', { name: 'Edit Invoice' }).isVisible()).toBe(true);
    expect(await dialog(page).getByLabel('Send Email to Client').isChecked()).toBe(false);
    await dialog(page).getByLabel('Price').fill('65');
    await suite.screenshot(page, 'billing-ux-edit-invoice-1440');
    await dialog(page).getByRole('button', { name: 'Update' }).click();
    await eventually(() => toast(page, `Invoice ${invoice.invoiceId} updated`).textContent()).toContain(`${company.companyName}: $65`);
    await rowOf(page, description).getByRole('button', { name: 'Delete Invoice' }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await eventually(() => toast(page, `Invoice ${invoice.invoiceId} deleted`).textContent()).toContain(company.companyName);

    await main(page).getByRole('button', { name: 'Add Invoice' }).click();
    await eventually(() => dialog(page).getByLabel('Send Email to Client').isChecked()).toBe(true);
  });
});

describe('the billing screens on a phone', () => {
  it('shows both lists and the payment dialog at 390 px', async () => {
    const { page, token } = await signIn(PHONE);
    const company = await companyWithUser('Phone Co');
    const description = unique('Phone invoice');
    const invoice = await createInvoice(token, { company: company.id, description, price: 75, selectedPaymentMethod: 'ACH' });
    await createPayment(token, { company: company.id, invoice: invoice._id, amount: 25 });
    await openInvoices(page, description);
    await suite.screenshot(page, 'billing-ux-invoices-390');
    await rowOf(page, description).getByRole('button', { name: 'Record Payment' }).click();
    await eventually(() => dialog(page).getByLabel('Amount').inputValue()).toBe('$50');
    expect(await dialog(page).getByLabel('Method', { exact: true }).inputValue()).toBe('ACH');
    await suite.screenshot(page, 'billing-ux-record-payment-390');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/allpayments');
    await eventually(() => listRows(page).count()).toBeGreaterThan(0);
    await suite.screenshot(page, 'billing-ux-payments-390');
  });

  it('shows the payments list at 1440 px with status badges', async () => {
    const { page, token } = await signIn();
    const company = await companyWithUser('Badge Pay Co');
    const invoice = await createInvoice(token, { company: company.id, description: unique('Badge pay invoice'), price: 75 });
    await createPayment(token, { company: company.id, invoice: invoice._id, amount: 25 });
    await page.goto('/allpayments');
    // the list's own rows, not its loading row: wait for the company's payment
    await eventually(() => rowOf(page, company.companyName).locator('.mantine-Badge-root').textContent()).toBe('completed');
    await suite.screenshot(page, 'billing-ux-payments-1440');
  });
});
