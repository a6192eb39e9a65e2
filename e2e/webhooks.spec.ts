import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookSink, verifiedPayload, type WebhookSink } from '../src/server/testing/webhook-sink.js';
import { browserSuite } from './support/fixture.js';
import { eventually, expectNoViolations, expectPath, main, seriousA11yViolations } from './support/page.js';

/*
 * The provider adds a webhook endpoint pointing at a local receiver (the server allows private
 * addresses for it), copies the secret shown once, sends a test event and sees it delivered in the
 * endpoint's log; the receiver checks the signature with the Standard Webhooks library. At 1280 and
 * 390 px and in dark, with axe.
 */

const suite = browserSuite({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };
let sink: WebhookSink;

beforeAll(async () => {
  sink = await startWebhookSink();
});
afterAll(() => sink.close());

/** Adds an endpoint for `path` of the sink through the dialog; the secret it showed once. */
async function addEndpoint(page: Page, path: string): Promise<string> {
  await main(page).getByRole('button', { name: 'Add Endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Endpoint' });
  await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(sink.url(path));
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Bookkeeping system');
  await dialog.getByLabel('Events').fill('invoice.cre');
  await page.getByRole('option', { name: 'invoice.created', exact: true }).click();
  // the picker stays open for more choices: a click elsewhere in the dialog closes it
  await dialog.getByRole('textbox', { name: 'Description' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const shown = page.getByRole('dialog', { name: 'Signing Secret' });
  const secret = (await shown.getByLabel('Signing secret').innerText()).trim();
  expect(secret).toMatch(/^whsec_/);
  await suite.screenshot(page, `webhook-secret-${page.viewportSize()!.width}`);
  await shown.getByRole('button', { name: 'I Have Saved It' }).click();
  return secret;
}

/** Sends the endpoint's test event and waits for its log to show it delivered. */
async function sendTestEvent(page: Page, path: string): Promise<void> {
  const card = main(page).getByRole('region', { name: `Endpoint ${sink.url(path)}` });
  await card.getByRole('button', { name: 'Send Test Event' }).click();
  const log = card.getByRole('region', { name: 'Delivery Log' });
  await eventually(() => log.innerText(), 15_000).toContain('delivered');
  expect(await log.innerText()).toContain('webhook.test');
  // the page is checked as it stays, once the toasts of the actions have gone
  await eventually(() => page.locator('.mantine-Notification-root').count()).toBe(0);
}

describe('the Webhooks page', () => {
  it('adds an endpoint, shows its secret once, and delivers a signed test event', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: desktop });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await expectPath(page, '/webhooks');
    await main(page).getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    expectNoViolations(await seriousA11yViolations(page, 'the Webhooks page, empty'));

    const secret = await addEndpoint(page, '/desk');
    const card = main(page).getByRole('region', { name: `Endpoint ${sink.url('/desk')}` });
    await eventually(() => card.innerText()).toContain('invoice.created');
    expect(await page.content()).not.toContain(secret);

    await sendTestEvent(page, '/desk');
    const received = sink.requests.find((request) => request.path === '/desk')!;
    expect(verifiedPayload(secret, received)).toMatchObject({ type: 'webhook.test' });
    await suite.screenshot(page, 'webhooks-1280');
    expectNoViolations(await seriousA11yViolations(page, 'the Webhooks page with a delivery log'));
  });

  it('works on a phone and in dark', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: phone });
    await page.goto('/webhooks');
    await main(page).getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    const secret = await addEndpoint(page, '/phone');
    await sendTestEvent(page, '/phone');
    expect(verifiedPayload(secret, sink.requests.find((request) => request.path === '/phone')!)).toMatchObject({ type: 'webhook.test' });
    await suite.screenshot(page, 'webhooks-390');
    expectNoViolations(await seriousA11yViolations(page, 'the Webhooks page at 390 px'));

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    const card = main(page).getByRole('region', { name: `Endpoint ${sink.url('/phone')}` });
    await eventually(() => card.innerText()).toContain('delivered');
    await card.getByRole('button', { name: 'Delivery Log' }).click();
    await eventually(() => card.getByRole('region', { name: 'Delivery Log' }).innerText()).toContain('webhook.test');
    await suite.screenshot(page, 'webhooks-dark-390');
    expectNoViolations(await seriousA11yViolations(page, 'the Webhooks page in dark'));
  });
});
