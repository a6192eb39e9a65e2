import { monthsAfterDay, type HourTermsDto, type RolloverUnit } from '../../../shared/hour-blocks.js';
import { hoursToHundredths, hundredthsToHours } from '../../../shared/hours.js';
import { zoneCalendar } from '../../lib/zone-calendar.js';
import type { NewBlockTerms } from '../activities/blocks.js';

/*
 * A purchase's hour terms (src/shared/hour-blocks.ts) as packages and invoices store them: the
 * validity in months, and the rollover's limit (hundredths of an hour, or a percentage), unit and
 * months. A package's terms are copied onto each invoice made from it.
 */

export type TermsColumns = {
  validityMonths: number | null;
  rolloverLimit: number | null;
  rolloverUnit: RolloverUnit | null;
  rolloverMonths: number | null;
};

export const NO_TERMS: TermsColumns = { validityMonths: null, rolloverLimit: null, rolloverUnit: null, rolloverMonths: null };

export function termsDto(row: TermsColumns): HourTermsDto {
  const { rolloverLimit: limit, rolloverUnit: unit, rolloverMonths: months } = row;
  const rollover = limit !== null && unit !== null && months !== null ? { limit: unit === 'hours' ? hundredthsToHours(limit) : limit, unit, months } : null;
  return { validityMonths: row.validityMonths, rollover };
}

function termsColumns(terms: HourTermsDto): TermsColumns {
  const { rollover } = terms;
  if (terms.validityMonths === null) return NO_TERMS;
  return {
    validityMonths: terms.validityMonths,
    rolloverLimit: rollover ? (rollover.unit === 'hours' ? hoursToHundredths(rollover.limit) : rollover.limit) : null,
    rolloverUnit: rollover?.unit ?? null,
    rolloverMonths: rollover?.months ?? null,
  };
}

/** A form's terms over `current`: an omitted field keeps its value, null clears it (no validity clears the rollover). */
export function termsFromForm(form: { validityMonths?: number | null | undefined; rollover?: HourTermsDto['rollover'] | undefined }, current: TermsColumns): TermsColumns {
  const was = termsDto(current);
  return termsColumns({
    validityMonths: form.validityMonths === undefined ? was.validityMonths : form.validityMonths,
    rollover: form.rollover === undefined ? was.rollover : form.rollover,
  });
}

/** The terms columns of a row, for a select. */
export const termsColumnsOf = <Table extends Record<keyof TermsColumns, unknown>>(table: Table): Pick<Table, keyof TermsColumns> => ({
  validityMonths: table.validityMonths,
  rolloverLimit: table.rolloverLimit,
  rolloverUnit: table.rolloverUnit,
  rolloverMonths: table.rolloverMonths,
});

/**
 * The block a purchase's hours become when its invoice is paid in full at `now`: they expire at the
 * start of the day `validityMonths` months after that day in the provider's time zone, rolled-over
 * hours at the start of the day `rolloverMonths` after that. None for hours that never expire.
 */
export function blockTermsAt(terms: TermsColumns, now: Date, timeZone: string): NewBlockTerms | undefined {
  if (terms.validityMonths === null) return undefined;
  const calendar = zoneCalendar(timeZone);
  const expiryDay = monthsAfterDay(calendar.dayOf(now.getTime()), terms.validityMonths);
  const { rolloverLimit: limit, rolloverUnit: unit, rolloverMonths: months } = terms;
  const rollover = limit !== null && unit !== null && months !== null ? { limit, unit, expiresAt: new Date(calendar.dayStart(monthsAfterDay(expiryDay, months))) } : null;
  return { expiresAt: new Date(calendar.dayStart(expiryDay)), rollover };
}
