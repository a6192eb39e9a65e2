/*
 * The wire carries hours and dollars as JSON numbers; the database keeps integer hundredths
 * of an hour and integer cents, so sums are exact.
 */

/** Beyond 15 significant digits the decimal correction below would lose whole units. */
const LIMIT = 1e15;

/**
 * Rounds half away from zero on the decimal a person typed, not on its binary approximation:
 * 1.005 * 100 is 100.49999999999999 in floating point, yet 1.005 hours must become 101.
 */
function toHundredthUnits(value: number, what: string): number {
  if (!Number.isFinite(value)) throw new RangeError(`${what} must be a finite number.`);
  const scaled = Number((value * 100).toPrecision(15));
  if (Math.abs(scaled) >= LIMIT) throw new RangeError(`${what} is too large.`);
  const rounded = Math.round(Math.abs(scaled));
  return (scaled < 0 ? -rounded : rounded) + 0; // + 0 turns -0 into 0
}

export function hoursToHundredths(hours: number): number {
  return toHundredthUnits(hours, 'Hours');
}

export function hundredthsToHours(hundredths: number): number {
  return hundredths / 100;
}

export function dollarsToCents(dollars: number): number {
  return toHundredthUnits(dollars, 'Amount');
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}
