import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ListControls } from './listTypes.js';

/** The list call's fields that page, sort or read dates rather than narrow what is listed. */
const NOT_FILTERS = new Set(['page', 'perPage', 'sort', 'dir', 'timeZone']);

/** Whether the list is narrowed: a search, a company, a switch or a date range is set. */
export function isFiltered(list: ListControls): boolean {
  if (list.search.trim() || list.companyId) return true;
  return Object.entries(list.query).some(([field, value]) => !NOT_FILTERS.has(field) && value !== undefined && value !== '' && value !== false && value !== null);
}

/**
 * What an empty list offers: a narrowed one, to clear the search; one with nothing yet, what belongs
 * in it and a labelled button that adds the first.
 */
export function EmptyGuide({ list, hint, add }: { list: ListControls; hint?: string; add?: { label: string; onClick: () => void } }) {
  if (isFiltered(list)) {
    return (
      <>
        <Text size="sm" c="dimmed" ta="center">
          Nothing matches the search and filters.
        </Text>
        {list.search.trim() && (
          <Button variant="default" size="xs" onClick={() => list.setSearch('')}>
            Clear the search
          </Button>
        )}
      </>
    );
  }
  return (
    <>
      {hint && (
        <Text size="sm" ta="center" maw={520}>
          {hint}
        </Text>
      )}
      {add && (
        <Button variant="light" size="sm" leftSection={<IconPlus size={16} />} onClick={add.onClick}>
          {add.label}
        </Button>
      )}
    </>
  );
}
