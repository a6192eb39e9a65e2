import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/account/sessions.js';
import { browserSuite } from './support/fixture.js';
import { eventually } from './support/page.js';

/*
 * The API reference at /api/docs: Swagger UI served by this server, loading nothing from any other
 * origin, and its try-it calling the REST mirror with the jwttoken header — in Chromium against the real server.
 */
const suite = browserSuite();

/** Opens /api/docs and collects every request the page makes. */
async function openDocs(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.goto('/api/docs');
  await page.locator('.swagger-ui .info .title').filter({ hasText: 'Hourbank API' }).waitFor();
  await page.locator('.opblock-tag').first().waitFor();
  return requests;
}

describe('/api/docs', () => {
  it('loads the viewer and the document with no request leaving the origin, at desktop and phone widths', async () => {
    for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
      const page = await suite.newPage(viewport);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const requests = await openDocs(page);
      const origins = new Set(requests.map((request) => new URL(request.url()).origin).filter((origin) => origin !== 'null'));
      expect([...origins]).toEqual([new URL(suite.url).origin]);
      expect(requests.map((request) => new URL(request.url()).pathname)).toContain('/api/openapi.json');
      expect(errors, 'no CSP refusal or script error').toEqual([]);
      await suite.screenshot(page, `api-docs-${viewport.width}`);
    }
  });

  it('try-it sends the jwttoken from Authorize and shows the answer of a GET call', async () => {
    const { user } = await suite.createUser('admin');
    const { token } = await createSession(suite.db, user.id, new Date());
    const page = await suite.newPage({ width: 1440, height: 900 });
    await openDocs(page);

    await page.locator('.btn.authorize').click();
    const dialog = page.locator('.dialog-ux .modal-ux');
    await dialog.locator('input[type="text"], input[type="password"]').first().fill(token);
    await dialog.locator('.auth-btn-wrapper button.authorize').click();
    await dialog.locator('.auth-btn-wrapper button.btn-done').click();

    await page.locator('.opblock-tag[data-tag="Account"]').click();
    const operation = page.locator('.opblock-get').filter({ has: page.locator('.opblock-summary-path[data-path="/account/profile"]') });
    await operation.locator('.opblock-summary').click();
    await operation.locator('.opblock-description-wrapper, .opblock-section').first().waitFor();

    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/account/profile');
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.getByRole('button', { name: 'Execute' }).click();
    expect((await sent).headers().jwttoken).toBe(token);
    const status = operation.locator('.live-responses-table .response .response-col_status').first();
    await eventually(() => status.innerText().then((text) => text.trim())).toBe('200');
    await eventually(() => operation.locator('.live-responses-table .response .response-col_description').first().innerText()).toContain(user.emailAddress);
    await operation.scrollIntoViewIfNeeded();
    await suite.screenshot(page, 'api-docs-try-it');
  });
});
