import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/account/sessions.js';
import { createCompany, createTask } from '../src/server/testing/factories.js';
import { addDays, weekStartAt } from '../src/shared/weekly.js';
import { weekRangeText } from '../src/client/pages/admin/timelogs/calendarDates.js';
import { browserSuite } from './support/fixture.js';
import { api, countCalls, eventually, expectNoViolations, expectPath, heading1, main, seriousA11yViolations } from './support/page.js';

/*
 * Logging time in fewer steps (docs/product-rules.md#the-weekly-timesheet): the log dialog's
 * 'Save and add another', its 24-hour time entry, and the weekly timesheet that saves a week of one
 * company's logs in one call. APP_TIMEZONE is New York; the browser's zone is whatever the machine's
 * is, so times typed into the dialog are checked in the browser's zone.
 */
const suite = browserSuite({ APP_TIMEZONE: 'America/New_York' });

let token = '';
let serial = 0;
const unique = (prefix: string) => `${prefix} ${(serial += 1)}-${Math.random().toString(36).slice(2, 6)}`;

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });
const toasts = (page: Page) => page.locator('.mantine-Notification-root').allInnerTexts();
async function logsOf(companyId: string) {
  const { timeLogs } = suite.db.t;
  return suite.db.select().from(timeLogs).where(eq(timeLogs.companyId, companyId));
}

