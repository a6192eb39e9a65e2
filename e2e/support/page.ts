import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page, Route } from 'playwright-core';
import { expect } from 'vitest';

/*
 * Helpers shared by the browser specs: the stored session, paths, common locators, watching and
 * failing tRPC calls, the REST mirror, colours, and axe.
 */

/** The four browser-storage keys of a session. */
export const SESSION_KEYS = ['token', 'user', 'isAdmin', 'isSuperAdmin'] as const;

/** The session keys present in the page's localStorage, with their values. */
export function storedSession(page: Page): Promise<Record<string, string>> {
  return page.evaluate((keys) => {
    const found: Record<string, string> = {};
    for (const key of keys) {
      const value = localStorage.getItem(key);
      if (value !== null) found[key] = value;
    }
    return found;
  }, [...SESSION_KEYS]);
}

/** expect.poll with room for a real server and a retrying query (vitest's default is 1 s). */
export function eventually<T>(read: () => T | Promise<T>, timeout = 10_000, message?: string) {
  return expect.poll(read, { timeout, interval: 100, message });
}

/**
 * Waits until no dialog is open; a dialog still open after the wait fails with its text, so an error
 * it shows (a refused save, a server fault) is in the report.
 */
export async function expectNoDialog(page: Page, timeout?: number): Promise<void> {
  const dialogs = page.getByRole('dialog');
  await eventually(async () => ((await dialogs.count()) === 0 ? 'no dialog' : `open: ${(await dialogs.allInnerTexts()).join(' | ')}`), timeout).toBe('no dialog');
}

/** The page's path, e.g. '/dashboard'. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Waits until the page's path is `path` (10 s unless told). A page that stays put usually logged why
 * (a failed call, a refused purchase): its console errors go into the failure's message.
 */
export async function expectPath(page: Page, path: string, timeout?: number): Promise<void> {
  try {
    await eventually(() => pathOf(page), timeout).toBe(path);
  } catch (error) {
    const logged = (await page.consoleMessages()).filter((message) => message.type() === 'error').map((message) => message.text());
    if (logged.length === 0) throw error;
    throw new Error(`${(error as Error).message}\nthe page's console errors:\n${logged.join('\n')}`, { cause: error });
  }
}

/** The page body (the app's <main>). */
export const main = (page: Page): Locator => page.getByRole('main');

/** The level-1 heading with exactly this text, in the page or inside a part of it. */
export const heading1 = (within: Page | Locator, name: string): Locator => within.getByRole('heading', { level: 1, name, exact: true });

/** Any loading indicator inside the page body. */
export const spinner = (page: Page): Locator => main(page).locator('.mantine-Loader-root, [role="progressbar"], [aria-busy="true"]');

/** A call to the REST mirror of the running server, as a script would make it. */
export async function api(baseUrl: string, method: string, path: string, options: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.jwttoken = options.token;
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: body as Record<string, unknown> };
}

/** The procedures a /trpc request carries: '/trpc/a.b,c.d?batch=1' -> ['a.b', 'c.d']. */
export function proceduresOf(url: string): string[] {
  const { pathname } = new URL(url);
  if (!pathname.startsWith('/trpc/')) return [];
  return decodeURIComponent(pathname.slice('/trpc/'.length)).split(',');
}

/**
 * Types into a list's search box and waits until the list call asking for that text has answered:
 * the list asks the server once typing pauses, so what is on screen before then is the old page.
 */
export async function searchList(page: Page, box: Locator, text: string, procedure: string): Promise<void> {
  const asked = `"search":${JSON.stringify(text.trim())}`;
  const answered = page.waitForResponse((response) => proceduresOf(response.url()).includes(procedure) && decodeURIComponent(new URL(response.url()).search).includes(asked));
  await box.fill(text);
  await answered;
  // The answer is in; the list still shows the previous rows until React renders it.
  await eventually(() => page.locator('table[aria-busy="true"]').count()).toBe(0);
}

/** Counts the /trpc requests that carry the procedure from now on. */
export function countCalls(page: Page, procedure: string): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (proceduresOf(request.url()).includes(procedure)) counter.count += 1;
  });
  return counter;
}

/**
 * Holds every /trpc request that carries the procedure until release() is called (or the
 * returned release is never called and the page closes).
 */
export async function holdCalls(page: Page, procedure: string): Promise<{ release: () => void; held: () => number }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route('**/trpc/**', async (route: Route) => {
    if (!proceduresOf(route.request().url()).includes(procedure)) return route.fallback();
    held += 1;
    await gate;
    await route.continue().catch(() => {});
  });
  return { release: () => release(), held: () => held };
}

/**
 * How failCalls fails a call: an HTTP status answered with a tRPC-shaped error, a response given
 * as is (e.g. a non-JSON 500), or a network failure (the request never gets an answer).
 */
export type CallFailure = number | { status: number; contentType: string; body: string } | { abort: true };

