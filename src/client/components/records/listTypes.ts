import type { ReactNode } from 'react';
import type { Sort } from './useAdminList.js';

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
