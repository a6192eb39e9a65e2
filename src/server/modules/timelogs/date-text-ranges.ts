import { dateFormat, plainSpaces } from '../../../shared/dates.js';
import type { OffsetSpan } from '../../lib/zone-offsets.js';

/*
 * Which instants have a date-time text (as the Time Logs list writes it, e.g. 'Mar 2, 2026,
 * 10:30 AM') that contains a search, worked out from the texts of days and of minutes rather
 * than per log, so the database can read the matching logs from the time index.
 *
 * The text is a day part ('Mar 2, 2026, ') followed by a time part ('10:30 AM'). A search is in
 * it when it is in the day part, in the time part, or starts at the end of the day part and runs
 * on into the start of the time part. So the matching wall-clock minutes are: every minute of a
 * day whose day part contains it, plus, on each day, the minutes whose time part contains it or
 * completes a start the day part ends with. Those minutes become UTC ranges through the zone's
 * offsets.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const MINUTES_IN_DAY = 1440;

type Split = { dayText: (wallDay: number) => string; minuteTexts: string[] };

let split: Split | undefined;

const DAY_PARTS = new Set<Intl.DateTimeFormatPartTypes>(['month', 'day', 'year', 'weekday', 'era']);

/** The day part and time part of the text, each formatted once (in UTC, where wall time = UTC). */
function textSplit(): Split {
  if (split) return split;
  const format = dateFormat('dateTime', 'UTC');
  const parts = (instant: number) => format.formatToParts(instant);
  const lastDayPart = parts(0).findLastIndex((part) => DAY_PARTS.has(part.type));
  const firstTimePart = parts(0).findIndex((part) => part.type === 'hour' || part.type === 'minute' || part.type === 'dayPeriod');
  if (lastDayPart < 0 || firstTimePart <= lastDayPart) throw new Error('The log date-time text does not put the day before the time.');
  const text = (instant: number, from: number, to?: number) =>
    plainSpaces(
      parts(instant)
        .slice(from, to)
        .map((part) => part.value)
        .join(''),
    ).toLowerCase();
  const dayTexts = new Map<number, string>();
  split = {
    dayText: (wallDay) => {
      let dayText = dayTexts.get(wallDay);
      if (dayText === undefined) {
        dayText = text(wallDay * DAY + DAY / 2, 0, firstTimePart);
        if (dayTexts.size > 100_000) dayTexts.clear();
        dayTexts.set(wallDay, dayText);
      }
      return dayText;
    },
    minuteTexts: Array.from({ length: MINUTES_IN_DAY }, (_, minute) => text(minute * MINUTE, firstTimePart)),
  };
  return split;
}

/** [from, to) in UTC ms. */
export type InstantRange = [number, number];

/** The minutes of a day as runs [first, end) of consecutive matching minutes. */
function runsOf(matches: Uint8Array): [number, number][] {
  const runs: [number, number][] = [];
  for (let minute = 0; minute < MINUTES_IN_DAY; minute += 1) {
    if (!matches[minute]) continue;
    const first = minute;
    while (minute + 1 < MINUTES_IN_DAY && matches[minute + 1]) minute += 1;
    runs.push([first, minute + 1]);
  }
  return runs;
}

const minutesWhere = (minuteTexts: string[], test: (text: string) => boolean) => Uint8Array.from(minuteTexts, (text) => (test(text) ? 1 : 0));

function minutesOf(matches: Uint8Array): number[] {
  const minutes: number[] = [];
  matches.forEach((match, minute) => match && minutes.push(minute));
  return minutes;
}

/**
 * The wall-clock days and minutes (since 1970, and of the day) whose text contains the search:
 * every minute of `wholeDays`, the `inTime` minutes of every day, and for each crossing its
 * minutes on its days.
 */
export type WallMatch = { wholeDays: number[]; inTime: number[]; crossings: { days: number[]; minutes: number[] }[] };

