import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ListQuery, Page, SortDirection } from '../../../shared/list.js';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const ALL_COMPANIES = '';
/** Typing pauses this long before the server is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

export type { SortDirection };
export type Sort<Key extends string = string> = { key: Key; direction: SortDirection };

export type AdminListOptions<Key extends string, Filters extends object> = {
  defaultSort: Sort<Key>;
  /**
   * Screen-specific filters sent with the query (e.g. the companies switch); changing one goes back to page 1.
   */
  filters?: Filters;
  /**
   * The filters and the company filter live in the address too (?awaitingApproval=true,
   * ?company=<id>), so a link (the overview's cards, a company's page) opens the list filtered.
   */
  filtersInAddress?: boolean;
  /** Rows per page to start with (one of PAGE_SIZES); DEFAULT_PAGE_SIZE unless a screen shows several lists. */
  pageSize?: number;
};

type FilterValue = string | boolean;

/** The company filter as an address parameter: ?company=<id>, absent for all companies. */
const NO_COMPANY = { company: ALL_COMPANIES };

/** The filters as the address gives them: a default is replaced by the parameter of the same name. */
export function filtersFromSearch<Filters extends object>(defaults: Filters, search: string): Filters {
  const params = new URLSearchParams(search);
  const entries = Object.entries(defaults as Record<string, FilterValue>).map(([key, fallback]) => {
    const given = params.get(key);
    if (given === null) return [key, fallback];
    return [key, typeof fallback === 'boolean' ? given === 'true' : given];
  });
  return Object.fromEntries(entries) as Filters;
}

/** The address's query with the filters that differ from their defaults; other parameters stay. */
export function searchWithFilters<Filters extends object>(defaults: Filters, filters: Filters, search: string): string {
  const params = new URLSearchParams(search);
  for (const [key, fallback] of Object.entries(defaults as Record<string, FilterValue>)) {
    const value = (filters as Record<string, FilterValue>)[key];
    if (value === undefined || value === fallback) params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The filters a list call is sent: one left empty ('', a date range's open end) is left out, as the server reads no value. */
export function sentFilters<Filters extends object>(filters: Filters): Filters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as Filters;
}

/**
 * The state every admin list shares: search, company filter, sort and paging, all done by the
 * server. `query` is the list call's input; hand the page it answers to AdminList.
 */
export function useAdminList<Key extends string, Filters extends object = Record<never, never>>(options: AdminListOptions<Key, Filters>) {
  const [search, setSearchState] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const addressSearch = useSearch();
  const [location, navigate] = useLocation();
  const [companyId, setCompanyIdState] = useState(() =>
    options.filtersInAddress ? filtersFromSearch(NO_COMPANY, addressSearch).company : ALL_COMPANIES,
  );
  const [sort, setSort] = useState<Sort<Key>>(options.defaultSort);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState<number>(options.pageSize ?? DEFAULT_PAGE_SIZE);
  const defaultFilters = options.filters ?? ({} as Filters);
  const [filters, setFiltersState] = useState<Filters>(() =>
    options.filtersInAddress ? filtersFromSearch(defaultFilters, addressSearch) : defaultFilters,
  );
  const [searchedFor, setSearchedFor] = useState(debouncedSearch);
  const [filtersAddress, setFiltersAddress] = useState(addressSearch);

  // A link to the same screen with other filters (Search's hits) changes the address, not the screen.
  if (options.filtersInAddress && filtersAddress !== addressSearch) {
    setFiltersAddress(addressSearch);
    const fromAddress = filtersFromSearch(defaultFilters, addressSearch);
    if (searchWithFilters(defaultFilters, fromAddress, '') !== searchWithFilters(defaultFilters, filters, '')) {
      setFiltersState(fromAddress);
      setPage(1);
    }
  }

  // A new search text starts from the first page once the server is asked for it.
  if (searchedFor !== debouncedSearch) {
    setSearchedFor(debouncedSearch);
    setPage(1);
  }

  const query: ListQuery<Key> & Filters = {
    ...sentFilters(filters),
    page,
    perPage: pageSize,
    search: debouncedSearch,
    company: companyId,
    sort: sort.key,
    dir: sort.direction,
  };

  return {
    query,
    search,
    setSearch: setSearchState,
    companyId,
    setCompanyId: (value: string) => {
      setCompanyIdState(value);
      setPage(1);
      if (options.filtersInAddress) navigate(`${location}${searchWithFilters(NO_COMPANY, { company: value }, addressSearch)}`, { replace: true });
    },
    filters,
    setFilters: (next: Filters) => {
      setFiltersState(next);
      setPage(1);
      if (options.filtersInAddress) navigate(`${location}${searchWithFilters(defaultFilters, next, addressSearch)}`, { replace: true });
    },
    sort,
    toggleSort: (key: Key) => {
      setSort((current) => ({ key, direction: current.key === key && current.direction === 'asc' ? 'desc' : 'asc' }));
      setPage(1);
    },
    page,
    setPage,
    pageSize,
    /** Changing the page size goes back to the first page. */
    setPageSize: (size: number) => {
      setPageSizeState(size);
      setPage(1);
    },
  };
}

export type AdminListState<Key extends string = string> = ReturnType<typeof useAdminList<Key>>;

/** The page on screen: its rows, how many match (a lower bound when totalIsCapped), and how many pages they make. */
export function pageView<T>(list: { page: number; pageSize: number }, data: Page<T> | undefined) {
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / list.pageSize));
  return { rows: data?.items ?? [], total, totalIsCapped: data?.totalIsCapped ?? false, pageCount };
}
