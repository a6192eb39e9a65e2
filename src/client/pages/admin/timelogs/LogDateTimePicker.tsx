import '@mantine/dates/styles.css';
import { DateTimePicker } from '@mantine/dates';
import { IconCalendarClock } from '@tabler/icons-react';
import { useId } from 'react';
import { PICKER_TEXT, calendarPickerProps } from '../../../components/calendarPicker.js';

type LogDateTimePickerProps = { value: string | null; onChange: (value: string | null) => void };

/**
 * 'Date and Time' of a time log or payment: a calendar with a 24-hour time field, so typing 10 means
 * 10 in the morning (a 12-hour field kept the AM or PM it held, and 10 could silently become 10 PM).
 * The chosen value still reads with AM or PM, as the lists show it. The time controls are named
 * for screen readers too (Mantine leaves the apply button unnamed).
 */
export function LogDateTimePicker({ value, onChange }: LogDateTimePickerProps) {
  const id = useId();
  return (
    <DateTimePicker
      {...calendarPickerProps(id)}
      label="Date and Time"
      value={value}
      onChange={onChange}
      valueFormat={PICKER_TEXT.dateTime}
      leftSection={<IconCalendarClock size={18} aria-hidden="true" />}
      timePickerProps={{ format: '24h', hoursInputLabel: 'Hour (0–23)', minutesInputLabel: 'Minute' }}
      submitButtonProps={{ 'aria-label': 'Apply date and time' }}
    />
  );
}
