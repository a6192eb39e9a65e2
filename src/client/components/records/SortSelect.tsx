import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { Column, ListControls } from './listTypes.js';

/** Where the table's headers are hidden (phones): the sortable columns in a select, and the direction beside it. */
export function SortSelect<T>({ list, columns }: { list: ListControls; columns: Column<T>[] }) {
  const options = columns.filter((column) => column.sortable).map((column) => ({ value: column.key, label: column.header }));
  if (options.length === 0) return null;
  const ascending = list.sort.direction === 'asc';
  const directionLabel = ascending ? 'Sorted ascending' : 'Sorted descending';
  const Icon = ascending ? IconSortAscending : IconSortDescending;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" w="100%">
      <Select
        label="Sort by"
        data={options}
        value={options.some((option) => option.value === list.sort.key) ? list.sort.key : null}
        onChange={(key) => key && key !== list.sort.key && list.toggleSort(key)}
        allowDeselect={false}
        // a list whose first order is no column (e.g. newest first) says so until a column is chosen
        placeholder="Default order"
        style={{ flex: 1 }}
      />
      <Tooltip label={`${directionLabel}; press to reverse`}>
        <ActionIcon size={36} variant="default" onClick={() => list.toggleSort(list.sort.key)} aria-label={`${directionLabel}, reverse the order`}>
          <Icon size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
