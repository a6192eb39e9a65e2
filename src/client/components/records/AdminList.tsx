import { ActionIcon, Alert, Button, Group, Paper, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Page } from '../../../shared/list.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { usePhoneLayout } from '../../lib/usePhoneLayout.js';
import { failureText } from './failureText.js';
import { CompanyFilter } from './CompanyFilter.js';
import { ExportCsvButton } from './ExportCsvButton.js';
import type { ExportList } from '../../../shared/exports.js';
import { pageView } from './useAdminList.js';
import { ListPager } from './ListPager.js';
import type { Column, ListControls } from './listTypes.js';
import { EmptyGuide } from './EmptyGuide.js';
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
  /** Under it, when nothing is listed because there is nothing yet: what belongs here, and the button that adds the first. */
  emptyHint?: string;
  emptyAction?: string;
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
  /** A line above the search (the list is narrowed to one row, say). */
  notice?: ReactNode;
};

/** Whether a `/` typed now is text for a field, or for a dialog over the list, rather than the list's shortcut. */
function slashIsTyping(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  return document.querySelector('[role="dialog"]') !== null;
}

/**
 * The one list every back-office screen uses: toolbar, search, company filter, sorted rows, paging.
 * From md up the rows are a table; below, cards with a sort select in the toolbar.
 */
export function AdminList<T>(props: AdminListProps<T>) {
  const { title, subtitle, list, query, columns, rowKey, emptyText = 'Nothing to show.', actions } = props;
  const loading = query.isFetching;
  const error = query.isError ? failureText(query.error) : null;
  const refresh = props.onRefresh ?? (() => void query.refetch());
  usePageTitle(title);
  const { rows, total, totalIsCapped, pageCount } = pageView(list, query.data);
  const phone = usePhoneLayout();
  const view: RowsView<T> = {
    columns,
    rows,
    rowKey,
    actions,
    state: query.data === undefined && !error ? 'loading' : total === 0 ? 'empty' : 'rows',
    emptyText,
    emptyGuide: <EmptyGuide list={list} hint={props.emptyHint} add={props.onAdd && props.emptyAction ? { label: props.emptyAction, onClick: props.onAdd } : undefined} />,
    busy: loading,
  };
  const { page, setPage } = list;
  const searchBox = useRef<HTMLInputElement>(null);

  // `/` goes to the search box, as on many sites, unless it is being typed into a field. The key is
  // read as typed, so a keyboard where / takes Shift (German: Shift+7) works too.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || slashIsTyping(event)) return;
      event.preventDefault();
      searchBox.current?.focus();
      searchBox.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

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
            <Button leftSection={<IconPlus size={18} />} onClick={props.onAdd}>
              {props.addLabel ?? 'Add'}
            </Button>
          )}
          <Tooltip label="Refresh List">
            <ActionIcon size="lg" variant="light" onClick={refresh} aria-label="Refresh List" loading={loading && query.data !== undefined}>
              <IconRefresh size={20} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      {props.notice}

      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          ref={searchBox}
          aria-keyshortcuts="/"
          placeholder="Press / to search"
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

      <ListPager list={list} total={total} totalIsCapped={totalIsCapped} pageCount={pageCount} />
    </Paper>
  );
}

export type { Column, ListControls };
