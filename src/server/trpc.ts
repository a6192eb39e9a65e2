import { initTRPC, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodRealError } from 'zod';
import { idParam } from '../shared/validation.js';
import type { AppDeps } from './deps.js';
import { shapeError } from './error-shape.js';
import { AppError, errorCodes, isDiskFull } from './errors.js';
import { ownCompanyId, type Actor } from './modules/account/actor.js';
import { isWrongCredentials } from './modules/account/service.js';
import { validateSessionToken } from './modules/account/sessions.js';
import { isFailureCounted, type Caller, type FailureCountedAction, type RateLimitedAction } from './rate-limit.js';
import { ENROL_FIRST, mustEnrolFirst } from './modules/two-factor/policy.js';
import { isWrongProof } from './modules/two-factor/service.js';

export type Context = {
  deps: AppDeps;
  actor: Actor | null;
  ip: string;
};

export type RequestInfo = { sessionToken: string | undefined; ip: string };

/**
 * public: set by publicProcedure and nothing else: the call needs no session. The API document,
 * its introduction and the browser's list of calls sent without the token read it
 * (procedure-internals.ts); never set it by hand.
 * paged: the procedure returns a page of a list ({ items, total }, or an object with total);
 * the REST mirror answers it as a JSON array with X-Total-Count and Link headers.
 * rateLimit: the procedure's builder counts each call under that action (src/server/rate-limit.ts)
 * once the caller has passed its guard, and refuses with 429 beyond the limit; an action limited by
 * its failures ('sign-in', 'two-factor-code') is checked before the call and counted after it, when it failed.
 * queryFields: input fields of a write that its documented calls send in the query string; the REST
 * mirror reads any field from either, and the API document names these as query parameters too.
 * formerPaths: REST paths the call had before (openapi.path is its path now). The mirror serves
 * them too, for one release after the change, and the API document lists them as deprecated.
 */
