import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { unwatchedLedger } from '../src/server/modules/activities/company-hours.js';
import { addInvoiceHours, completeInvoiceHours, recordTimeLogHours } from '../src/server/modules/activities/ledger.js';
import { createCompany, createInvoiceRow, createTask, createTimeLogRow, createUser } from '../src/server/testing/factories.js';
import { AWAITING_APPROVAL } from '../src/shared/users.js';
import { browserSuite } from './support/fixture.js';
import {
  coloursOf,
  countCalls,
  eventually,
  expectNoViolations,
  expectPath,
  failCalls,
  heading1,
  holdCalls,
  isReddish,
  main,
  seriousA11yViolations,
  spinner,
} from './support/page.js';

/*
 * The dashboard's 'Hour Balance', 'Open Tasks (count)' and 'Recent Activities' cards, all from the
 * one dashboard.summary call (docs/product-rules.md#dashboard-and-gauge), their failure and empty
 * states, and the company Users list (/users) with its load failure — in Chromium against the real server.
 */
const suite = browserSuite();

const DATA_FAILURE = 'Error getting data from the server.';
const USERS_FAILURE = 'Error getting the list of Users.';

const tasksCard = (page: Page) => main(page).getByRole('region', { name: /^Open Tasks \(\d+\)$/ });
const activitiesCard = (page: Page) => main(page).getByRole('region', { name: 'Recent Activities', exact: true });
const hoursCard = (page: Page) => main(page).getByRole('region', { name: 'Hour Balance', exact: true });

/** The procedures the dashboard used to download whole, and must no longer call. */
const WHOLE_LISTS = ['tasks.list', 'activities.list', 'account.profile'];

/** Each list entry of a card as its lines of text. */
async function entries(card: Locator): Promise<string[][]> {
  const items = card.getByRole('listitem');
  const result: string[][] = [];
  for (let i = 0; i < (await items.count()); i += 1) result.push((await items.nth(i).locator('p').allInnerTexts()).map((text) => text.trim()));
  return result;
}

async function openDashboard(page: Page, title: string) {
  await page.goto('/dashboard');
  await heading1(page, title).waitFor();
  await eventually(() => spinner(page).count()).toBe(0);
}

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12, 0, 0));

/** A purchase whose invoice is paid in full: a completed TimeAdd entry. */
async function paidPurchase(companyId: string, hours: number, description: string, timeStamp: Date) {
  await suite.db.transaction(async (tx) => {
    const invoice = await createInvoiceRow(tx, { companyId, description, transactionDate: timeStamp });
    await addInvoiceHours(unwatchedLedger, tx, { companyId, invoiceId: invoice.id, hundredths: Math.round(hours * 100), description, timeStamp, now: new Date() });
    await completeInvoiceHours(unwatchedLedger, tx, invoice.id);
  });
}

/** A purchase not paid yet: a pending TimeAdd entry. */
async function unpaidPurchase(companyId: string, hours: number, description: string, timeStamp: Date) {
  await suite.db.transaction(async (tx) => {
    const invoice = await createInvoiceRow(tx, { companyId, description, transactionDate: timeStamp });
    await addInvoiceHours(unwatchedLedger, tx, { companyId, invoiceId: invoice.id, hundredths: Math.round(hours * 100), description, timeStamp, now: new Date() });
  });
}

/** Work logged: a completed TimeLog entry carrying the hours as a negative amount. */
async function loggedWork(companyId: string, hours: number, description: string, timeStamp: Date) {
  await suite.db.transaction(async (tx) => {
    const hundredths = Math.round(hours * 100);
    const log = await createTimeLogRow(tx, { companyId, hundredths, description, timeStamp });
    await recordTimeLogHours(unwatchedLedger, tx, { companyId, timeLogId: log.id, hundredths, description, timeStamp, now: new Date() });
  });
}

function browserDate(page: Page, iso: string): Promise<string> {
  return page.evaluate((value) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(value)), iso);
}