/** Fails every /trpc request that carries the procedure; by default with a 500, as tRPC would answer it. */
export async function failCalls(page: Page, procedure: string, failure: CallFailure = 500): Promise<void> {
  await page.route('**/trpc/**', async (route: Route) => {
    const procedures = proceduresOf(route.request().url());
    if (!procedures.includes(procedure)) return route.fallback();
    if (typeof failure === 'object' && 'abort' in failure) return route.abort('internetdisconnected');
    if (typeof failure === 'object') return route.fulfill(failure);
    const error = { message: 'Something went wrong.', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: failure } };
    await route.fulfill({
      status: failure,
      contentType: 'application/json',
      body: JSON.stringify(procedures.map(() => ({ error }))),
    });
  });
}

/** The links inside a container, as { label, href } in document order. */
export function linksIn(container: Locator): Promise<{ label: string; href: string | null }[]> {
  return container.getByRole('link').evaluateAll((links) =>
    links.map((link) => ({ label: (link.textContent ?? '').trim(), href: link.getAttribute('href') })),
  );
}

/** True when a CSS colour such as 'rgb(250, 82, 82)' is clearly red. */
export function isReddish(color: string): boolean {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return r >= 100 && r - g >= 60 && r - b >= 60;
}

/** The text colour of the element, and of its background when it has one. */
export function coloursOf(locator: Locator): Promise<{ color: string; background: string }> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, background: style.backgroundColor };
  });
}

/**
 * axe over the page: one line per serious or critical violation, with its targets and details.
 * Legacy mode runs axe.run in the page itself. The default mode injects axe into every frame and
 * opens a blank page to merge the frames' results: a new renderer per call, for frames the app does
 * not have, about twice the time of a call (3.0–4.4 s against 1.0–1.9 s on a loaded machine). Only
 * the violations bring their nodes back.
 */
export async function seriousA11yViolations(page: Page, where: string): Promise<string[]> {
  await finishedTransitions(page);
  const results = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  return serious.map((violation) => {
    const nodes = violation.nodes.map((node) => {
      const detail = [...node.any, ...node.all, ...node.none].map((check) => check.message).find(Boolean);
      return `    ${node.target.join(' ')}${detail ? ` — ${detail}` : ''}`;
    });
    return `[${where}] ${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join('\n')}`;
  });
}

/**
 * Waits for the page's finite animations and transitions to end. Axe blends a fading element's text
 * into its background, so a notification caught entering reads as white on white (contrast 1.08).
 * Spinners loop forever and are not waited for.
 */
async function finishedTransitions(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Fails with every violation found, listed by rule id and target. */
export function expectNoViolations(report: string[]): void {
  expect(report, `axe found serious or critical violations:\n${report.join('\n')}`).toEqual([]);
}

/** The header's navigation links (the drawer holds them on phones). */
export const headerNav = (page: Page) => page.getByRole('banner').getByRole('navigation');

/** An admin list's rows: table rows on a wide screen, cards on a phone. */
/** A row of an admin list's table; not the one that says the list is loading or has no rows. */
export const LIST_ROW = 'tbody tr:not([data-no-rows])';

export const listRows = (page: Page): Locator => main(page).locator(`${LIST_ROW}, [data-testid="list-card"]`);

/** The first column of each of an admin list's rows or cards, in order. */
export function firstColumn(page: Page): Promise<string[]> {
  return listRows(page).evaluateAll((rows) => rows.map((row) => row.querySelector('td, dd')?.textContent?.trim() ?? ''));
}

/** The values under the column headed `label` in an admin list, in order: table cells, or card fields on a phone. */
export function columnValues(page: Page, label: string): Promise<string[]> {
  return main(page).evaluate((mainElement, { wanted, rowSelector }) => {
    const textOf = (element: Element | null | undefined) => (element as HTMLElement | null | undefined)?.innerText.trim() ?? '';
    const cards = [...mainElement.querySelectorAll('[data-testid="list-card"]')];
    if (cards.length > 0) return cards.map((card) => textOf([...card.querySelectorAll('dt')].find((dt) => dt.textContent === wanted)?.nextElementSibling));
    const table = mainElement.querySelector('table');
    const index = [...(table?.querySelectorAll('thead th') ?? [])].findIndex((th) => th.textContent?.trim() === wanted);
    return [...(table?.querySelectorAll(rowSelector) ?? [])].map((row) => textOf(row.children[index]));
  }, { wanted: label, rowSelector: LIST_ROW });
}

/** On a phone: sort an admin list's cards by a column with the Sort by select. */
export async function sortCardsBy(page: Page, column: string): Promise<void> {
  await main(page).getByLabel('Sort by').click();
  await page.getByRole('option', { name: column, exact: true }).click();
}

/** A row's action from its labelled 'Actions' menu (rows whose actions are a menu: the Company List's). */
export async function chooseRowAction(page: Page, row: Locator, label: string): Promise<void> {
  await row.getByRole('button', { name: /^Actions for / }).first().click();
  await page.getByRole('menuitem', { name: label }).click();
}
