import { describe, expect, it } from 'vitest';
import { createCompany } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { eventually, heading1, main, proceduresOf } from './support/page.js';

/*
 * The Company List's scheduler on a server without SCHEDULER_WEBHOOK_URL: the
 * server answers 503 with a clear message, which the dialog shows. A spec file has one server,
 * so this case lives apart from e2e/companies.spec.ts, whose server has a webhook.
 */
const suite = browserSuite({ SCHEDULER_WEBHOOK_URL: '' });

const NOT_CONFIGURED = 'The scheduler is not set up: set SCHEDULER_WEBHOOK_URL to the scheduling web endpoint and restart the server.';

describe('Company List scheduler without a webhook', () => {
  it('shows the 503 message in the dialog, which stays open with the button enabled again', async () => {
    await createCompany(suite.db, { companyName: 'Unscheduled Co' });
    const { page } = await suite.signedInPage('superadmin');
    await page.goto('/companies');
    await heading1(main(page), 'Company List').waitFor();
    await main(page).getByRole('textbox', { name: 'Search' }).fill('Unscheduled');
    await eventually(() => main(page).locator('tbody tr td:first-child').allTextContents()).toEqual(['Unscheduled Co']);

    await main(page).getByRole('button', { name: 'Open Scheduler', exact: true }).click();
    const scheduler = page.getByRole('dialog');
    await eventually(() => scheduler.getByRole('listitem').allTextContents()).toEqual(['1Unscheduled Co']);
    const answer = page.waitForResponse((response) => proceduresOf(response.url()).includes('superadmin.schedule.send'));
    await scheduler.getByRole('button', { name: 'Send Schedule', exact: true }).click();
    expect((await answer).status()).toBe(503);
    await eventually(() => scheduler.getByRole('alert').textContent()).toBe(`Error${NOT_CONFIGURED}`);
    expect(await scheduler.getByRole('button', { name: 'Send Schedule', exact: true }).isEnabled()).toBe(true);
    await suite.screenshot(page, 'companies-11-scheduler-unset');
  });
});
