/*
 * Local calendar days of a time zone as intervals of UTC instants, so SQL can sum a day's rows
 * over an index range instead of formatting every row's instant. The zone's UTC offset is found
 * once per zone and UTC year, by asking Intl for it day by day and pinning each change to the
 * second; every conversion after that is arithmetic. Days are epoch days, as in shared/weekly.ts.
 *
 * A local day runs from the first instant whose local time is at or after its midnight to the
 * first instant at or after the next midnight. Days therefore never overlap and leave no gap,
 * even where a clock change skips midnight (the day starts when the clocks jump) or repeats it
 * (the day starts at the first of the two midnights). A day the zone skipped spans no instant.
 */

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

/** From `from` (inclusive) to `to` (exclusive) the zone's local time is UTC plus `offset` ms. */
export type OffsetSpan = { from: number; to: number; offset: number };

export type ZoneCalendar = {
  /** The first instant (epoch ms) of a local day (epoch day). */
  dayStart(day: number): number;
  /** The local day (epoch day) that holds an instant (epoch ms). */
  dayOf(instant: number): number;
};

const OFFSET_PATTERN = /GMT(?:([+-])(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?)?$/;

/** Reads "GMT-04:56:02", "GMT+05:30" or "GMT" as milliseconds. */
function parseOffset(text: string): number {
  const match = OFFSET_PATTERN.exec(text);
  if (!match) throw new Error(`Unexpected time zone offset text: ${text}`);
  const [, sign, hours = '0', minutes = '0', seconds = '0'] = match;
  const size = (Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)) * SECOND;
  return sign === '-' ? -size : size;
}

function offsetReader(timeZone: string): (instant: number) => number {
  const formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  return (instant) => parseOffset(formatter.format(instant));
}

/** The first whole second in (before, after] whose offset is not `offset`; `after`'s is not. */
function firstChange(offsetAt: (instant: number) => number, before: number, after: number, offset: number): number {
  let low = before;
  let high = after;
  while (high - low > SECOND) {
    const middle = low + Math.floor((high - low) / 2 / SECOND) * SECOND;
    if (offsetAt(middle) === offset) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * The offsets from `from` to `to` (both whole seconds). Probing once a day finds every change
 * unless the clocks went forth and back again within one day, which no zone has done.
 */
export function offsetSpans(offsetAt: (instant: number) => number, from: number, to: number): OffsetSpan[] {
  const spans: OffsetSpan[] = [];
  let start = from;
  let offset = offsetAt(from);
  let probe = from;
  while (probe < to - SECOND) {
    const next = Math.min(probe + DAY, to - SECOND);
    if (offsetAt(next) === offset) {
      probe = next;
      continue;
    }
    const change = firstChange(offsetAt, probe, next, offset);
    spans.push({ from: start, to: change, offset });
    start = change;
    offset = offsetAt(change);
    probe = change;
  }
  spans.push({ from: start, to, offset });
  return spans;
}

const yearStart = (year: number) => new Date(0).setUTCFullYear(year, 0, 1);
const yearOf = (instant: number) => new Date(instant).getUTCFullYear();

function createZoneCalendar(timeZone: string): ZoneCalendar {
  const offsetAt = offsetReader(timeZone);
  const years = new Map<number, OffsetSpan[]>();
  const dayStarts = new Map<number, number>();

  function spansOfYear(year: number): OffsetSpan[] {
    let spans = years.get(year);
    if (!spans) {
      spans = offsetSpans(offsetAt, yearStart(year), yearStart(year + 1));
      years.set(year, spans);
    }
    return spans;
  }

  function offsetOf(instant: number): number {
    return spansOfYear(yearOf(instant)).find((span) => instant < span.to)!.offset;
  }

  function firstInstantOf(day: number): number {
    const midnight = day * DAY;
    // offsets stay within a day of UTC, so the day starts within a day of its UTC midnight
    for (let year = yearOf(midnight - DAY); year <= yearOf(midnight + DAY); year += 1) {
      for (const span of spansOfYear(year)) {
        const start = Math.max(span.from, midnight - span.offset);
        if (start < span.to) return start;
      }
    }
    throw new Error(`No instant of ${timeZone} reads day ${day} or later`);
  }

  function dayStart(day: number): number {
    let start = dayStarts.get(day);
    if (start === undefined) {
      start = firstInstantOf(day);
      dayStarts.set(day, start);
    }
    return start;
  }

  function dayOf(instant: number): number {
    const day = Math.floor((instant + offsetOf(instant)) / DAY);
    // in an hour the clocks repeat the local time may read the day before, yet the next day has begun
    return dayStart(day + 1) <= instant ? day + 1 : day;
  }

  return { dayStart, dayOf };
}

const calendars = new Map<string, ZoneCalendar>();

/** The calendar of an IANA time zone; its offsets and day starts are kept for the life of the process. */
export function zoneCalendar(timeZone: string): ZoneCalendar {
  let calendar = calendars.get(timeZone);
  if (!calendar) {
    calendar = createZoneCalendar(timeZone);
    calendars.set(timeZone, calendar);
  }
  return calendar;
}
