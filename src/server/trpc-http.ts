import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BATCH_TOO_LARGE, MAX_BATCH_CALLS } from '../shared/limits.js';
import { callerFor, callProcedure, loggedFailure, type CallOutcome } from './calls.js';
import type { AppDeps } from './deps.js';
import type { Failure } from './error-shape.js';
import { AppError, INVALID_JSON, JSON_ONLY, WRONG_METHOD } from './errors.js';
import { jsonNestingError } from './json-depth.js';
import type { ProcedureInternals, ProcedureType } from './procedure-internals.js';
import { requestInfo } from './request-info.js';

/*
 * /trpc/<path>: tRPC's HTTP protocol (its documented "HTTP RPC specification", without streaming,
 * which the app's client does not use), answering each call through the same caller as the REST
 * mirror (calls.ts). A query is read with GET and its input in the `input` query parameter, a
 * mutation is sent with POST and its input as the JSON body; `?batch=1` names several procedures
 * separated by commas, their inputs an object keyed by position, and answers an array in that
 * order, with 207 when the calls' statuses differ. A failure is { error: { message, code, data } },
 * code being the JSON-RPC number the tRPC client reads.
 */

type TrpcRequest = FastifyRequest<{ Params: { path: string }; Querystring: { batch?: string; input?: string } }>;

const METHOD_OF: Record<ProcedureType, string | undefined> = { query: 'GET', mutation: 'POST', subscription: undefined };

export async function registerTrpc(app: FastifyInstance, deps: AppDeps, procedures: ProcedureInternals[]): Promise<void> {
  const typeOf = new Map(procedures.map((procedure) => [procedure.path, procedure.type]));
  await app.register(
    async (scope) => {
      // the body is parsed here, once it is known not to nest too deeply
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
        done(jsonNestingError(body as string) ?? null, body);
      });
      scope.all<{ Params: { path: string } }>('/:path', (request, reply) => answer(deps, typeOf, request as TrpcRequest, reply));
      // a call that carries a file takes a larger body, at its own path only (not in a batch of others)
      for (const { path, meta } of procedures) {
        if (!meta?.bodyLimit) continue;
        scope.post(`/${path}`, { bodyLimit: meta.bodyLimit }, (request, reply) => {
          (request.params as { path: string }).path = path;
          return answer(deps, typeOf, request as TrpcRequest, reply);
        });
      }
    },
    { prefix: '/trpc' },
  );
}

async function answer(deps: AppDeps, typeOf: Map<string, ProcedureType>, request: TrpcRequest, reply: FastifyReply): Promise<FastifyReply> {
  if (request.method === 'HEAD') return reply.code(204).send();
  const batch = request.query.batch === '1';
  const paths = batch ? request.params.path.split(',') : [request.params.path];
  let inputs: unknown[];
  try {
    inputs = inputsOf(request, paths.length, batch);
  } catch (thrown) {
    // a refusal of the whole request, before any call runs
    const failure = loggedFailure(thrown, request.log);
    return send(reply, failure.status, { error: envelopeOf(failure, undefined) });
  }
  const caller = callerFor(deps, requestInfo(request));
  const outcomes = await Promise.all(
    paths.map((path, index) => {
      const refusal = methodRefusal(typeOf.get(path), path, request.method);
      return refusal ? { ok: false as const, failure: loggedFailure(refusal, request.log) } : callProcedure(caller, path, inputs[index], request.log);
    }),
  );
  const answers = outcomes.map((outcome, index) => answerOf(outcome, paths[index]!));
  if (!batch) return send(reply, statusOf(outcomes[0]!), answers[0]);
  const statuses = new Set(outcomes.map(statusOf));
  return send(reply, statuses.size === 1 ? statusOf(outcomes[0]!) : 207, answers);
}

/** The calls' inputs in order: JSON in the `input` query parameter of a GET, or the JSON body of a POST. */
function inputsOf(request: TrpcRequest, calls: number, batch: boolean): unknown[] {
  if (batch && calls > MAX_BATCH_CALLS) throw new AppError('BAD_REQUEST', BATCH_TOO_LARGE);
  const text = request.method === 'GET' ? request.query.input : bodyText(request);
  const sent = text === undefined || text.trim() === '' ? undefined : parsedJson(text);
  if (!batch) return [sent];
  if (sent === undefined) return [];
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) {
    throw new AppError('BAD_REQUEST', 'The input of a batch is an object of each call\'s input by its position ("0", "1", ...).');
  }
  return Array.from({ length: calls }, (_, index) => (sent as Record<string, unknown>)[index]);
}

/** The body of a write, which must be JSON (the parser above keeps it as text). */
function bodyText(request: TrpcRequest): string | undefined {
  if (!request.headers['content-type']?.startsWith('application/json')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', JSON_ONLY);
  return typeof request.body === 'string' ? request.body : undefined;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', INVALID_JSON);
  }
}

/** A call to a path that is not a procedure, or by the wrong method for its type. */
function methodRefusal(type: ProcedureType | undefined, path: string, method: string): AppError | undefined {
  if (!type) return new AppError('NOT_FOUND', `No procedure found on path "${path}".`);
  return METHOD_OF[type] === method ? undefined : new AppError('METHOD_NOT_SUPPORTED', WRONG_METHOD);
}

function answerOf(outcome: CallOutcome, path: string) {
  return outcome.ok ? { result: { data: outcome.data } } : { error: envelopeOf(outcome.failure, path) };
}

function statusOf(outcome: CallOutcome): number {
  return outcome.ok ? 200 : outcome.failure.status;
}

/** tRPC's error shape: the message, the JSON-RPC code, and the data the client reads (fieldErrors for a form). */
function envelopeOf(failure: Failure, path: string | undefined) {
  return {
    message: failure.body.message,
    code: TRPC_ERROR_CODES_BY_KEY[failure.code],
    data: { code: failure.code, httpStatus: failure.status, path, fieldErrors: failure.body.fieldErrors },
  };
}

/** One buffered JSON body with its length: the client never streams. */
function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).header('content-type', 'application/json').send(JSON.stringify(body));
}
