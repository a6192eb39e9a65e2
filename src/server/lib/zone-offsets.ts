/*
 * A time zone's UTC offsets as a short table of spans, so SQL can turn a UTC instant into the
 * zone's wall-clock time without asking Intl once per row. The offsets come from Intl (the same
 * time zone data that formats the dates on screen), sampled weekly and bisected to the second
 * where they change; two changes less than a week apart that cancel out would be missed, which
 * the time zone database does not contain for the years people log hours in.
 */

/** From `from` (UTC ms, inclusive) until the next span's `from`, wall time = UTC + offsetMs. */
export type OffsetSpan = { from: number; offsetMs: number };

const SECOND = 1000;
const WEEK = 7 * 24 * 3600 * SECOND;
const CACHED_YEARS = 5000;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** A formatter that writes the zone's offset, e.g. '3/8/2026, GMT-04:00' or 'GMT-04:56:02' in 1850. */
function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  return format;
}

const OFFSET_TEXT = /GMT(?:([+-])(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** The instant `year`-01-01T00:00:00Z in ms; Date.UTC would read years 0-99 as 1900-1999. */
export function utcYearStart(year: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, 0, 1);
  return date.getTime();
}

/** The zone's offset from UTC at the instant, to the second, as its wall clock keeps it. */
export function offsetAt(timeZone: string, instant: number): number {
  const text = offsetFormat(timeZone).format(instant);
  const match = OFFSET_TEXT.exec(text);
  if (!match) throw new Error(`Cannot read the UTC offset in '${text}'`);
  const [, sign, hours = '0', minutes = '0', seconds = '0'] = match;
  const size = (Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)) * SECOND;
  return sign === '-' ? -size : size;
}

/** The first whole second in (before, after] with the offset `after` has; `before` has another. */
function changeBetween(timeZone: string, before: number, after: number): number {
  let low = before;
  let high = after;
  const target = offsetAt(timeZone, after);
  while (high - low > SECOND) {
    const middle = low + Math.floor((high - low) / (2 * SECOND)) * SECOND;
    if (offsetAt(timeZone, middle) === target) high = middle;
    else low = middle;
  }
  return high;
}

const yearSpansCache = new Map<string, OffsetSpan[]>();

/** The spans of one UTC calendar year, the first starting at the year's start. */
export function yearSpans(timeZone: string, year: number): OffsetSpan[] {
  const key = `${timeZone}|${year}`;
  const cached = yearSpansCache.get(key);
  if (cached) return cached;
  const start = utcYearStart(year);
  const end = utcYearStart(year + 1) - SECOND;
  const spans: OffsetSpan[] = [{ from: start, offsetMs: offsetAt(timeZone, start) }];
  let previous = start;
  for (let sample = Math.min(start + WEEK, end); previous < end; sample = Math.min(sample + WEEK, end)) {
    const offsetMs = offsetAt(timeZone, sample);
    if (offsetMs !== spans.at(-1)!.offsetMs) spans.push({ from: changeBetween(timeZone, previous, sample), offsetMs });
    previous = sample;
  }
  if (yearSpansCache.size >= CACHED_YEARS) yearSpansCache.clear();
  yearSpansCache.set(key, spans);
  return spans;
}

/**
 * The spans covering every instant of the years listed (UTC calendar years), merged where the
 * offset does not change; a span runs on over years not listed until the next one starts.
 */
export function offsetSpans(timeZone: string, years: Iterable<number>): OffsetSpan[] {
  const merged: OffsetSpan[] = [];
  for (const year of [...new Set(years)].sort((a, b) => a - b)) {
    for (const span of yearSpans(timeZone, year)) {
      if (merged.at(-1)?.offsetMs !== span.offsetMs) merged.push(span);
    }
  }
  return merged;
}
