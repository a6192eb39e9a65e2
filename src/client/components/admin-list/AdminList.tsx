import { ActionIcon, Alert, Center, Group, Loader, Pagination, Paper, Select, Table, Text, TextInput, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconPlus, IconRefresh, IconSearch, IconSelector } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import type { Page } from '../../../shared/list.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { adminErrorText } from './adminErrorText.js';
import { CompanyFilter } from './CompanyFilter.js';
import { ExportCsvButton } from './ExportCsvButton.js';
import type { ExportList } from '../../../shared/exports.js';
import { PAGE_SIZES, pageView, type Sort } from './useAdminList.js';
import classes from './AdminList.module.css';

export type Column<T> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Sortable when the list's sortValues has this key. */
  sortable?: boolean;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
};

/** What AdminList needs of useAdminList's state (methods, so any sort-key type fits). */
export type ListControls = {
  search: string;
  setSearch(value: string): void;
  companyId: string;
  setCompanyId(value: string): void;
  sort: Sort;
  toggleSort(key: string): void;
  page: number;
  setPage(page: number): void;
  pageSize: number;
  setPageSize(size: number): void;
  /** The list call's input: the Export CSV button sends its search, filters and sort. */
  query: object;
};

/** What AdminList reads of the list call's query. */
export type ListQueryState<T> = { data: Page<T> | undefined; isFetching: boolean; isError: boolean; error: unknown; refetch: () => unknown };

type AdminListProps<T> = {
  title: string;
  subtitle?: ReactNode;
  list: ListControls;
  /**
   * The list call: its page (the previous one stays on screen while the next loads), its loading
   * state, and its failure in an alert; Refresh asks it again, or does onRefresh where a screen reloads more.
   */
  query: ListQueryState<T>;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  /** Shown when there is nothing to list. */
  emptyText?: string;
  onAdd?: () => void;
  addLabel?: string;
  onRefresh?: () => void;
  /** Edit, delete and screen-specific action icons for a row. */
  actions?: (row: T) => ReactNode;
  /** Show the company filter (screens without one leave it out). */
  companyFilter?: boolean;
  companyFilterLabel?: string;
  searchLabel?: string;
  /** More toolbar icons (left of add/refresh) and more filters (right of the search). */
  toolbar?: ReactNode;
  filters?: ReactNode;
  /** The list's export: an Export CSV button downloads every row for the search, filters and sort on screen. */
  exportList?: ExportList;
};

/** The one list every back-office screen uses: toolbar, search, company filter, sorted table, paging. */
export function AdminList<T>(props: AdminListProps<T>) {
  const { title, subtitle, list, query, columns, rowKey, emptyText = 'Nothing to show.', actions } = props;
  const loading = query.isFetching;
  const error = query.isError ? adminErrorText(query.error) : null;
  const refresh = props.onRefresh ?? (() => void query.refetch());
  usePageTitle(title);
  const columnCount = columns.length + (actions ? 1 : 0);
  const { rows, total, pageCount } = pageView(list, query.data);
  const { page, setPage } = list;

  // After deletes (or another user's), the page asked for may be past the last one: show the last.
  useEffect(() => {
    if (query.data && page > pageCount) setPage(pageCount);
  }, [query.data, page, pageCount, setPage]);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </div>
        <Group gap="xs">
          {props.toolbar}
          {props.exportList && <ExportCsvButton list={props.exportList} query={list.query as Record<string, unknown>} />}
          {props.onAdd && (
            <Tooltip label={props.addLabel ?? 'Add'}>
              <ActionIcon size="lg" variant="filled" onClick={props.onAdd} aria-label={props.addLabel ?? 'Add'}>
                <IconPlus size={20} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label="Refresh List">
            <ActionIcon size="lg" variant="light" onClick={refresh} aria-label="Refresh List" loading={loading && query.data !== undefined}>
              <IconRefresh size={20} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={props.searchLabel ?? 'Search'}
          leftSection={<IconSearch size={16} />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        {props.companyFilter && (
          <CompanyFilter label={props.companyFilterLabel ?? 'Filter by Company'} value={list.companyId} onChange={list.setCompanyId} />
        )}
        {props.filters}
      </Group>

      {error && (
        <Alert color="red" title="Error" mb="md" role="alert">
          {error}
        </Alert>
      )}

      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="sm" className={classes.table} aria-busy={loading}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  w={column.width}
                  ta={column.align}
                  aria-sort={list.sort.key === column.key ? (list.sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sortable ? <SortButton list={list} column={column} /> : column.header}
                </Table.Th>
              ))}
              {actions && <Table.Th ta="right">Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data === undefined && !error ? (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  <Center py="lg">
                    <Loader size="sm" aria-label="Loading" />
                  </Center>
                </Table.Td>
              </Table.Tr>
            ) : total === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  <Text c="dimmed" ta="center" py="lg">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} ta={column.align}>
                      {column.render(row)}
                    </Table.Td>
                  ))}
                  {actions && (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {actions(row)}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Text size="sm" c="dimmed" component="label" htmlFor="rows-per-page">
            Rows per page
          </Text>
          <Select
            id="rows-per-page"
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
    </Paper>
  );
}

function SortButton<T>({ list, column }: { list: ListControls; column: Column<T> }) {
  const active = list.sort.key === column.key;
  const Icon = !active ? IconSelector : list.sort.direction === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <UnstyledButton onClick={() => list.toggleSort(column.key)} className={classes.sortButton}>
      <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : 'flex-start'}>
        <span>{column.header}</span>
        <Icon size={14} aria-hidden="true" />
      </Group>
    </UnstyledButton>
  );
}
