import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/account/sessions.js';
import { createCompany, createUser } from '../src/server/testing/factories.js';
import { SIGN_UP_DONE } from '../src/shared/sign-up.js';
import { countingStatusNote } from '../src/shared/payments.js';
import { AWAITING_APPROVAL } from '../src/shared/users.js';
import { browserSuite } from './support/fixture.js';
import { api, coloursOf, eventually, expectNoViolations, expectPath, heading1, listRows, main, seriousA11yViolations, expectNoDialog } from './support/page.js';

/*
 * What a tester's walk through the screens found, mended: the Record Payment dialog, the end of
 * sign-up, approvals and invitations, the recovery codes, colours and wrapping, one date format.
 */
const suite = browserSuite();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const VIEWPORTS = [DESKTOP, PHONE];

const dialog = (page: Page) => page.getByRole('dialog');
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

async function superAdmin(viewport = DESKTOP) {
  const signedIn = await suite.signedInPage('superadmin', { viewport });
  const { token } = await createSession(suite.db, signedIn.user.id, new Date());
  return { ...signedIn, token };
}

async function openInvoice(token: string, method: string) {
  const company = await createCompany(suite.db, { companyName: unique('Walk Pay Co') });
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
  it('is titled after its button, keeps the prefilled method when it is chosen again, and says as the status is typed whether it counts', async () => {
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

    // the note beside Status says of the status as typed whether it pays the invoice off
    const status = dialog(page).getByLabel('Status', { exact: true });
    const note = (typed: string) => dialog(page).getByText(countingStatusNote(typed), { exact: true });
    expect(await note('completed').isVisible()).toBe(true);
    await status.fill('pending');
    await eventually(() => note('pending').isVisible()).toBe(true);
    expect(await status.getAttribute('aria-describedby')).toBeTruthy();
    await status.fill(' Completed ');
    await eventually(() => note('Completed').isVisible()).toBe(true);
    await dialog(page).getByRole('heading', { name: 'Record Payment' }).click();
    await suite.screenshot(page, 'walk-record-payment-1280');
    expectNoViolations(await seriousA11yViolations(page, 'record payment dialog'));
    await dialog(page).getByLabel('Send Email to Client').click();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expectNoDialog(page);
    const payments = await api(suite.url, 'GET', `/superadmin/payments?search=&company=`, { token });
    const saved = (payments.body as unknown as { invoice: { invoiceId: string }; method: string; status: string }[]).find((p) => p.invoice.invoiceId === invoice.invoiceId);
    expect(saved).toMatchObject({ method: 'Zelle', status: 'Completed' });
    // typed with a capital and spaces, it still paid the invoice off
    const invoices = await api(suite.url, 'GET', `/superadmin/allinvoices?id=${invoice._id}`, { token });
    expect((invoices.body as unknown as { remainingBalance: number; completeStatus: boolean }[])[0]).toMatchObject({ remainingBalance: 0, completeStatus: true });
  });

  it('the payments list still adds with "Add Payment"', async () => {
    const { page } = await superAdmin(PHONE);
    await page.goto('/allpayments');
    await main(page).getByRole('button', { name: 'Add Payment' }).click();
    await eventually(() => dialog(page).getByRole('heading', { name: 'Add Payment' }).isVisible()).toBe(true);
    expect(await dialog(page).getByText(countingStatusNote('completed'), { exact: true }).isVisible()).toBe(true);
    await suite.screenshot(page, 'walk-add-payment-390');
  });
});


const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title });

/**
 * Whether every piece of the address (the text between its break points) sits on one line: an
 * address may wrap before its '@' or a dot, or after a hyphen as any text does, never inside a word.
 */
function wrapsOnlyAtBreakPoints(page: Page, address: string): Promise<boolean> {
  return page.evaluate((wanted) => {
    const holder = [...document.querySelectorAll('main span[title]')].find((span) => span.getAttribute('title') === wanted && (span as HTMLElement).offsetParent);
    if (!holder) return false;
    return [...holder.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .every((node) => {
        const text = node.textContent ?? '';
        const ends = [...text.matchAll(/-/g)].map((match) => match.index + 1).concat(text.length);
        let start = 0;
        return ends.every((end) => {
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, end);
          start = end;
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size <= 1;
        });
      });
  }, address);
}

describe('after a sign-up', () => {
  for (const viewport of VIEWPORTS) {
    it(`sign-in says what happens next, also after a reload, and leads on to the form (${viewport.width} px)`, async () => {
      const page = await suite.newPage(viewport);
      const emailAddress = `new.customer.${Math.random().toString(36).slice(2, 8)}@brightwater-holdings.example.com`;
      await page.goto('/signup');
      const fields: [string, string][] = [
        ['Company Name', unique('Brightwater')],
        ['First Name', 'Bea'],
        ['Last Name', 'Bright'],
        ['Email', emailAddress],
        ['Password', 'a long enough password'],
        ['Confirm Password', 'a long enough password'],
      ];
      for (const [label, value] of fields) await main(page).getByLabel(new RegExp(`^${label}( \\*)?$`)).fill(value);
      await main(page).getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expectPath(page, '/signin');
      await heading1(main(page), 'Thank you for signing up').waitFor();
      const steps = main(page).getByRole('list', { name: 'What happens next' });
      expect(await main(page).getByText(SIGN_UP_DONE).isVisible()).toBe(true);
      expect(await steps.innerText()).toContain(emailAddress);
      expect(await wrapsOnlyAtBreakPoints(page, emailAddress)).toBe(true);
      await suite.screenshot(page, `walk-signed-up-${viewport.width}`);
      expectNoViolations(await seriousA11yViolations(page, `signed up at ${viewport.width} px`));

      // a lasting page: a reload keeps it, and its Sign In link shows the form
      await page.reload();
      await heading1(main(page), 'Thank you for signing up').waitFor();
      await main(page).getByRole('link', { name: 'Sign In', exact: true }).click();
      await heading1(main(page), 'Sign In').waitFor();
      expect(await main(page).getByRole('button', { name: 'Sign In', exact: true }).isVisible()).toBe(true);
    });
  }
});

