import type { Page } from '../../../shared/list.js';

type Row = { _id: string };
/** A list call's cache as tRPC's utils give it (utils.superadmin.tasks.listOpen). */
type CachedList<Input, T> = {
  setData: (input: Input, updater: (page: Page<T> | undefined) => Page<T> | undefined) => unknown;
  invalidate: (input: undefined, filters: { refetchType: 'none' }) => unknown;
};

/** A saved row replaces its old self, or joins the page at the start or the end. */
function withSaved<T extends Row>(rows: T[], saved: T, addAt: 'start' | 'end' = 'start'): T[] {
  if (rows.some((row) => row._id === saved._id)) return rows.map((row) => (row._id === saved._id ? saved : row));
  return addAt === 'start' ? [saved, ...rows] : [...rows, saved];
}

/** Whether a row belongs under the list's company filter ('' is every company). */
export const inCompanyFilter = (companyId: string, row: { company: string }) => companyId === '' || row.company === companyId;

/**
 * Admin lists update the page on screen after a change and ask the server again only on refresh
 * (or when the search, filter, sort or page changes).
 *
 * Only the page on screen can be changed in place: a row gone from page 1 moves the first row of
 * page 2 up and every total down, and the other pages, searches and sorts still cached would show
 * their old rows and totals until they went stale by age. So each change marks all of the list's
 * answers stale without asking again; the one on screen is asked again only when shown anew.
 */
export function listCache<Input, T extends Row>(list: CachedList<Input, T>, input: Input, addAt: 'start' | 'end' = 'start') {
  const update = (change: (page: Page<T>) => Page<T>) => {
    list.setData(input, (page) => (page ? change(page) : page));
    list.invalidate(undefined, { refetchType: 'none' });
  };
  const remove = (id: string) =>
    update((page) =>
      // a capped total is a lower bound, and stays one when moved by the row that came or went
      page.items.some((row) => row._id === id) ? { ...page, items: page.items.filter((row) => row._id !== id), total: Math.max(0, page.total - 1) } : page,
    );
  return {
    /** `listed` false: the saved row no longer belongs on this list (e.g. moved to another company), so it leaves. */
    save: (saved: T, listed = true) => {
      if (!listed) return remove(saved._id);
      return update((page) => {
        const isNew = !page.items.some((row) => row._id === saved._id);
        return { ...page, items: withSaved(page.items, saved, addAt), total: page.total + (isNew ? 1 : 0) };
      });
    },
    remove,
  };
}
