import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useId } from 'react';
import { PICKER_TEXT, calendarPickerProps } from '../../../components/calendarPicker.js';

type PackageDateInputProps = { label: string; value: string | null; onChange: (value: string | null) => void; error?: string };

/** Start Date / End Date of a package: a calendar picker giving 'YYYY-MM-DD'. */
export function PackageDateInput({ label, value, onChange, error }: PackageDateInputProps) {
  const id = useId();
  return (
    <DatePickerInput
      {...calendarPickerProps(id)}
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      valueFormat={PICKER_TEXT.date}
      clearable
      leftSection={<IconCalendar size={18} aria-hidden="true" />}
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
    />
  );
}
