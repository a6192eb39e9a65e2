import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { procedureInternals } from './procedure-internals.js';
import { appRouter } from './router.js';
import { parsesSynchronously } from './synchronous-checks.js';
import { createTestApp, type TestApp } from './testing/app.js';
import { createCallerFactory, publicProcedure, router } from './trpc.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const context = () => ({ deps: t.deps, actor: null, ip: '127.0.0.1' });

/** A schema that counts the calls of its own parse. */
function counted<Schema extends z.ZodType>(schema: Schema): { schema: Schema; parses: () => number } {
  let parses = 0;
  const parse = schema.parse.bind(schema);
  schema.parse = ((value: unknown, params?: never) => {
    parses += 1;
    return parse(value, params);
  }) as never;
  return { schema, parses: () => parses };
}

describe('synchronous checks', () => {
  it('cover the input and output of every procedure', () => {
    const procedures = procedureInternals(appRouter);
    const outputs = procedures.flatMap(({ path, output }) => (output ? [{ path, output }] : []));
    expect(outputs.length).toBeGreaterThan(90);
    expect(outputs.filter(({ output }) => !parsesSynchronously(output)).map(({ path }) => path)).toEqual([]);
    const inputs = procedures.flatMap(({ path, inputSchema }) => (inputSchema ? [{ path, inputSchema }] : []));
    expect(inputs.length).toBeGreaterThan(90);
    expect(inputs.filter(({ inputSchema }) => !parsesSynchronously(inputSchema)).map(({ path }) => path)).toEqual([]);
  });

  it('are what tRPC runs: the call parses its input and its answer with parse', async () => {
    const input = counted(z.object({ name: z.string() }));
    const output = counted(z.object({ greeting: z.string() }));
    const sample = router({ greet: publicProcedure.input(input.schema).output(output.schema).query(({ input }) => ({ greeting: `Hello ${input.name}` })) });
    expect(await createCallerFactory(sample)(context()).greet({ name: 'Ada' })).toEqual({ greeting: 'Hello Ada' });
    expect([input.parses(), output.parses()]).toEqual([1, 1]);
  });

  it('still refuse an input or an answer that breaks its schema, as tRPC answers any failed check', async () => {
    const sample = router({
      broken: publicProcedure.input(z.void()).output(z.object({ count: z.number() })).query(() => ({ count: 'many' }) as never),
      strict: publicProcedure.input(z.object({ count: z.number() })).query(({ input }) => input.count),
    });
    await expect(createCallerFactory(sample)(context()).broken()).rejects.toThrow('Output validation failed');
    await expect(createCallerFactory(sample)(context()).strict({ count: 'many' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await createCallerFactory(sample)(context()).strict({ count: 2 })).toBe(2);
  });

  it('strip what an answer carries beyond its schema', async () => {
    const sample = router({ wide: publicProcedure.input(z.void()).output(z.object({ name: z.string() })).query(() => ({ name: 'Ada', passwordHash: 'x' }) as never) });
    expect(await createCallerFactory(sample)(context()).wide()).toEqual({ name: 'Ada' });
  });
});
