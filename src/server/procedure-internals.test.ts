import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PUBLIC_PROCEDURES } from '../shared/public-calls.js';
import { procedureInternals } from './procedure-internals.js';
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
      .input(z.object({ open: z.boolean().optional(), page: z.number().int().default(1), q: z.string().trim().optional() }).strict())
      .query(({ input }) => ({ got: input })),
  }),
  nothing: publicProcedure.input(z.void()).mutation(() => 'done'),
});

const [search, nothing] = procedureInternals(sample);

describe('procedureInternals', () => {
  it('names each procedure by its dotted path, with its type and meta', () => {
    expect(search).toMatchObject({ path: 'lists.search', type: 'query', meta: { paged: true, openapi: { method: 'GET', path: '/things' } } });
    expect(nothing).toMatchObject({ path: 'nothing', type: 'mutation', meta: undefined });
  });

  it("reads the input schema's kind, fields and their base types", () => {
    expect(search!.input.kind).toBe('object');
    expect(search!.input.fields).toEqual(['open', 'page', 'q']);
    expect(['open', 'page', 'q', 'missing'].map(search!.input.fieldType)).toEqual(['boolean', 'number', 'string', undefined]);
    expect(nothing!.input).toMatchObject({ kind: 'void', fields: [] });
  });

  it('parses an input with its defaults, and gives undefined for a refused one', () => {
    expect(search!.input.parse({ q: ' x ' })).toEqual({ page: 1, q: 'x' });
    expect(search!.input.parse({ page: 'one' })).toBeUndefined();
  });

  it('calls a procedure through its middlewares and input check', async () => {
    const call = (getRawInput: () => Promise<unknown>) =>
      search!.call({ ctx: {}, path: search!.path, type: 'query', getRawInput, signal: undefined, batchIndex: 0 });
    await expect(call(async () => ({ open: true }))).resolves.toEqual({ got: { open: true, page: 1 } });
    await expect(call(async () => ({ page: 'one' }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
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

  it('are exactly those built on publicProcedure', () => {
    const built = procedures.filter((procedure) => procedure.builtWith(publicProcedure)).map((procedure) => procedure.path);
    expect(built.sort()).toEqual([...PUBLIC_PROCEDURES].sort());
  });

  it('are exactly those the API document leaves unprotected', () => {
    const documented = procedures.filter((procedure) => procedure.meta?.openapi);
    const unprotected = documented.filter((procedure) => procedure.meta!.openapi!.protect === false).map((procedure) => procedure.path);
    const publicOnRest = documented.filter((procedure) => PUBLIC_PROCEDURES.includes(procedure.path)).map((procedure) => procedure.path);
    expect(unprotected.sort()).toEqual(publicOnRest.sort());
  });
});
