import { and, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/account/sessions.js';
import { createCompany, createTask, createUser } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { LIST_ROW, api, countCalls, eventually, expectNoViolations, expectPath, failCalls, heading1, holdCalls, main, proceduresOf, seriousA11yViolations, columnValues } from './support/page.js';

/*
 * Time Logs (/timelogs): the shared list behaviour, the log dialog and its task choices, search,
 * save and delete failures (docs/product-rules.md#time-logs-and-the-weekly-view) — in Chromium against the real server.
 * Every test makes its own companies and filters on them, so tests do not see each other's logs.
 */
const suite = browserSuite({ APP_TIMEZONE: 'America/New_York' });

const HEADERS = ['Company', 'DateTime', 'Hours', 'Description', 'Actions'];
const DELETE_QUESTION = 'Are you sure you want to DELETE this TimeLog?';

let runId = 0;
/** A name no other test uses. */
const unique = (prefix: string) => `${prefix} ${(runId += 1)}-${Math.random().toString(36).slice(2, 6)}`;

type LogInput = { company: string; timeStamp: string; invertedHours: number; description: string; task?: string | null };

/** The super-admin's page and an API token of the same super-admin. */
async function signIn() {
  const signedIn = await suite.signedInPage('superadmin');
  const { token } = await createSession(suite.db, signedIn.user.id, new Date());
  return { ...signedIn, token };
}

/** A time log made through the REST mirror, as a script would make it. */
async function createLog(token: string, log: LogInput): Promise<string> {
  const response = await api(suite.url, 'POST', '/superadmin/timelogs', { token, body: log });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body._id as string;
}

/** The text the DateTime column and the search use for an instant, in the browser's zone. */
function browserDateTime(page: Page, iso: string): Promise<string> {
  return page.evaluate((value) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)).replace(/\u202f/g, ' '), iso);
}

const table = (page: Page) => main(page).getByRole('table');
const bodyRows = (page: Page) => table(page).locator(LIST_ROW);

/** Each body row's cells as text (the Actions cell is empty text). */
function rowTexts(page: Page): Promise<string[][]> {
  return bodyRows(page).evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell as HTMLElement).innerText.trim())));
}

const descriptionsShown = async (page: Page) => (await rowTexts(page)).map((cells) => cells[3]?.split('\n')[0] ?? '');

const rowOf = (page: Page, description: string) => bodyRows(page).filter({ hasText: description });

async function openTimeLogs(page: Page) {
  await page.goto('/timelogs');
  await heading1(page, 'Time Logs').waitFor();
}

/** Opens a Mantine select by its label and picks the option with exactly this text. */
async function choose(page: Page, within: Page | Locator, label: string, option: string) {
  await within.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function filterByCompany(page: Page, companyName: string) {
  await choose(page, main(page), 'Filter by Company', companyName);
  await eventually(() => main(page).getByLabel('Filter by Company', { exact: true }).inputValue()).toBe(companyName);
}

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });

async function dialogAlert(dialogLocator: Locator): Promise<string> {
  const alert = dialogLocator.getByRole('alert');
  if ((await alert.count()) === 0) return '';
  return (await alert.innerText()).trim();
}

