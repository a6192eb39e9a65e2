import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { procedureInternals } from './procedure-internals.js';
import { appRouter } from './router.js';
import { QUERIES_CHANGED_BY, refreshAfter } from '../client/lib/freshness.js';

const procedures = procedureInternals(appRouter);
const mutations = procedures.filter((procedure) => procedure.type === 'mutation').map((procedure) => procedure.path);
const queries = procedures.filter((procedure) => procedure.type === 'query').map((procedure) => procedure.path);

describe('what each call makes stale', () => {
  it('declares every call of the router, and nothing the router lacks', () => {
    expect(Object.keys(QUERIES_CHANGED_BY).sort()).toEqual([...mutations].sort());
  });

  it('names only queries that exist', () => {
    for (const [mutation, prefixes] of Object.entries(QUERIES_CHANGED_BY)) {
      for (const prefix of prefixes) {
        expect(queries.some((query) => query === prefix || query.startsWith(`${prefix}.`)), `${mutation} -> ${prefix}`).toBe(true);
      }
    }
  });

  it('after a purchase, marks the dashboard, invoices and activities stale and leaves unrelated answers alone', () => {
    const client = new QueryClient();
    const keys = {
      dashboard: [['dashboard', 'summary'], { type: 'query' }],
      invoices: [['invoices', 'list'], { input: { page: 1 }, type: 'query' }],
      activities: [['activities', 'list'], { input: { page: 1 }, type: 'query' }],
      profile: [['account', 'profile'], { type: 'query' }],
      packages: [['packages', 'list'], { type: 'query' }],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { fresh: true });
    refreshAfter(client, [['invoices', 'purchase']]);
    const stale = Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(stale).toEqual(['dashboard', 'invoices', 'activities']);
  });

  it('a call the list does not know makes everything stale rather than nothing', () => {
    const client = new QueryClient();
    client.setQueryData([['account', 'profile'], { type: 'query' }], {});
    refreshAfter(client, [['brand', 'new']]);
    expect(client.getQueryState([['account', 'profile'], { type: 'query' }])?.isInvalidated).toBe(true);
  });
});
