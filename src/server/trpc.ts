import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodRealError } from 'zod';
import type { AppDeps } from './deps.js';
import { shapeError } from './error-shape.js';
import { AppError, errorCodes } from './errors.js';
import { validateSessionToken } from './modules/account/sessions.js';
import type { Actor } from './modules/account/actor.js';
import { ENROL_FIRST, mustEnrolFirst } from './modules/two-factor/policy.js';

export type Context = {
  deps: AppDeps;
  actor: Actor | null;
  ip: string;
};

export type RequestInfo = { sessionToken: string | undefined; ip: string };

/**
 * paged: the procedure returns a page of a list ({ items, total }, or an object with total);
 * the REST mirror answers it as a JSON array with X-Total-Count and Link headers.
 */
export type ProcedureMeta = OpenApiMeta & { paged?: boolean };

export function createContext(deps: AppDeps, request: RequestInfo): Context {
  const actor = request.sessionToken
    ? validateSessionToken(deps.db, request.sessionToken, deps.clock.now())
    : null;
  return { deps, actor, ip: request.ip };
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const { body } = shapeError(error);
      return {
        ...shape,
        message: body.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          fieldErrors: body.fieldErrors,
        },
      };
    },
  });

/** Services throw AppError; turn it into the matching tRPC error so both transports agree. */
function withAppErrors<R extends { ok: boolean; error?: { cause?: unknown } }>(result: R): R {
  if (result.ok) return result;
  const cause = result.error?.cause;
  if (cause instanceof AppError) {
    // a rule about one field answers like a schema would: fieldErrors name it
    const fieldCause = cause.field ? new ZodRealError([{ code: 'custom', path: [cause.field], message: cause.message, input: undefined }]) : cause;
    throw new TRPCError({ code: errorCodes[cause.code].trpc, message: cause.message, cause: fieldCause });
  }
  const constraint = constraintMessage(cause);
  if (constraint) throw new TRPCError({ code: 'CONFLICT', message: constraint, cause });
  return result;
}

/** A unique or foreign-key clash the service did not foresee is a conflict, not a crash. */
function constraintMessage(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE') return 'That conflicts with an existing record.';
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'That record is still in use or refers to one that does not exist.';
  return undefined;
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const forbidden = () =>
  new TRPCError({ code: 'FORBIDDEN', message: 'You do not have permission to do this.' });

/*
 * Each procedure builder is one middleware (the sign-in and role check, and the error mapping):
 * tRPC copies the call's options at every middleware, which a cheap call notices.
 */
export const publicProcedure = t.procedure.use(async ({ next }) => withAppErrors(await next()));

/**
 * Signed in, and allowed by `may`; the resolver sees a non-null actor. `refusal` names a further
 * reason to turn an allowed actor away, with its own message.
 */
const signedInProcedure = (may: (actor: Actor) => boolean, refusal?: (ctx: Context & { actor: Actor }) => string | null) =>
  t.procedure.use(async ({ ctx, next }) => {
    if (!ctx.actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
    if (!may(ctx.actor)) throw forbidden();
    const refused = refusal?.(ctx as Context & { actor: Actor });
    if (refused) throw new TRPCError({ code: 'FORBIDDEN', message: refused });
    // The actor is checked above; the override only tells the resolvers' types so. Handing tRPC a
    // real context object would have it copy the whole context for every call.
    return withAppErrors(await next({ ctx: undefined as unknown as { actor: Actor } }));
  });

export const authedProcedure = signedInProcedure(() => true);
export const adminProcedure = signedInProcedure((actor) => actor.isAdmin);
/** While the policy requires two-factor sign-in, a super-admin without it is kept out of the back office. */
export const superAdminProcedure = signedInProcedure(
  (actor) => actor.isSuperAdmin,
  ({ deps, actor }) => (mustEnrolFirst(deps.db, actor.userId) ? ENROL_FIRST : null),
);
