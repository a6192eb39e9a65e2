import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageCountOf } from '../shared/list.js';

/*
 * Paged lists on the REST mirror answer with the page's rows as a JSON array (as the API's list
 * calls always did), with the total in X-Total-Count and RFC 8288 Link headers to the first,
 * previous, next and last pages, as GitHub's API does. Scripts page with ?page=&per_page=.
 * A total whose count stopped at its cap (totalIsCapped) is a lower bound: X-Total-Count-Capped
 * says so, and there is no link to a last page nobody has counted to.
 */

export const PER_PAGE_QUERY = 'per_page';

type PagedResult = { total: number; totalIsCapped?: boolean; items?: unknown[] } & Record<string, unknown>;

/** The body a paged result goes out as: its rows, or the object without its total. */
export function pagedBody(result: PagedResult): unknown {
  if (Array.isArray(result.items)) return result.items;
  const { total: _total, totalIsCapped: _capped, ...rest } = result;
  return rest;
}

export function setPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  result: PagedResult,
  input: { page?: number; perPage?: number } | undefined,
): void {
  const page = input?.page ?? 1;
  const perPage = input?.perPage ?? 1;
  const last = pageCountOf(result.total, perPage);
  reply.header('X-Total-Count', String(result.total));
  if (result.totalIsCapped) reply.header('X-Total-Count-Capped', 'true');
  const links: [string, number][] = [['first', 1]];
  if (page > 1) links.push(['prev', Math.min(page - 1, last)]);
  if (page < last) links.push(['next', page + 1]);
  if (!result.totalIsCapped) links.push(['last', last]);
  reply.header('Link', links.map(([rel, target]) => `<${pageUrl(request, target, perPage)}>; rel="${rel}"`).join(', '));
}

function pageUrl(request: FastifyRequest, page: number, perPage: number): string {
  const [pathname, queryString = ''] = request.url.split('?');
  const query = new URLSearchParams(queryString);
  query.delete('perPage');
  query.set('page', String(page));
  query.set(PER_PAGE_QUERY, String(perPage));
  return `${pathname}?${query.toString()}`;
}
