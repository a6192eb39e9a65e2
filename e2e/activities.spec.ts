import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/account/sessions.js';
import { unwatchedLedger } from '../src/server/modules/activities/company-hours.js';
import { addInvoiceHours, completeInvoiceHours, recordTimeLogHours } from '../src/server/modules/activities/ledger.js';
import type { ActivityDto } from '../src/shared/activities.js';
import { createInvoiceRow, createTimeLogRow } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { api, coloursOf, countCalls, eventually, expectNoViolations, heading1, main, proceduresOf, seriousA11yViolations, spinner } from './support/page.js';

/*
 * Activities (/activities): the company's hours ledger as a timeline, newest page first, with
 * Load more appending the next page; running balances, Pending badge and dot colours as on the
 * whole list (docs/product-rules.md#the-hour-ledger), the load failure and the empty state.
 */
const suite = browserSuite();

const PAGE_SIZE = 25;
const FAILURE = 'Error getting the list of Activities.';

const items = (page: Page): Locator => main(page).getByTestId('activity');
const loadMore = (page: Page): Locator => main(page).getByRole('button', { name: 'Load more', exact: true });
const day = (n: number) => new Date(Date.UTC(2025, 0, 1, 12) + n * 86_400_000);

/** `entries` ledger entries a day apart: every 8th a purchase (every 16th left unpaid), the rest work. */
async function fillLedger(companyId: string, entries: number) {
  await suite.db.transaction(async (tx) => {
    for (let n = 1; n <= entries; n += 1) {
      const when = day(n);
      if (n % 8 === 1) {
        const invoice = await createInvoiceRow(tx, { companyId });
        await addInvoiceHours(unwatchedLedger, tx, { companyId, invoiceId: invoice.id, hundredths: 1000, description: `Package ${n}`, timeStamp: when, now: when });
        if (n % 16 !== 9) await completeInvoiceHours(unwatchedLedger, tx, invoice.id);
      } else {
        const log = await createTimeLogRow(tx, { companyId, timeStamp: when });
        await recordTimeLogHours(unwatchedLedger, tx, { companyId, timeLogId: log.id, hundredths: 25 * (n % 6), description: `Work ${n}`, timeStamp: when, now: when });
      }
    }
  });
}

/** The whole ledger as a script reads it from the REST mirror, newest first. */
async function wholeLedger(userId: string): Promise<ActivityDto[]> {
  const { token } = await createSession(suite.db, userId, new Date());
  const { body } = await api(suite.url, 'GET', '/activities?per_page=1000', { token });
  return body.allActivities as unknown as ActivityDto[];
}

/** What each shown entry says: description and its 'Balance: N hours' line. */
function shown(page: Page): Promise<[string, string][]> {
  return items(page).evaluateAll((nodes) =>
    nodes.map((node) => {
      const text = (node as HTMLElement).innerText;
      return [text.match(/^(Package|Work) \d+$/m)?.[0] ?? '', text.match(/^Balance: .+$/m)?.[0] ?? ''];
    }),
  );
}

const balanceLine = (activity: ActivityDto) => `Balance: ${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(activity.runningHourBalance)} hours`;

async function openActivities(page: Page) {
  await page.goto('/activities');
  await heading1(page, 'Activities').waitFor();
  await eventually(() => spinner(page).count()).toBe(0);
}

