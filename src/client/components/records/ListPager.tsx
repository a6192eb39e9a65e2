import { Group, Pagination, Select, Text } from '@mantine/core';
import { useId } from 'react';
import type { ListControls } from './listTypes.js';
import { PAGE_SIZES } from './useAdminList.js';

/** A list's foot: rows per page, which rows show of how many, and the pages. */
export function ListPager({ list, total, pageCount }: { list: ListControls; total: number; pageCount: number }) {
  // several lists share a page (a company's page): each selector needs its own id
  const sizeId = useId();
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed" component="label" htmlFor={sizeId}>
          Rows per page
        </Text>
        <Select
          id={sizeId}
          data={PAGE_SIZES.map(String)}
          value={String(list.pageSize)}
          onChange={(value) => value && list.setPageSize(Number(value))}
          allowDeselect={false}
          w={90}
          size="xs"
        />
        <Text size="sm" c="dimmed">
          {total === 0 ? '0 of 0' : `${(list.page - 1) * list.pageSize + 1}–${Math.min(list.page * list.pageSize, total)} of ${total}`}
        </Text>
      </Group>
      <Pagination
        total={pageCount}
        value={list.page}
        onChange={list.setPage}
        size="sm"
        getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
        getControlProps={(control) => ({ 'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page` })}
      />
    </Group>
  );
}
