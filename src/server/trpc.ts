import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { idParam } from '../shared/validation.js';
import type { AppDeps } from './deps.js';
import { AppError, NUL_IN_TEXT } from './errors.js';
import { ownCompanyId, type Actor } from './modules/account/actor.js';
import { isWrongCredentials } from './modules/account/service.js';
import { validateSessionToken } from './modules/account/sessions.js';
import { isFailureCounted, type Caller, type FailureCountedAction, type RateLimitedAction } from './rate-limit.js';
import { ENROL_FIRST, mustEnrolFirst } from './modules/two-factor/policy.js';
import { isWrongProof } from './modules/two-factor/service.js';
import { sourceOf } from './modules/events/service.js';
import { admitRecordingThrottle } from './modules/account/sign-in-events.js';
import { checkingSynchronously } from './synchronous-checks.js';

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
 * bodyLimit: the largest request body the call takes, in bytes, when it is more than the app's 1 MB
 * (a call that carries a file); /trpc and /api take it for that call alone.
 */
export type ProcedureMeta = OpenApiMeta & { public?: true; paged?: boolean; rateLimit?: RateLimitedAction; queryFields?: string[]; formerPaths?: string[]; bodyLimit?: number };

export async function createContext(deps: AppDeps, request: RequestInfo): Promise<Context> {
  const actor = request.sessionToken
    ? await validateSessionToken(deps.db, request.sessionToken, deps.clock.now(), deps.readSession)
    : null;
  return { deps, actor, ip: request.ip };
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create();

/** Every procedure is built from this: its input and output schemas are checked with parse (synchronous-checks.ts). */
const procedure = checkingSynchronously(t.procedure);

/** The errors that count as a failure of an action limited by its failures. */
const isFailureOf: Record<FailureCountedAction, (cause: unknown) => boolean> = {
  'sign-in': isWrongCredentials,
  'two-factor-code': isWrongProof,
};

/** After the call: a wrong password or code counts against the address and the account. */
async function countFailure(ctx: Context, action: RateLimitedAction, caller: Caller, result: { ok: boolean; error?: { cause?: unknown } }): Promise<void> {
  if (!result.ok && isFailureCounted(action) && isFailureOf[action](result.error?.cause)) {
    await ctx.deps.rateLimiter.recordFailure(action, caller);
  }
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const forbidden = () =>
  new TRPCError({ code: 'FORBIDDEN', message: 'You do not have permission to do this.' });

/*
 * Each procedure builder is one middleware (the sign-in and role check, and the error mapping):
 * tRPC copies the call's options at every middleware, which a cheap call notices.
 */
export const publicProcedure = procedure.meta({ public: true }).use(async ({ ctx, meta, getRawInput, next }) => {
  const rawInput = await getRawInput();
  refuseNul(rawInput);
  const action = meta?.rateLimit;
  if (!action) return next();
  const caller = { ip: ctx.ip, emailAddress: emailAddressIn(rawInput) };
  // a sign-in refused for too many failures is recorded as it is refused
  await admitRecordingThrottle(ctx.deps, action, caller);
  const result = await next();
  await countFailure(ctx, action, caller, result);
  return result;
});

/** Refuses an input with U+0000 in any text or name (see NUL_IN_TEXT), naming the field it is in, before anything reads it. */
function refuseNul(rawInput: unknown): void {
  const path = nulPath(rawInput);
  if (path) throw new AppError('BAD_REQUEST', NUL_IN_TEXT, path.join('.') || undefined);
}

/** Where the first U+0000 of the input is: the path to its text or name ([] for the input itself), or undefined. */
function nulPath(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value.includes('\0') ? [] : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\0')) return [];
    const inner = nulPath(item);
    if (inner) return [key, ...inner];
  }
  return undefined;
}

/** The email address a call names, read before its input is checked (a bad one is refused after). */
function emailAddressIn(rawInput: unknown): string | undefined {
  const emailAddress = (rawInput as { emailAddress?: unknown } | null | undefined)?.emailAddress;
  return typeof emailAddress === 'string' ? emailAddress : undefined;
}

type SignedIn = Context & { actor: Actor };
type Guard = {
  may: (actor: Actor) => boolean;
  /** A further reason to turn an allowed actor away, with its own message. */
  refusal?: (deps: AppDeps, actor: Actor) => Promise<string | null>;
};

/**
 * Signed in, and allowed by the guard. The resolver's context has the actor, never null;
 * companyId(): the caller's own company, or a 403 for an account of none (the provider); and
 * source: the actor and the request's address, which the services record on the events of the
 * changes the call makes.
 */
function signedInProcedure({ may, refusal }: Guard) {
  return procedure.use(async ({ ctx, meta, getRawInput, next }) => {
    const { actor } = ctx;
    if (!actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
    if (!may(actor)) throw forbidden();
    refuseNul(await getRawInput());
    const refused = await refusal?.(ctx.deps, actor);
    if (refused) throw new TRPCError({ code: 'FORBIDDEN', message: refused });
    const action = meta?.rateLimit;
    const caller = action && { ip: ctx.ip, userId: actor.userId };
    // over the limit, the limiter's 429 is the call's failure
    if (action && caller) await ctx.deps.rateLimiter.admit(action, caller);
    const result = await next({ ctx: { actor, companyId: () => ownCompanyId(actor), source: sourceOf(actor, ctx.ip) } });
    if (action && caller) await countFailure(ctx, action, caller, result);
    return result;
  });
}

export const authedProcedure = signedInProcedure({ may: () => true });
/**
 * Any user of a company, on their company's data. Customer calls act on the caller's own company,
 * never one named in the input: ctx.companyId() is it. The provider has none, and the call refuses
 * them (403) when the resolver asks, after the input check, so a malformed call gets its 400 first.
 */
export const companyProcedure = signedInProcedure({ may: () => true });
/** A company's admin, on their company's data (ctx.companyId(), as above). */
export const companyAdminProcedure = signedInProcedure({ may: (actor) => actor.isAdmin });
/** While the policy requires two-factor sign-in, a super-admin without it is kept out of the back office. */
export const superAdminProcedure = signedInProcedure({
  may: (actor) => actor.isSuperAdmin,
  refusal: async (deps, actor) => ((await mustEnrolFirst(deps.db, actor.userId)) ? ENROL_FIRST : null),
});

/**
 * An update changes only the fields it is sent. The update schemas are the create forms, which
 * fill a missing field with its default (a missing role read as admin, a missing company as none),
 * so before the input is checked, every field the call leaves out is taken from the record as it
 * stands; an explicit null still clears a field that may be empty. Checked as a whole afterwards,
 * the merged record meets the same rules as a full form. An unknown id is a 404 before the input is checked.
 */
export function keepsOmittedFields<Stored extends object>(
  /** The record as it stands (read from the database, so usually a promise); a 404 when there is none, undefined to leave the input as sent. */
  stored: (ctx: SignedIn, id: string) => Promise<Stored | undefined> | Stored | undefined,
  fields: readonly (keyof Stored & string)[],
) {
  return t.middleware(async ({ ctx, getRawInput, next }) => {
    const sent = await getRawInput();
    const id = isRecord(sent) ? idParam.safeParse(sent.id).data : undefined;
    if (!isRecord(sent) || id === undefined) return next();
    const current = await stored(ctx as SignedIn, id);
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
