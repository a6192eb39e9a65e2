/** Plain-text tables and the number formats of the bench's report. */

export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  // the first column is text, the rest mostly numbers
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ').trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

export const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '-' : value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US');

export const count = (value: number | undefined) => (value === undefined ? '-' : Math.round(value).toLocaleString('en-US'));

/** Requests per second: a slow call's fraction still shows. */
export const rate = (value: number) => (value < 10 ? value.toFixed(value < 1 ? 2 : 1) : count(value));

export function bytes(value: number | undefined): string {
  if (value === undefined) return '-';
  if (value < 1_000) return `${value} B`;
  if (value < 1_000_000) return `${(value / 1_000).toFixed(1)} kB`;
  return `${(value / 1_000_000).toFixed(1)} MB`;
}

export const mb = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '-' : `${Math.round(value)} MB`);

export const seconds = (millis: number) => `${(millis / 1000).toFixed(1)} s`;

/** Counts the targets met and missed, and labels each figure. */
export class Scoreboard {
  passed = 0;
  failed = 0;

  mark(met: boolean): string {
    if (met) this.passed += 1;
    else this.failed += 1;
    return met ? 'PASS' : 'FAIL';
  }
}
