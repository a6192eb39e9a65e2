import { ActionIcon, Alert, Group, Pagination, Paper, Select, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import type { Page } from '../../../shared/list.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { usePhoneLayout } from '../../lib/usePhoneLayout.js';
import { adminErrorText } from './adminErrorText.js';
import { CompanyFilter } from './CompanyFilter.js';
import { ExportCsvButton } from './ExportCsvButton.js';
import type { ExportList } from '../../../shared/exports.js';
import { PAGE_SIZES, pageView } from './useAdminList.js';
import type { Column, ListControls } from './listTypes.js';
import { ListCards, ListTable, type RowsView } from './ListRows.js';
import { SortSelect } from './SortSelect.js';

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


/**
 * The one list every back-office screen uses: toolbar, search, company filter, sorted rows, paging.
 * From md up the rows are a table; below, cards with a sort select in the toolbar.
 */
export function AdminList<T>(props: AdminListProps<T>) {
  const { title, subtitle, list, query, columns, rowKey, emptyText = 'Nothing to show.', actions } = props;
  const loading = query.isFetching;
  const error = query.isError ? adminErrorText(query.error) : null;
  const refresh = props.onRefresh ?? (() => void query.refetch());
  usePageTitle(title);
  const { rows, total, pageCount } = pageView(list, query.data);
  const phone = usePhoneLayout();
  const view: RowsView<T> = {
    columns,
    rows,
    rowKey,
    actions,
    state: query.data === undefined && !error ? 'loading' : total === 0 ? 'empty' : 'rows',
    emptyText,
    busy: loading,
  };
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
        {phone && <SortSelect list={list} columns={columns} />}
      </Group>

      {error && (
        <Alert color="red" title="Error" mb="md" role="alert">
          {error}
        </Alert>
      )}

      {phone ? <ListCards view={view} label={title} /> : <ListTable view={view} list={list} />}

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

export type { Column, ListControls };
