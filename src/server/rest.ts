import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerFor, callProcedure } from './calls.js';
import type { AppDeps } from './deps.js';
import { buildApiDocument } from './api-docs/document.js';
import { registerApiDocsViewer } from './api-docs/viewer.js';
import { requestInfo } from './request-info.js';
import { pagedBody, PER_PAGE_QUERY, setPageHeaders } from './rest-paging.js';
import type { ProcedureInternals } from './procedure-internals.js';

/*
 * The REST mirror: every procedure with meta.openapi is served under /api at its REST path,
 * called as /trpc calls it (calls.ts), so validation, roles and errors are exactly those of /trpc.
 * We route it ourselves rather than through trpc-to-openapi's adapter, which refuses bodiless
 * PUTs, drops the query string of a PUT and leaks stack traces; its document generator is used.
 */
export function registerRestApi(app: FastifyInstance, deps: AppDeps, procedures: ProcedureInternals[]): void {
  for (const procedure of procedures) {
    const openapi = procedure.meta?.openapi;
    if (!openapi) continue;
    // a former path answers as the current one does, until it is dropped (meta.formerPaths)
    for (const path of [openapi.path, ...(procedure.meta?.formerPaths ?? [])]) {
      app.route({
        method: openapi.method,
        url: `/api${path.replace(/\{(\w+)\}/g, ':$1')}`,
        ...(procedure.meta?.bodyLimit ? { bodyLimit: procedure.meta.bodyLimit } : {}),
        handler: (request, reply) => handle(deps, procedure, request, reply),
      });
    }
  }

  // Built on first request, not at start-up: generating it takes longer than the rest of start-up.
  let document: ReturnType<typeof buildApiDocument> | undefined;
  app.get('/api/openapi.json', (_request, reply) => reply.send((document ??= buildApiDocument(procedures))));
  registerApiDocsViewer(app);
}

async function handle(deps: AppDeps, procedure: ProcedureInternals, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const input = inputOf(procedure, request);
  const outcome = await callProcedure(callerFor(deps, requestInfo(request)), procedure.path, input, request.log);
  if (!outcome.ok) return reply.status(outcome.failure.status).send(outcome.failure.body);
  if (procedure.meta?.paged && outcome.data) {
    setPageHeaders(request, reply, outcome.data as never, procedure.input.paging(input));
    return reply.send(pagedBody(outcome.data as never));
  }
  return reply.send(outcome.data ?? null);
}

/** Merges query string, JSON body and path parameters into the procedure's input. */
function inputOf(procedure: ProcedureInternals, request: FastifyRequest): unknown {
  const { kind } = procedure.input;
  if (!kind || kind === 'void' || kind === 'undefined') return undefined;
  const body = request.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    return body;
  }
  const query = coerceQuery(request.query as Record<string, unknown>, procedure);
  return { ...query, ...(body as object | undefined), ...(request.params as object) };
}

/** Query strings are text; booleans and numbers the schema expects are read from it. */
function coerceQuery(query: Record<string, unknown>, procedure: ProcedureInternals) {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    const key = name === PER_PAGE_QUERY ? 'perPage' : name;
    const type = procedure.input.fieldType(key);
    if (type === 'boolean' && (value === 'true' || value === 'false')) result[key] = value === 'true';
    else if (type === 'number' && typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) {
      result[key] = Number(value);
    } else result[key] = value;
  }
  return result;
}
