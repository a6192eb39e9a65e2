import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import type { Page } from '../../../../shared/list.js';
import { WEEKS_PER_PAGE } from '../../../../shared/timelogs.js';
import type { WeekSummary } from '../../../../shared/weekly.js';
import { ALL_COMPANIES } from '../../../components/records/index.js';
import { trpc } from '../../../trpc.js';

type WeekPages = InfiniteData<Page<WeekSummary>>;

const keyOf = (company: string) => getQueryKey(trpc.superadmin.timelogs.byDate, { company }, 'infinite');

/** The weeks of all pages loaded, newest first; a week that moved to a later page while loading shows once. */
function loadedWeeks(data: WeekPages | undefined): WeekSummary[] | undefined {
  if (!data) return undefined;
  const byStart = new Map<string, WeekSummary>();
  for (const week of data.pages.flatMap((page) => page.items)) if (!byStart.has(week.weekStart)) byStart.set(week.weekStart, week);
  return [...byStart.values()];
}

/** What the summary cards cover: 'Newest 12 of 40 weeks', 'All 40 weeks'; nothing without weeks. */
export function loadedRangeText(loaded: number, total: number): string {
  if (total === 0) return '';
  if (loaded < total) return `Newest ${loaded} of ${total} weeks`;
  return total === 1 ? 'The only week with logs' : `All ${total} weeks`;
}

/**
 * The weekly screen's weeks of one company or of all, newest first, WEEKS_PER_PAGE at a time:
 * loadEarlier appends the next page; a company change or a refresh starts again from the newest
 * page, keeping the weeks shown until the new ones arrive.
 */
export function useWeekPages() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const [company, setCompany] = useState(ALL_COMPANIES);
  const query = useInfiniteQuery({
    queryKey: keyOf(company),
    queryFn: ({ pageParam }) => utils.client.superadmin.timelogs.byDate.query({ company, page: pageParam, perPage: WEEKS_PER_PAGE }),
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) => (pages.length * WEEKS_PER_PAGE < last.total ? lastPage + 1 : undefined),
    staleTime: 0,
  });

  /** Forgets the earlier pages of a company's weeks, so loading them again asks for the newest page alone. */
  const keepNewestPage = (of: string) =>
    queryClient.setQueryData<WeekPages>(keyOf(of), (data) => data && { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) });

  const weeks = loadedWeeks(query.data);
  return {
    company,
    chooseCompany: (next: string) => {
      keepNewestPage(next);
      setCompany(next);
    },
    weeks,
    total: query.data?.pages.at(-1)?.total ?? 0,
    hasEarlier: query.hasNextPage,
    loadEarlier: () => void query.fetchNextPage(),
    loadingEarlier: query.isFetchingNextPage,
    reload: () => {
      keepNewestPage(company);
      void query.refetch();
    },
    reloading: query.isFetching && !query.isFetchingNextPage && weeks !== undefined,
    loading: query.isFetching && weeks === undefined,
    error: query.error,
  };
}
