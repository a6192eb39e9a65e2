import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';

/** The one map from an application error code to its HTTP status and tRPC code. */
export const errorCodes = {
  BAD_REQUEST: { status: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND' },
  METHOD_NOT_SUPPORTED: { status: 405, trpc: 'METHOD_NOT_SUPPORTED' },
  CONFLICT: { status: 409, trpc: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  TOO_MANY_REQUESTS: { status: 429, trpc: 'TOO_MANY_REQUESTS' },
  INTERNAL: { status: 500, trpc: 'INTERNAL_SERVER_ERROR' },
  BAD_GATEWAY: { status: 502, trpc: 'BAD_GATEWAY' },
  SERVICE_UNAVAILABLE: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
} as const satisfies Record<string, { status: number; trpc: TRPC_ERROR_CODE_KEY }>;

export type AppErrorCode = keyof typeof errorCodes;

export const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again.';
export const DISK_FULL = 'The server cannot save changes right now (its disk is full). Try again later.';

/**
 * Error codes of a write that found no room: SQLite's database or disk full, PostgreSQL's disk full
 * (SQLSTATE 53100), a file system out of space or over the account's quota. Not the app's fault and not the caller's: nothing can be
 * saved until someone makes room, so the caller is told so (503) rather than "something went wrong".
 */
const NO_ROOM_CODES = new Set(['SQLITE_FULL', '53100', 'ENOSPC', 'EDQUOT']);

/** Whether the error, or an error it was caused by, is a write that found the disk full. */
export function isDiskFull(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current && depth < 8; depth++) {
    if (NO_ROOM_CODES.has(String((current as { code?: unknown }).code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
export const INVALID_JSON = 'The request body is not valid JSON.';
/** PostgreSQL's text cannot hold U+0000, so neither engine takes it: the same answer on both. */
export const NUL_IN_TEXT = 'Text cannot contain the NUL character (U+0000).';
export const JSON_ONLY = 'Send the request body as application/json.';
/** tRPC reads queries with GET and takes changes with POST; the REST mirror's methods are in its reference. */
export const WRONG_METHOD = 'This call does not take that HTTP method: read with GET, change with POST (see /api/docs for the REST mirror).';

/** Thrown by services: a code and a message a person can read; `field` names the input it is about. */
export class AppError extends Error {
  constructor(
    public readonly code: AppErrorCode,
    message: string,
    public readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);

const statusByTrpcCode = new Map<string, number>(
  Object.values(errorCodes).map(({ status, trpc }) => [trpc, status]),
);

export function httpStatusOfTrpcCode(code: string): number {
  return statusByTrpcCode.get(code) ?? 500;
}
