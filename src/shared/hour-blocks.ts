import { z } from 'zod';
import { calendarDateText } from './dates.js';
import { formatHoursFixed } from './format.js';
import { numberField } from './validation.js';
import { dateOfEpochDay, epochDay } from './weekly.js';

/*
 * Hour blocks: the hours of each paid purchase, used oldest expiry first (docs/product-rules.md,
 * "Hour blocks"). A purchase whose package gives its hours a validity becomes a block that expires;
 * one without is a block that never does. Time worked draws from the live block that expires first,
 * then from the oldest never-expiring one; time worked beyond every block is owed (the overage), and
 * the next hours to arrive pay it back first. When a block expires, its unused hours expire with it,
 * except those its rollover terms carry into a new block, which expires in turn and rolls no further.
 *
 * Everything here is in integer hundredths of an hour and epoch milliseconds, and is worked out from
 * the ledger alone, in its timeline order: replaying the same entries always gives the same blocks,
 * whatever the time now, so the stored figures can be checked against a replay at any moment.
 */

/** How much of a block's unused hours roll over: up to `limit` hundredths, or `limit` percent of them. */
export type RolloverUnit = 'hours' | 'percent';
export type RolloverTerms = { limit: number; unit: RolloverUnit };

export const ROLLOVER_UNITS = ['hours', 'percent'] as const satisfies readonly RolloverUnit[];

/** A place on the ledger's timeline, ordered as the Activities list orders its entries (oldest first here). */
export type TimelineKey = { at: number; createdAt: number; id: string };

/** A block that expires: when, and what of it rolls over into a block expiring at `rolloverExpiresAt`. */
export type ExpiringBlock = {
  id: string;
  expiresAt: number;
  rollover: (RolloverTerms & { expiresAt: number }) | null;
};

/** A completed entry of the ledger as the blocks see it: hours bought (a block), or hours worked. */
export type LedgerMove =
  | { kind: 'credit'; key: TimelineKey; hundredths: number; block: ExpiringBlock | null }
  | { kind: 'debit'; key: TimelineKey; hundredths: number };

/**
 * What becomes of an expiring block, as the ledger stands: `unused` hundredths were left at its
 * expiry, `rolled` of them rolled over (the rest expired), and `rolledUnused` of those were left in
 * turn when the rolled-over block expired.
 */
export type BlockOutcome = { unused: number; rolled: number; rolledUnused: number };

export type BlocksReplay = {
  /** Every expiring block's outcome, by its id. */
  blocks: Map<string, BlockOutcome>;
  /** Hundredths left in the blocks that never expire, after the last entry. */
  lasting: number;
  /** Hundredths worked beyond every block and not yet paid back, after the last entry: the overage. */
  owed: number;
};

