import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './deps.js';
import { failureOf, type Failure } from './error-shape.js';
import { appRouter } from './router.js';
import { createCallerFactory, createContext, type Context, type RequestInfo } from './trpc.js';

/*
 * How every transport calls a procedure: through tRPC's server-side caller (createCaller), with the
 * request's session as its context. /trpc, the REST mirror and the downloads differ only in how they
 * read a call's input and write its answer; what a call threw is answered through failureOf.
 */

const createCaller = createCallerFactory(appRouter);

export type AppCaller = ReturnType<typeof createCaller>;

/**
 * The caller of one request. Its context (the session, looked up on the first call) is shared by a
 * batch's calls; a failure to build it fails the call, answered like any other.
 */
export function callerFor(deps: AppDeps, request: RequestInfo): AppCaller {
  let context: Promise<Context> | undefined;
  return createCaller(() => (context ??= createContext(deps, request)));
}

export type CallOutcome = { ok: true; data: unknown } | { ok: false; failure: Failure };

/**
 * Calls the procedure at a dotted path (`superadmin.users.list`), as `caller.superadmin.users.list(input)`
 * would, and settles what it threw into the answer every transport gives. The path must be one of the
 * router's procedures (the transports route only those). A server fault is logged with its path.
 */
export async function callProcedure(caller: AppCaller, path: string, input: unknown, log: FastifyBaseLogger): Promise<CallOutcome> {
  try {
    let procedure: unknown = caller;
    for (const key of path.split('.')) procedure = (procedure as Record<string, unknown>)[key];
    return { ok: true, data: await (procedure as (input: unknown) => Promise<unknown>)(input) };
  } catch (thrown) {
    return { ok: false, failure: loggedFailure(thrown, log, path) };
  }
}

/** failureOf, with a server fault written to the log. */
export function loggedFailure(thrown: unknown, log: FastifyBaseLogger, path?: string): Failure {
  const failure = failureOf(thrown);
  if (failure.fault !== undefined) log.error({ err: failure.fault, path }, 'call failed');
  return failure;
}