describe('dashboard: Open Tasks (count)', () => {
  it('1. counts the open tasks and shows the 3 newest by timeStamp with title and description; View All Tasks goes to /tasks', async () => {
    const { page, user, companyName } = await suite.signedInPage('member');
    const companyId = user.companyId!;
    const longDescription = 'Move every mailbox to the new provider and check the forwarding rules twice.';
    await createTask(suite.db, { companyId, title: 'Oldest', priority: 1, timeStamp: day(1) });
    await createTask(suite.db, { companyId, title: 'Third newest', description: 'Third details', priority: 9, timeStamp: day(3) });
    await createTask(suite.db, { companyId, title: 'Newest', description: longDescription, priority: 5, timeStamp: day(5) });
    await createTask(suite.db, { companyId, title: 'Second oldest', priority: 2, timeStamp: day(2) });
    await createTask(suite.db, { companyId, title: 'Second newest', description: 'Second details', priority: 7, timeStamp: day(4) });
    await createTask(suite.db, { companyId, title: 'Done already', timeStamp: day(9), done: true });
    await createTask(suite.db, { companyId, title: 'Deleted one', timeStamp: day(9), deleted: true });
    const other = await createCompany(suite.db, { companyName: 'Someone Else Inc' });
    await createTask(suite.db, { companyId: other.id, title: 'Not yours', timeStamp: day(9) });

    await openDashboard(page, `${companyName} - Dashboard`);
    const card = tasksCard(page);
    await card.waitFor();
    expect((await card.getByRole('heading', { level: 2 }).innerText()).trim()).toBe('Open Tasks (5)');
    expect(await entries(card)).toEqual([
      ['Newest', `${longDescription.slice(0, 50)}…`],
      ['Second newest', 'Second details'],
      ['Third newest', 'Third details'],
    ]);
    for (const hidden of ['Oldest', 'Second oldest', 'Done already', 'Deleted one', 'Not yours', 'No open tasks.']) {
      expect(await card.getByText(hidden, { exact: true }).count(), `'${hidden}' is shown`).toBe(0);
    }
    await suite.screenshot(page, 'dashboard-01-cards');
    expectNoViolations(await seriousA11yViolations(page, 'dashboard with tasks'));

    const viewAll = card.getByRole('link', { name: 'View All Tasks', exact: true });
    expect(await viewAll.getAttribute('href')).toBe('/tasks');
    await viewAll.click();
    await expectPath(page, '/tasks');
    await heading1(page, 'Open Tasks').waitFor();
  });
});

describe('dashboard: Recent Activities', () => {
  it("2. shows up to 3 completed activities, newest first, as 'description (hours hours)' and 'Date: ...'; View All Activities goes to /activities", async () => {
    const { page, user, companyName } = await suite.signedInPage('admin');
    const companyId = user.companyId!;
    await loggedWork(companyId, 3, 'Initial setup', day(1));
    await paidPurchase(companyId, 10, '10 hour package', day(2));
    await loggedWork(companyId, 2.5, 'Fixed the login bug', day(3));
    await unpaidPurchase(companyId, 20, '20 hour package (unpaid)', day(4));
    await loggedWork(companyId, 1.25, 'Server patching', day(5));
    const other = await createCompany(suite.db, { companyName: 'Elsewhere LLC' });
    await loggedWork(other.id, 4, 'Work for someone else', day(6));

    const calls = [...WHOLE_LISTS, 'dashboard.summary'].map((procedure) => countCalls(page, procedure));
    await openDashboard(page, `${companyName} - Dashboard`);
    const card = activitiesCard(page);
    await card.waitFor();
    expect(calls.map((counter) => counter.count), `${WHOLE_LISTS.join(', ')}, dashboard.summary`).toEqual([0, 0, 0, 1]);
    expect(await entries(card)).toEqual([
      ['Server patching (-1.25 hours)', `Date: ${await browserDate(page, day(5).toISOString())}`],
      ['Fixed the login bug (-2.5 hours)', `Date: ${await browserDate(page, day(3).toISOString())}`],
      ['10 hour package (10 hours)', `Date: ${await browserDate(page, day(2).toISOString())}`],
    ]);
    expect(await card.getByText('No recent activity.').count()).toBe(0);
    expect(await card.getByText(/unpaid|Initial setup|someone else/).count()).toBe(0);
    // Hour Balance: -3 + 10 - 2.5 - 1.25 = 3.25 left of the 10 bought, 6.75 used, 32.5% snapped to 30%.
    const hours = hoursCard(page);
    expect((await hours.getByTestId('hours-available').innerText()).trim()).toBe('3.25');
    expect((await hours.getByTestId('hours-used').innerText()).trim()).toBe('6.75');
    expect(await hours.getByText('Recent Purchase: 10.00 Hours', { exact: true }).isVisible()).toBe(true);
    expect(await hours.getByText('20.00 hours pending activation', { exact: true }).isVisible()).toBe(true);
    expect(await hours.getByRole('img', { name: '30% of the recent purchase remaining' }).count()).toBe(1);
    expect(await hours.getByRole('link', { name: 'Purchase More Hours', exact: true }).getAttribute('href')).toBe('/packages');
    // The tasks card beside it: none open.
    expect((await tasksCard(page).getByRole('heading', { level: 2 }).innerText()).trim()).toBe('Open Tasks (0)');
    expect(await tasksCard(page).getByText('No open tasks.', { exact: true }).isVisible()).toBe(true);
    await suite.screenshot(page, 'dashboard-02-activities');
    expectNoViolations(await seriousA11yViolations(page, 'dashboard with activities'));

    const viewAll = card.getByRole('link', { name: 'View All Activities', exact: true });
    expect(await viewAll.getAttribute('href')).toBe('/activities');
    await viewAll.click();
    await expectPath(page, '/activities');
  });

  it('3. fewer than 3 completed activities show as they are; only pending ones show the empty state', async () => {
    const { page, user, companyName } = await suite.signedInPage('member');
    await loggedWork(user.companyId!, 0.5, 'Quick call', day(7));
    await openDashboard(page, `${companyName} - Dashboard`);
    await eventually(() => entries(activitiesCard(page))).toEqual([['Quick call (-0.5 hours)', `Date: ${await browserDate(page, day(7).toISOString())}`]]);

    const pendingOnly = await suite.signedInPage('admin');
    await unpaidPurchase(pendingOnly.user.companyId!, 5, 'Awaiting payment', day(8));
    await openDashboard(pendingOnly.page, `${pendingOnly.companyName} - Dashboard`);
    await activitiesCard(pendingOnly.page).getByText('No recent activity.', { exact: true }).waitFor();
    expect(await activitiesCard(pendingOnly.page).getByRole('listitem').count()).toBe(0);
  });
});

