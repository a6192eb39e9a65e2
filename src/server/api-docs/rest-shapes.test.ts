import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation = {
  parameters: { name: string; description?: string }[];
  description?: string;
  responses: Record<string, { headers?: Record<string, unknown>; content: Record<string, { schema: { type?: string } }> }>;
};

describe('the OpenAPI document of a paged list', () => {
  it('describes the REST shape: per_page, a JSON array, X-Total-Count (and whether it is capped) and Link', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const operation = document.paths['/superadmin/allinvoices'].get as Operation;
    expect(operation.parameters.map((parameter) => parameter.name)).toEqual(['page', 'per_page', 'search', 'company', 'sort', 'dir', 'openOnly', 'from', 'to', 'id']);
    expect(operation.parameters.every((parameter) => parameter.description)).toBe(true);
    const ok = operation.responses['200']!;
    expect(ok.content['application/json']!.schema.type).toBe('array');
    expect(Object.keys(ok.headers ?? {})).toEqual(['X-Total-Count', 'X-Total-Count-Capped', 'Link']);
    expect(operation.description).toMatch(/per_page/);
  });
});

describe('the OpenAPI document of the downloads', () => {
  it.each([
    ['/superadmin/exports/{list}.csv', 'text/csv', ['list', 'search', 'company', 'sort', 'dir', 'positiveOnly', 'lowOnly', 'awaitingApproval', 'openOnly', 'from', 'to', 'id', 'type', 'actor', 'subject', 'timeZone']],
    ['/activities/export.csv', 'text/csv', ['timeZone']],
    ['/activities/statement.pdf', 'application/pdf', ['from', 'to', 'timeZone']],
  ])('documents %s with its link call\'s parameters and the signed-link ones', async (path, mediaType, parameters) => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const operation = document.paths[path].get as Operation & { security: unknown[] };
    expect(operation.parameters.map((parameter) => parameter.name)).toEqual([...parameters, 'q', 'exp', 'sig']);
    expect(Object.keys(operation.responses['200']!.content)).toEqual([mediaType]);
    expect(operation.security).toEqual([{ jwttoken: [] }]);
  });
});
