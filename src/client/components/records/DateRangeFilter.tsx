import { Group, TextInput } from '@mantine/core';
import { DATE_RANGE_FROM_AFTER_TO, isDateRangeInOrder } from '../../../shared/date-range.js';

export type DateRangeValue = { from: string; to: string };

/**
 * A list's From and To days (both included, the provider's days; docs/product-rules.md, Date
 * ranges), as the browser's own date fields, which phones show as their date pickers. An empty
 * field leaves that end open.
 */
export function DateRangeFilter({ value, onChange, what }: { value: DateRangeValue; onChange: (range: DateRangeValue) => void; what: string }) {
  const outOfOrder = !isDateRangeInOrder(value);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" role="group" aria-label={`${what} dated`}>
      <TextInput
        type="date"
        label="From"
        value={value.from}
        max={value.to || undefined}
        onChange={(event) => onChange({ ...value, from: event.currentTarget.value })}
        error={outOfOrder ? DATE_RANGE_FROM_AFTER_TO : undefined}
        w={{ base: '50%', sm: 160 }}
      />
      <TextInput
        type="date"
        label="To"
        value={value.to}
        min={value.from || undefined}
        onChange={(event) => onChange({ ...value, to: event.currentTarget.value })}
        w={{ base: '50%', sm: 160 }}
      />
    </Group>
  );
}
