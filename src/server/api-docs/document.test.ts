import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procedureInternals } from '../procedure-internals.js';
import { appRouter } from '../router.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { OPERATION_EXAMPLES, type Schema } from './examples.js';

let t: TestApp;
let document: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ url: '/api/openapi.json' })).json();
});
afterAll(() => t.close());

type Media = { schema?: Schema; example?: unknown };
type Operation = {
  summary?: string;
  parameters?: { name: string; in: string; description?: string; schema?: Schema }[];
  description?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
};

const operations = () => Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })));

/** Each procedure on the REST mirror, by route as operations() names it, with the description its meta gives. */
const procedureRoutes = procedureInternals(appRouter).flatMap(({ meta }) =>
  meta?.openapi ? [{ route: `${meta.openapi.method} ${meta.openapi.path}`, description: meta.openapi.description }] : [],
);

describe('every operation of the OpenAPI document', () => {
  it('has a summary, and a description written with its procedure, said once', () => {
    expect(operations().filter(({ operation }) => !operation.summary).map(({ route }) => route)).toEqual([]);
    expect(procedureRoutes.filter(({ description }) => !description?.trim()).map(({ route }) => route)).toEqual([]);
    const documented = new Map(operations().map(({ route, operation }) => [route, operation.description ?? '']));
    for (const { route, description = '' } of procedureRoutes) {
      const text = documented.get(route);
      expect(text?.startsWith(description), `${route} opens with its procedure's description`).toBe(true);
      expect(text?.indexOf(description, 1), `${route} says its description once`).toBe(-1);
    }
    // the downloads are not procedures: their description is written with the route (rest-shapes.ts)
    const procedureRoute = new Set(procedureRoutes.map(({ route }) => route));
    expect(operations().filter(({ route, operation }) => !procedureRoute.has(route) && !operation.description).map(({ route }) => route)).toEqual([]);
  });

  it('has a request example where it takes a body, and an example of its JSON answer', () => {
    const missing: string[] = [];
    for (const { route, operation } of operations()) {
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) if (media.example === undefined) missing.push(`${route} request ${type}`);
      for (const [type, media] of Object.entries(operation.responses['200']?.content ?? {})) {
        if (type.includes('json') && media.example === undefined) missing.push(`${route} answer ${type}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("lays an operation's own example fields only over fields its request or answer has", () => {
    const byRoute = new Map(operations().map(({ route, operation }) => [route, operation]));
    const stray: string[] = [];
    for (const [route, own] of Object.entries(OPERATION_EXAMPLES)) {
      const operation = byRoute.get(route);
      if (!operation) stray.push(`${route}: no such operation`);
      const schemas = { request: operation?.requestBody?.content['application/json']?.schema, response: operation?.responses['200']?.content?.['application/json']?.schema };
      for (const part of ['request', 'response'] as const) {
        const schema = schemas[part];
        const shapes = [schema?.items ?? schema, ...(schema?.anyOf ?? [])];
        for (const name of Object.keys(own[part] ?? {})) if (!shapes.some((shape) => shape?.properties?.[name])) stray.push(`${route} ${part} ${name}`);
      }
    }
    expect(stray).toEqual([]);
  });

  it("names markdone's emailClient as a query parameter, as its calls send it", async () => {
    const markDone = document.paths['/superadmin/tasks/markdone/{id}']?.put;
    const emailClient = markDone?.parameters?.find((parameter) => parameter.name === 'emailClient');
    expect(emailClient).toMatchObject({ in: 'query', schema: { type: 'boolean', default: true } });
    expect(emailClient?.description).toContain('query string or in the body');
  });

  it('lists its error answers in the shape both transports use', () => {
    expect(document.components.schemas.Error!.required).toEqual(['message']);
    expect(Object.keys(document.components.schemas).filter((name) => name.startsWith('error.'))).toEqual([]);
    for (const { route, operation } of operations()) {
      const expected = ['400', ...(operation.security?.length ? ['401', '403'] : []), ...(route.includes('{') ? ['404'] : [])];
      for (const status of expected) {
        const media = operation.responses[status]?.content?.['application/json'];
        expect(media?.schema, `${route} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
        expect((media?.example as { message?: string } | undefined)?.message, `${route} ${status}`).toBeTruthy();
      }
    }
    expect(Object.keys(document.paths['/account/login']!.post!.responses)).toContain('429');
  });

  it('types instants as date-time and calendar days as date, and says which numbers are dollars and hours', () => {
    const wrong: string[] = [];
    // the dashboard's Hour Balance card counts hours in every number, whatever its name (balance, used, …)
    const walk = (schema: Schema | undefined, where: string, inHours = false) => {
      if (!schema) return;
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const strings = [property, ...(property.anyOf ?? [])].filter((option) => option.type === 'string' || (Array.isArray(option.type) && option.type.includes('string')));
        const expected = /(At|Date)$|^timeStamp$/.test(name) ? 'date-time' : /^(date|weekStart|weekEnd)$/.test(name) ? 'date' : undefined;
        if (expected && strings.some((option) => option.format !== expected)) wrong.push(`${where} ${name}: ${strings.map((option) => option.format).join()}`);
        const unit = inHours && property.type === 'number' ? /Hours/ : /^(amount|rate|price|balance|remainingBalance)$/.test(name) ? /Dollars/ : /^hours$/.test(name) ? /Hours/ : undefined;
        if (unit && !unit.test(property.description ?? '')) wrong.push(`${where} ${name}: no unit`);
        walk(property, where, name === 'hourBalance');
      }
      walk(schema.items, where);
      for (const option of schema.anyOf ?? []) walk(option, where);
    };
    for (const { route, operation } of operations()) {
      walk(operation.requestBody?.content['application/json']?.schema, `${route} request`);
      walk(operation.responses['200']?.content?.['application/json']?.schema, `${route} answer`);
    }
    expect(wrong).toEqual([]);
  });

  it('is built on the first request, not at start-up, and then answered from memory', async () => {
    const first = (await t.app.inject({ url: '/api/openapi.json' })).body;
    expect((await t.app.inject({ url: '/api/openapi.json' })).body).toBe(first);
  });
});
