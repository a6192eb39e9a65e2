/*
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, a field quoted when it holds a comma,
 * a quote, CR or LF, quotes doubled), made safe to open in a spreadsheet: see docs/product-rules.md
 * (Exports and statements) for the formula-injection guard and the byte-order mark.
 */

export type CsvValue = string | number | null | undefined;

/** Written once at the start of a file: Excel reads a CSV as UTF-8 only when it starts with it. */
export const UTF8_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

/** A text starting with one of these is a formula (or starts one) to a spreadsheet. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * A text cell a spreadsheet will show as text: one that would start a formula gets a leading
 * single quote, the OWASP advice. Numbers are written as numbers and never guarded, so a negative
 * amount stays a number a spreadsheet can sum.
 */
export function guardedText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = guardedText(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its line end. */
export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + CSV_LINE_END;
}
