import { z } from 'zod';
import { pageNumber, perPageNumber } from './list.js';

/*
 * The back office's Search (the command palette): one call finds companies by name, users by name
 * or email, invoices by number and open tasks by title, a few of each kind with how many there
 * are, or a further page of one kind. Rules: docs/product-rules.md (Finding things).
 */

export const SEARCH_KINDS = ['companies', 'users', 'invoices', 'tasks'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The longest text searched for: longer than any name, email or invoice number a person types. */
export const MAX_SEARCH_QUERY_LENGTH = 100;
/** Hits of each kind in the first answer; "Show more" asks for a kind's next page. */
export const SEARCH_HITS_PER_KIND = 5;
/** The largest page of one kind a caller may ask for. */
export const MAX_SEARCH_HITS_PER_PAGE = 50;

export const SEARCH_QUERY_REQUIRED = 'Type something to search for (q).';
export const SEARCH_QUERY_TOO_LONG = `q must be at most ${MAX_SEARCH_QUERY_LENGTH} characters.`;

export const searchInput = z.object({
  q: z
    .string({ message: SEARCH_QUERY_REQUIRED })
    .trim()
    .min(1, SEARCH_QUERY_REQUIRED)
    .max(MAX_SEARCH_QUERY_LENGTH, SEARCH_QUERY_TOO_LONG)
    .describe('The text to find, ignoring case: part of a company name, a user’s name or email, an invoice number or an open task’s title.'),
  kind: z
    .enum(SEARCH_KINDS, { message: `kind must be one of: ${SEARCH_KINDS.join(', ')}.` })
    .optional()
    .describe('One kind only, a page at a time (for "Show more"); left out: the first page of every kind.'),
  page: pageNumber.default(1),
  perPage: perPageNumber(SEARCH_HITS_PER_KIND, MAX_SEARCH_HITS_PER_PAGE).describe(
    `Hits of each kind (default ${SEARCH_HITS_PER_KIND}, at most ${MAX_SEARCH_HITS_PER_PAGE}).`,
  ),
});
export type SearchQuery = z.output<typeof searchInput>;

export const searchHitOutput = z.object({
  _id: z.string(),
  title: z.string().describe('What the hit is called: the company name, the user’s name, the invoice number or the task title.'),
  detail: z.string().describe('A line that tells similar hits apart: the email and company, the company and description, …'),
  company: z.string().nullable().describe('The id of the company the hit belongs to (the company itself for a company; null for the provider’s users).'),
});
export type SearchHit = z.infer<typeof searchHitOutput>;

export const searchGroupOutput = z.object({
  kind: z.enum(SEARCH_KINDS),
  total: z.number().int().describe('How many of this kind match, over all pages.'),
  items: z.array(searchHitOutput),
});
export type SearchGroup = z.infer<typeof searchGroupOutput>;

export const searchOutput = z.object({ groups: z.array(searchGroupOutput).describe('One group per kind, in the order companies, users, invoices, tasks.') });
export type SearchResult = z.infer<typeof searchOutput>;

/**
 * Where a hit opens in the back office: a company its own page, the others their list narrowed to
 * that one row (the lists' `id` filter, kept in the address).
 */
export function searchHitPath(kind: SearchKind, hit: Pick<SearchHit, '_id'>): string {
  const id = encodeURIComponent(hit._id);
  switch (kind) {
    case 'companies':
      return `/companies/${id}`;
    case 'users':
      return `/allusers?id=${id}`;
    case 'invoices':
      return `/allinvoices?id=${id}`;
    case 'tasks':
      return `/alltasks?id=${id}`;
  }
}