export type ProcedureMeta = OpenApiMeta & { public?: true; paged?: boolean; rateLimit?: RateLimitedAction; queryFields?: string[]; formerPaths?: string[] };

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
      const { status, body } = shapeError(error);
      // a full disk answers 503 on /trpc as on /api: tRPC takes the HTTP status from data.httpStatus
      const diskFull = isDiskFull(error);
      return {
        ...shape,
        ...(diskFull ? { code: TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE } : {}),
        message: body.message,
        data: {
          code: diskFull ? 'SERVICE_UNAVAILABLE' : shape.data.code,
          httpStatus: diskFull ? status : shape.data.httpStatus,
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
  if (cause instanceof AppError) throw trpcErrorOf(cause);
  const constraint = constraintMessage(cause);
  if (constraint) throw new TRPCError({ code: 'CONFLICT', message: constraint, cause });
  return result;
}

function trpcErrorOf(cause: AppError): TRPCError {
  // a rule about one field answers like a schema would: fieldErrors name it
  const fieldCause = cause.field ? new ZodRealError([{ code: 'custom', path: [cause.field], message: cause.message, input: undefined }]) : cause;
  return new TRPCError({ code: errorCodes[cause.code].trpc, message: cause.message, cause: fieldCause });
}

/** Counts the call under the procedure's rate limit; over it, a 429 like the services' errors. */
function admitCall(ctx: Context, action: RateLimitedAction, caller: Caller): void {
  try {
    ctx.deps.rateLimiter.admit(action, caller);
  } catch (error) {
    throw error instanceof AppError ? trpcErrorOf(error) : error;
  }
}

/** The errors that count as a failure of an action limited by its failures. */
const isFailureOf: Record<FailureCountedAction, (cause: unknown) => boolean> = {
  'sign-in': isWrongCredentials,
  'two-factor-code': isWrongProof,
};

/** After the call: a wrong password or code counts against the address and the account. */
function countFailure(ctx: Context, action: RateLimitedAction, caller: Caller, result: { ok: boolean; error?: { cause?: unknown } }): void {
  if (!result.ok && isFailureCounted(action) && isFailureOf[action](result.error?.cause)) {
    ctx.deps.rateLimiter.recordFailure(action, caller);
  }
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
export const publicProcedure = t.procedure.meta({ public: true }).use(async ({ ctx, meta, getRawInput, next }) => {
  const action = meta?.rateLimit;
  if (!action) return withAppErrors(await next());
  const caller = { ip: ctx.ip, emailAddress: emailAddressIn(await getRawInput()) };
  admitCall(ctx, action, caller);
  const result = await next();
  countFailure(ctx, action, caller, result);
  return withAppErrors(result);
});

/** The email address a call names, read before its input is checked (a bad one is refused after). */
function emailAddressIn(rawInput: unknown): string | undefined {
  const emailAddress = (rawInput as { emailAddress?: unknown } | null | undefined)?.emailAddress;
  return typeof emailAddress === 'string' ? emailAddress : undefined;
}

type SignedIn = Context & { actor: Actor };
type Guard = {
  may: (actor: Actor) => boolean;
  /** A further reason to turn an allowed actor away, with its own message. */
  refusal?: (ctx: SignedIn) => string | null;
  /** Customer calls: ctx.companyId is the caller's own company. */
  company?: true;
};

/** Signed in, and allowed by the guard; the resolver sees a non-null actor. */
function signedInProcedure<Scope extends object = object>({ may, refusal, company }: Guard) {
  return t.procedure.use(async ({ ctx, meta, next }) => {
    if (!ctx.actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
    if (!may(ctx.actor)) throw forbidden();
    const refused = refusal?.(ctx as SignedIn);
    if (refused) throw new TRPCError({ code: 'FORBIDDEN', message: refused });
    const action = meta?.rateLimit;
    const caller = action && { ip: ctx.ip, userId: ctx.actor.userId };
    if (action && caller) admitCall(ctx, action, caller);
    if (company) scopeToOwnCompany(ctx as SignedIn);
    // The actor is checked above; the override only tells the resolvers' types so. Handing tRPC a
    // real context object would have it copy the whole context for every call.
    const result = await next({ ctx: undefined as unknown as { actor: Actor } & Scope });
    if (action && caller) countFailure(ctx, action, caller, result);
    return withAppErrors(result);
  });
}

/**
 * Customer calls act on the caller's own company, never one named in the input. The provider has
 * none: reading ctx.companyId refuses them (403), which the resolver does after the input check, so
 * a malformed call still gets its 400 as before. A batch shares one context, so it is set once.
 */
function scopeToOwnCompany(ctx: SignedIn): void {
  if ('companyId' in ctx) return;
  const { actor } = ctx;
  if (actor.companyId) Object.defineProperty(ctx, 'companyId', { value: actor.companyId });
  else Object.defineProperty(ctx, 'companyId', { get: () => ownCompanyId(actor) });
}

type OwnCompany = { companyId: string };

export const authedProcedure = signedInProcedure({ may: () => true });
/** Any user of a company, on their company's data. */
export const companyProcedure = signedInProcedure<OwnCompany>({ may: () => true, company: true });
/** A company's admin, on their company's data. */
export const companyAdminProcedure = signedInProcedure<OwnCompany>({ may: (actor) => actor.isAdmin, company: true });
/** While the policy requires two-factor sign-in, a super-admin without it is kept out of the back office. */
export const superAdminProcedure = signedInProcedure({
  may: (actor) => actor.isSuperAdmin,
  refusal: ({ deps, actor }) => (mustEnrolFirst(deps.db, actor.userId) ? ENROL_FIRST : null),
});

/**
 * An update changes only the fields it is sent. The update schemas are the create forms, which
 * fill a missing field with its default (a missing role read as admin, a missing company as none),
 * so before the input is checked, every field the call leaves out is taken from the record as it
 * stands; an explicit null still clears a field that may be empty. Checked as a whole afterwards,
 * the merged record meets the same rules as a full form. An unknown id is a 404 before the input is checked.
 */
export function keepsOmittedFields<Stored extends object>(
  /** The record as it stands; a 404 when there is none, undefined to leave the input as sent. */
  stored: (ctx: SignedIn, id: string) => Stored | undefined,
  fields: readonly (keyof Stored & string)[],
) {
  return t.middleware(async ({ ctx, getRawInput, next }) => {
    const sent = await getRawInput();
    const id = isRecord(sent) ? idParam.safeParse(sent.id).data : undefined;
    if (!isRecord(sent) || id === undefined) return next();
    const current = stored(ctx as SignedIn, id);
    if (!current) return next();
    const merged: Record<string, unknown> = {};
    for (const field of fields) merged[field] = current[field];
    for (const [field, value] of Object.entries(sent)) if (value !== undefined) merged[field] = value;
    return next({ getRawInput: () => Promise.resolve(merged) });
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