describe('Activities: a page at a time', () => {
  it('1. shows the newest 25; Load more appends the next pages with the balances of the whole ledger, then goes away', async () => {
    const { page, user } = await suite.signedInPage('member');
    await fillLedger(user.companyId!, 60);
    const whole = await wholeLedger(user.id);
    expect(whole).toHaveLength(60);
    const expected = whole.map((activity): [string, string] => [activity.description, balanceLine(activity)]);
    const calls = countCalls(page, 'activities.list');

    await openActivities(page);
    await eventually(() => items(page).count()).toBe(PAGE_SIZE);
    expect(await shown(page)).toEqual(expected.slice(0, 25));
    expect(calls.count).toBe(1);
    await suite.screenshot(page, 'activities-01-first-page');
    expectNoViolations(await seriousA11yViolations(page, 'activities, first page'));

    await loadMore(page).click();
    await eventually(() => items(page).count()).toBe(50);
    expect(await shown(page)).toEqual(expected.slice(0, 50));

    await loadMore(page).click();
    await eventually(() => items(page).count()).toBe(60);
    expect(await shown(page)).toEqual(expected);
    await eventually(() => loadMore(page).count()).toBe(0);
    expect(calls.count).toBe(3);
    expect(await main(page).getByText(FAILURE).count()).toBe(0);
    await suite.screenshot(page, 'activities-01-all-loaded');
  });

  it('2. keeps the timeline look: Pending badge on an unpaid purchase, red dot for work, green for paid hours', async () => {
    const { page, user } = await suite.signedInPage('admin');
    await fillLedger(user.companyId!, 40);
    await openActivities(page);
    await eventually(() => items(page).count()).toBe(PAGE_SIZE);

    const entry = (description: string) => items(page).filter({ has: page.getByText(description, { exact: true }) });
    const unpaid = entry('Package 25');
    expect(await unpaid.getByText('Pending', { exact: true }).count()).toBe(1);
    expect(await unpaid.innerText()).toContain('Type: TimeAdd');
    expect((await coloursOf(unpaid.locator('.mantine-ThemeIcon-root'))).background).toBe('rgb(255, 152, 0)');

    const paid = entry('Package 33');
    expect(await paid.getByText('Pending', { exact: true }).count()).toBe(0);
    const [r = 0, g = 0] = ((await coloursOf(paid.locator('.mantine-ThemeIcon-root'))).background.match(/\d+/g) ?? []).map(Number);
    expect(g - r, 'the completed dot is green').toBeGreaterThan(60);

    const work = entry('Work 40');
    expect(await work.innerText()).toContain('Type: TimeLog');
    expect(await work.innerText()).toContain('Hours: -1');
    const [red = 0, green = 0] = ((await coloursOf(work.locator('.mantine-ThemeIcon-root'))).background.match(/\d+/g) ?? []).map(Number);
    expect(red - green, 'the work dot is red').toBeGreaterThan(60);
  });

  it('3. a ledger of one page shows no Load more; an empty one shows No Activities', async () => {
    const { page, user } = await suite.signedInPage('member');
    await fillLedger(user.companyId!, PAGE_SIZE);
    await openActivities(page);
    await eventually(() => items(page).count()).toBe(PAGE_SIZE);
    expect(await loadMore(page).count()).toBe(0);

    const empty = await suite.signedInPage('member');
    await openActivities(empty.page);
    await main(empty.page).getByText('No Activities', { exact: true }).waitFor();
    expect(await loadMore(empty.page).count()).toBe(0);
  });

  it('4. a next page that fails to load keeps the list, shows the error text, and Load more tries again', async () => {
    const { page, user } = await suite.signedInPage('member');
    await fillLedger(user.companyId!, 30);
    let failing = true;
    await page.route('**/trpc/**', async (route: Route) => {
      const url = decodeURIComponent(route.request().url());
      if (!failing || !proceduresOf(route.request().url()).includes('activities.list') || !url.includes('"page":2')) return route.fallback();
      const error = { message: 'Something went wrong.', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } };
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify([{ error }]) });
    });
    await openActivities(page);
    await eventually(() => items(page).count()).toBe(PAGE_SIZE);
    await loadMore(page).click();
    await main(page).getByText(FAILURE, { exact: true }).waitFor({ timeout: 15_000 });
    expect(await items(page).count()).toBe(PAGE_SIZE);
    await suite.screenshot(page, 'activities-04-next-page-failed');

    failing = false;
    await loadMore(page).click();
    await eventually(() => items(page).count()).toBe(30);
    expect(await main(page).getByText(FAILURE).count()).toBe(0);
    await eventually(() => loadMore(page).count()).toBe(0);
  });

  it('5. on a phone the timeline stacks and Load more still appends', async () => {
    const { page, user } = await suite.signedInPage('member', { viewport: { width: 390, height: 844 } });
    await fillLedger(user.companyId!, 30);
    await openActivities(page);
    await eventually(() => items(page).count()).toBe(PAGE_SIZE);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
    await loadMore(page).scrollIntoViewIfNeeded();
    await suite.screenshot(page, 'activities-05-phone');
    await loadMore(page).click();
    await eventually(() => items(page).count()).toBe(30);
    expectNoViolations(await seriousA11yViolations(page, 'activities on a phone'));
  });
});