describe('approving and inviting', () => {
  it('approving a sign-up on the provider overview says so in a toast', async () => {
    const { page } = await superAdmin();
    const company = await createCompany(suite.db, { companyName: unique('Signup Co') });
    const waiting = await createUser(suite.db, { companyId: company.id, approved: false, firstName: 'Wanda', lastName: unique('Waiting') });
    await page.goto('/dashboard');
    await main(page).getByRole('button', { name: `Approve ${waiting.firstName} ${waiting.lastName}` }).click();
    await dialog(page).getByRole('button', { name: 'Activate and Send Email' }).click();
    await eventually(() => toast(page, `${waiting.firstName} ${waiting.lastName} approved`).count()).toBe(1);
    expect(await toast(page, 'approved').innerText()).toContain(`An email telling them so went to ${waiting.emailAddress}.`);
    await suite.screenshot(page, 'walk-overview-approved-1280');
  });

  for (const viewport of VIEWPORTS) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`a colleague awaiting approval shows so on the company's Users list; emails wrap at their dots (${viewport.width} px, ${scheme})`, async () => {
        const { page, user } = await suite.signedInPage('admin', { viewport });
        await page.emulateMedia({ colorScheme: scheme });
        const emailAddress = `bartholomew.hargreaves-whitfield@consultancy-partners.example.com`.replace('@', `.${Math.random().toString(36).slice(2, 6)}@`);
        const invited = await createUser(suite.db, { companyId: user.companyId, role: 'member', approved: false, password: null, firstName: 'Bart', lastName: 'Hargreaves', emailAddress });
        await page.goto('/users');
        const row = main(page).locator('tbody tr').filter({ hasText: `${invited.firstName} ${invited.lastName}` });
        await eventually(() => row.count()).toBe(1);
        expect(await row.getByText(AWAITING_APPROVAL, { exact: true }).isVisible()).toBe(true);
        const own = main(page).locator('tbody tr').filter({ hasText: `${user.firstName} ${user.lastName}` });
        expect(await own.getByText(AWAITING_APPROVAL).count()).toBe(0);
        expect(await wrapsOnlyAtBreakPoints(page, emailAddress)).toBe(true);
        await suite.screenshot(page, `walk-users-awaiting-${viewport.width}-${scheme}`);
        expectNoViolations(await seriousA11yViolations(page, `users at ${viewport.width} px in ${scheme}`));
      });
    }
  }
});

describe('colours in light and dark', () => {
  /** An invoice of the company with payments of every status the badges colour, and one paid in full. */
  async function invoicesWithEveryStatus(companyId: string) {
    const { token } = await superAdmin();
    const create = async (description: string, price: number) => {
      const response = await api(suite.url, 'POST', '/superadmin/invoices', { token, body: { company: companyId, description, price, sendInvoiceEmail: false } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body as { _id: string };
    };
    const pay = async (invoice: string, amount: number, status: string) => {
      const response = await api(suite.url, 'POST', '/superadmin/payments', { token, body: { company: companyId, invoice, amount, status, method: 'ACH', sendEmail: false } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    };
    const paid = await create('Paid in full', 100);
    await pay(paid._id, 100, 'completed');
    const open = await create('Still open', 500);
    for (const status of ['pending', 'failed', 'refunded', 'on hold']) await pay(open._id, 10, status);
    await pay(open._id, 50, 'completed');
  }

  for (const viewport of VIEWPORTS) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`the customer's Invoices with every status badge pass axe (${viewport.width} px, ${scheme})`, async () => {
        const { page, user } = await suite.signedInPage('admin', { viewport });
        await invoicesWithEveryStatus(user.companyId!);
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto('/invoices');
        await heading1(main(page), 'Invoices').waitFor();
        await eventually(() => main(page).getByText('Completed', { exact: true }).count()).toBeGreaterThan(0);
        await main(page).getByRole('button', { name: /Still open|Invoice/ }).last().click();
        await eventually(() => main(page).getByRole('table').count()).toBe(1);
        await suite.screenshot(page, `walk-invoices-badges-${viewport.width}-${scheme}`);
        expectNoViolations(await seriousA11yViolations(page, `customer invoices at ${viewport.width} px in ${scheme}`));
      });

      it(`the header and the payment-details warning pass axe (${viewport.width} px, ${scheme})`, async () => {
        const { page } = await superAdmin(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto('/allinvoices');
        const warning = main(page).getByTestId('missing-payment-details');
        await warning.waitFor();
        // the primary blue in light, a deep navy of it in dark: a painted bar either way, never the page showing through
        expect((await coloursOf(page.getByRole('banner'))).background).toBe(scheme === 'light' ? 'rgb(25, 118, 210)' : 'rgb(10, 53, 112)');
        // the warning's title as strong as its text: black in light, white on the brown of dark
        const title = await coloursOf(warning.locator('.mantine-Alert-title'));
        expect(title.color).toBe(scheme === 'light' ? 'rgb(0, 0, 0)' : 'rgb(255, 255, 255)');
        await suite.screenshot(page, `walk-header-warning-${viewport.width}-${scheme}`);
        expectNoViolations(await seriousA11yViolations(page, `header and warning at ${viewport.width} px in ${scheme}`));
      });
    }
  }
});
