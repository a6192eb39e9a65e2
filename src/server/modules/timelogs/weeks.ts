import { offsetOf, type Page } from '../../../shared/list.js';
import type { WeeksQuery } from '../../../shared/timelogs.js';
import { dateOfEpochDay, mondayOfEpochDay, weeksFromDays, type WeekSummary } from '../../../shared/weekly.js';
import type { Db } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { keptPerInputUntilChange } from '../../lib/kept-until-change.js';
import { zoneCalendar, type ZoneCalendar } from '../../lib/zone-calendar.js';
import { assertCompanyExists, dayTotals, logSpan, stretchesWithLogs, type DaySpan } from './queries.js';
import { readSettings } from '../settings/service.js';

/*
 * The weekly view: Monday-to-Sunday weeks of APP_TIMEZONE that have logs, newest first, a page
 * of weeks at a time. The weeks are found from the oldest and newest logs (two index seeks) and
 * one statement that asks each week between them whether it holds a log (one seek a week), so
 * counting them never reads every log, in three round trips to the server whatever the number of
 * weeks; then each day of the page's weeks is summed in SQL over its index range.
 */

/** The Mondays (epoch days) of the weeks that have logs, newest first. */
async function weeksWithLogs(db: Db, calendar: ZoneCalendar, companyId: string): Promise<number[]> {
  const span = await logSpan(db, companyId);
  if (!span) return [];
  const mondays: number[] = [];
  const weeks: [number, number][] = [];
  // from the newest log's week back to the oldest log's: each week starts before the one after it
  for (let monday = mondayOfEpochDay(calendar.dayOf(span.newest)); ; monday -= 7) {
    const from = calendar.dayStart(monday);
    mondays.push(monday);
    weeks.push([from, calendar.dayStart(monday + 7)]);
    if (from <= span.oldest) break;
  }
  const withLogs = new Set(await stretchesWithLogs(db, weeks, companyId));
  return mondays.filter((_monday, index) => withLogs.has(weeks[index]![0]));
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
