import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseOutputsSynchronously, parsesSynchronously } from './output-checks.js';
import { procedureInternals } from './procedure-internals.js';
import { appRouter } from './router.js';
import { createTestApp, type TestApp } from './testing/app.js';
import { createCallerFactory, publicProcedure, router } from './trpc.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('output checks', () => {
  it('run synchronously for every procedure once the app is built', () => {
    const outputs = procedureInternals(appRouter).flatMap(({ path, output }) => (output ? [{ path, output }] : []));
    expect(outputs.length).toBeGreaterThan(90);
    expect(outputs.filter(({ output }) => !parsesSynchronously(output)).map(({ path }) => path)).toEqual([]);
  });

  it('still refuse an answer that breaks its schema, as tRPC answers any failed output check', async () => {
    const strict = z.object({ count: z.number() });
    const sample = router({ broken: publicProcedure.input(z.void()).output(strict).query(() => ({ count: 'many' }) as never) });
    parseOutputsSynchronously(procedureInternals(sample));
    const caller = createCallerFactory(sample)({ deps: t.deps, actor: null, ip: '127.0.0.1' });
    await expect(caller.broken()).rejects.toThrow('Output validation failed');
  });

  it('strip what an answer carries beyond its schema', async () => {
    const sample = router({ wide: publicProcedure.input(z.void()).output(z.object({ name: z.string() })).query(() => ({ name: 'Ada', passwordHash: 'x' }) as never) });
    parseOutputsSynchronously(procedureInternals(sample));
    expect(await createCallerFactory(sample)({ deps: t.deps, actor: null, ip: '127.0.0.1' }).wide()).toEqual({ name: 'Ada' });
  });

});
