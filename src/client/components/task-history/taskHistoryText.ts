import { dateTimeText } from '../../../shared/dates.js';

/** A history entry's date, e.g. 'Mar 3, 2026, 2:05 PM' in the browser's time zone. */
export function formatTaskDateTime(iso: string): string {
  return dateTimeText(iso);
}

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  priority: 'Priority',
  done: 'Done',
  deleted: 'Deleted',
};

/** The changed field as people read it: 'priority' -> 'Priority'. */
export function fieldLabel(changedField: string): string {
  return FIELD_LABELS[changedField] ?? changedField;
}

/** An old or new value; a missing or empty one shows as a dash. */
export function historyValue(value: string | null): string {
  return value === null || value === '' ? '—' : value;
}
