import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../../../server/router.js';
import type { Page } from '../../../shared/list.js';
import type { TaskDto } from '../../../shared/tasks.js';
import { listCache } from './listCache.js';

type Row = Pick<TaskDto, '_id' | 'title'>;
const row = (n: number): Row => ({ _id: `t${n}`, title: `Task ${n}` });
const rowsFrom = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, index) => row(first + index));

const query = (page: number, search = 'Harbor') => ({ page, perPage: 2, search, company: '', sort: 'priority' as const, dir: 'asc' as const });

/**
 * The list call's cache as the screens hold it (tRPC's utils on a real QueryClient), with a link
 * that counts what would reach the server and answers nothing.
 */
function cachedTaskList() {
  const asked: string[] = [];
  const countingLink: TRPCLink<AppRouter> = () => ({ op }) =>
    observable((observer) => {
      asked.push(op.path);
      observer.error(TRPCClientError.from(new Error('not in this test')));
    });
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  const utils = createTRPCQueryUtils<AppRouter>({ queryClient, client: createTRPCClient<AppRouter>({ links: [countingLink] }) });
  const list = utils.superadmin.tasks.listOpen;
  const seed = (input: ReturnType<typeof query>, page: Page<Row>) => list.setData(input, page as Page<TaskDto>);
  // tRPC's key for one input of the call: [path, { input, type }]
  const stateOf = (input: ReturnType<typeof query>) => queryClient.getQueryCache().find({ queryKey: [['superadmin', 'tasks', 'listOpen'], { input }], exact: false })?.state;
  return { list, asked, seed, stateOf, pageOf: (input: ReturnType<typeof query>) => list.getData(input) as Page<Row> | undefined };
}

describe('listCache: a change made on an admin list', () => {
  it('keeps a capped total marked as a lower bound when a row comes or goes', () => {
    const cache = cachedTaskList();
    cache.seed(query(1), { items: rowsFrom(1, 2), total: 10_000, totalIsCapped: true });
    listCache(cache.list, query(1)).remove('t1');
    expect(cache.pageOf(query(1))).toEqual({ items: [row(2)], total: 9_999, totalIsCapped: true });
    listCache(cache.list, query(1)).save(row(7) as TaskDto);
    expect(cache.pageOf(query(1))).toMatchObject({ total: 10_000, totalIsCapped: true });
  });

  it('removes the row from the page on screen and counts one fewer', () => {
    const cache = cachedTaskList();
    cache.seed(query(1), { items: rowsFrom(1, 2), total: 3 });
    listCache(cache.list, query(1)).remove('t1');
    expect(cache.pageOf(query(1))).toEqual({ items: [row(2)], total: 2 });
  });

  it("marks the list's other pages and searches stale, so they are asked again when shown, without asking now", () => {
    const cache = cachedTaskList();
    cache.seed(query(1), { items: rowsFrom(1, 2), total: 3 });
    cache.seed(query(2), { items: [row(3)], total: 3 });
    cache.seed(query(1, ''), { items: rowsFrom(1, 2), total: 9 });
    listCache(cache.list, query(1)).remove('t1');
    // page 2's row has moved up to page 1 on the server: the cached page 2 must not be trusted
    expect(cache.stateOf(query(2))?.isInvalidated).toBe(true);
    expect(cache.stateOf(query(1, ''))?.isInvalidated).toBe(true);
    expect(cache.asked).toEqual([]);
  });

  it('marks the page on screen stale too, after changing it in place, so coming back to it asks the server', () => {
    const cache = cachedTaskList();
    cache.seed(query(2), { items: [row(3)], total: 3 });
    listCache(cache.list, query(2)).remove('t3');
    expect(cache.pageOf(query(2))).toEqual({ items: [], total: 2 });
    expect(cache.stateOf(query(2))?.isInvalidated).toBe(true);
  });

  it('replaces a saved row where it is, and adds a new one at the chosen end with one more counted', () => {
    const cache = cachedTaskList();
    cache.seed(query(1), { items: rowsFrom(1, 2), total: 2 });
    const page = listCache(cache.list, query(1), 'end');
    page.save({ ...row(1), title: 'Renamed' } as TaskDto);
    page.save(row(7) as TaskDto);
    expect(cache.pageOf(query(1))).toEqual({ items: [{ ...row(1), title: 'Renamed' }, row(2), row(7)], total: 3 });
    page.save(row(2) as TaskDto, false);
    expect(cache.pageOf(query(1))).toEqual({ items: [{ ...row(1), title: 'Renamed' }, row(7)], total: 2 });
  });

  it('leaves a page that was never loaded unloaded', () => {
    const cache = cachedTaskList();
    listCache(cache.list, query(1)).remove('t1');
    expect(cache.pageOf(query(1))).toBeUndefined();
    expect(cache.asked).toEqual([]);
  });
});
