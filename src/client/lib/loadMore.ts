import type { Page } from '../../shared/list.js';

/** Rows a customer page shows at first and adds with each "Load more". */
export const LOAD_MORE_PAGE_SIZE = 25;

type PageQuery<T> = { data?: Page<T>; isPending: boolean; isFetching: boolean; error: unknown };

/** The pages loaded so far, one list: their rows in order, whether more remain, and the first error. */
export function combinePages<T>(queries: PageQuery<T>[]) {
  const items = queries.flatMap((query) => query.data?.items ?? []);
  const last = queries.at(-1)?.data ?? queries[0]?.data;
  const total = last?.total ?? 0;
  return {
    items,
    total,
    totalIsCapped: last?.totalIsCapped ?? false,
    isPending: queries[0]?.isPending ?? true,
    isLoadingMore: queries.length > 1 && queries.some((query) => query.isFetching),
    hasMore: items.length < total,
    error: queries.find((query) => query.error)?.error ?? null,
  };
}
