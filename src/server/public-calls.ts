import type { ProcedureInternals } from './procedure-internals.js';

/** The browser's list of the calls it makes without signing in, from the project folder. */
export const PUBLIC_CALLS_FILE = 'src/shared/public-calls.ts';

/**
 * That list as TypeScript: the paths of the procedures built on publicProcedure. The browser cannot
 * run the server's router, so `npm run write:public-calls` writes the list out from it, and a test
 * (procedure-internals.test.ts) fails while the file is behind the procedures.
 */
export function publicCallsSource(procedures: ProcedureInternals[]): string {
  const paths = procedures.filter((procedure) => procedure.isPublic).map((procedure) => procedure.path).sort();
  return [
    '/*',
    ' * The calls made without signing in: the procedures built on publicProcedure (src/server/trpc.ts).',
    ' * The client sends these without the session token and refuses any other call locally while it has',
    ' * none. Written by `npm run write:public-calls` from the procedures: do not edit it by hand.',
    ' */',
    'export const PUBLIC_PROCEDURES: readonly string[] = [',
    ...paths.map((path) => `  '${path}',`),
    '];',
    '',
  ].join('\n');
}
