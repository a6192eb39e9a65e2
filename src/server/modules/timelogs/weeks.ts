import { offsetOf, type Page } from '../../../shared/list.js';
import type { WeeksQuery } from '../../../shared/timelogs.js';
import { dateOfEpochDay, mondayOfEpochDay, weeksFromDays, type WeekSummary } from '../../../shared/weekly.js';
import type { Db } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { keptPerInputUntilChange } from '../../lib/kept-until-change.js';
import { zoneCalendar, type ZoneCalendar } from '../../lib/zone-calendar.js';
import { assertCompanyExists, dayTotals, newestLogBefore, stretchesWithLogs, type DaySpan } from './queries.js';
import { readSettings } from '../settings/service.js';

/*
 * The weekly view: Monday-to-Sunday weeks of APP_TIMEZONE that have logs, newest first, a page
 * of weeks at a time. The weeks are found a stretch at a time: the newest log before the stretch
 * (one index seek), then one statement asking each of the WEEKS_PER_PROBE weeks from that log's
 * back whether it holds a log (one seek a week). So counting them never reads every log, a few
 * years of logs take three round trips to the server, and logs years apart cost a seek for the
 * gap, not a probe of every empty week in it. Then each day of the page's weeks is summed in SQL
 * over its index range.
 */

/** How many weeks one statement asks about: five years. */
const WEEKS_PER_PROBE = 261;

/** The Mondays (epoch days) of the weeks that have logs, newest first. */
async function weeksWithLogs(db: Db, calendar: ZoneCalendar, companyId: string): Promise<number[]> {
  const found: number[] = [];
  let before = Number.MAX_SAFE_INTEGER;
  for (let newest = await newestLogBefore(db, companyId, before); newest !== undefined; newest = await newestLogBefore(db, companyId, before)) {
    const newestMonday = mondayOfEpochDay(calendar.dayOf(newest));
    const mondays = Array.from({ length: WEEKS_PER_PROBE }, (_, index) => newestMonday - 7 * index);
    const weeks = mondays.map((monday): [number, number] => [calendar.dayStart(monday), calendar.dayStart(monday + 7)]);
    const withLogs = new Set(await stretchesWithLogs(db, weeks, companyId));
    found.push(...mondays.filter((_monday, index) => withLogs.has(weeks[index]![0])));
    const next = weeks[weeks.length - 1]![0];
    // each stretch must end further back than the log it started from, or this loop would never end
    if (next > newest) throw new Error(`The week of ${dateOfEpochDay(mondays[mondays.length - 1]!)} starts after a log in it`);
    before = next;
  }
  return found;
}

/** The seven days of each week as instants; a day a clock change skipped spans none and is left out. */
function daysOfWeeks(calendar: ZoneCalendar, mondays: number[]): DaySpan[] {
  const days: DaySpan[] = [];
  for (const monday of mondays) {
    for (let day = monday; day < monday + 7; day += 1) {
      const from = calendar.dayStart(day);
      const to = calendar.dayStart(day + 1);
      if (to > from) days.push({ date: dateOfEpochDay(day), from, to });
    }
  }
  return days;
}

/**
 * One page of week summaries, of one company or of all, and how many weeks have logs. A page reads
 * every log of its days (some 200,000 for every company's twelve weeks at two million logs), so
 * like the overview's figures it is kept until the data changes (or the clock's minute).
 */
export const weeklySummaries = keptPerInputUntilChange(
  async (deps: AppDeps, query: WeeksQuery): Promise<Page<WeekSummary>> => {
    const { company } = query;
    if (company) await assertCompanyExists(deps.db, company);
    const calendar = zoneCalendar((await readSettings(deps.config, deps.db)).timeZone);
    const mondays = await weeksWithLogs(deps.db, calendar, company);
    const pageMondays = mondays.slice(offsetOf(query), offsetOf(query) + query.perPage);
    const days = await dayTotals(deps.db, daysOfWeeks(calendar, pageMondays), company);
    return { items: weeksFromDays(days), total: mondays.length };
  },
  (query) => JSON.stringify([query.company, query.page, query.perPage]),
);
