import { getTRPCErrorShape, TRPCError } from '@trpc/server';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BATCH_TOO_LARGE, MAX_BATCH_CALLS } from '../shared/limits.js';
import type { AppDeps } from './deps.js';
import { jsonNestingError } from './json-depth.js';
import { requestInfo } from './request-info.js';
import { appRouter } from './router.js';
import { createContext } from './trpc.js';

/*
 * /trpc/<path>: tRPC's own request handling, answered as one buffered JSON body.
 * tRPC's Fastify plugin hands Fastify a streaming Response, which costs a chunked write per part
 * and a stream pipeline per call; the app's client never streams, so one write with a length is
 * both simpler on the wire and several times cheaper per request.
 */
const TRPC_HEADERS = ['content-type', 'accept', 'trpc-accept'] as const;

export async function registerTrpc(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(
    async (scope) => {
      // tRPC parses the body itself, once it is known not to nest too deeply.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
        done(jsonNestingError(body as string) ?? null, body);
      });
      scope.all<{ Params: { path: string } }>('/:path', (request, reply) => handle(deps, request, reply));
    },
    { prefix: '/trpc' },
  );
}

async function handle(
  deps: AppDeps,
  request: FastifyRequest<{ Params: { path: string } }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const path = request.params.path;
  if (isBatch(request) && path.split(',').length > MAX_BATCH_CALLS) {
    return refuse(reply, new TRPCError({ code: 'BAD_REQUEST', message: BATCH_TOO_LARGE }));
  }
  const response = await resolveResponse({
    router: appRouter,
    req: fetchRequestOf(request),
    path,
    error: null,
    createContext: async () => createContext(deps, requestInfo(request)),
    onError: ({ error, path: procedurePath }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        request.log.error({ err: error.cause ?? error, path: procedurePath }, 'trpc call failed');
      }
    },
  });
  reply.code(response.status);
  response.headers.forEach((value, name) => reply.header(name, value));
  return reply.send(await response.text());
}

/**
 * The request as tRPC reads it: method, URL, body and the headers that choose its format.
 * Calls finish in one synchronous database step, so there is no abort signal to wire to the socket.
 */
function fetchRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const name of TRPC_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : (request.body as string | undefined);
  return new Request(`http://localhost${request.url}`, { method: request.method, headers, body });
}

function isBatch(request: FastifyRequest): boolean {
  return (request.query as Record<string, unknown> | undefined)?.batch === '1';
}

/** A refusal before any call runs, in the envelope a tRPC client reads. */
function refuse(reply: FastifyReply, error: TRPCError): FastifyReply {
  const shape = getTRPCErrorShape({
    config: appRouter._def._config,
    error,
    type: 'unknown',
    path: undefined,
    input: undefined,
    ctx: undefined,
  });
  return reply.code(400).send({ error: shape });
}
