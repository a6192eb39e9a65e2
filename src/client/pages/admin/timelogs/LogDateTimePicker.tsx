import '@mantine/dates/styles.css';
import { DateTimePicker } from '@mantine/dates';
import { IconCalendarClock } from '@tabler/icons-react';
import { useId } from 'react';
import { PICKER_TEXT, calendarPickerProps } from '../../../components/calendarPicker.js';

type LogDateTimePickerProps = { value: string | null; onChange: (value: string | null) => void };

/**
 * 'Date and Time' of a time log or payment: a calendar with a 12-hour time field, the time controls
 * named for screen readers too (Mantine leaves the AM/PM field and the apply button unnamed).
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
      timePickerProps={{ format: '12h', hoursInputLabel: 'Hour', minutesInputLabel: 'Minute', amPmInputLabel: 'AM or PM' }}
      submitButtonProps={{ 'aria-label': 'Apply date and time' }}
    />
  );
}
