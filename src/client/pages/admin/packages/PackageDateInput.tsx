import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useId } from 'react';

/** Darker than Mantine's defaults so the calendar's small text keeps 4.5:1 contrast. */
const calendarStyles = {
  weekday: { color: 'var(--mantine-color-gray-7)' },
  calendarHeaderControl: { color: 'var(--mantine-color-gray-8)' },
};

type PackageDateInputProps = { label: string; value: string | null; onChange: (value: string | null) => void };

/** Start Date / End Date of a package: a calendar picker giving 'YYYY-MM-DD'. */
export function PackageDateInput({ label, value, onChange }: PackageDateInputProps) {
  const id = useId();
  return (
    <DatePickerInput
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      valueFormat="MM/DD/YYYY"
      clearable
      leftSection={<IconCalendar size={18} aria-hidden="true" />}
      previousLabel="Previous month"
      nextLabel="Next month"
      ariaLabels={{ monthLevelControl: 'Choose a month', yearLevelControl: 'Choose a year', previousYear: 'Previous year', nextYear: 'Next year', previousDecade: 'Previous decade', nextDecade: 'Next decade' }}
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      weekendDays={[]}
      hideOutsideDates
      styles={calendarStyles}
      popoverProps={{ id, withinPortal: true }}
    />
  );
}
