import { useMemo, useState } from 'react';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const ALL_COMPANIES = '';

export type SortDirection = 'asc' | 'desc';
export type SortValue = string | number | null | undefined;

export type AdminListOptions<T> = {
  rows: T[] | undefined;
  /** The texts the Search box matches, case-insensitively (SPEC.md gives them per screen). */
  searchText: (row: T) => (string | null | undefined)[];
  /** The row's company id, for the company filter; leave out on screens without one. */
  companyOf?: (row: T) => string | null | undefined;
  /** Sort keys (column keys) and how to read them. */
  sortValues: Record<string, (row: T) => SortValue>;
  defaultSort: { key: string; direction: SortDirection };
  /** Extra screen-specific filtering (e.g. the companies switch). */
  filter?: (row: T) => boolean;
};

function compare(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return 1;
  if (b === null || b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

/** The state every admin list shares: search, company filter, sorting and paging. */
export function useAdminList<T>(options: AdminListOptions<T>) {
  const { rows, searchText, companyOf, sortValues, defaultSort, filter } = options;
  const [search, setSearchState] = useState('');
  const [companyId, setCompanyIdState] = useState(ALL_COMPANIES);
  const [sort, setSort] = useState(defaultSort);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState<number>(DEFAULT_PAGE_SIZE);

  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (rows ?? []).filter(
      (row) =>
        (!filter || filter(row)) &&
        (companyId === ALL_COMPANIES || !companyOf || companyOf(row) === companyId) &&
        (!needle || searchText(row).some((text) => text?.toLowerCase().includes(needle))),
    );
  }, [rows, search, companyId, filter, companyOf, searchText]);

  const sorted = useMemo(() => {
    const read = sortValues[sort.key];
    if (!read) return filtered;
    const sign = sort.direction === 'asc' ? 1 : -1;
    return [...filtered].sort((a, b) => sign * compare(read(a), read(b)));
  }, [filtered, sort, sortValues]);

  const pageCount = Math.max(1, Math.ceil(sorted.length / pageSize));
  const currentPage = Math.min(page, pageCount);
  const visible = sorted.slice((currentPage - 1) * pageSize, currentPage * pageSize);

  return {
    search,
    setSearch: (value: string) => {
      setSearchState(value);
      setPage(1);
    },
    companyId,
    setCompanyId: (value: string) => {
      setCompanyIdState(value);
      setPage(1);
    },
    sort,
    toggleSort: (key: string) =>
      setSort((current) => ({ key, direction: current.key === key && current.direction === 'asc' ? 'desc' : 'asc' })),
    page: currentPage,
    setPage,
    pageCount,
    pageSize,
    /** SPEC.md §2: changing the page size goes back to the first page. */
    setPageSize: (size: number) => {
      setPageSizeState(size);
      setPage(1);
    },
    /** Every row that passes the filters, in order (the scheduler starts from these). */
    filtered: sorted,
    visible,
    total: sorted.length,
  };
}

export type AdminListState<T> = ReturnType<typeof useAdminList<T>>;