export function compareTimeline(a: TimelineKey, b: TimelineKey): number {
  return a.at - b.at || a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The hundredths of `unused` that roll over under the terms, none without any. */
export function rolledOver(terms: RolloverTerms | null, unused: number): number {
  if (!terms || unused <= 0) return 0;
  return terms.unit === 'hours' ? Math.min(unused, terms.limit) : Math.floor((unused * Math.min(terms.limit, 100)) / 100);
}

/** The epoch day `months` calendar months after `day`; a day the month lacks becomes its last (Jan 31 + 1 month = Feb 28 or 29). */
export function monthsAfterDay(day: number, months: number): number {
  const [year, month, dayOfMonth] = dateOfEpochDay(day).split('-').map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = monthIndex - targetYear * 12 + 1;
  const firstOfNext = epochDay(`${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-01`);
  const length = monthLength(targetYear, targetMonth);
  return firstOfNext + Math.min(dayOfMonth, length) - 1;
}

function monthLength(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A block in the replay while it has hours: `order` breaks ties of expiry (older first). */
type LiveBlock = { expiresAt: number; order: number; left: number; outcome: BlockOutcome | null; onExpiry: (unused: number) => void };

/** Blocks drawn from first come first: the earliest expiry (never last), then the oldest. */
const drawnBefore = (a: LiveBlock, b: LiveBlock) => a.expiresAt - b.expiresAt || a.order - b.order;

/**
 * Replays the ledger's completed entries (in any order: they are put in timeline order) and answers
 * what became, or will become, of every block. A block expiring at E serves work dated before E. A
 * credit pays back what is owed before it becomes a block's hours.
 */
export function replayBlocks(moves: readonly LedgerMove[]): BlocksReplay {
  const live: LiveBlock[] = [];
  const blocks = new Map<string, BlockOutcome>();
  let owed = 0;
  let order = 0;

  const add = (block: LiveBlock) => {
    let index = live.length;
    while (index > 0 && drawnBefore(block, live[index - 1]!) < 0) index -= 1;
    live.splice(index, 0, block);
  };
  // the first live block expires first: expire every block whose expiry is at or before `at`
  const expireUpTo = (at: number) => {
    while (live.length > 0 && live[0]!.expiresAt <= at) {
      const block = live.shift()!;
      block.onExpiry(block.left);
    }
  };
  const addExpiring = (block: ExpiringBlock, hundredths: number) => {
    const outcome: BlockOutcome = { unused: 0, rolled: 0, rolledUnused: 0 };
    blocks.set(block.id, outcome);
    add({
      expiresAt: block.expiresAt,
      order: (order += 1),
      left: hundredths,
      outcome,
      onExpiry: (unused) => {
        outcome.unused = unused;
        outcome.rolled = rolledOver(block.rollover, unused);
        if (outcome.rolled > 0 && block.rollover) {
          const rolled = { expiresAt: block.rollover.expiresAt, order: (order += 1), left: outcome.rolled, outcome: null };
          add({ ...rolled, onExpiry: (left) => (outcome.rolledUnused = left) });
        }
      },
    });
  };

  for (const move of [...moves].sort((a, b) => compareTimeline(a.key, b.key))) {
    expireUpTo(move.key.at);
    if (move.kind === 'credit') {
      const paidBack = Math.min(owed, Math.max(0, move.hundredths));
      owed -= paidBack;
      const hundredths = move.hundredths - paidBack;
      if (move.block) addExpiring(move.block, hundredths);
      else add({ expiresAt: Infinity, order: (order += 1), left: hundredths, outcome: null, onExpiry: () => {} });
      expireUpTo(move.key.at);
      continue;
    }
    let needed = Math.max(0, move.hundredths);
    while (needed > 0 && live.length > 0) {
      const block = live[0]!;
      const taken = Math.min(block.left, needed);
      block.left -= taken;
      needed -= taken;
      // an empty block is done with; if it expires, its outcome is already none unused
      if (block.left === 0) live.shift();
    }
    owed += needed;
  }
  const lasting = live.filter((block) => block.expiresAt === Infinity).reduce((sum, block) => sum + block.left, 0);
  expireUpTo(Infinity);
  return { blocks, lasting, owed };
}

/*
 * How long a purchase's hours stay valid, as packages and invoices carry it on the wire: months
 * from the day the invoice is paid in full (null: they never expire), and the rollover terms: up to
 * `limit` hours (or percent) of what is unused at the expiry, valid `months` more.
 */
export const MAX_VALIDITY_MONTHS = 120;
export const MAX_ROLLOVER_HOURS = 100_000;
export const ROLLOVER_NEEDS_VALIDITY = 'Rollover needs a validity: hours that never expire have nothing to roll over.';

export const rolloverTermsOutput = z.object({ limit: z.number(), unit: z.enum(ROLLOVER_UNITS), months: z.number().int() });
export type RolloverTermsDto = z.infer<typeof rolloverTermsOutput>;

/** The terms as a package or an invoice answers them. */
export const hourTermsOutput = { validityMonths: z.number().int().nullable(), rollover: rolloverTermsOutput.nullable() };
export type HourTermsDto = { validityMonths: number | null; rollover: RolloverTermsDto | null };

const months = (what: string) => numberField(what, { int: true, min: 1, max: MAX_VALIDITY_MONTHS });

/** The rollover terms as a form sends them: hours (two decimals) or a whole percentage. */
export const rolloverTermsInput = z
  .object({
    limit: numberField('Rollover limit', { min: 0, max: MAX_ROLLOVER_HOURS }),
    unit: z.enum(ROLLOVER_UNITS, { message: 'Rollover unit must be hours or percent.' }),
    months: months('Rollover months'),
  })
  .refine((terms) => terms.unit === 'hours' || (Number.isInteger(terms.limit) && terms.limit <= 100), {
    message: 'A rollover percentage is a whole number from 0 to 100.',
    path: ['limit'],
  });

/** The form fields; omitted leaves the terms as they are (none on a new record), null clears them. */
export const hourTermsInput = {
  validityMonths: months('Validity').nullish(),
  rollover: rolloverTermsInput.nullish(),
};

/** A form's terms hold together: rollover only where hours expire. */
export const hourTermsCheck = <Schema extends z.ZodType<{ validityMonths?: number | null | undefined; rollover?: unknown }>>(schema: Schema): Schema =>
  schema.refine((form) => !form.rollover || form.validityMonths != null, { message: ROLLOVER_NEEDS_VALIDITY, path: ['rollover'] });

/** "3 months, up to 10 hours roll over for 1 more month": the terms in a line, for lists and the catalogue. */
export function hourTermsText(terms: HourTermsDto): string {
  if (terms.validityMonths === null) return 'Hours never expire';
  const valid = `Valid ${monthsText(terms.validityMonths)}`;
  if (!terms.rollover) return valid;
  const { limit, unit, months: more } = terms.rollover;
  const amount = unit === 'hours' ? `${limit} ${limit === 1 ? 'hour' : 'hours'}` : `${limit}%`;
  return `${valid}; up to ${amount} of the unused hours roll over for ${monthsText(more)} more`;
}

/** The terms in a few words, for a list's cell: "3 months + rollover", or "Never expire". */
export function validityText(terms: HourTermsDto): string {
  if (terms.validityMonths === null) return 'Never expire';
  return `${monthsText(terms.validityMonths)}${terms.rollover ? ' + rollover' : ''}`;
}

const monthsText = (count: number) => `${count} ${count === 1 ? 'month' : 'months'}`;

/** A block with hours left, as the customer sees it: the hours it will leave unused, and the day they expire (in the provider's zone). */
export const liveBlockOutput = z.object({
  hours: z.number(),
  /** The first day (YYYY-MM-DD, in the provider's time zone) the hours are no longer valid. */
  expiresOn: z.string(),
  /** The hours rolled over from an expired block. */
  rolledOver: z.boolean(),
});
export type LiveBlockDto = z.infer<typeof liveBlockOutput>;

/** At most this many blocks are listed, soonest expiry first. */
export const LIVE_BLOCKS_LIMIT = 12;

/** "10.00 hours expire on Jun 2, 2026". */
export const blockExpiryText = (block: LiveBlockDto) =>
  `${formatHoursFixed(block.hours)} ${block.hours === 1 ? 'hour expires' : 'hours expire'} on ${calendarDateText(block.expiresOn, 'date')}`;
