import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logDateTimeText } from '../../../shared/log-text.js';
import { offsetSpans } from '../../lib/zone-offsets.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createCompany } from '../../testing/factories.js';
import { dateTextMatch } from './date-text-ranges.js';
import { mayBeInDateTimeText, mayBeInHoursText, wallMatchSql } from './log-text-sql.js';

/*
 * The SQL texts must read exactly as the screen's: for every instant and zone, the date-time
 * SQL builds equals logDateTimeText, and the hours SQL builds equal String(hours).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const transitions = [
  '2026-03-08T07:00:00Z', // New York springs forward: 2:00 AM EST becomes 3:00 AM EDT
  '2026-11-01T06:00:00Z', // New York falls back: 2:00 AM EDT becomes 1:00 AM EST
  '2026-03-29T01:00:00Z', // Berlin springs forward: 2:00 CET becomes 3:00 CEST
  '2026-10-25T01:00:00Z', // Berlin falls back: 3:00 CEST becomes 2:00 CET
  '2025-04-06T15:00:00Z', // Lord Howe falls back half an hour
].map(Date.parse);

const aroundTransitions = transitions.flatMap((at) =>
  [0, 1, 999, 1000, 59_999, MINUTE, 30 * MINUTE, HOUR, 2 * HOUR].flatMap((delta) => [at - delta, at + delta]),
);

/** Every half hour of two days around each transition: local midnights, noons, 12:xx AM and PM. */
const halfHours = transitions.flatMap((at) => Array.from({ length: 97 }, (_, step) => at - 24 * HOUR + step * 30 * MINUTE + 7 * MINUTE));

/** The same instants every run (a seeded generator), spread from 1950 to 2050. */
function spreadInstants(count: number): number[] {
  let seed = 20260302;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const from = Date.parse('1950-01-01T00:00:00Z');
  const to = Date.parse('2050-01-01T00:00:00Z');
  return Array.from({ length: count }, () => Math.floor(from + random() * (to - from)));
}

const oddities = [
  '1969-12-31T23:59:59.999Z', // a millisecond before 1970: rounds down, not towards zero
  '1969-12-31T23:59:00.000Z',
  '1970-01-01T00:00:00.000Z',
  '1850-06-01T12:00:30.000Z', // local mean time: offsets with seconds
  '2026-01-05T00:00:00.000Z',
  '2026-12-31T23:59:59.999Z',
  '2099-07-04T16:20:00.000Z',
].map(Date.parse);

const instants = [...new Set([...aroundTransitions, ...halfHours, ...spreadInstants(600), ...oddities])];
const zones = ['America/New_York', 'Europe/Berlin', 'UTC', 'Asia/Kolkata', 'America/St_Johns', 'Australia/Lord_Howe', 'Pacific/Chatham'];

/** A test app's database, on the run's engine: the SQL is checked on each. */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  const company = await createCompany(app.deps.db);
  // bare rows, 500 to a statement
  const rows = instants.map((instant) => ({ id: `log-${instant}`, companyId: company.id, timeStamp: new Date(instant), hundredths: 100, createdAt: new Date(0) }));
  await app.deps.db.transaction(async (tx) => {
    for (let from = 0; from < rows.length; from += 500) await tx.insert(tx.t.timeLogs).values(rows.slice(from, from + 500));
  });
});
afterAll(() => app.close());

/** The instants whose date-time text, as the screen writes it in the zone, contains the search. */
const shownWith = (search: string, zone: string) => instants.filter((instant) => logDateTimeText(instant, zone).toLowerCase().includes(search.toLowerCase()));

const searches = ['Mar 8, 2026, 3:00 AM', '2026, 1', '12:0', 'am', 'Oct 25', ', 2:', '30 PM', '1969', '5, 20', '1', 'Nov 1, 2026, 1:'];

describe('dateTextMatch', () => {
  const first = Math.min(...instants);
  const last = Math.max(...instants);
  const spansOf = (zone: string) => offsetSpans(zone, instants.map((instant) => new Date(instant).getUTCFullYear()));

  it.each(zones)('gives as time ranges exactly the instants whose text in %s contains each search', (zone) => {
    // the years around the clock changes: ranges for every minute of a century would be millions
    const recent = instants.filter((instant) => instant >= Date.parse('2024-01-01') && instant < Date.parse('2028-01-01'));
    const spans = spansOf(zone);
    for (const search of searches) {
      const { ranges } = dateTextMatch(search, Math.min(...recent), Math.max(...recent), spans, Number.POSITIVE_INFINITY);
      const inRanges = recent.filter((instant) => {
        const at = ranges!.findLastIndex(([from]) => from <= instant);
        return at >= 0 && instant < ranges![at]![1];
      });
      const shown = shownWith(search, zone).filter((instant) => recent.includes(instant));
      expect({ search, instants: inRanges }).toEqual({ search, instants: shown });
    }
  });

  it.each(zones)('gives as wall-clock days and minutes, checked in SQL, exactly the instants whose text in %s contains each search', async (zone) => {
    const { db } = app.deps;
    const { timeLogs } = db.t;
    const spans = spansOf(zone);
    for (const search of searches) {
      const { wall, ranges } = dateTextMatch(search, first, last, spans, 10);
      if (search.length < 3) expect(ranges).toBeUndefined();
      const rows = await db
        .select({ timeStamp: timeLogs.timeStamp })
        .from(timeLogs)
        .where(wallMatchSql(timeLogs.timeStamp, spans, wall, db.syntax))
        .orderBy(asc(timeLogs.timeStamp));
      const found = rows.map((row) => row.timeStamp.getTime());
      expect({ search, instants: found }).toEqual({ search, instants: shownWith(search, zone).sort((a, b) => a - b) });
    }
  });
});

describe('which texts a search could be part of', () => {
  it.each([
    ['1.5', true, false],
    ['12', true, true],
    ['Mar 8, 2026, 3:00 AM', false, true],
    ['sep 1', false, true],
    ['pm', false, true],
    ['item 12', false, false],
    ['1.5h', false, false],
    ['100%', false, false],
  ])('%j: hours text %s, date-time text %s', (search, hours, dateTime) => {
    expect(mayBeInHoursText(search)).toBe(hours);
    expect(mayBeInDateTimeText(search)).toBe(dateTime);
  });

  it('lets through every text logDateTimeText writes', () => {
    for (const instant of instants.slice(0, 200)) expect(mayBeInDateTimeText(logDateTimeText(instant, 'Europe/Berlin'))).toBe(true);
  });
});
