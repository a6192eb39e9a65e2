import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { logDateTimeLayout, type LogDateTimePart } from '../../../shared/log-text.js';
import type { OffsetSpan } from '../../lib/zone-offsets.js';

/*
 * The texts a time log row shows (src/shared/log-text.ts), built in SQL so Search can match
 * them on the server: the hours as String(hours) would write them, and the date-time in the
 * browser's zone through a small table of that zone's offsets.
 */

const integer = (value: number): SQL => {
  if (!Number.isSafeInteger(value)) throw new Error(`Not a whole number: ${value}`);
  return sql.raw(String(value));
};

const text = (value: string): SQL => sql.raw(`'${value.replace(/'/g, "''")}'`);

/** Hundredths of an hour as String(hours) writes the hours: 150 -> '1.5', 5 -> '0.05', 800 -> '8'. */
export function hoursTextSql(hundredths: SQL | AnyColumn): SQL {
  return sql`(case
    when ${hundredths} % 100 = 0 then cast(${hundredths} / 100 as text)
    when ${hundredths} % 10 = 0 then (${hundredths} / 100) || '.' || ((${hundredths} % 100) / 10)
    else (${hundredths} / 100) || '.' || printf('%02d', ${hundredths} % 100)
  end)`;
}

const onlyCharactersOf = (alphabet: string) => {
  const allowed = new Set(alphabet.toLowerCase());
  return (search: string) => [...search.toLowerCase()].every((character) => allowed.has(character));
};

/** Whether the search could be part of an hours text: digits and a decimal point only. */
export const mayBeInHoursText = onlyCharactersOf('0123456789.');

let inDateTimeText: ((search: string) => boolean) | undefined;

/** Whether the search could be part of a date-time text: only characters such texts have. */
export function mayBeInDateTimeText(search: string): boolean {
  if (!inDateTimeText) {
    const layout = logDateTimeLayout();
    const literals = layout.parts.map((part) => (part.type === 'literal' ? part.value : ''));
    inDateTimeText = onlyCharactersOf(['0123456789', ...layout.months, layout.am, layout.pm, ...literals].join(''));
  }
  return inDateTimeText(search);
}

/** The zone's offset in ms at the instant: the span the instant falls in. */
function offsetSql(instantMs: SQL | AnyColumn, spans: OffsetSpan[]): SQL {
  const [first, ...rest] = spans;
  if (!first) return sql`0`;
  if (rest.length === 0) return integer(first.offsetMs);
  const branches = rest.map((span, index) => sql`when ${instantMs} < ${integer(span.from)} then ${integer(spans[index]!.offsetMs)}`);
  return sql`(case ${sql.join(branches, sql` `)} else ${integer(spans.at(-1)!.offsetMs)} end)`;
}

/** Whole seconds of the wall-clock time, rounded down (also before 1970, where / truncates). */
function wallSecondsSql(instantMs: SQL | AnyColumn, spans: OffsetSpan[]): SQL {
  const wallMs = sql`(${instantMs} + ${offsetSql(instantMs, spans)})`;
  return sql`((${wallMs} - ((${wallMs} % 1000 + 1000) % 1000)) / 1000)`;
}

/** Each part of the layout from `stamp`, the wall time as 'YYYY-MM-DD HH:MM'. */
function partSql(part: LogDateTimePart, stamp: SQL, layout: ReturnType<typeof logDateTimeLayout>): SQL {
  const hour = sql`cast(substr(${stamp}, 12, 2) as integer)`;
  switch (part.type) {
    case 'literal':
      return text(part.value);
    case 'month':
      return sql`(case substr(${stamp}, 6, 2) ${sql.join(
        layout.months.map((name, index) => sql`when ${text(String(index + 1).padStart(2, '0'))} then ${text(name)}`),
        sql` `,
      )} end)`;
    case 'day':
      return sql`cast(substr(${stamp}, 9, 2) as integer)`;
    case 'year':
      return sql`cast(substr(${stamp}, 1, 4) as integer)`;
    case 'hour':
      return sql`(case when ${hour} % 12 = 0 then 12 else ${hour} % 12 end)`;
    case 'minute':
      return sql`substr(${stamp}, 15, 2)`;
    case 'dayPeriod':
      return sql`(case when ${hour} < 12 then ${text(layout.am)} else ${text(layout.pm)} end)`;
  }
}

/**
 * The instant (UTC ms) as logDateTimeText writes it in the zone whose offsets are given,
 * e.g. 'Mar 2, 2026, 10:30 AM'.
 */
export function dateTimeTextSql(instantMs: SQL | AnyColumn, spans: OffsetSpan[]): SQL {
  const layout = logDateTimeLayout();
  const stamp = sql`strftime('%Y-%m-%d %H:%M', ${wallSecondsSql(instantMs, spans)}, 'unixepoch')`;
  // The wall time is worked out once per row; the parts read it from the subquery.
  const wall = sql.raw('wall.stamp');
  return sql`(select ${sql.join(
    layout.parts.map((part) => partSql(part, wall, layout)),
    sql` || `,
  )} from (select ${stamp} as stamp) as wall)`;
}