describe('dashboard: empty, loading and failure', () => {
  it("4. a new company sees 'Open Tasks (0)', 'No open tasks.' and 'No recent activity.'; the super-admin gets the provider overview instead", async () => {
    const fresh = await suite.signedInPage('admin');
    await openDashboard(fresh.page, `${fresh.companyName} - Dashboard`);
    await expectEmptyCards(fresh.page);
    await suite.screenshot(fresh.page, 'dashboard-04-empty');

    // The provider has no company dashboard: /dashboard is the overview (e2e/overview-charts.spec.ts).
    const boss = await suite.signedInPage('superadmin');
    await boss.page.goto('/dashboard');
    await heading1(boss.page, 'Provider Overview').waitFor();
    expect(await tasksCard(boss.page).count()).toBe(0);
    expect(await boss.page.getByRole('heading', { name: 'Your Company Name - Dashboard' }).count()).toBe(0);
  });

  it("5. a spinner while loading; a failed dashboard call shows 'Error getting data from the server.' in red, logged, without cards", async () => {
    const { page, companyName } = await suite.signedInPage('member');
    const gate = await holdCalls(page, 'dashboard.summary');
    await page.goto('/dashboard');
    await eventually(() => gate.held()).toBeGreaterThan(0);
    await eventually(() => spinner(page).first().isVisible()).toBe(true);
    expect(await tasksCard(page).count()).toBe(0);
    gate.release();
    await tasksCard(page).waitFor();
    await eventually(() => spinner(page).count()).toBe(0);
    await heading1(page, `${companyName} - Dashboard`).waitFor();

    for (const failure of [500, { abort: true }] as const) {
      const errors: string[] = [];
      const onConsole = (message: { type: () => string; text: () => string }) => {
        if (message.type() === 'error') errors.push(message.text());
      };
      page.on('console', onConsole);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await failCalls(page, 'dashboard.summary', failure);
      await page.goto('/dashboard');
      // The company name comes with the data that failed: the title falls back to the default.
      await heading1(page, 'Your Company Name - Dashboard').waitFor({ timeout: 15_000 });
      const what = JSON.stringify(failure);
      const text = main(page).getByText(DATA_FAILURE, { exact: true });
      await text.waitFor({ timeout: 15_000 });
      expect(isReddish((await coloursOf(text)).color), `${what}: colour ${(await coloursOf(text)).color}`).toBe(true);
      expect(await spinner(page).count(), `${what}: spinner left`).toBe(0);
      for (const card of [tasksCard(page), activitiesCard(page), hoursCard(page)]) expect(await card.count(), `${what}: cards shown`).toBe(0);
      await eventually(() => errors.some((line) => line.includes('Dashboard data failed to load'))).toBe(true);
      page.off('console', onConsole);
    }
    await suite.screenshot(page, 'dashboard-05-failure');
  });

  it('6. on a phone the cards stack in one column', async () => {
    const { page, user, companyName } = await suite.signedInPage('member', { viewport: { width: 390, height: 844 } });
    await createTask(suite.db, { companyId: user.companyId!, title: 'Phone check', description: 'Looks right on a small screen.' });
    await loggedWork(user.companyId!, 1, 'Phone support', day(10));
    await openDashboard(page, `${companyName} - Dashboard`);
    await tasksCard(page).waitFor();
    const tasksBox = await tasksCard(page).boundingBox();
    const activitiesBox = await activitiesCard(page).boundingBox();
    expect(activitiesBox!.y).toBeGreaterThanOrEqual(tasksBox!.y + tasksBox!.height);
    expect(Math.abs(activitiesBox!.x - tasksBox!.x)).toBeLessThan(2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
    await suite.screenshot(page, 'dashboard-06-phone');
  });
});

async function expectEmptyCards(page: Page) {
  const tasks = tasksCard(page);
  await tasks.waitFor();
  expect((await tasks.getByRole('heading', { level: 2 }).innerText()).trim()).toBe('Open Tasks (0)');
  expect(await tasks.getByText('No open tasks.', { exact: true }).isVisible()).toBe(true);
  expect(await tasks.getByRole('listitem').count()).toBe(0);
  expect(await activitiesCard(page).getByText('No recent activity.', { exact: true }).isVisible()).toBe(true);
  expect(await activitiesCard(page).getByRole('listitem').count()).toBe(0);
  expect(await tasks.getByRole('link', { name: 'View All Tasks', exact: true }).isVisible()).toBe(true);
  expect(await activitiesCard(page).getByRole('link', { name: 'View All Activities', exact: true }).isVisible()).toBe(true);
}

describe('Users (/users)', () => {
  const usersTable = (page: Page) => main(page).getByRole('table');

  async function shownUsers(page: Page): Promise<string[][]> {
    const rows = usersTable(page).locator('tbody tr');
    const result: string[][] = [];
    for (let i = 0; i < (await rows.count()); i += 1) result.push((await rows.nth(i).locator('td').allInnerTexts()).map((text) => text.trim()));
    return result;
  }

  it("7. a company admin sees each of the company's users with name, email and role — and nobody else's", async () => {
    const { page, user } = await suite.signedInPage('admin', { fields: { firstName: 'Alice', lastName: 'Admin' } });
    const companyId = user.companyId!;
    const bob = await createUser(suite.db, { companyId, firstName: 'Bob', lastName: 'Builder', role: 'member', password: null });
    const carol = await createUser(suite.db, { companyId, firstName: 'Carol', lastName: 'Chen', role: 'admin', approved: false, password: null });
    const outsider = await createUser(suite.db, { companyId: (await createCompany(suite.db)).id, firstName: 'Oscar', lastName: 'Outsider', password: null });

    const gate = await holdCalls(page, 'users.list');
    await page.goto('/users');
    await heading1(page, 'Users').waitFor();
    await eventually(() => spinner(page).first().isVisible()).toBe(true);
    gate.release();
    await usersTable(page).waitFor();
    await eventually(() => spinner(page).count()).toBe(0);
    expect(await page.title()).toBe('Users · Hourbank');
    expect((await usersTable(page).locator('thead th').allInnerTexts()).map((text) => text.trim())).toEqual(['Name', 'Email', 'Role', 'Actions']);
    // the admin may remove colleagues, never themselves
    expect(await shownUsers(page)).toEqual([
      ['Alice Admin', user.emailAddress, 'admin', ''],
      ['Bob Builder', bob.emailAddress, 'member', 'Remove'],
      // not approved yet: her name carries the note
      [`Carol Chen\n${AWAITING_APPROVAL}`, carol.emailAddress, 'admin', 'Remove'],
    ]);
    expect(await main(page).getByText(outsider.emailAddress).count()).toBe(0);
    expect(await main(page).getByText(USERS_FAILURE).count()).toBe(0);
    await suite.screenshot(page, 'users-07-list');
    expectNoViolations(await seriousA11yViolations(page, '/users'));
  });

  it("8. a failed load shows 'Error getting the list of Users.'", async () => {
    const { page } = await suite.signedInPage('admin');
    await failCalls(page, 'users.list', 500);
    await page.goto('/users');
    await heading1(page, 'Users').waitFor();
    const failure = main(page).getByText(USERS_FAILURE, { exact: true });
    await failure.waitFor({ timeout: 15_000 });
    expect(await usersTable(page).count()).toBe(0);
    expect(await spinner(page).count()).toBe(0);
    await suite.screenshot(page, 'users-08-failure');

    // The server refuses a plain member (not an admin): the guard never lets them reach the page.
    const member = await suite.signedInPage('member');
    await member.page.goto('/users');
    await expectPath(member.page, '/dashboard');
  });
});
