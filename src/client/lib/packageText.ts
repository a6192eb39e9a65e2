import { dateText } from '../../shared/dates.js';

/** Package dates are calendar days (stored as midnight UTC): shown and edited as their UTC day. */
export function packageDay(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

/** A package date as every date reads (Mar 2, 2026), or '' when absent. */
export function formatPackageDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateText(date, 'UTC');
}
