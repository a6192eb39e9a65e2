import { TRPCError, getTRPCErrorFromUnknown } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import type { AppDeps } from './deps.js';
import { shapeError } from './error-shape.js';
import { renderApiDocs } from './api-docs.js';
import { requestInfo } from './request-info.js';
import { appRouter } from './router.js';
import { documentPagedLists } from './rest-docs.js';
import { pagedBody, PER_PAGE_QUERY, setPageHeaders } from './rest-paging.js';
import { createContext, type ProcedureMeta } from './trpc.js';

/*
 * The REST mirror: every procedure with meta.openapi is served under /api at its SPEC.md path,
 * by calling the procedure itself, so validation, roles and errors are exactly those of /trpc.
 * We route it ourselves rather than through trpc-to-openapi's adapter, which refuses bodiless
 * PUTs, drops the query string of a PUT and leaks stack traces; its document generator is used.
 */
type AnyProcedure = {
  _def: { meta?: ProcedureMeta; inputs: unknown[]; type: 'query' | 'mutation' | 'subscription' };
  /** What a tRPC caller does for one path, without building a caller proxy per request. */
  (call: {
    ctx: unknown;
    path: string;
    type: 'query' | 'mutation' | 'subscription';
    getRawInput: () => Promise<unknown>;
    signal: AbortSignal | undefined;
    batchIndex: number;
  }): Promise<unknown>;
};

type ZodLike = {
  _zod?: { def: { type: string; innerType?: ZodLike; shape?: Record<string, ZodLike> } };
  safeParse?: (value: unknown) => { success: boolean; data?: unknown };
};

export function registerRestApi(app: FastifyInstance, deps: AppDeps): void {
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  for (const [procedurePath, procedure] of Object.entries(procedures)) {
    const openapi = procedure._def.meta?.openapi;
    if (!openapi) continue;
    app.route({
      method: openapi.method,
      url: `/api${openapi.path.replace(/\{(\w+)\}/g, ':$1')}`,
      handler: (request, reply) => handle(deps, procedurePath, procedure, request, reply),
    });
  }

  const document = documentPagedLists(generateOpenApiDocument(appRouter, {
    title: 'Hourbank API',
    version: '1.0.0',
    baseUrl: '/api',
    description:
      'Every call except sign-in, sign-up, forgot-password, reset-password and resend-link needs the session token from POST /account/login in the jwttoken header.',
    securitySchemes: { jwttoken: { type: 'apiKey', in: 'header', name: 'jwttoken' } },
  }), pagedPaths(procedures));
  const docsPage = renderApiDocs(document);
  app.get('/api/openapi.json', (_request, reply) => reply.send(document));
  app.get('/api/docs', (_request, reply) => reply.type('text/html; charset=utf-8').send(docsPage));
}

async function handle(
  deps: AppDeps,
  procedurePath: string,
  procedure: AnyProcedure,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  try {
    const ctx = createContext(deps, requestInfo(request));
    const input = inputOf(procedure, request);
    const result = await procedure({
      ctx,
      path: procedurePath,
      type: procedure._def.type,
      getRawInput: () => Promise.resolve(input),
      signal: undefined,
      batchIndex: 0,
    });
    if (procedure._def.meta?.paged && result) {
      setPageHeaders(request, reply, result as never, parsedInput(procedure, input));
      return reply.send(pagedBody(result as never));
    }
    return reply.send(result ?? null);
  } catch (cause) {
    const error = cause instanceof TRPCError ? cause : getTRPCErrorFromUnknown(cause);
    const { status, body } = shapeError(error);
    if (status >= 500) request.log.error({ err: error.cause ?? error, path: procedurePath }, 'api call failed');
    return reply.status(status).send(body);
  }
}

/** Merges query string, JSON body and path parameters into the procedure's input. */
function inputOf(procedure: AnyProcedure, request: FastifyRequest): unknown {
  const schema = procedure._def.inputs[0] as ZodLike | undefined;
  const kind = schema?._zod?.def.type;
  if (!schema || kind === 'void' || kind === 'undefined') return undefined;
  const body = request.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    return body;
  }
  const shape = objectShape(schema);
  const query = coerceQuery(request.query as Record<string, unknown>, shape);
  return { ...query, ...(body as object | undefined), ...(request.params as object) };
}

/** The input as the procedure read it, defaults filled in (for the paging headers). */
function parsedInput(procedure: AnyProcedure, input: unknown): { page?: number; perPage?: number } | undefined {
  const parsed = (procedure._def.inputs[0] as ZodLike | undefined)?.safeParse?.(input);
  return parsed?.success ? (parsed.data as { page?: number; perPage?: number }) : undefined;
}

function pagedPaths(procedures: Record<string, AnyProcedure>): Set<string> {
  const paths = Object.values(procedures)
    .filter((procedure) => procedure._def.meta?.paged && procedure._def.meta.openapi)
    .map((procedure) => procedure._def.meta!.openapi!.path);
  return new Set(paths);
}

function objectShape(schema: ZodLike): Record<string, ZodLike> {
  let current: ZodLike | undefined = schema;
  while (current?._zod && current._zod.def.type !== 'object') current = current._zod.def.innerType;
  return current?._zod?.def.shape ?? {};
}

function baseType(schema: ZodLike | undefined): string | undefined {
  let current = schema;
  while (current?._zod?.def.innerType) current = current._zod.def.innerType;
  return current?._zod?.def.type;
}

/** Query strings are text; booleans and numbers the schema expects are read from it. */
function coerceQuery(query: Record<string, unknown>, shape: Record<string, ZodLike>) {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    const key = name === PER_PAGE_QUERY ? 'perPage' : name;
    const type = baseType(shape[key]);
    if (type === 'boolean' && (value === 'true' || value === 'false')) result[key] = value === 'true';
    else if (type === 'number' && typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) {
      result[key] = Number(value);
    } else result[key] = value;
  }
  return result;
}