/** Which wall-clock days from first to last, and which minutes of them, have a text containing the (lower-case) search. */
function wallMatch(search: string, firstWallDay: number, lastWallDay: number): WallMatch & { runsOfDay: (wallDay: number) => [number, number][] } {
  const { dayText, minuteTexts } = textSplit();
  const inTime = minutesWhere(minuteTexts, (text) => text.includes(search));
  // a search that starts in the day part and ends in the time part, split after each of its characters
  const crossings = Array.from({ length: search.length - 1 }, (_, index) => ({
    dayEnd: search.slice(0, index + 1),
    minutes: minutesWhere(minuteTexts, (text) => text.startsWith(search.slice(index + 1))),
    days: new Set<number>(),
  })).filter(({ minutes }) => minutes.includes(1));
  const wholeDays: number[] = [];
  for (let wallDay = firstWallDay; wallDay <= lastWallDay; wallDay += 1) {
    const text = dayText(wallDay);
    if (text.includes(search)) wholeDays.push(wallDay);
    else for (const crossing of crossings) if (text.endsWith(crossing.dayEnd)) crossing.days.add(wallDay);
  }
  const whole = new Set(wholeDays);
  const runsByCrossings = new Map<string, [number, number][]>();
  const runsOfDay = (wallDay: number): [number, number][] => {
    if (whole.has(wallDay)) return [[0, MINUTES_IN_DAY]];
    const crossing = crossings.filter(({ days }) => days.has(wallDay));
    const key = crossing.map(({ dayEnd }) => dayEnd.length).join();
    let runs = runsByCrossings.get(key);
    if (!runs) {
      const matches = Uint8Array.from(inTime);
      for (const { minutes } of crossing) minutes.forEach((match, minute) => (matches[minute] ||= match));
      runs = runsOf(matches);
      runsByCrossings.set(key, runs);
    }
    return runs;
  };
  return {
    wholeDays,
    inTime: minutesOf(inTime),
    crossings: crossings.filter(({ days }) => days.size > 0).map(({ days, minutes }) => ({ days: [...days], minutes: minutesOf(minutes) })),
    runsOfDay,
  };
}

/** The wall-clock ranges [from, to) in ms of wall time since 1970, or undefined past `cap` ranges. */
function wallRanges(runsOfDay: (wallDay: number) => [number, number][], firstWallDay: number, lastWallDay: number, cap: number): [number, number][] | undefined {
  const ranges: [number, number][] = [];
  for (let wallDay = firstWallDay; wallDay <= lastWallDay; wallDay += 1) {
    const start = wallDay * DAY;
    for (const [first, end] of runsOfDay(wallDay)) ranges.push([start + first * MINUTE, start + end * MINUTE]);
    if (ranges.length > cap) return undefined;
  }
  return ranges;
}

/** Merges ranges that touch or overlap; the input sorted by start. */
function merged(ranges: InstantRange[]): InstantRange[] {
  const out: InstantRange[] = [];
  for (const range of ranges) {
    const last = out.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else out.push([range[0], range[1]]);
  }
  return out;
}

/** No zone is more than a day from UTC: a wall range's instants lie within a day of it. */
const MOST_OFFSET = DAY;

/** The instants each wall range covers: in every span, wall = instant + offset, so instant = wall - offset. */
function instantRanges(wall: [number, number][], spans: OffsetSpan[]): InstantRange[] {
  const out: InstantRange[] = [];
  const spanEnd = (index: number) => spans[index + 1]?.from ?? Number.POSITIVE_INFINITY;
  let firstSpan = 0;
  for (const [from, to] of wall) {
    // the wall ranges come in order, so the spans they can fall in only move on
    while (firstSpan < spans.length - 1 && spanEnd(firstSpan) <= from - MOST_OFFSET) firstSpan += 1;
    for (let index = firstSpan; index < spans.length && (index === 0 || spans[index]!.from < to + MOST_OFFSET); index += 1) {
      const span = spans[index]!;
      const start = Math.max(from - span.offsetMs, index === 0 ? Number.NEGATIVE_INFINITY : span.from);
      const end = Math.min(to - span.offsetMs, spanEnd(index));
      if (start < end) out.push([start, end]);
    }
  }
  return merged(out.sort((a, b) => a[0] - b[0]));
}

const wallDayOf = (instant: number, spans: OffsetSpan[]) => {
  const span = spans.findLast((candidate) => candidate.from <= instant) ?? spans[0];
  return Math.floor((instant + (span?.offsetMs ?? 0)) / DAY);
};

/** Where a search is in the date-time texts: the wall-clock match, and as UTC ranges when there are at most `cap` of them. */
export type DateTextMatch = { wall: WallMatch; ranges?: InstantRange[] };

/**
 * The instants between first and last (inclusive) whose date-time text, in the zone the spans
 * describe, contains the search (compared without regard to case): the wall-clock days and
 * minutes, for a check per log, and the UTC ranges unless they number more than `cap` (a search
 * so short it matches some minutes of nearly every hour).
 */
export function dateTextMatch(search: string, first: number, last: number, spans: OffsetSpan[], cap: number): DateTextMatch {
  const text = search.toLowerCase();
  const firstWallDay = wallDayOf(first, spans);
  const lastWallDay = wallDayOf(last, spans);
  const { runsOfDay, ...wall } = wallMatch(text, firstWallDay, lastWallDay);
  const ranges = wallRanges(runsOfDay, firstWallDay, lastWallDay, cap);
  return { wall, ranges: ranges && instantRanges(ranges, spans) };
}
