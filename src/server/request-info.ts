import type { FastifyRequest } from 'fastify';
import type { RequestInfo } from './trpc.js';

export const SESSION_HEADER = 'jwttoken';

export function requestInfo(request: FastifyRequest): RequestInfo {
  const header = request.headers[SESSION_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  return { sessionToken: token?.trim() || undefined, ip: request.ip };
}
