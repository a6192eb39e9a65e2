import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { logDateTimeLayout } from '../../../shared/log-text.js';
import type { Syntax } from '../../database/syntax.js';
import type { OffsetSpan } from '../../lib/zone-offsets.js';
import type { WallMatch } from './date-text-ranges.js';

/*
 * What Search needs in SQL of the texts a time log row shows (src/shared/log-text.ts): which
 * searches could be in them, and a log's wall-clock day and minute in the browser's zone,
 * through a small table of that zone's offsets.
 */

const integer = (value: number): SQL => {
  if (!Number.isSafeInteger(value)) throw new Error(`Not a whole number: ${value}`);
  return sql.raw(String(value));
};


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

/**
 * Whether the instant's wall-clock day and minute are among those of a WallMatch: a check per
 * row, for searches that match too many separate minutes to read as ranges. `syntax` is the
 * transaction's (tx.syntax): each list of days or minutes is bound as one parameter.
 */
export function wallMatchSql(instantMs: SQL | AnyColumn, spans: OffsetSpan[], match: WallMatch, { inValues }: Syntax): SQL {
  const wallMs = sql`(${instantMs} + ${offsetSql(instantMs, spans)})`;
  const wallMinute = sql`((${wallMs} - ((${wallMs} % 60000 + 60000) % 60000)) / 60000)`;
  const minute = sql.raw('((wall.minute % 1440 + 1440) % 1440)');
  const day = sql.raw('((wall.minute - ((wall.minute % 1440 + 1440) % 1440)) / 1440)');
  const tests = [
    inValues(day, match.wholeDays),
    inValues(minute, match.inTime),
    ...match.crossings.map(({ days, minutes }) => sql`(${inValues(day, days)} and ${inValues(minute, minutes)})`),
  ];
  return sql`(select ${sql.join(tests, sql` or `)} from (select ${wallMinute} as minute) as wall)`;
}
