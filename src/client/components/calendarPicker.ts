import dayjs from 'dayjs';
import type { DateStyle } from '../../shared/dates.js';

/**
 * The dayjs patterns Mantine's pickers show a chosen date in, each the twin of the text the lists
 * show for the same style (src/shared/dates.ts), so a picked value reads as its row will.
 */
export const PICKER_TEXT = {
  date: 'MMM D, YYYY',
  dateTime: 'MMM D, YYYY, h:mm A',
} as const satisfies Partial<Record<DateStyle, string>>;

/** The value a picker holds, in the browser's local time. */
export const PICKER_VALUE = { date: 'YYYY-MM-DD', dateTime: 'YYYY-MM-DD HH:mm:ss' } as const;

/** A picker's starting value: the record's own date, or now for a new record. */
export function pickerValueOf(iso: string | null | undefined, kind: keyof typeof PICKER_VALUE): string {
  return dayjs(iso ?? new Date()).format(PICKER_VALUE[kind]);
}

/** The instant a picked local date-time stands for, as ISO text; null when nothing is picked. */
export function isoOfPicked(value: string | null): string | null {
  return value ? dayjs(value).toISOString() : null;
}

/** Darker than Mantine's defaults so the calendar's small text keeps 4.5:1 contrast. */
const calendarStyles = {
  weekday: { color: 'var(--mantine-color-gray-7)' },
  calendarHeaderControl: { color: 'var(--mantine-color-gray-8)' },
};

/**
 * What every calendar picker of the back office shares: each control named for screen readers
 * (Mantine leaves the arrows and level controls unnamed), every day alike (no weekend colour),
 * only the month's own days, readable contrast, and a dropdown labelled by its field (`id`, which
 * Mantine would otherwise give the two different values).
 */
export function calendarPickerProps(id: string) {
  return {
    id,
    previousLabel: 'Previous month',
    nextLabel: 'Next month',
    ariaLabels: { monthLevelControl: 'Choose a month', yearLevelControl: 'Choose a year', previousYear: 'Previous year', nextYear: 'Next year', previousDecade: 'Previous decade', nextDecade: 'Next decade' },
    weekendDays: [],
    hideOutsideDates: true,
    styles: calendarStyles,
    popoverProps: { id, withinPortal: true },
  };
}
