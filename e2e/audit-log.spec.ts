import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/account/sessions.js';
import { createCompany } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { api, eventually, expectNoViolations, expectPath, main, seriousA11yViolations } from './support/page.js';

/*
 * "Who changed this invoice, and when?": the provider opens an invoice's History from its row, goes
 * on to the Audit Log narrowed to it, filters the log by event type, and finds the company's
 * History on its page; at both widths and in dark, with axe.
 */

const suite = browserSuite();
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };
const rowsText = (page: Page) => main(page).innerText();

/** An invoice of a new company, made and then changed through /api by the signed-in provider. */
async function changedInvoice(userId: string) {
  const company = await createCompany(suite.db, { companyName: `Audit ${Math.random().toString(36).slice(2, 7)}` });
  const { token } = await createSession(suite.db, userId, new Date());
  const made = await api(suite.url, 'POST', '/superadmin/invoices', { token, body: { company: company.id, description: 'Ten hours', rate: 150, hours: 10, sendInvoiceEmail: false } });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const invoice = made.body as { _id: string; invoiceId: string };
  const changed = await api(suite.url, 'PUT', `/superadmin/invoices/${invoice._id}`, { token, body: { description: 'Twelve hours', hours: 12 } });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  return { company, invoice };
}

describe('the Audit Log and a record’s History', () => {
  it('answers who changed an invoice and when, from its row to the log', async () => {
    const { page, user } = await suite.signedInPage('superadmin', { viewport: desktop, fields: { firstName: 'Pat', lastName: 'Provider' } });
    const { company, invoice } = await changedInvoice(user.id);
    await page.goto(`/allinvoices?company=${company.id}`);
    await main(page).getByRole('button', { name: 'Invoice History' }).first().click();
    const dialog = page.getByRole('dialog', { name: `History of invoice ${invoice.invoiceId}` });
    await eventually(() => dialog.innerText()).toContain('invoice.updated');
    const history = await dialog.innerText();
    expect(history).toContain('Pat Provider');
    expect(history).toContain('description: Ten hours → Twelve hours');
    expect(history).toContain('invoice.created');
    await suite.screenshot(page, 'invoice-history-1280');
    expectNoViolations(await seriousA11yViolations(page, "an invoice's History"));

    await dialog.getByRole('link', { name: 'Open in the Audit Log' }).click();
    await expectPath(page, '/auditlog');
    await eventually(() => rowsText(page)).toContain(`Showing the History of record ${invoice._id}`);
    await eventually(() => rowsText(page)).toContain('invoice.updated');
    await main(page).getByRole('button', { name: 'Show every event' }).click();
    await main(page).getByRole('combobox', { name: 'Event', exact: true }).click();
    await page.getByRole('option', { name: 'invoice.created', exact: true }).click();
    await eventually(() => rowsText(page)).not.toContain('invoice.updated');
    expect(await rowsText(page)).toContain('invoice.created');
    await suite.screenshot(page, 'audit-log-1280');
    expectNoViolations(await seriousA11yViolations(page, 'the Audit Log'));
    // an event's record leads to everything recorded about it
    await main(page).getByRole('link', { name: `History of invoice ${invoice._id}` }).first().click();
    await eventually(() => rowsText(page)).toContain(`Showing the History of record ${invoice._id}`);
    expect(new URL(page.url()).searchParams.get('subject')).toBe(invoice._id);
  });

  it('shows a company’s History on its page, and the log on a phone and in dark', async () => {
    const { page, user } = await suite.signedInPage('superadmin', { viewport: phone });
    const { company } = await changedInvoice(user.id);
    await page.goto(`/companies/${company.id}`);
    const section = main(page).getByRole('region', { name: 'History' });
    await eventually(() => section.innerText()).toContain('invoice.updated');
    await section.scrollIntoViewIfNeeded();
    await suite.screenshot(page, 'company-history-390');
    expectNoViolations(await seriousA11yViolations(page, "a company's History at 390 px"));

    await page.goto('/auditlog');
    await eventually(() => rowsText(page)).toContain('invoice.updated');
    await suite.screenshot(page, 'audit-log-390');
    expectNoViolations(await seriousA11yViolations(page, 'the Audit Log at 390 px'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize(desktop);
    await page.reload();
    await eventually(() => rowsText(page)).toContain('invoice.updated');
    await suite.screenshot(page, 'audit-log-dark-1280');
    expectNoViolations(await seriousA11yViolations(page, 'the Audit Log in dark'));
  });

  it('reaches the Audit Log from the account menu', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: desktop });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Audit Log' }).click();
    await expectPath(page, '/auditlog');
    await main(page).getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
  });
});
