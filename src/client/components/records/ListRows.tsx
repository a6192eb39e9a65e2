import { Center, Group, Loader, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Column, ListControls } from './listTypes.js';
import { RowActionLookContext } from './RowAction.js';
import classes from './AdminList.module.css';

/** The page's rows and what to show instead of them (loading, nothing found). */
export type RowsView<T> = {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  actions?: (row: T) => ReactNode;
  /** 'loading' before the first page arrives, 'empty' when nothing matches. */
  state: 'loading' | 'empty' | 'rows';
  emptyText: string;
  /** Under the empty text: what belongs in the list and the button that adds it, or how to widen a search. */
  emptyGuide?: ReactNode;
  busy: boolean;
};

/** Wide screens: a table whose sortable headers sort the list. */
export function ListTable<T>({ view, list }: { view: RowsView<T>; list: ListControls }) {
  const { columns, actions } = view;
  const columnCount = columns.length + (actions ? 1 : 0);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" className={classes.table} aria-busy={view.busy}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} w={column.width} ta={column.align} aria-sort={ariaSort(list, column.key)}>
                {column.sortable ? <SortButton list={list} column={column} /> : column.header}
              </Table.Th>
            ))}
            {actions && <Table.Th ta="right">Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {view.state !== 'rows' ? (
            // marked so that a script counting rows can tell "loading" or "none found" from a row
            <Table.Tr data-no-rows>
              <Table.Td colSpan={columnCount}>
                <NoRows view={view} />
              </Table.Td>
            </Table.Tr>
          ) : (
            view.rows.map((row) => (
              <Table.Tr key={view.rowKey(row)}>
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
  );
}

/**
 * Phones: one card per row, every column a label and its value, the row's actions as labelled
 * buttons at the card's foot, so nothing needs a sideways scroll.
 */
export function ListCards<T>({ view, label }: { view: RowsView<T>; label: string }) {
  if (view.state !== 'rows') return <NoRows view={view} />;
  return (
    <Stack component="ul" gap="sm" className={classes.cards} aria-label={label} aria-busy={view.busy}>
      {view.rows.map((row) => (
        <Paper component="li" key={view.rowKey(row)} withBorder radius="md" p="sm" data-testid="list-card">
          <dl className={classes.fields}>
            {view.columns.map((column) => (
              <div key={column.key} className={classes.field}>
                <dt>{column.header}</dt>
                <dd>{column.render(row)}</dd>
              </div>
            ))}
          </dl>
          {view.actions && (
            <Group gap="xs" mt="sm" wrap="wrap" data-part="card-actions">
              <RowActionLookContext.Provider value="button">{view.actions(row)}</RowActionLookContext.Provider>
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

function NoRows<T>({ view }: { view: RowsView<T> }) {
  if (view.state === 'loading') {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  return (
    <Stack align="center" gap="xs" py="lg">
      <Text c="dimmed" ta="center">
        {view.emptyText}
      </Text>
      {view.emptyGuide}
    </Stack>
  );
}

function ariaSort(list: ListControls, key: string) {
  if (list.sort.key !== key) return undefined;
  return list.sort.direction === 'asc' ? 'ascending' : 'descending';
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
