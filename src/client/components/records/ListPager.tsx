import { Group, Pagination, Select, Text } from '@mantine/core';
import { useId } from 'react';
import { totalText } from '../../../shared/list.js';
import type { ListControls } from './listTypes.js';
import { PAGE_SIZES } from './useAdminList.js';

const rowNumber = (n: number) => n.toLocaleString('en-US');

type PagerProps = { list: ListControls; total: number; totalIsCapped: boolean; pageCount: number };

/**
 * A list's foot: rows per page, which rows show of how many, and the pages. A total the server
 * stopped counting at its cap reads "of 10,000+", and the pages go as far as it counted.
 */
export function ListPager({ list, total, totalIsCapped, pageCount }: PagerProps) {
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
          {total === 0 ? '0 of 0' : `${rowNumber((list.page - 1) * list.pageSize + 1)}–${rowNumber(Math.min(list.page * list.pageSize, total))} of ${totalText({ total, totalIsCapped })}`}
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
