import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/account/sessions.js';
import { createCompany } from '../src/server/testing/factories.js';
import { addDays } from '../src/shared/weekly.js';
import { browserSuite } from './support/fixture.js';
import { api, countCalls, eventually, expectNoViolations, failCalls, main, proceduresOf, seriousA11yViolations } from './support/page.js';

/*
 * Weekly Time Logs (/dailytimelogs): week summaries, ratings and the 35-hour target
 * (docs/product-rules.md#time-logs-and-the-weekly-view), the load failure. Weeks run Monday to Sunday
 * in APP_TIMEZONE, fixed here so the week and day boundaries below are the same on any machine.
 * The screen loads the newest 12 weeks; 'Load earlier weeks' appends the next 12.
 */
const suite = browserSuite({ APP_TIMEZONE: 'America/New_York' });

const BY_DATE = 'superadmin.timelogs.byDate';
const SUBTITLE = 'Track your weekly productivity';
const EMPTY = 'No Time Logs Found';
const LOAD_EARLIER = 'Load earlier weeks';

let token = '';

/** Noon in New York (EST, UTC-5 in these winter weeks) of a calendar date. */
const noonInNewYork = (date: string) => `${date}T17:00:00.000Z`;

async function createLog(company: string, timeStamp: string, invertedHours: number, description = 'Weekly spec log') {
  const response = await api(suite.url, 'POST', '/superadmin/timelogs', { token, body: { company, timeStamp, invertedHours, description } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/*
 * The main company's five weeks (newest first), each rated differently:
 *   Jan 6–12, 2025   40.75 h Excellent (6 working days, 7 logs; a Sunday log late in the New York
 *                    evening, already Monday in UTC)
 *   Dec 30–Jan 5     5.5 h   Light     (2 working days across the new year; no Sunday)
 *   Dec 16–22, 2024  30 h    Good
 *   Dec 9–15, 2024   32 h    Great
 *   Dec 2–8, 2024    21 h    Moderate
 */
async function createMainCompanyLogs(companyId: string) {
  await createLog(companyId, noonInNewYork('2025-01-06'), 8);
  await createLog(companyId, '2025-01-06T21:30:00.000Z', 1.5);
  await createLog(companyId, noonInNewYork('2025-01-07'), 6.25);
  await createLog(companyId, noonInNewYork('2025-01-09'), 4);
  await createLog(companyId, noonInNewYork('2025-01-10'), 2);
  await createLog(companyId, noonInNewYork('2025-01-11'), 9);
  await createLog(companyId, '2025-01-13T03:30:00.000Z', 10); // Sunday Jan 12, 10:30 PM in New York
  await createLog(companyId, noonInNewYork('2024-12-31'), 3);
  await createLog(companyId, noonInNewYork('2025-01-03'), 2.5);
  for (const day of ['16', '17', '18', '19', '20']) await createLog(companyId, noonInNewYork(`2024-12-${day}`), 6);
  for (const day of ['09', '10', '11', '12']) await createLog(companyId, noonInNewYork(`2024-12-${day}`), 8);
  for (const day of ['02', '03', '04']) await createLog(companyId, noonInNewYork(`2024-12-${day}`), 7);
}

const weekCards = (page: Page) => main(page).locator('section').filter({ has: page.getByRole('heading', { level: 2 }).getByRole('button') });
const weekCard = (page: Page, range: string) => main(page).getByRole('region', { name: range, exact: true });
const weekToggle = (week: Locator) => week.getByRole('heading', { level: 2 }).getByRole('button');
const overviewValue = (page: Page, label: string) => main(page).getByRole('region', { name: label, exact: true }).getByTestId('overview-value');

const caption = (page: Page) => main(page).getByTestId('overview-caption');
const loadEarlier = (page: Page) => main(page).getByRole('button', { name: LOAD_EARLIER, exact: true });

async function overview(page: Page) {
  const read = (label: string) => overviewValue(page, label).innerText();
  return { total: await read('Total Hours'), average: await read('Avg/Week'), workDays: await read('Work Days'), weeks: await read('Weeks') };
}

/** The date-range headings of the week cards, in page order. */
const weekRanges = (page: Page) => weekCards(page).locator('h2').allInnerTexts();

/** A week card's figures as shown. */
async function weekFigures(week: Locator) {
  const progress = week.getByRole('progressbar');
  return {
    rating: await week.getByTestId('week-rating').innerText(),
    total: await week.getByTestId('week-total').innerText(),
    workingDays: await week.getByTestId('week-days').innerText(),
    logs: await week.getByTestId('week-logs').innerText(),
    progress: await progress.getAttribute('aria-valuenow'),
    progressText: await week.getByTestId('week-progress').innerText(),
  };
}

/** The day cards of a week as [day, date, hours, rating]. */
async function dayCards(week: Locator): Promise<string[][]> {
  return week.getByRole('article').evaluateAll((cards) => cards.map((card) => (card as HTMLElement).innerText.split('\n').map((line) => line.trim()).filter(Boolean)));
}

async function chooseCompany(page: Page, name: string) {
  const filter = main(page).getByLabel('Filter by Company', { exact: true });
  await filter.click();
  await page.getByRole('option', { name, exact: true }).click();
  await eventually(() => filter.inputValue()).toBe(name);
}

async function openWeekly(page: Page) {
  await page.goto('/dailytimelogs');
  await main(page).getByText(SUBTITLE, { exact: true }).waitFor();
}

/** Waits until the weeks (or the empty state) have loaded. */
async function loaded(page: Page) {
  await eventually(() => main(page).getByLabel('Loading').count()).toBe(0);
  await overviewValue(page, 'Weeks').waitFor();
}

describe('Weekly Time Logs (/dailytimelogs)', () => {
  beforeAll(async () => {
    const { user } = await suite.createUser('superadmin');
    token = (await createSession(suite.db, user.id, new Date())).token;
  });

  // Runs first, while the database holds no time logs at all.
  it("1. with no logs shows the subtitle, 'All Companies', zero summary cards and 'No Time Logs Found'", async () => {
    const { page } = await suite.signedInPage('superadmin');
    await openWeekly(page);
    await loaded(page);
    expect(await main(page).getByLabel('Filter by Company', { exact: true }).inputValue()).toBe('All Companies');
    expect(await overview(page)).toEqual({ total: '0.0', average: '0.0', workDays: '0', weeks: '0' });
    expect(await caption(page).count()).toBe(0);
    await main(page).getByRole('heading', { name: EMPTY, exact: true }).waitFor();
    expect(await loadEarlier(page).count()).toBe(0);
    expect(await weekCards(page).count()).toBe(0);
    expect(await main(page).getByRole('alert').count()).toBe(0);
    // nothing to expand: the toolbar toggle rests, and there is no floating one
    expect(await main(page).getByRole('button', { name: 'Expand All', exact: true }).isDisabled()).toBe(true);
    expect(await page.locator('[data-floating]').count()).toBe(0);
    await suite.screenshot(page, 'weekly-01-empty');
    expectNoViolations(await seriousA11yViolations(page, 'weekly, empty'));
  });

  it('2. the summary cards and week cards of a company: rating chip, total, working days, log count, progress capped at 100%', async () => {
    const company = await createCompany(suite.db, { companyName: 'Weekly Main Co' });
    await createMainCompanyLogs(company.id);
    const { page } = await suite.signedInPage('superadmin');
    await openWeekly(page);
    await loaded(page);
    await chooseCompany(page, 'Weekly Main Co');
    await eventually(() => weekRanges(page)).toEqual([
      'Jan 6 – Jan 12, 2025',
      'Dec 30, 2024 – Jan 5, 2025',
      'Dec 16 – Dec 22, 2024',
      'Dec 9 – Dec 15, 2024',
      'Dec 2 – Dec 8, 2024',
    ]);
    // 40.75 + 5.5 + 30 + 32 + 21 = 129.25 h over 5 weeks (25.85 a week); 6 + 2 + 5 + 4 + 3 work days
    expect(await overview(page)).toEqual({ total: '129.25', average: '25.85', workDays: '20', weeks: '5' });
    expect(await caption(page).innerText()).toBe('All 5 weeks');
    expect(await loadEarlier(page).count()).toBe(0);

    expect(await weekFigures(weekCard(page, 'Jan 6 – Jan 12, 2025'))).toEqual({
      rating: 'Excellent', total: '40.75h', workingDays: '6 working days', logs: '7 logs', progress: '100', progressText: '100% of 35h weekly target',
    });
    expect(await weekFigures(weekCard(page, 'Dec 30, 2024 – Jan 5, 2025'))).toEqual({
      rating: 'Light', total: '5.5h', workingDays: '2 working days', logs: '2 logs', progress: '15', progressText: '15% of 35h weekly target',
    });
    expect(await weekFigures(weekCard(page, 'Dec 16 – Dec 22, 2024'))).toEqual({
      rating: 'Good', total: '30.0h', workingDays: '5 working days', logs: '5 logs', progress: '85', progressText: '85% of 35h weekly target',
    });
    expect(await weekFigures(weekCard(page, 'Dec 9 – Dec 15, 2024'))).toEqual({
      rating: 'Great', total: '32.0h', workingDays: '4 working days', logs: '4 logs', progress: '91', progressText: '91% of 35h weekly target',
    });
    expect(await weekFigures(weekCard(page, 'Dec 2 – Dec 8, 2024'))).toEqual({
      rating: 'Moderate', total: '21.0h', workingDays: '3 working days', logs: '3 logs', progress: '60', progressText: '60% of 35h weekly target',
    });
    // the bar itself stops at 100% of its track
    const excellentBar = weekCard(page, 'Jan 6 – Jan 12, 2025').getByRole('progressbar');
    const widths = await excellentBar.evaluate((bar) => ({ bar: bar.getBoundingClientRect().width, track: bar.parentElement!.getBoundingClientRect().width }));
    expect(widths.bar).toBeLessThanOrEqual(widths.track + 0.5);

    // rating chips are coloured by rating: not all the same, and Excellent is green
    const chipColours = await weekCards(page).getByTestId('week-rating').evaluateAll((chips) => chips.map((chip) => getComputedStyle(chip).backgroundColor));
    expect(new Set(chipColours).size).toBe(5);
    const [r = 0, g = 0, b = 0] = (chipColours[0]!.match(/\d+/g) ?? []).map(Number);
    expect(g > r && g > b, `Excellent chip ${chipColours[0]}`).toBe(true);
    await suite.screenshot(page, 'weekly-02-weeks');
  });

  it("3. day cards: Monday to Saturday always, Sunday only when logged, one decimal or the hundredths logged, day ratings and 'No work'", async () => {
    const { page } = await suite.signedInPage('superadmin');
    await openWeekly(page);
    await loaded(page);
    await chooseCompany(page, 'Weekly Main Co');
    const newest = weekCard(page, 'Jan 6 – Jan 12, 2025');
    await newest.getByRole('heading', { name: 'Daily Breakdown', exact: true }).waitFor();
    expect(await dayCards(newest)).toEqual([
      ['Monday', 'Jan 6', '9.5h', 'Full Day'],
      ['Tuesday', 'Jan 7', '6.25h', 'Good'],
      ['Wednesday', 'Jan 8', 'No work', 'No Work'],
      ['Thursday', 'Jan 9', '4.0h', 'Half Day'],
      ['Friday', 'Jan 10', '2.0h', 'Light'],
      ['Saturday', 'Jan 11', '9.0h', 'Full Day'],
      ['Sunday', 'Jan 12', '10.0h', 'Full Day'],
    ]);

    const acrossNewYear = weekCard(page, 'Dec 30, 2024 – Jan 5, 2025');
    expect(await weekToggle(acrossNewYear).getAttribute('aria-expanded')).toBe('false');
    expect(await acrossNewYear.getByRole('heading', { name: 'Daily Breakdown', exact: true }).isVisible()).toBe(false);
    await weekToggle(acrossNewYear).click();
    await acrossNewYear.getByRole('heading', { name: 'Daily Breakdown', exact: true }).waitFor();
    expect(await dayCards(acrossNewYear)).toEqual([
      ['Monday', 'Dec 30', 'No work', 'No Work'],
      ['Tuesday', 'Dec 31', '3.0h', 'Light'],
      ['Wednesday', 'Jan 1', 'No work', 'No Work'],
      ['Thursday', 'Jan 2', 'No work', 'No Work'],
      ['Friday', 'Jan 3', '2.5h', 'Light'],
      ['Saturday', 'Jan 4', 'No work', 'No Work'],
    ]);
    await page.waitForTimeout(400); // the opening animation
    await suite.screenshot(page, 'weekly-03-day-cards');

    await weekToggle(acrossNewYear).click();
    await eventually(() => weekToggle(acrossNewYear).getAttribute('aria-expanded')).toBe('false');
    await eventually(() => acrossNewYear.getByRole('heading', { name: 'Daily Breakdown', exact: true }).isVisible()).toBe(false);
  });

  it("4. 'Expand All' / 'Collapse All' open and close every week, from the toolbar and the floating button", async () => {
    const { page } = await suite.signedInPage('superadmin');
    await openWeekly(page);
    await loaded(page);
    await chooseCompany(page, 'Weekly Main Co');
    await eventually(() => weekCards(page).count()).toBe(5);
    const expandedStates = () => weekCards(page).evaluateAll((weeks) => weeks.map((week) => week.querySelector('h2 button')!.getAttribute('aria-expanded')));
    const visibleBreakdowns = () => main(page).getByRole('heading', { name: 'Daily Breakdown', exact: true }).filter({ visible: true }).count();
    // the newest week starts open
    expect(await expandedStates()).toEqual(['true', 'false', 'false', 'false', 'false']);
    expect(await visibleBreakdowns()).toBe(1);

    const expandButtons = page.getByRole('button', { name: 'Expand All', exact: true });
    expect(await expandButtons.count()).toBe(2);
    const floating = page.locator('[data-floating]');
    expect(await floating.getAttribute('aria-label')).toBe('Expand All');
    expect(await floating.evaluate((button) => getComputedStyle(button.closest('.mantine-Affix-root') ?? button).position)).toBe('fixed');

    const toolbarToggle = main(page).getByRole('button', { name: 'Expand All', exact: true });
    await toolbarToggle.hover();
    await eventually(() => page.getByRole('tooltip').innerText()).toBe('Expand All');
    await toolbarToggle.click();
    await eventually(() => expandedStates()).toEqual(['true', 'true', 'true', 'true', 'true']);
    await eventually(() => visibleBreakdowns()).toBe(5);
    expect(await page.getByRole('button', { name: 'Collapse All', exact: true }).count()).toBe(2);
    expect(await floating.getAttribute('aria-label')).toBe('Collapse All');
    await page.waitForTimeout(400); // the opening animation
    await suite.screenshot(page, 'weekly-04-all-expanded');

    await floating.hover();
    await eventually(() => page.getByRole('tooltip').innerText()).toBe('Collapse All');
    await floating.click();
    await eventually(() => expandedStates()).toEqual(['false', 'false', 'false', 'false', 'false']);
    await eventually(() => visibleBreakdowns()).toBe(0);
    expect(await floating.getAttribute('aria-label')).toBe('Expand All');

    // one week opened by hand; not all are open, so the toggle still expands all
    await weekToggle(weekCard(page, 'Dec 9 – Dec 15, 2024')).click();
    await eventually(() => expandedStates()).toEqual(['false', 'false', 'false', 'true', 'false']);
    await floating.click();
    await eventually(() => expandedStates()).toEqual(['true', 'true', 'true', 'true', 'true']);
  });

  it('5. a company change or a refresh loads the weeks again, by company when one is chosen', async () => {
    const other = await createCompany(suite.db, { companyName: 'Weekly Other Co' });
    await createLog(other.id, noonInNewYork('2025-02-04'), 3.5);
    const { page } = await suite.signedInPage('superadmin');
    const byDateUrls: string[] = [];
    page.on('request', (request) => {
      if (proceduresOf(request.url()).includes(BY_DATE)) byDateUrls.push(decodeURIComponent(request.url()));
    });
    await openWeekly(page);
    await loaded(page);
    expect(byDateUrls).toHaveLength(1);
    expect(byDateUrls[0]).not.toContain(other.id);
    // every company together: the other company's week first, then the main company's
    await eventually(() => weekRanges(page)).toEqual([
      'Feb 3 – Feb 9, 2025',
      'Jan 6 – Jan 12, 2025',
      'Dec 30, 2024 – Jan 5, 2025',
      'Dec 16 – Dec 22, 2024',
      'Dec 9 – Dec 15, 2024',
      'Dec 2 – Dec 8, 2024',
    ]);
    expect(await overview(page)).toEqual({ total: '132.75', average: '22.13', workDays: '21', weeks: '6' });
    expect(await caption(page).innerText()).toBe('All 6 weeks');

    await chooseCompany(page, 'Weekly Other Co');
    await eventually(() => byDateUrls.length).toBe(2);
    expect(byDateUrls[1]).toContain(other.id);
    await eventually(() => weekRanges(page)).toEqual(['Feb 3 – Feb 9, 2025']);
    expect(await overview(page)).toEqual({ total: '3.5', average: '3.5', workDays: '1', weeks: '1' });
    expect(await caption(page).innerText()).toBe('The only week with logs');
    expect(await dayCards(weekCard(page, 'Feb 3 – Feb 9, 2025'))).toEqual([
      ['Monday', 'Feb 3', 'No work', 'No Work'],
      ['Tuesday', 'Feb 4', '3.5h', 'Light'],
      ['Wednesday', 'Feb 5', 'No work', 'No Work'],
      ['Thursday', 'Feb 6', 'No work', 'No Work'],
      ['Friday', 'Feb 7', 'No work', 'No Work'],
      ['Saturday', 'Feb 8', 'No work', 'No Work'],
    ]);

    // back to every company: loaded again, not only taken from the cache
    await chooseCompany(page, 'All Companies');
    await eventually(() => byDateUrls.length).toBe(3);
    expect(byDateUrls[2]).not.toContain(other.id);
    await eventually(() => weekRanges(page)).toHaveLength(6);

    // a refresh picks up a log made meanwhile
    await chooseCompany(page, 'Weekly Other Co');
    await eventually(() => byDateUrls.length).toBe(4);
    await createLog(other.id, noonInNewYork('2025-02-09'), 2);
    const refreshes = countCalls(page, BY_DATE);
    await main(page).getByRole('button', { name: 'Refresh List', exact: true }).click();
    await eventually(() => refreshes.count).toBe(1);
    expect(byDateUrls.at(-1)).toContain(other.id);
    await eventually(() => overview(page)).toEqual({ total: '5.5', average: '5.5', workDays: '2', weeks: '1' });
    expect((await dayCards(weekCard(page, 'Feb 3 – Feb 9, 2025'))).at(-1)).toEqual(['Sunday', 'Feb 9', '2.0h', 'Light']);
  });

  it('6. a failed load shows the message in an error alert above the cards', async () => {
    const { page } = await suite.signedInPage('superadmin');
    await failCalls(page, BY_DATE, 400);
    await openWeekly(page);
    const alert = main(page).getByRole('alert');
    await eventually(() => alert.innerText()).toBe('Error\nSomething went wrong.');
    expect(await main(page).getByRole('heading', { name: EMPTY, exact: true }).count()).toBe(0);
    await suite.screenshot(page, 'weekly-06-load-error');

    // a refresh that fails keeps the weeks already shown, under the alert
    await page.unrouteAll();
    await main(page).getByRole('button', { name: 'Refresh List', exact: true }).click();
    await eventually(() => alert.count()).toBe(0);
    await eventually(() => weekCards(page).count()).toBeGreaterThan(0);
    await failCalls(page, BY_DATE, 400);
    await main(page).getByRole('button', { name: 'Refresh List', exact: true }).click();
    await eventually(() => alert.innerText()).toBe('Error\nSomething went wrong.');
    const alertBottom = await alert.evaluate((element) => element.getBoundingClientRect().bottom);
    const cardsTop = await main(page).getByRole('region', { name: 'Total Hours', exact: true }).evaluate((element) => element.getBoundingClientRect().top);
    expect(alertBottom).toBeLessThanOrEqual(cardsTop);
    expect(await weekCards(page).count()).toBeGreaterThan(0);
  });

  it('7. axe finds nothing serious or critical with every week open, and the screen works on a phone', async () => {
    const { page } = await suite.signedInPage('superadmin');
    await openWeekly(page);
    await loaded(page);
    await main(page).getByRole('button', { name: 'Expand All', exact: true }).click();
    await eventually(() => main(page).getByRole('heading', { name: 'Daily Breakdown', exact: true }).filter({ visible: true }).count()).toBe(6);
    expectNoViolations(await seriousA11yViolations(page, 'weekly, all expanded'));

    const phone = (await suite.signedInPage('superadmin', { viewport: { width: 390, height: 844 } })).page;
    await openWeekly(phone);
    await loaded(phone);
    await chooseCompany(phone, 'Weekly Main Co');
    await eventually(() => weekCards(phone).count()).toBe(5);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await suite.screenshot(phone, 'weekly-07-phone');
    expectNoViolations(await seriousA11yViolations(phone, 'weekly, phone'));
  });

  it('10. on a phone the floating toggle never ends over a day card, and the day cards add up to the week total shown', async () => {
    const { page } = await suite.signedInPage('superadmin', { viewport: { width: 390, height: 844 } });
    await openWeekly(page);
    await loaded(page);
    await chooseCompany(page, 'Weekly Main Co');
    await eventually(() => weekCards(page).count()).toBe(5);
    const floating = page.locator('[data-floating]');
    await floating.click();
    await eventually(() => main(page).getByRole('heading', { name: 'Daily Breakdown', exact: true }).filter({ visible: true }).count()).toBe(5);
    await page.waitForTimeout(400); // the opening animation

    const newest = weekCard(page, 'Jan 6 – Jan 12, 2025');
    const shownDays = (await dayCards(newest)).map((card) => card[2]!).filter((text) => text.endsWith('h'));
    const dayHundredths = shownDays.reduce((sum, text) => sum + Math.round(Number(text.slice(0, -1)) * 100), 0);
    expect(dayHundredths / 100).toBe(Number((await newest.getByTestId('week-total').innerText()).slice(0, -1)));

    // at the foot of the page, where the last week's cards end, none is under the button
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(200);
    const button = await floating.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
    const covered = await main(page)
      .getByRole('article')
      .evaluateAll(
        (cards, box) =>
          cards
            .map((card) => ({ text: (card as HTMLElement).innerText.replace(/\n/g, ' '), rect: card.getBoundingClientRect() }))
            .filter(({ rect }) => rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top)
            .map(({ text }) => text),
        button,
      );
    expect(covered).toEqual([]);
    // the last day card is on screen, above the button
    const lastCard = await weekCards(page).last().getByRole('article').last().evaluate((card) => card.getBoundingClientRect().bottom);
    expect(lastCard).toBeLessThanOrEqual(button.top);
    await suite.screenshot(page, 'weekly-10-phone-foot-of-page');
  });

  it("8. more than 12 weeks: the newest 12, 'Load earlier weeks' appends the rest; a company change or a refresh starts from the newest again", async () => {
    // 2 hours on the Tuesday of 15 weeks, Sep 4 – Sep 10, 2023 to Dec 11 – Dec 17, 2023
    const long = await createCompany(suite.db, { companyName: 'Weekly Long Co' });
    for (let week = 0; week < 15; week += 1) await createLog(long.id, noonInNewYork(addDays('2023-09-05', 7 * week)), 2);
    const { page } = await suite.signedInPage('superadmin');
    const pagesAsked: number[] = [];
    page.on('request', (request) => {
      const url = decodeURIComponent(request.url());
      if (proceduresOf(url).includes(BY_DATE)) pagesAsked.push(Number(/"page":(\d+)/.exec(url)?.[1]));
    });
    await openWeekly(page);
    await loaded(page);
    // every company: the 6 weeks of the other tests and these 15
    await eventually(() => weekRanges(page)).toHaveLength(12);
    expect(await caption(page).innerText()).toBe('Newest 12 of 21 weeks');

    await chooseCompany(page, 'Weekly Long Co');
    await eventually(() => caption(page).innerText()).toBe('Newest 12 of 15 weeks');
    const ranges = await weekRanges(page);
    expect([ranges.length, ranges[0], ranges.at(-1)]).toEqual([12, 'Dec 11 – Dec 17, 2023', 'Sep 25 – Oct 1, 2023']);
    expect(await overview(page)).toEqual({ total: '24.0', average: '2.0', workDays: '12', weeks: '12' });

    // the button sits below the last week card
    const lastCardBottom = await weekCards(page).last().evaluate((card) => card.getBoundingClientRect().bottom);
    expect(await loadEarlier(page).evaluate((button) => button.getBoundingClientRect().top)).toBeGreaterThan(lastCardBottom);
    await loadEarlier(page).click();
    await eventually(() => weekRanges(page)).toHaveLength(15);
    expect((await weekRanges(page)).slice(11)).toEqual(['Sep 25 – Oct 1, 2023', 'Sep 18 – Sep 24, 2023', 'Sep 11 – Sep 17, 2023', 'Sep 4 – Sep 10, 2023']);
    expect(await caption(page).innerText()).toBe('All 15 weeks');
    expect(await overview(page)).toEqual({ total: '30.0', average: '2.0', workDays: '15', weeks: '15' });
    await eventually(() => loadEarlier(page).count()).toBe(0);
    expect(pagesAsked).toEqual([1, 1, 2]);
    await weekCards(page).last().scrollIntoViewIfNeeded();
    await suite.screenshot(page, 'weekly-08-earlier-weeks-loaded');

    // a refresh starts again from the newest 12 weeks
    await main(page).getByRole('button', { name: 'Refresh List', exact: true }).click();
    await eventually(() => weekRanges(page)).toHaveLength(12);
    expect(await caption(page).innerText()).toBe('Newest 12 of 15 weeks');
    expect(pagesAsked.at(-1)).toBe(1);

    // so does a company change, also back to a company whose earlier weeks were loaded
    await loadEarlier(page).click();
    await eventually(() => weekRanges(page)).toHaveLength(15);
    await chooseCompany(page, 'All Companies');
    await eventually(() => caption(page).innerText()).toBe('Newest 12 of 21 weeks');
    await chooseCompany(page, 'Weekly Long Co');
    await eventually(() => caption(page).innerText()).toBe('Newest 12 of 15 weeks');
    expect(await weekRanges(page)).toHaveLength(12);
    await loadEarlier(page).waitFor();
    await loadEarlier(page).scrollIntoViewIfNeeded();
    await suite.screenshot(page, 'weekly-08-load-earlier');
  });

  it("9. on a phone, 'Load earlier weeks' fits below the newest 12 weeks and appends the rest", async () => {
    const phone = (await suite.signedInPage('superadmin', { viewport: { width: 390, height: 844 } })).page;
    await openWeekly(phone);
    await loaded(phone);
    await eventually(() => caption(phone).innerText()).toBe('Newest 12 of 21 weeks');
    await loadEarlier(phone).scrollIntoViewIfNeeded();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await suite.screenshot(phone, 'weekly-09-phone-load-earlier');
    expectNoViolations(await seriousA11yViolations(phone, 'weekly, phone, more weeks to load'));
    await loadEarlier(phone).click();
    await eventually(() => caption(phone).innerText()).toBe('All 21 weeks');
    expect(await weekRanges(phone)).toHaveLength(21);
    expect(await loadEarlier(phone).count()).toBe(0);
  });
});
