import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { MAX_PER_PAGE } from '../../shared/list.js';
import { api, json, type TestApp } from './app.js';

/*
 * What every paged list on the REST mirror promises: a JSON array of one page, the total in
 * X-Total-Count, the other pages in the Link header, and a clear 400 for a page size too large.
 */

/** A paged REST answer: its rows, the total and the Link header's pages by rel. */
export function pageOfResponse<T = { _id: string }>(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  const links = new Map<string, URL>();
  for (const link of String(response.headers.link ?? '').split(', ')) {
    const match = /^<([^>]+)>; rel="(\w+)"$/.exec(link);
    if (match) links.set(match[2]!, new URL(match[1]!, 'http://api.test'));
  }
  return { items: json<T[]>(response), total: Number(response.headers['x-total-count']), links };
}

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/**
 * Checks the paging of a list whose rows, in its default order, are exactly `ids` (at least 5)
 * when asked at `path` (which carries a filter, so other tests' rows do not count).
 */
export async function expectPagedList(t: TestApp, token: string, path: string, ids: string[]): Promise<void> {
  expect(ids.length).toBeGreaterThanOrEqual(5);
  const client = api(t.app, token);
  const all = pageOfResponse(await client.get(path));
  expect(all.items.map((row) => row._id)).toEqual(ids);
  expect(all.total).toBe(ids.length);

  const second = pageOfResponse(await client.get(withQuery(path, 'page=2&per_page=2')));
  expect(second.items.map((row) => row._id)).toEqual(ids.slice(2, 4));
  expect(second.total).toBe(ids.length);
  const pageOf = (rel: string) => second.links.get(rel)?.searchParams.get('page');
  expect([...second.links.keys()]).toEqual(['first', 'prev', 'next', 'last']);
  expect([pageOf('first'), pageOf('prev'), pageOf('next'), pageOf('last')]).toEqual(['1', '1', '3', String(Math.ceil(ids.length / 2))]);
  const filters = new URL(path, 'http://api.test').searchParams;
  for (const [name, value] of filters) expect(second.links.get('next')?.searchParams.get(name)).toBe(value);

  const last = pageOfResponse(await client.get(withQuery(path, `page=${Math.ceil(ids.length / 2)}&per_page=2`)));
  expect(last.items.map((row) => row._id)).toEqual(ids.slice(2 * (Math.ceil(ids.length / 2) - 1)));
  expect(last.links.has('next')).toBe(false);

  expect(pageOfResponse(await client.get(withQuery(path, `per_page=${MAX_PER_PAGE}`))).items).toHaveLength(ids.length);
  const tooMany = await client.get(withQuery(path, `per_page=${MAX_PER_PAGE + 1}`));
  expect(tooMany.statusCode).toBe(400);
  expect(json(tooMany).message).toBe(`per_page must be at most ${MAX_PER_PAGE}.`);
  const pageZero = await client.get(withQuery(path, 'page=0'));
  expect(pageZero.statusCode).toBe(400);
  expect(json(pageZero).message).toBe('page must be 1 or more.');
}
