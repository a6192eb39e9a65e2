import { z } from 'zod';

/*
 * The one shape of every list call: a page of rows plus how many rows match, found, filtered and
 * sorted by the server. The screens ask for 10, 25, 50 or 100 rows; scripts on the REST mirror ask
 * with ?page=&per_page= (default 100, at most 1,000), as GitHub's API does.
 */

export const DEFAULT_PER_PAGE = 100;
export const MAX_PER_PAGE = 1000;
export const MAX_SEARCH_LENGTH = 200;

export type SortDirection = 'asc' | 'desc';

export type ListQuery<SortKey extends string = string> = {
  page: number;
  perPage: number;
  search: string;
  /** A company id, or '' for every company. */
  company: string;
  sort: SortKey;
  dir: SortDirection;
};

/**
 * A page and how many rows match. Past a cap the server stops counting (see docs: README, paging):
 * `total` is then a lower bound and `totalIsCapped` is true.
 */
export type Page<T> = { items: T[]; total: number; totalIsCapped?: boolean };

/** A page's total as a person reads it: `10,000+` when the count stopped at its cap. */
export function totalText({ total, totalIsCapped }: Pick<Page<unknown>, 'total' | 'totalIsCapped'>): string {
  return totalIsCapped ? `${total.toLocaleString('en-US')}+` : total.toLocaleString('en-US');
}

export const pageNumber = z
  .number({ message: 'page must be a number.' })
  .int('page must be a whole number.')
  .min(1, 'page must be 1 or more.')
  .max(1_000_000, 'page must be at most 1000000.');

export const perPageNumber = (fallback = DEFAULT_PER_PAGE, max = MAX_PER_PAGE) =>
  z
    .number({ message: 'per_page must be a number.' })
    .int('per_page must be a whole number.')
    .min(1, 'per_page must be 1 or more.')
    .max(max, `per_page must be at most ${max}.`)
    .default(fallback);

export const searchText = z
  .string()
  .trim()
  .max(MAX_SEARCH_LENGTH, `Search must be at most ${MAX_SEARCH_LENGTH} characters.`)
  .default('');

export const companyFilter = z.string().trim().max(64, 'That company id is not valid.').default('');

/**
 * A back-office list narrowed to one row by its id, as the back office's Search opens it
 * (`/allinvoices?id=...`); '' for every row. An unknown id gives an empty page.
 */
export const rowFilter = (what: string) =>
  z.string().trim().max(64, 'That id is not valid.').default('').describe(`Only the ${what} with this id ('' or left out: all of them).`);

/**
 * The input of a list call: paging, the screen's search text, its company filter and its sort.
 * Every field is optional, so a call without input gets the first page in the screen's order.
 */
export function listInput<const Keys extends readonly [string, ...string[]]>(
  sortKeys: Keys,
  defaults: { sort: Keys[number]; dir: SortDirection },
) {
  return z
    .object({
      page: pageNumber.default(1),
      perPage: perPageNumber(),
      search: searchText,
      company: companyFilter,
      sort: z.enum(sortKeys, { message: `sort must be one of: ${sortKeys.join(', ')}.` }).default(defaults.sort as never),
      dir: z.enum(['asc', 'desc'], { message: 'dir must be asc or desc.' }).default(defaults.dir),
    })
    .prefault({});
}

/** True when the count stopped at its cap, so `total` is a lower bound (left out otherwise). */
export const totalIsCappedOutput = z.boolean().optional().describe('True when counting stopped at a cap: total is then a lower bound, and there may be more.');

export const pageOutput = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), total: z.number().int(), totalIsCapped: totalIsCappedOutput });

/** Rows to skip for a page. */
export const offsetOf = (query: Pick<ListQuery, 'page' | 'perPage'>) => (query.page - 1) * query.perPage;

/** How many pages `total` rows make (at least one, so an empty list still has page 1). */
export const pageCountOf = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));
