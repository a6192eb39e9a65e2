import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeLogs } from '../../../../drizzle/schema.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import { logDateTimeText, logHoursText } from '../../../shared/log-text.js';
import { openDatabase, type DatabaseHandle } from '../../db.js';
import { offsetSpans } from '../../lib/zone-offsets.js';
import { createCompany, createTimeLogRow } from '../../testing/factories.js';
import { dateTimeTextSql, hoursTextSql, mayBeInDateTimeText, mayBeInHoursText } from './log-text-sql.js';

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

let database: DatabaseHandle;

beforeAll(() => {
  database = openDatabase(':memory:');
  const company = createCompany(database.db);
  database.db.transaction((tx) => {
    for (const instant of instants) createTimeLogRow(tx, { companyId: company.id, timeStamp: new Date(instant), hundredths: 100 });
  });
});
afterAll(() => database.close());

describe('dateTimeTextSql', () => {
  it.each(zones)('writes every instant as logDateTimeText does in %s', (zone) => {
    const spans = offsetSpans(zone, instants.map((instant) => new Date(instant).getUTCFullYear()));
    const rows = database.db
      .select({ timeStamp: timeLogs.timeStamp, text: sql<string>`${dateTimeTextSql(timeLogs.timeStamp, spans)}` })
      .from(timeLogs)
      .orderBy(asc(timeLogs.timeStamp))
      .all();
    expect(rows).toHaveLength(instants.length);
    const mismatches = rows
      .map((row) => ({ at: row.timeStamp.toISOString(), sql: row.text, screen: logDateTimeText(row.timeStamp, zone) }))
      .filter((row) => row.sql !== row.screen);
    expect(mismatches).toEqual([]);
  });

  it('reads the clock change as the zone does: the same instant differs by zone', () => {
    const at = (iso: string, zone: string) => {
      const spans = offsetSpans(zone, [2026]);
      return database.db.get<{ text: string }>(sql`select ${dateTimeTextSql(sql.raw(String(Date.parse(iso))), spans)} as text`).text;
    };
    expect(at('2026-03-08T06:59:00Z', 'America/New_York')).toBe('Mar 8, 2026, 1:59 AM');
    expect(at('2026-03-08T07:00:00Z', 'America/New_York')).toBe('Mar 8, 2026, 3:00 AM');
    expect(at('2026-03-08T07:00:00Z', 'Europe/Berlin')).toBe('Mar 8, 2026, 8:00 AM');
    expect(at('2026-10-25T00:59:59Z', 'Europe/Berlin')).toBe('Oct 25, 2026, 2:59 AM');
    expect(at('2026-10-25T01:00:00Z', 'Europe/Berlin')).toBe('Oct 25, 2026, 2:00 AM');
    expect(at('2026-06-01T04:00:00Z', 'America/New_York')).toBe('Jun 1, 2026, 12:00 AM');
    expect(at('2026-06-01T16:30:00Z', 'America/New_York')).toBe('Jun 1, 2026, 12:30 PM');
  });
});

describe('hoursTextSql', () => {
  it('writes every number of hundredths up to 100 hours as String(hours)', () => {
    const rows = database.db.all<{ hundredths: number; text: string }>(sql`
      with recursive n(hundredths) as (select 1 union all select hundredths + 1 from n where hundredths < 10000)
      select hundredths, ${hoursTextSql(sql.raw('hundredths'))} as text from n`);
    expect(rows).toHaveLength(10_000);
    const mismatches = rows.filter((row) => row.text !== logHoursText(hundredthsToHours(row.hundredths)));
    expect(mismatches).toEqual([]);
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