async function choose(page: Page, within: Page | Locator, label: string, option: string) {
  await within.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Time Logs filtered on the company, then its Add dialog. */
async function openAddDialog(page: Page, companyName: string): Promise<Locator> {
  await page.goto('/timelogs');
  await heading1(page, 'Time Logs').waitFor();
  await choose(page, main(page), 'Filter by Company', companyName);
  await main(page).getByRole('button', { name: 'Add Time Log', exact: true }).click();
  const add = dialog(page, 'Add Time Log');
  await add.waitFor();
  await eventually(() => add.getByLabel('Company', { exact: true }).inputValue()).toBe(companyName);
  return add;
}

/** Opens the dialog's Date and Time picker, types into its Hour and Minute fields and applies. */
async function typeTime(page: Page, field: Locator, hour: string, minute?: string) {
  await field.click();
  const picker = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Apply date and time', exact: true }) });
  await picker.waitFor();
  expect(await picker.getByLabel('AM or PM').count(), 'no AM/PM field to keep a hidden PM').toBe(0);
  await picker.getByLabel('Hour (0–23)', { exact: true }).click();
  await page.keyboard.type(hour);
  if (minute !== undefined) {
    await picker.getByLabel('Minute', { exact: true }).click();
    await page.keyboard.type(minute);
  }
  await suite.screenshot(page, 'timesheet-02-24-hour-picker');
  await picker.getByRole('button', { name: 'Apply date and time', exact: true }).click();
  await eventually(() => picker.count()).toBe(0);
}

/** The browser's local hour and minute of an instant. */
const localClock = (page: Page, instant: Date) => page.evaluate((iso) => [new Date(iso).getHours(), new Date(iso).getMinutes()], instant.toISOString());

describe('Logging time', () => {
  beforeAll(async () => {
    const { user } = await suite.createUser('superadmin');
    token = (await createSession(suite.db, user.id, new Date())).token;
  });

  it("'Save and add another' saves, keeps company, task and date, clears hours and description, focuses Hours and says 'Time log saved'", async () => {
    const company = await createCompany(suite.db, { companyName: unique('Another Co') });
    const task = await createTask(suite.db, { companyId: company.id, title: unique('Migration') });
    const { page } = await suite.signedInPage('superadmin', { viewport: { width: 1440, height: 900 } });
    const add = await openAddDialog(page, company.companyName);
    // the SPEC's Save stays, next to the new button
    expect(await add.getByRole('button', { name: 'Save', exact: true }).count()).toBe(1);
    await choose(page, add, 'Task', task.title);
    const dateText = (await add.getByLabel('Date and Time', { exact: true }).innerText()).trim();
    await add.getByLabel('Hours', { exact: true }).fill('1.5');
    await add.getByLabel('Description', { exact: true }).fill('First of the day');
    await add.getByRole('button', { name: 'Save and add another', exact: true }).click();

    await eventually(() => toasts(page)).toEqual([expect.stringContaining('Time log saved')]);
    await eventually(() => add.getByLabel('Hours', { exact: true }).inputValue()).toBe('');
    expect(await add.isVisible()).toBe(true);
    expect(await add.getByLabel('Description', { exact: true }).inputValue()).toBe('');
    expect(await add.getByLabel('Company', { exact: true }).inputValue()).toBe(company.companyName);
    await eventually(() => add.getByLabel('Task', { exact: true }).inputValue()).toBe(task.title);
    expect((await add.getByLabel('Date and Time', { exact: true }).innerText()).trim()).toBe(dateText);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('id'))).toBe(await add.getByLabel('Hours', { exact: true }).getAttribute('id'));
    await suite.screenshot(page, 'timesheet-01-save-and-add-another');
    // the row is in the list behind the dialog already
    expect(await logsOf(company.id)).toHaveLength(1);

    // the second log of the day: only hours and description typed, then the SPEC's Save
    await page.keyboard.type('2');
    await add.getByLabel('Description', { exact: true }).fill('Second of the day');
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => add.count()).toBe(0);
    const saved = (await logsOf(company.id)).sort((a, b) => a.hundredths - b.hundredths);
    expect(saved.map((log) => [log.hundredths, log.description, log.taskId])).toEqual([
      [150, 'First of the day', task.id],
      [200, 'Second of the day', task.id],
    ]);
    expect(saved[0]!.timeStamp.getTime()).toBe(saved[1]!.timeStamp.getTime());
    await eventually(() => main(page).locator('tbody tr').count()).toBe(2);
  });

  it('takes the time in 24 hours: "10" and "10:00" typed into a log that was in the afternoon save 10:00 in the morning', async () => {
    const company = await createCompany(suite.db, { companyName: unique('Clock Co') });
    const { page } = await suite.signedInPage('superadmin', { viewport: { width: 1440, height: 900 } });
    // a log at 3:45 PM in the browser's zone: a 12-hour field would keep PM for the 10 typed
    const afternoon = await page.evaluate(() => new Date(2024, 5, 12, 15, 45).toISOString());
    const created = await api(suite.url, 'POST', '/superadmin/timelogs', { token, body: { company: company.id, timeStamp: afternoon, invertedHours: 1, description: 'Afternoon log' } });
    expect(created.status).toBe(200);
    await page.goto('/timelogs');
    await heading1(page, 'Time Logs').waitFor();
    await choose(page, main(page), 'Filter by Company', company.companyName);
    await main(page).locator('tbody tr').filter({ hasText: 'Afternoon log' }).getByRole('button', { name: 'Edit Time Log', exact: true }).click();
    const edit = dialog(page, 'Edit Time Log');
    await edit.waitFor();
    await typeTime(page, edit.getByLabel('Date and Time', { exact: true }), '10');
    expect((await edit.getByLabel('Date and Time', { exact: true }).innerText()).trim()).toMatch(/10:45 AM$/);
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await eventually(() => edit.count()).toBe(0);
    expect(await localClock(page, (await logsOf(company.id))[0]!.timeStamp)).toEqual([10, 45]);

    // a new log: "10:00" typed straight through the hour into the minutes
    const add = dialog(page, 'Add Time Log');
    await main(page).getByRole('button', { name: 'Add Time Log', exact: true }).click();
    await add.waitFor();
    await typeTime(page, add.getByLabel('Date and Time', { exact: true }), '10:00');
    await add.getByLabel('Hours', { exact: true }).fill('1');
    await add.getByLabel('Description', { exact: true }).fill('Morning log');
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => add.count()).toBe(0);
    const morning = (await logsOf(company.id)).find((log) => log.description === 'Morning log')!;
    expect(await localClock(page, morning.timeStamp)).toEqual([10, 0]);
  });

  it('the timesheet logs a week for one company in one screen and one call, showing what was logged before', async () => {
    const { activities } = suite.db.t;
    const company = await createCompany(suite.db, { companyName: unique('Sheet Co') });
    const design = await createTask(suite.db, { companyId: company.id, title: 'A design review', priority: 1 });
    const api1 = await createTask(suite.db, { companyId: company.id, title: 'B API work', priority: 2 });
    // already logged that week: an hour on Monday without a task (noon in New York)
    const before = await api(suite.url, 'POST', '/superadmin/timelogs', { token, body: { company: company.id, timeStamp: '2025-01-06T17:00:00.000Z', invertedHours: 1, description: 'Before the sheet' } });
    expect(before.status).toBe(200);

    const { page } = await suite.signedInPage('superadmin', { viewport: { width: 1440, height: 900 } });
    await page.goto('/timelogs');
    await heading1(page, 'Time Logs').waitFor();
    await choose(page, main(page), 'Filter by Company', company.companyName);
    await main(page).getByRole('link', { name: 'Timesheet', exact: true }).click();
    await expectPath(page, '/timesheet');
    await heading1(page, 'Timesheet').waitFor();
    await eventually(() => main(page).getByLabel('Company', { exact: true }).inputValue()).toBe(company.companyName);
    // the week of the logs, from the address as a link would give it
    await page.goto(`/timesheet?company=${company.id}&week=2025-01-06`);
    await eventually(() => main(page).getByTestId('timesheet-week').innerText()).toBe('Jan 6 – Jan 12, 2025');
    const cell = (row: string, day: string) => main(page).getByLabel(`${row}, ${day}`, { exact: true });
    await cell('No task', 'Mon Jan 6').waitFor();
    expect(await main(page).locator('tbody th').allInnerTexts()).toEqual(['No task', design.title, api1.title]);
    // the hour logged before is in its box, ready to change
    expect(await cell('No task', 'Mon Jan 6').inputValue()).toBe('1');
    expect(await main(page).getByText('logged', { exact: true }).count()).toBe(1);

    // keyboard only: change the logged hour, Tab to the next day, arrows between rows and days
    await cell('No task', 'Mon Jan 6').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1.5');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('3');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('1:30');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('4');
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(key);
    await page.keyboard.type('0.75');
    expect(await cell(design.title, 'Tue Jan 7').inputValue()).toBe('3');
    expect(await cell(design.title, 'Wed Jan 8').inputValue()).toBe('1:30');
    expect(await cell(api1.title, 'Thu Jan 9').inputValue()).toBe('4');
    expect(await cell(api1.title, 'Sun Jan 12').inputValue()).toBe('0.75');
    await main(page).getByLabel(`${api1.title}, description`, { exact: true }).fill('Endpoints');
    expect(await main(page).getByText('was 1', { exact: true }).count()).toBe(1);

    // the totals count the changed log at its new hours
    expect(await main(page).getByTestId('row-total').allInnerTexts()).toEqual(['4.5', '4.5', '4.75']);
    expect(await main(page).getByTestId('day-total').allInnerTexts()).toEqual(['3', '4.5', '1.5', '4', '0', '0', '0.75']);
    expect(await main(page).getByTestId('week-total').innerText()).toBe('13.75');
    expect(await main(page).getByTestId('timesheet-new').innerText()).toBe('5 new time logs, 10.75 hours; 1 logged day changed');
    await suite.screenshot(page, 'timesheet-03-week-typed');
    expectNoViolations(await seriousA11yViolations(page, 'timesheet, typed'));

    const saves = countCalls(page, 'superadmin.timelogs.saveTimesheet');
    const creates = countCalls(page, 'superadmin.timelogs.create');
    await page.keyboard.press('Enter');
    await eventually(() => toasts(page)).toEqual([`Timesheet saved\n5 new time logs (10.75 hours), 1 log changed for ${company.companyName}`]);
    expect([saves.count, creates.count]).toEqual([1, 0]);

    const logs = await logsOf(company.id);
    expect(logs).toHaveLength(6);
    const timeLogEntries = async () => (await suite.db.select().from(activities).where(eq(activities.companyId, company.id))).filter((entry) => entry.activityType === 'TimeLog');
    expect((await timeLogEntries()).map((entry) => entry.hundredths).sort((a, b) => a - b)).toEqual(logs.map((log) => -log.hundredths).sort((a, b) => a - b));
    expect(logs.find((log) => log.description === 'Before the sheet')?.hundredths).toBe(300);
    expect(logs.filter((log) => log.taskId === api1.id).map((log) => log.description)).toEqual(['Endpoints', 'Endpoints']);
    // every saved day is now a cell of one log, its hours in the box; the totals stay
    await eventually(() => main(page).getByText('logged', { exact: true }).count()).toBe(6);
    expect(await cell(design.title, 'Wed Jan 8').inputValue()).toBe('1.5');
    expect(await main(page).getByTestId('week-total').innerText()).toBe('13.75');
    await suite.screenshot(page, 'timesheet-04-saved');

    // a second row of a task adds a second log to a day; emptying a box removes its log
    await choose(page, main(page), 'Add a row for', design.title);
    await main(page).getByLabel(`${design.title}, Tue Jan 7`, { exact: true }).nth(1).fill('2');
    await cell(api1.title, 'Thu Jan 9').fill('');
    expect(await main(page).getByText('removes the log', { exact: true }).count()).toBe(1);
    // Enter in a box saves (the last toast covers the button's corner for a while)
    await page.keyboard.press('Enter');
    await eventually(() => toasts(page)).toContain(`Timesheet saved\n1 new time log (2 hours), 1 log removed for ${company.companyName}`);
    expect((await logsOf(company.id)).filter((log) => log.taskId === api1.id).map((log) => log.hundredths)).toEqual([75]);
    expect(await timeLogEntries()).toHaveLength(6);
    // a day of two logs shows their sum and links to them on Time Logs, as the sheet cannot tell which to change
    const severalLogs = main(page).getByRole('link', { name: `${design.title}, Tue Jan 7: 2 logs, change them on Time Logs`, exact: true });
    await severalLogs.waitFor();
    expect(await severalLogs.getAttribute('href')).toBe(`/timelogs?company=${company.id}&from=2025-01-07&to=2025-01-07`);
    expect(await main(page).getByTestId('logged-cell').innerText()).toMatch(/^5\s+2 logs$/);
    expect(await main(page).getByTestId('week-total').innerText()).toBe('11.75');
    await suite.screenshot(page, 'timesheet-04b-two-logs');

    // a cell that is not hours is refused here, before any call
    await cell('No task', 'Fri Jan 10').fill('lots');
    await page.keyboard.press('Enter');
    await eventually(() => main(page).getByRole('alert').innerText()).toContain('Some cells are not hours');
    expect(saves.count).toBe(2);
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`the timesheet on a phone is a list of the seven days, nothing scrolls sideways (${scheme})`, async () => {
      const company = await createCompany(suite.db, { companyName: unique('Phone Sheet Co') });
      const task = await createTask(suite.db, { companyId: company.id, title: 'Phone task' });
      const logged = await api(suite.url, 'POST', '/superadmin/timelogs', { token, body: { company: company.id, task: task.id, timeStamp: '2025-01-08T17:00:00.000Z', invertedHours: 1, description: 'On Wednesday' } });
      expect(logged.status).toBe(200);
      const { page } = await suite.signedInPage('superadmin', { viewport: { width: 390, height: 844 } });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/timesheet?company=${company.id}&week=2025-01-06`);
      const days = main(page).getByTestId('timesheet-day');
      await eventually(() => days.count()).toBe(7);
      expect(await main(page).locator('table').count()).toBe(0);
      expect(await days.getByRole('heading').allInnerTexts()).toEqual(['Mon Jan 6', 'Tue Jan 7', 'Wed Jan 8', 'Thu Jan 9', 'Fri Jan 10', 'Sat Jan 11', 'Sun Jan 12']);
      await main(page).getByLabel('Phone task, Mon Jan 6', { exact: true }).fill('2');
      // Sunday is reached by scrolling down the page, as any list is
      const sunday = main(page).getByLabel('Phone task, Sun Jan 12', { exact: true });
      await sunday.scrollIntoViewIfNeeded();
      await sunday.fill('1:30');
      expect(await days.nth(6).getByTestId('day-total').innerText()).toBe('1.5');
      // Wednesday's logged hour is in its box, and changes there
      const wednesday = main(page).getByLabel('Phone task, Wed Jan 8', { exact: true });
      expect(await wednesday.inputValue()).toBe('1');
      await wednesday.fill('0.5');
      expect(await days.nth(2).getByText('was 1', { exact: true }).count()).toBe(1);
      expect(await main(page).getByTestId('week-total').innerText()).toBe('4');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await suite.screenshot(page, `timesheet-05-phone-${scheme}`);
      expectNoViolations(await seriousA11yViolations(page, `timesheet, phone, ${scheme}`));
      await main(page).getByRole('button', { name: 'Save timesheet', exact: true }).click();
      await eventually(async () => (await logsOf(company.id)).map((log) => log.hundredths).sort((a, b) => a - b)).toEqual([50, 150, 200]);
    });
  }

  it("asks before typed hours are dropped by another week or company, and 'This week' is the provider's week", async () => {
    const company = await createCompany(suite.db, { companyName: unique('Unsaved Co') });
    const other = await createCompany(suite.db, { companyName: unique('Other Co') });
    const { page } = await suite.signedInPage('superadmin', { viewport: { width: 1440, height: 900 } });
    await page.goto(`/timesheet?company=${company.id}&week=2025-01-06`);
    const week = main(page).getByTestId('timesheet-week');
    const monday = main(page).getByLabel('No task, Mon Jan 6', { exact: true });
    await monday.fill('2');
    const ask = dialog(page, 'Discard unsaved hours?');

    await main(page).getByRole('button', { name: 'Next week', exact: true }).click();
    await ask.waitFor();
    // photographed once its opening transition is over
    await eventually(() => ask.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await suite.screenshot(page, 'timesheet-06-discard-asked');
    await ask.getByRole('button', { name: 'Cancel', exact: true }).click();
    await eventually(() => ask.count()).toBe(0);
    expect(await week.innerText()).toBe('Jan 6 – Jan 12, 2025');
    expect(await monday.inputValue()).toBe('2');

    // a link to another screen, in the header or on the page, is held back the same way
    await page.getByRole('banner').getByRole('link', { name: 'Time Logs', exact: true }).click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Cancel', exact: true }).click();
    await eventually(() => ask.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/timesheet');
    expect(await monday.inputValue()).toBe('2');

    await choose(page, main(page), 'Company', other.companyName);
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Discard', exact: true }).click();
    await eventually(() => main(page).getByLabel('Company', { exact: true }).inputValue()).toBe(other.companyName);
    expect(await main(page).getByLabel('No task, Mon Jan 6', { exact: true }).inputValue()).toBe('');

    // nothing typed: no question; the week is the one New York is in, whatever the browser's zone
    await main(page).getByRole('button', { name: 'This week', exact: true }).click();
    const current = weekStartAt(new Date(), 'America/New_York');
    await eventually(() => week.innerText()).toBe(weekRangeText(current, addDays(current, 6)));
    expect(await ask.count()).toBe(0);
    expect(await logsOf(company.id)).toHaveLength(0);

    await main(page).locator('input[aria-label^="No task, Mon"]').fill('1');
    await main(page).getByRole('link', { name: 'View Time Logs', exact: true }).click();
    await ask.getByRole('button', { name: 'Discard', exact: true }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/timelogs');
    expect(await logsOf(other.id)).toHaveLength(0);
  });
});
