import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { MAX_PER_PAGE } from '../../shared/list.js';
import { api, json, type TestApp } from './app.js';

/*
 * What every paged list on the REST mirror promises: a JSON array of one page, the total in
 * X-Total-Count, the other pages in the RFC 8288 Link header, and a clear 400 for a bad page.
 */

/** A Link header's target: its path and its query parameters. */
export type PageLink = { path: string; query: Record<string, string> };
/** `pages` is the page number of each link, e.g. { first: 1, prev: 1, next: 3, last: 7 }. */
export type RestPage<T> = { items: T[]; total: number; links: Record<string, PageLink>; pages: Record<string, number> };

/** A paged REST answer (which must be a 200): its rows, X-Total-Count, and the Link header's targets by rel. */
export function restPage<T = { _id: string }>(response: LightMyRequestResponse): RestPage<T> {
  expect(response.statusCode, response.body).toBe(200);
  const header = String(response.headers.link ?? '');
  const links = Object.fromEntries([...header.matchAll(/<([^>]+)>; rel="(\w+)"/g)].map(([, url, rel]) => [rel!, pageLink(url!)]));
  const pages = Object.fromEntries(Object.entries(links).map(([rel, link]) => [rel, Number(link.query.page)]));
  return { items: json<T[]>(response), total: Number(response.headers['x-total-count']), links, pages };
}

function pageLink(url: string): PageLink {
  const [path = '', query = ''] = url.split('?');
  return { path, query: Object.fromEntries(new URLSearchParams(query)) };
}

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/**
 * Checks the paging of a list whose rows, in its default order, are exactly `ids` (at least 5)
 * when asked at `path` (which carries a filter, so other tests' rows do not count).
 */
export async function expectPagedList(t: TestApp, token: string, path: string, ids: string[]): Promise<void> {
  expect(ids.length).toBeGreaterThanOrEqual(5);
  const client = api(t.app, token);
  const all = restPage(await client.get(path));
  expect(all.items.map((row) => row._id)).toEqual(ids);
  expect(all.total).toBe(ids.length);

  const lastPage = Math.ceil(ids.length / 2);
  const second = restPage(await client.get(withQuery(path, 'page=2&per_page=2')));
  expect(second.items.map((row) => row._id)).toEqual(ids.slice(2, 4));
  expect(second.total).toBe(ids.length);
  expect(Object.keys(second.links)).toEqual(['first', 'prev', 'next', 'last']);
  expect(second.pages).toEqual({ first: 1, prev: 1, next: 3, last: lastPage });
  const filters = new URL(path, 'http://api.test').searchParams;
  for (const [name, value] of filters) expect(second.links.next?.query[name]).toBe(value);

  const last = restPage(await client.get(withQuery(path, `page=${lastPage}&per_page=2`)));
  expect(last.items.map((row) => row._id)).toEqual(ids.slice(2 * (lastPage - 1)));
  expect(last.links.next).toBeUndefined();

  expect(restPage(await client.get(withQuery(path, `per_page=${MAX_PER_PAGE}`))).items).toHaveLength(ids.length);
  const tooMany = await client.get(withQuery(path, `per_page=${MAX_PER_PAGE + 1}`));
  expect(tooMany.statusCode).toBe(400);
  expect(json(tooMany).message).toBe(`per_page must be at most ${MAX_PER_PAGE}.`);
  const pageZero = await client.get(withQuery(path, 'page=0'));
  expect(pageZero.statusCode).toBe(400);
  expect(json(pageZero).message).toBe('page must be 1 or more.');
}
