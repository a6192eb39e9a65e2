import { Alert, Anchor, Group, Paper, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { ListQueryState } from './AdminList.js';
import { failureText } from './failureText.js';
import { ListPager } from './ListPager.js';
import { ListCards, ListTable, type RowsView } from './ListRows.js';
import type { Column, ListControls } from './listTypes.js';
import { pageView } from './useAdminList.js';
import { usePhoneLayout } from '../../lib/usePhoneLayout.js';
import { totalText } from '../../../shared/list.js';

type SectionListProps<T> = {
  /** The section's heading (a second-level heading: the page has its own title). */
  title: string;
  /** The full back-office list, already filtered to what this section shows (none where the section is the whole list). */
  seeAll?: { href: string; label: string };
  list: ListControls;
  query: ListQueryState<T>;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  emptyText: string;
};

/**
 * One list among several on a page (a company's page): a heading, a link to the whole list, and the
 * same sorted, paged rows as a back-office list (a table from md up, cards below), without the
 * list's own search and toolbar.
 */
export function SectionList<T>({ title, seeAll, list, query, columns, rowKey, emptyText }: SectionListProps<T>) {
  const { rows, total, totalIsCapped, pageCount } = pageView(list, query.data);
  const phone = usePhoneLayout();
  const error = query.isError ? failureText(query.error) : null;
  const view: RowsView<T> = {
    columns,
    rows,
    rowKey,
    state: query.data === undefined && !error ? 'loading' : total === 0 ? 'empty' : 'rows',
    emptyText,
    busy: query.isFetching,
  };
  const { page, setPage } = list;
  useEffect(() => {
    if (query.data && page > pageCount) setPage(pageCount);
  }, [query.data, page, pageCount, setPage]);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={title}>
      <Group justify="space-between" align="baseline" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz={{ base: 20, sm: 22 }}>
          {title} {query.data ? `(${totalText({ total, totalIsCapped })})` : ''}
        </Title>
        {seeAll && (
          <Anchor component={Link} href={seeAll.href} size="sm" fw={500}>
            <Group gap={4} wrap="nowrap" component="span">
              {seeAll.label}
              <IconArrowRight size={14} aria-hidden="true" />
            </Group>
          </Anchor>
        )}
      </Group>
      {error && (
        <Alert color="red" title="Error" mb="md" role="alert">
          {error}
        </Alert>
      )}
      {phone ? <ListCards view={view} label={title} /> : <ListTable view={view} list={list} />}
      {total > 0 && <ListPager list={list} total={total} totalIsCapped={totalIsCapped} pageCount={pageCount} />}
    </Paper>
  );
}