describe('Time Logs (/timelogs)', () => {
  it('1. shows the title, toolbar and columns, a spinner row while loading, and the logs newest first', async () => {
    const { page, token } = await signIn();
    const company = await createCompany(suite.db, { companyName: unique('Columns Co') });
    const logs = [
      { timeStamp: '2025-03-04T15:30:00.000Z', invertedHours: 2, description: 'Middle log' },
      { timeStamp: '2025-03-10T14:00:00.000Z', invertedHours: 1.5, description: 'Newest log' },
      { timeStamp: '2025-02-27T20:15:00.000Z', invertedHours: 0.25, description: 'Oldest log' },
    ];
    for (const log of logs) await createLog(token, { company: company.id, ...log });

    const gate = await holdCalls(page, 'superadmin.timelogs.list');
    await openTimeLogs(page);
    await eventually(() => gate.held()).toBeGreaterThan(0);
    await eventually(() => table(page).getByLabel('Loading').isVisible()).toBe(true);
    await suite.screenshot(page, 'timelogs-01-loading');
    gate.release();
    await eventually(() => table(page).getByLabel('Loading').count()).toBe(0);

    const headers = await table(page).locator('thead th').allInnerTexts();
    expect(headers.map((text) => text.trim())).toEqual(HEADERS);
    expect(await table(page).locator('thead th[aria-sort]').innerText()).toBe('DateTime');
    expect(await table(page).locator('thead th[aria-sort]').getAttribute('aria-sort')).toBe('descending');

    await filterByCompany(page, company.companyName);
    await eventually(() => bodyRows(page).count()).toBe(3);
    const expected = await Promise.all(
      [logs[1]!, logs[0]!, logs[2]!].map(async (log) => [company.companyName, await browserDateTime(page, log.timeStamp), String(log.invertedHours), log.description, '']),
    );
    expect(await rowTexts(page)).toEqual(expected);
    for (const name of ['Edit Time Log', 'Delete Time Log']) expect(await rowOf(page, 'Newest log').getByRole('button', { name, exact: true }).count()).toBe(1);
    expect(await main(page).getByLabel('Rows per page').inputValue()).toBe('25');
    for (const name of ['Add Time Log', 'Refresh List']) expect(await main(page).getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    await suite.screenshot(page, 'timelogs-01-list');

    const dailyTotals = main(page).getByRole('link', { name: 'View Daily Totals', exact: true });
    expect(await dailyTotals.getAttribute('href')).toBe('/dailytimelogs');
    await dailyTotals.hover();
    await eventually(() => page.getByRole('tooltip').innerText()).toBe('View Daily Totals');
    await dailyTotals.click();
    await expectPath(page, '/dailytimelogs');
  });

  it('2. Search matches the description, the hours text or the date-time text, case-insensitively', async () => {
    const { page, token } = await signIn();
    const listInputs: string[] = [];
    page.on('request', (request) => {
      if (proceduresOf(request.url()).includes('superadmin.timelogs.list')) listInputs.push(new URL(request.url()).searchParams.get('input') ?? '');
    });
    const company = await createCompany(suite.db, { companyName: unique('Search Co') });
    const tag = unique('tag').replace(/\s/g, '');
    await createLog(token, { company: company.id, timeStamp: '2019-05-14T16:00:00.000Z', invertedHours: 2.75, description: `Refactored BILLING module ${tag}` });
    await createLog(token, { company: company.id, timeStamp: '2019-08-21T16:00:00.000Z', invertedHours: 1, description: `Weekly sync ${tag}` });
    await createLog(token, { company: company.id, timeStamp: '2019-11-02T16:00:00.000Z', invertedHours: 3.5, description: `Deployment ${tag}` });
    await openTimeLogs(page);
    await filterByCompany(page, company.companyName);
    await eventually(() => bodyRows(page).count()).toBe(3);
    const search = main(page).getByLabel('Search', { exact: true });

    await search.fill('billing MODULE');
    await eventually(() => descriptionsShown(page)).toEqual([`Refactored BILLING module ${tag}`]);

    await search.fill('2.75');
    await eventually(() => descriptionsShown(page)).toEqual([`Refactored BILLING module ${tag}`]);
    await search.fill('3.5');
    await eventually(() => descriptionsShown(page)).toEqual([`Deployment ${tag}`]);

    const augustText = await browserDateTime(page, '2019-08-21T16:00:00.000Z');
    await search.fill(augustText.toUpperCase());
    await eventually(() => descriptionsShown(page)).toEqual([`Weekly sync ${tag}`]);
    await search.fill(augustText.slice(0, 'Aug 21'.length).toLowerCase());
    await eventually(() => descriptionsShown(page)).toEqual([`Weekly sync ${tag}`]);

    // the server reads the date-times in the browser's zone, as the DateTime column shows them
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(listInputs.at(-1)).toContain(`"timeZone":"${browserZone}"`);

    await search.fill('no log says this');
    await main(page).getByText('No Time Logs Found', { exact: true }).waitFor();
    expect(await rowTexts(page)).toEqual([]);
    await search.fill('');
    await eventually(() => bodyRows(page).count()).toBe(3);
  });

  it("3. the company filter offers 'All' then each company by name, and keeps the logs of the chosen company id", async () => {
    const { page, token } = await signIn();
    const twinName = unique('Twin Co');
    const first = await createCompany(suite.db, { companyName: twinName });
    const second = await createCompany(suite.db, { companyName: twinName });
    const other = await createCompany(suite.db, { companyName: unique('Aardvark Co') });
    const tag = unique('filter').replace(/\s/g, '');
    await createLog(token, { company: first.id, timeStamp: '2018-01-10T15:00:00.000Z', invertedHours: 1, description: `First twin ${tag}` });
    await createLog(token, { company: second.id, timeStamp: '2018-01-11T15:00:00.000Z', invertedHours: 2, description: `Second twin ${tag}` });
    await createLog(token, { company: other.id, timeStamp: '2018-01-12T15:00:00.000Z', invertedHours: 3, description: `Other ${tag}` });
    await openTimeLogs(page);
    await main(page).getByLabel('Search', { exact: true }).fill(tag);
    await eventually(() => descriptionsShown(page)).toEqual([`Other ${tag}`, `Second twin ${tag}`, `First twin ${tag}`]);

    const filter = main(page).getByLabel('Filter by Company', { exact: true });
    expect(await filter.inputValue()).toBe('All');
    await filter.click();
    await page.getByRole('option').first().waitFor();
    const options = (await page.getByRole('option').allInnerTexts()).map((text) => text.trim());
    expect(options[0]).toBe('All');
    const names = options.slice(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names.filter((name) => name === twinName)).toHaveLength(2);
    expect(names).toContain(other.companyName);

    // The two companies share a name; the filter tells them apart by id. Options follow the
    // name order, and equal names keep the companies list order, so pick by position.
    const twinOptions = page.getByRole('option', { name: twinName, exact: true });
    await twinOptions.nth(0).click();
    await eventually(async () => (await descriptionsShown(page)).length).toBe(1);
    const shownAfterFirstTwin = await descriptionsShown(page);
    expect(shownAfterFirstTwin).toHaveLength(1);
    expect([`First twin ${tag}`, `Second twin ${tag}`]).toContain(shownAfterFirstTwin[0]);
    await filter.click();
    await page.getByRole('option', { name: twinName, exact: true }).nth(1).click();
    // the server answers for the other twin: the one row on screen changes
    await eventually(() => descriptionsShown(page)).not.toEqual(shownAfterFirstTwin);
    const shownAfterSecondTwin = await descriptionsShown(page);
    expect(shownAfterSecondTwin[0]).not.toBe(shownAfterFirstTwin[0]);
    expect([`First twin ${tag}`, `Second twin ${tag}`]).toContain(shownAfterSecondTwin[0]);

    await filterByCompany(page, other.companyName);
    await eventually(() => descriptionsShown(page)).toEqual([`Other ${tag}`]);
    await filterByCompany(page, 'All');
    await eventually(() => descriptionsShown(page)).toEqual([`Other ${tag}`, `Second twin ${tag}`, `First twin ${tag}`]);
  });

  it('4. pages 25 rows by default; another page size goes back to the first page', async () => {
    const { page, token } = await signIn();
    const company = await createCompany(suite.db, { companyName: unique('Paging Co') });
    for (let n = 1; n <= 30; n += 1) {
      await createLog(token, { company: company.id, timeStamp: new Date(Date.UTC(2017, 0, n, 15)).toISOString(), invertedHours: 1, description: `Paged log ${String(n).padStart(2, '0')}` });
    }
    await openTimeLogs(page);
    await filterByCompany(page, company.companyName);
    // the unfiltered page stays on screen until the filtered one arrives, so wait for its rows
    const firstPage = Array.from({ length: 25 }, (_, i) => `Paged log ${String(30 - i).padStart(2, '0')}`);
    await eventually(() => descriptionsShown(page)).toEqual(firstPage);
    await main(page).getByText('1–25 of 30', { exact: true }).waitFor();

    await main(page).getByRole('button', { name: /^next page$/i }).click();
    await eventually(() => descriptionsShown(page)).toEqual(['Paged log 05', 'Paged log 04', 'Paged log 03', 'Paged log 02', 'Paged log 01']);
    await main(page).getByText('26–30 of 30', { exact: true }).waitFor();

    await choose(page, main(page), 'Rows per page', '10');
    await eventually(() => bodyRows(page).count()).toBe(10);
    expect((await descriptionsShown(page))[0]).toBe('Paged log 30');
    await main(page).getByText('1–10 of 30', { exact: true }).waitFor();
  });

  it('5. Add opens with the filtered company and the current time; the saved log is added to the list', async () => {
    const { timeLogs } = suite.db.t;
    const { page } = await signIn();
    const company = await createCompany(suite.db, { companyName: unique('Add Co') });
    await openTimeLogs(page);
    await main(page).getByRole('button', { name: 'Add Time Log', exact: true }).click();
    let add = dialog(page, 'Add Time Log');
    await add.waitFor();
    expect(await add.getByLabel('Company', { exact: true }).inputValue()).toBe('');
    await add.getByRole('button', { name: 'Cancel', exact: true }).click();
    await eventually(() => add.count()).toBe(0);

    await filterByCompany(page, company.companyName);
    await main(page).getByRole('button', { name: 'Add Time Log', exact: true }).click();
    add = dialog(page, 'Add Time Log');
    await add.waitFor();
    // the picker asks the server for the company's name
    await eventually(() => add.getByLabel('Company', { exact: true }).inputValue()).toBe(company.companyName);
    const nowTexts = await page.evaluate(() => {
      const format = (date: Date) => {
        const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(date);
        const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(date);
        return `${day}, ${time}`.replace(/\u202f/g, ' ');
      };
      const now = Date.now();
      return [format(new Date(now - 60_000)), format(new Date(now))];
    });
    expect(nowTexts).toContain((await add.getByLabel('Date and Time', { exact: true }).innerText()).trim());
    expect(await add.getByLabel('Hours', { exact: true }).inputValue()).toBe('');
    expect(await add.getByLabel('Description', { exact: true }).inputValue()).toBe('');
    expect(await add.getByLabel('Task', { exact: true }).inputValue()).toBe('Select or create…');
    await suite.screenshot(page, 'timelogs-05-add-dialog');

    const before = Date.now();
    await add.getByLabel('Hours', { exact: true }).fill('1.25');
    await add.getByLabel('Description', { exact: true }).fill('Added through the dialog');
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => add.count()).toBe(0);
    await eventually(() => rowTexts(page)).toHaveLength(1);
    const [cells] = await rowTexts(page);
    expect(cells!.slice(0, 4)).toEqual([company.companyName, expect.any(String), '1.25', 'Added through the dialog']);

    const saved = await suite.db.select().from(timeLogs).where(eq(timeLogs.companyId, company.id));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.hundredths).toBe(125);
    expect(saved[0]!.description).toBe('Added through the dialog');
    expect(saved[0]!.taskId).toBeNull();
    // the picker works to the minute: the log is stamped within the minute it was opened
    expect(saved[0]!.timeStamp.getTime()).toBeGreaterThan(before - 2 * 60_000);
    expect(saved[0]!.timeStamp.getTime()).toBeLessThanOrEqual(Date.now());
    expect(cells![1]).toBe(await browserDateTime(page, saved[0]!.timeStamp.toISOString()));
  });

  it('6. Edit opens prefilled with the row; the returned log replaces it, including a new date from the picker', async () => {
    const { timeLogs } = suite.db.t;
    const { page, token } = await signIn();
    const company = await createCompany(suite.db, { companyName: unique('Edit Co') });
    const otherCompany = await createCompany(suite.db, { companyName: unique('Edit Other Co') });
    const task = await createTask(suite.db, { companyId: company.id, title: unique('Linked task') });
    const id = await createLog(token, { company: company.id, timeStamp: '2024-06-12T14:45:00.000Z', invertedHours: 3.5, description: 'Before the edit', task: task.id });
    await createLog(token, { company: company.id, timeStamp: '2024-06-10T14:45:00.000Z', invertedHours: 1, description: 'Untouched log' });
    await openTimeLogs(page);
    await filterByCompany(page, company.companyName);
    await eventually(() => descriptionsShown(page)).toEqual(['Before the edit', 'Untouched log']);
    expect(await rowOf(page, 'Before the edit').getByText(`Task: ${task.title}`, { exact: true }).isVisible()).toBe(true);

    await rowOf(page, 'Before the edit').getByRole('button', { name: 'Edit Time Log', exact: true }).click();
    const edit = dialog(page, 'Edit Time Log');
    await edit.waitFor();
    // the picker asks the server for the company's name
    await eventually(() => edit.getByLabel('Company', { exact: true }).inputValue()).toBe(company.companyName);
    expect((await edit.getByLabel('Date and Time', { exact: true }).innerText()).trim()).toBe(await browserDateTime(page, '2024-06-12T14:45:00.000Z'));
    expect(await edit.getByLabel('Hours', { exact: true }).inputValue()).toBe('3.5');
    expect(await edit.getByLabel('Description', { exact: true }).inputValue()).toBe('Before the edit');
    expect(await edit.getByLabel('Task', { exact: true }).inputValue()).toBe(task.title);
    // 'Close the Task' is for a new log only
    expect(await edit.getByLabel('Close the Task', { exact: true }).count()).toBe(0);
    await suite.screenshot(page, 'timelogs-06-edit-dialog');

    // a new day from the picker: the 20th of the same month, same time of day
    await edit.getByLabel('Date and Time', { exact: true }).click();
    const picker = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Apply date and time', exact: true }) });
    await picker.waitFor();
    await picker.getByRole('button', { name: '20 June 2024', exact: true }).click();
    await picker.getByRole('button', { name: 'Apply date and time', exact: true }).click();
    await eventually(() => picker.count()).toBe(0);
    await edit.getByLabel('Hours', { exact: true }).fill('4');
    await edit.getByLabel('Description', { exact: true }).fill('After the edit');
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await eventually(() => edit.count()).toBe(0);

    const saved = (await suite.db.select().from(timeLogs).where(eq(timeLogs.id, id)))[0]!;
    expect(saved.hundredths).toBe(400);
    expect(saved.description).toBe('After the edit');
    expect(saved.taskId).toBe(task.id);
    const expectedStamp = await page.evaluate(() => {
      const date = new Date('2024-06-12T14:45:00.000Z');
      date.setDate(20);
      return date.toISOString();
    });
    expect(saved.timeStamp.toISOString()).toBe(expectedStamp);
    await eventually(() => descriptionsShown(page)).toEqual(['After the edit', 'Untouched log']);
    const [cells] = await rowTexts(page);
    expect(cells!.slice(0, 3)).toEqual([company.companyName, await browserDateTime(page, expectedStamp), '4']);

    // moving a log to another company: the row leaves this company's filter
    await rowOf(page, 'After the edit').getByRole('button', { name: 'Edit Time Log', exact: true }).click();
    await edit.waitFor();
    await choose(page, edit, 'Company', otherCompany.companyName);
    expect(await edit.getByLabel('Task', { exact: true }).inputValue()).toBe('Select or create…');
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await eventually(() => edit.count()).toBe(0);
    await eventually(() => descriptionsShown(page)).toEqual(['Untouched log']);
    expect((await suite.db.select().from(timeLogs).where(eq(timeLogs.id, id)))[0]!.companyId).toBe(otherCompany.id);
  });

  it('7. Delete asks first, then removes the row', async () => {
    const { timeLogs } = suite.db.t;
    const { page, token } = await signIn();
    const company = await createCompany(suite.db, { companyName: unique('Delete Co') });
    const id = await createLog(token, { company: company.id, timeStamp: '2024-02-01T15:00:00.000Z', invertedHours: 2, description: 'Log to delete' });
    await createLog(token, { company: company.id, timeStamp: '2024-01-31T15:00:00.000Z', invertedHours: 1, description: 'Log to keep' });
    await openTimeLogs(page);
    await filterByCompany(page, company.companyName);
    await eventually(() => descriptionsShown(page)).toEqual(['Log to delete', 'Log to keep']);
    const lists = countCalls(page, 'superadmin.timelogs.list');

    await rowOf(page, 'Log to delete').getByRole('button', { name: 'Delete Time Log', exact: true }).click();
    const confirm = dialog(page, 'Confirm Delete');
    await confirm.waitFor();
    await confirm.getByText(DELETE_QUESTION, { exact: true }).waitFor();
    await suite.screenshot(page, 'timelogs-07-delete-dialog');
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await eventually(() => confirm.count()).toBe(0);
    expect((await suite.db.select().from(timeLogs).where(eq(timeLogs.id, id)))[0]).toBeDefined();

    await rowOf(page, 'Log to delete').getByRole('button', { name: 'Delete Time Log', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await eventually(() => confirm.count()).toBe(0);
    await eventually(() => descriptionsShown(page)).toEqual(['Log to keep']);
    expect((await suite.db.select().from(timeLogs).where(eq(timeLogs.id, id)))[0]).toBeUndefined();
    // removed locally, not by loading the list again
    expect(lists.count).toBe(0);
  });

  it("8. the task choices are the company's open tasks; '+ Create New Task' reveals title and description and creates the task", async () => {
    const { tasks, timeLogs } = suite.db.t;
    const { page } = await signIn();
    const company = await createCompany(suite.db, { companyName: unique('Task Co') });
    const otherCompany = await createCompany(suite.db, { companyName: unique('Task Other Co') });
    const open = await createTask(suite.db, { companyId: company.id, title: unique('Open task') });
    const done = await createTask(suite.db, { companyId: company.id, title: unique('Done task'), done: true });
    const foreign = await createTask(suite.db, { companyId: otherCompany.id, title: unique('Foreign task') });
    await openTimeLogs(page);
    await filterByCompany(page, company.companyName);
    await main(page).getByRole('button', { name: 'Add Time Log', exact: true }).click();
    const add = dialog(page, 'Add Time Log');
    await add.waitFor();

    await add.getByLabel('Task', { exact: true }).click();
    await page.getByRole('option').first().waitFor();
    const choices = (await page.getByRole('option').allInnerTexts()).map((text) => text.trim());
    expect(choices).toEqual(['Select or create…', open.title, '+ Create New Task']);
    expect(choices).not.toContain(done.title);
    expect(choices).not.toContain(foreign.title);
    await page.keyboard.press('Escape');
    await eventually(() => page.getByRole('option').count()).toBe(0);
    await eventually(() => add.isVisible()).toBe(true);

    expect(await add.getByLabel('New Task Title', { exact: true }).count()).toBe(0);
    expect(await add.getByLabel('Close the Task', { exact: true }).count()).toBe(0);
    await choose(page, add, 'Task', '+ Create New Task');
    await add.getByLabel('New Task Title', { exact: true }).waitFor();
    expect(await add.getByLabel('New Task Description', { exact: true }).isVisible()).toBe(true);
    const closeTask = add.getByLabel('Close the Task', { exact: true });
    expect(await closeTask.isChecked()).toBe(false);
    expect(await add.getByLabel('Email the Client', { exact: true }).count()).toBe(0);
    await suite.screenshot(page, 'timelogs-08-new-task');

    const title = unique('Created with the log');
    await add.getByLabel('Hours', { exact: true }).fill('2');
    await add.getByLabel('Description', { exact: true }).fill('Log with a new task');
    await add.getByLabel('New Task Title', { exact: true }).fill(title);
    await add.getByLabel('New Task Description', { exact: true }).fill('Made from the time log dialog');
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => add.count()).toBe(0);

    const [created] = await suite.db.select().from(tasks).where(and(eq(tasks.companyId, company.id), eq(tasks.title, title))).limit(1);
    expect(created).toBeDefined();
    expect(created!.description).toBe('Made from the time log dialog');
    expect(created!.done).toBe(false);
    const log = (await suite.db.select().from(timeLogs).where(eq(timeLogs.companyId, company.id)).limit(1))[0]!;
    expect(log.taskId).toBe(created!.id);
    await eventually(() => rowOf(page, 'Log with a new task').getByText(`Task: ${title}`, { exact: true }).isVisible()).toBe(true);

    // the new task is offered from now on
    await main(page).getByRole('button', { name: 'Add Time Log', exact: true }).click();
    await add.waitFor();
    await add.getByLabel('Task', { exact: true }).click();
    await eventually(async () => (await page.getByRole('option').allInnerTexts()).map((text) => text.trim())).toContain(title);
  });

  it("9. 'Close the Task' closes the chosen task and 'Email the Client' (on by default) emails the company", async () => {
    const { outbox, tasks } = suite.db.t;
    const { page } = await signIn();
    const company = await createCompany(suite.db, { companyName: unique('Close Co') });
    const client = await createUser(suite.db, { companyId: company.id, role: 'admin', password: null });
    const emailed = await createTask(suite.db, { companyId: company.id, title: unique('Close and email'), priority: 1 });
    const silent = await createTask(suite.db, { companyId: company.id, title: unique('Close quietly'), priority: 2 });
    // the subject is 'Task done: {title} — {provider name}'
    const emailsAbout = async (title: string) => (await suite.db.select().from(outbox)).filter((email) => email.subject.startsWith(`Task done: ${title} — `));
    await openTimeLogs(page);
    await filterByCompany(page, company.companyName);

    const add = dialog(page, 'Add Time Log');
    await main(page).getByRole('button', { name: 'Add Time Log', exact: true }).click();
    await add.waitFor();
    await choose(page, add, 'Task', emailed.title);
    const closeTask = add.getByLabel('Close the Task', { exact: true });
    await closeTask.waitFor();
    expect(await closeTask.isChecked()).toBe(false);
    expect(await add.getByLabel('Email the Client', { exact: true }).count()).toBe(0);
    await closeTask.check();
    const emailClient = add.getByLabel('Email the Client', { exact: true });
    await emailClient.waitFor();
    expect(await emailClient.isChecked()).toBe(true);
    await suite.screenshot(page, 'timelogs-09-close-task');
    await add.getByLabel('Hours', { exact: true }).fill('1');
    await add.getByLabel('Description', { exact: true }).fill('Finished and emailed');
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => add.count()).toBe(0);

    expect((await suite.db.select().from(tasks).where(eq(tasks.id, emailed.id)))[0]!.done).toBe(true);
    const emails = await emailsAbout(emailed.title);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.toAddresses).toContain(client.emailAddress);

    // unticking 'Email the Client' closes the task without an email
    await main(page).getByRole('button', { name: 'Add Time Log', exact: true }).click();
    await add.waitFor();
    await add.getByLabel('Task', { exact: true }).click();
    await eventually(async () => (await page.getByRole('option').allInnerTexts()).map((text) => text.trim())).toEqual(['Select or create…', silent.title, '+ Create New Task']);
    await page.getByRole('option', { name: silent.title, exact: true }).click();
    await add.getByLabel('Close the Task', { exact: true }).check();
    await add.getByLabel('Email the Client', { exact: true }).uncheck();
    await add.getByLabel('Hours', { exact: true }).fill('0.5');
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => add.count()).toBe(0);
    expect((await suite.db.select().from(tasks).where(eq(tasks.id, silent.id)))[0]!.done).toBe(true);
    expect(await emailsAbout(silent.title)).toHaveLength(0);
  });

  it('10. a failed save or delete keeps the dialog open with the message in an Error alert; a backdrop click does not close it', async () => {
    const { timeLogs } = suite.db.t;
    const { page, token } = await signIn();
    const company = await createCompany(suite.db, { companyName: unique('Error Co') });
    await createLog(token, { company: company.id, timeStamp: '2023-09-05T15:00:00.000Z', invertedHours: 1, description: 'Stays put' });
    await openTimeLogs(page);
    await filterByCompany(page, company.companyName);
    await eventually(() => descriptionsShown(page)).toEqual(['Stays put']);

    await main(page).getByRole('button', { name: 'Add Time Log', exact: true }).click();
    const add = dialog(page, 'Add Time Log');
    await add.waitFor();
    await page.mouse.click(5, 5);
    await page.waitForTimeout(300);
    expect(await add.isVisible()).toBe(true);

    // the server's own message (the dialog does no checks of its own)
    await add.getByLabel('Description', { exact: true }).fill('No hours given');
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => dialogAlert(add)).toBe('Error\nHours must be a number.');
    expect(await add.getByRole('alert').getByText('Error', { exact: true }).isVisible()).toBe(true);
    await suite.screenshot(page, 'timelogs-10-server-error');

    await add.getByLabel('Hours', { exact: true }).fill('2');
    await failCalls(page, 'superadmin.timelogs.create', 500);
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => dialogAlert(add)).toBe('Error\nSomething went wrong.');
    await page.unrouteAll();

    // no message from the server: the transport's, else 'An error occurred'
    await page.route('**/trpc/superadmin.timelogs.create**', (route) => route.abort('internetdisconnected'));
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(async () => (await dialogAlert(add)).replace(/^Error\n/, '')).not.toMatch(/^(|Something went wrong\.|An error occurred)$/);
    await page.unrouteAll();
    const emptyMessage = JSON.stringify([{ error: { message: '', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }]);
    await failCalls(page, 'superadmin.timelogs.create', { status: 500, contentType: 'application/json', body: emptyMessage });
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => dialogAlert(add)).toBe('Error\nAn error occurred');
    await page.unrouteAll();
    expect(await add.isVisible()).toBe(true);
    expect(await suite.db.select().from(timeLogs).where(eq(timeLogs.companyId, company.id))).toHaveLength(1);
    await add.getByRole('button', { name: 'Cancel', exact: true }).click();
    await eventually(() => add.count()).toBe(0);

    await rowOf(page, 'Stays put').getByRole('button', { name: 'Delete Time Log', exact: true }).click();
    const confirm = dialog(page, 'Confirm Delete');
    await confirm.waitFor();
    await page.mouse.click(5, 5);
    await page.waitForTimeout(300);
    expect(await confirm.isVisible()).toBe(true);
    await failCalls(page, 'superadmin.timelogs.delete', 500);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await eventually(() => dialogAlert(confirm)).toBe('Error\nSomething went wrong.');
    expect(await descriptionsShown(page)).toEqual(['Stays put']);
    await suite.screenshot(page, 'timelogs-10-delete-error');
  });

  it('11. the list and the company choices load on mount and on each refresh; the task choices each time the dialog opens', async () => {
    const { page, token } = await signIn();
    const company = await createCompany(suite.db, { companyName: unique('Refresh Co') });
    const calls = ['superadmin.timelogs.list', 'superadmin.companies.options'].map((procedure) => ({ procedure, counter: countCalls(page, procedure) }));
    const taskChoices = countCalls(page, 'superadmin.tasks.openOf');
    await openTimeLogs(page);
    for (const { procedure, counter } of calls) await eventually(() => counter.count, 10_000, procedure).toBe(1);
    await eventually(() => table(page).getByLabel('Loading').count()).toBe(0);
    expect(taskChoices.count).toBe(0);

    await createLog(token, { company: company.id, timeStamp: '2023-04-04T15:00:00.000Z', invertedHours: 6, description: 'Logged elsewhere' });
    await main(page).getByRole('button', { name: 'Refresh List', exact: true }).click();
    for (const { procedure, counter } of calls) await eventually(() => counter.count, 10_000, procedure).toBe(2);
    await filterByCompany(page, company.companyName);
    await eventually(() => descriptionsShown(page)).toEqual(['Logged elsewhere']);

    const add = dialog(page, 'Add Time Log');
    await main(page).getByRole('button', { name: 'Add Time Log', exact: true }).click();
    await add.getByLabel('Task', { exact: true }).click();
    await eventually(async () => (await page.getByRole('option').allInnerTexts()).map((text) => text.trim())).toEqual(['Select or create…', '+ Create New Task']);
    await page.keyboard.press('Escape');
    await add.getByRole('button', { name: 'Cancel', exact: true }).click();
    await eventually(() => add.count()).toBe(0);

    await createTask(suite.db, { companyId: company.id, title: 'Task made elsewhere' });
    await main(page).getByRole('button', { name: 'Add Time Log', exact: true }).click();
    await add.getByLabel('Task', { exact: true }).click();
    await page.getByRole('option', { name: 'Task made elsewhere', exact: true }).waitFor();
    expect(taskChoices.count).toBe(2);
  });

  it('12. axe finds nothing serious or critical on the list, the add/edit dialog and the delete dialog', async () => {
    const { page, token } = await signIn();
    const company = await createCompany(suite.db, { companyName: unique('Axe Co') });
    const task = await createTask(suite.db, { companyId: company.id, title: unique('Axe task') });
    await createLog(token, { company: company.id, timeStamp: '2023-03-03T15:00:00.000Z', invertedHours: 2.5, description: 'Reviewed the accessibility report', task: task.id });
    await openTimeLogs(page);
    await filterByCompany(page, company.companyName);
    await eventually(() => bodyRows(page).count()).toBe(1);
    const report = await seriousA11yViolations(page, 'time logs list');

    await main(page).getByRole('button', { name: 'Add Time Log', exact: true }).click();
    const add = dialog(page, 'Add Time Log');
    await add.waitFor();
    await choose(page, add, 'Task', task.title);
    await add.getByLabel('Close the Task', { exact: true }).check();
    await add.getByLabel('Email the Client', { exact: true }).waitFor();
    report.push(...(await seriousA11yViolations(page, 'add dialog')));
    await add.getByRole('button', { name: 'Cancel', exact: true }).click();

    await rowOf(page, 'Reviewed the accessibility report').getByRole('button', { name: 'Edit Time Log', exact: true }).click();
    await dialog(page, 'Edit Time Log').waitFor();
    await dialog(page, 'Edit Time Log').getByLabel('Date and Time', { exact: true }).click();
    await page.getByRole('button', { name: 'Apply date and time', exact: true }).waitFor();
    await page.waitForTimeout(400); // axe reads colours: let the dropdown finish fading in
    report.push(...(await seriousA11yViolations(page, 'edit dialog with the date picker open')));
    await suite.screenshot(page, 'timelogs-12-date-picker');
    await page.keyboard.press('Escape');
    await dialog(page, 'Edit Time Log').getByRole('button', { name: 'Cancel', exact: true }).click();

    await rowOf(page, 'Reviewed the accessibility report').getByRole('button', { name: 'Delete Time Log', exact: true }).click();
    await dialog(page, 'Confirm Delete').waitFor();
    report.push(...(await seriousA11yViolations(page, 'delete dialog')));
    expectNoViolations(report);
  });

  it('13. a narrow screen keeps the list, its search and its filter usable without sideways page scrolling', async () => {
    const signedIn = await suite.signedInPage('superadmin', { viewport: { width: 390, height: 800 } });
    const { token } = await createSession(suite.db, signedIn.user.id, new Date());
    const { page } = signedIn;
    const company = await createCompany(suite.db, { companyName: unique('Narrow Co') });
    await createLog(token, { company: company.id, timeStamp: '2023-05-05T15:00:00.000Z', invertedHours: 1.5, description: 'Seen on a phone' });
    await openTimeLogs(page);
    await filterByCompany(page, company.companyName);
    await eventually(() => columnValues(page, 'Description')).toEqual(['Seen on a phone']);
    expect(await main(page).getByLabel('Search', { exact: true }).isVisible()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
    await suite.screenshot(page, 'timelogs-13-mobile');
  });
});
