import '@mantine/dates/styles.css';
import { DateTimePicker } from '@mantine/dates';
import { IconCalendarClock } from '@tabler/icons-react';
import { useId } from 'react';
import { PICKER_DATE_TIME_FORMAT } from './timeLogText.js';

/** The picker's own value format, in the browser's local time. */
export const PICKER_VALUE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Darker than Mantine's defaults so the calendar's small text keeps 4.5:1 contrast. */
const calendarStyles = {
  weekday: { color: 'var(--mantine-color-gray-7)' },
  calendarHeaderControl: { color: 'var(--mantine-color-gray-8)' },
};

type LogDateTimePickerProps = { value: string | null; onChange: (value: string | null) => void };

/**
 * 'Date and Time' of a time log: a calendar with a 12-hour time field, every control named for
 * screen readers (Mantine leaves the arrows, the AM/PM field and the apply button unnamed).
 */
export function LogDateTimePicker({ value, onChange }: LogDateTimePickerProps) {
  // The dropdown is labelled by its target; Mantine gives the two different ids unless told.
  const id = useId();
  return (
    <DateTimePicker
      id={id}
      label="Date and Time"
      value={value}
      onChange={onChange}
      valueFormat={PICKER_DATE_TIME_FORMAT}
      leftSection={<IconCalendarClock size={18} aria-hidden="true" />}
      previousLabel="Previous month"
      nextLabel="Next month"
      ariaLabels={{ monthLevelControl: 'Choose a month', yearLevelControl: 'Choose a year', previousYear: 'Previous year', nextYear: 'Next year', previousDecade: 'Previous decade', nextDecade: 'Next decade' }}
      weekendDays={[]}
      hideOutsideDates
      styles={calendarStyles}
      timePickerProps={{ format: '12h', hoursInputLabel: 'Hour', minutesInputLabel: 'Minute', amPmInputLabel: 'AM or PM' }}
      submitButtonProps={{ 'aria-label': 'Apply date and time' }}
      popoverProps={{ id, withinPortal: true }}
    />
  );
}
