type Row = { _id: string };
type CachedList<T> = { setData: (input: undefined, updater: (rows: T[] | undefined) => T[] | undefined) => unknown };

/** A saved row replaces its old self, or joins the list at the start or the end. */
export function withSaved<T extends Row>(rows: T[], saved: T, addAt: 'start' | 'end' = 'start'): T[] {
  if (rows.some((row) => row._id === saved._id)) return rows.map((row) => (row._id === saved._id ? saved : row));
  return addAt === 'start' ? [saved, ...rows] : [...rows, saved];
}

/** SPEC.md §4: admin lists update locally after a change and re-fetch only on refresh. */
export function listCache<T extends Row>(list: CachedList<T>, addAt: 'start' | 'end' = 'start') {
  return {
    save: (saved: T) => list.setData(undefined, (rows = []) => withSaved(rows, saved, addAt)),
    remove: (id: string) => list.setData(undefined, (rows = []) => rows.filter((row) => row._id !== id)),
  };
}
