import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApiDocument } from './api-docs/document.js';
import { projectRoot } from './paths.js';
import { procedureInternals } from './procedure-internals.js';
import { PUBLIC_CALLS_FILE, publicCallsSource } from './public-calls.js';
import { appRouter } from './router.js';
import {
  authedProcedure,
  companyAdminProcedure,
  companyProcedure,
  publicProcedure,
  router,
  superAdminProcedure,
} from './trpc.js';

/*
 * What the REST mirror and the API-wide tests read of tRPC's and zod's internals. An upgrade of
 * either that moves them fails here first, with the shape that changed named.
 */
const sample = router({
  lists: router({
    search: publicProcedure
      .meta({ paged: true, openapi: { method: 'GET', path: '/things' } })
      .input(z.object({ open: z.boolean().optional(), page: z.number().int().default(1), perPage: z.number().int().max(100).default(25), q: z.string().trim().optional() }).strict())
      .query(({ input }) => ({ got: input })),
  }),
  nothing: publicProcedure.input(z.void()).mutation(() => 'done'),
});

const [search, nothing] = procedureInternals(sample);

describe('procedureInternals', () => {
  it('names each procedure by its dotted path, with its type and meta', () => {
    expect(search).toMatchObject({ path: 'lists.search', type: 'query', meta: { public: true, paged: true, openapi: { method: 'GET', path: '/things' } }, isPublic: true });
    expect(nothing).toMatchObject({ path: 'nothing', type: 'mutation', meta: { public: true }, isPublic: true });
  });

  it("reads the input schema's kind, fields and their base types", () => {
    expect(search!.input.kind).toBe('object');
    expect(search!.input.fields).toEqual(['open', 'page', 'perPage', 'q']);
    expect(['open', 'page', 'q', 'missing'].map(search!.input.fieldType)).toEqual(['boolean', 'number', 'string', undefined]);
    expect(nothing!.input).toMatchObject({ kind: 'void', fields: [] });
  });

  it("reads an input's page and perPage by their own schemas, defaults filled in and a refused one undefined", () => {
    expect(search!.input.paging({ q: ' x ' })).toEqual({ page: 1, perPage: 25 });
    expect(search!.input.paging({ page: 3, perPage: 10, q: 'ignored', open: 'not read' })).toEqual({ page: 3, perPage: 10 });
    expect(search!.input.paging({ page: 'one', perPage: 500 })).toEqual({ page: undefined, perPage: undefined });
    expect(search!.input.paging(undefined)).toEqual({ page: 1, perPage: 25 });
  });

  it('tells which builder made a procedure', () => {
    expect(search!.builtWith(publicProcedure)).toBe(true);
    expect(search!.builtWith(authedProcedure)).toBe(false);
  });

  it('finds every procedure of the app, each made by exactly one builder', () => {
    const builders = [publicProcedure, authedProcedure, companyProcedure, companyAdminProcedure, superAdminProcedure];
    const procedures = procedureInternals(appRouter);
    expect(procedures.length).toBeGreaterThan(60);
    for (const procedure of procedures) {
      expect(['query', 'mutation'], procedure.path).toContain(procedure.type);
      expect(builders.filter((builder) => procedure.builtWith(builder)), procedure.path).toHaveLength(1);
      expect(procedure.input.kind, procedure.path).toBeTypeOf('string');
    }
  });
});

describe('the public calls', () => {
  const procedures = procedureInternals(appRouter);
  const paths = (list: { path: string }[]) => list.map((procedure) => procedure.path).sort();

  it('are marked public by publicProcedure alone, and it marks every procedure it builds', () => {
    expect(paths(procedures.filter((procedure) => procedure.isPublic))).toEqual(paths(procedures.filter((procedure) => procedure.builtWith(publicProcedure))));
    expect(paths(procedures.filter((procedure) => procedure.isPublic))).toContain('account.login');
  });

  it("are the browser's list, as npm run write:public-calls writes it", () => {
    const written = fs.readFileSync(path.join(projectRoot, PUBLIC_CALLS_FILE), 'utf8');
    expect(written, `${PUBLIC_CALLS_FILE} is behind the procedures: run npm run write:public-calls`).toBe(publicCallsSource(procedures));
  });

  it('are exactly the operations the API document asks no token of, and its introduction names them', () => {
    const document = buildApiDocument(procedures);
    const unprotected = Object.entries(document.paths ?? {}).flatMap(([route, item]) =>
      Object.entries(item as Record<string, { security?: unknown[]; responses?: Record<string, unknown> }>)
        .filter(([, operation]) => !operation.security?.length)
        .map(([method, operation]) => ({ call: `${method.toUpperCase()} ${route}`, statuses: Object.keys(operation.responses ?? {}) })),
    );
    const publicOnRest = procedures.filter((procedure) => procedure.isPublic && procedure.meta?.openapi).map(({ meta }) => `${meta!.openapi!.method} ${meta!.openapi!.path}`);
    expect(unprotected.map(({ call }) => call).sort()).toEqual([...publicOnRest].sort());
    for (const { call, statuses } of unprotected) expect(statuses, call).not.toContain('401');
    for (const call of publicOnRest) expect(document.info.description, call).toContain(call);
  });
});
