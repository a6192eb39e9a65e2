import { getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError, ZodRealError } from 'zod';
import { AppError, DISK_FULL, errorCodes, GENERIC_SERVER_ERROR, httpStatusOfTrpcCode, isDiskFull } from './errors.js';
import { fieldErrorsOf, validationMessage } from './validation.js';

export type ErrorBody = { message: string; fieldErrors?: Record<string, string[]> };

/** A failed call as every transport answers it: the HTTP status, tRPC's name for it, and the body. */
export type Failure = {
  status: number;
  code: TRPC_ERROR_CODE_KEY;
  body: ErrorBody;
  /** The server's own fault, to be logged: set for a 5xx that was not raised on purpose. */
  fault?: unknown;
};

/** What a write that found the disk full answers, whichever transport it came by. */
const DISK_FULL_STATUS = 503;

/**
 * The one mapping from whatever a call threw to its answer, for /trpc, the REST mirror and the
 * downloads alike. A service's AppError keeps its code and message (a rule about one field names it
 * in fieldErrors, like a schema); a unique or foreign-key clash the service did not foresee is a
 * conflict; an input the schema refused names its first problem. An internal fault's details never
 * leave the server; a 502 or 503 raised on purpose (a webhook down, not configured) keeps its
 * message. A full disk is no fault of the app's: 503 with a sentence that says nothing can be saved now.
 */
export function failureOf(thrown: unknown): Failure {
  if (isDiskFull(thrown)) return { status: DISK_FULL_STATUS, code: 'SERVICE_UNAVAILABLE', body: { message: DISK_FULL }, fault: thrown };
  const appError = appErrorIn(thrown);
  if (appError) return appFailure(appError);
  const error = thrown instanceof TRPCError ? thrown : getTRPCErrorFromUnknown(thrown);
  const constraint = constraintMessage(error.cause);
  if (constraint) return { status: errorCodes.CONFLICT.status, code: 'CONFLICT', body: { message: constraint } };
  const status = httpStatusOfTrpcCode(error.code);
  const failure = (message: string, fieldErrors?: Record<string, string[]>): Failure => ({ status, code: error.code, body: fieldErrors ? { message, fieldErrors } : { message } });
  if (status === 500 || status > 503) return { ...failure(GENERIC_SERVER_ERROR), fault: error.cause ?? error };
  if (error.cause instanceof ZodError) return failure(validationMessage(error.cause), fieldErrorsOf(error.cause));
  return failure(error.message);
}

/** The service's AppError a call failed with: thrown as it is, or wrapped by tRPC around a resolver's throw. */
function appErrorIn(thrown: unknown): AppError | undefined {
  if (thrown instanceof AppError) return thrown;
  return thrown instanceof TRPCError && thrown.cause instanceof AppError ? thrown.cause : undefined;
}

function appFailure(error: AppError): Failure {
  const { status, trpc: code } = errorCodes[error.code];
  if (status >= 500 && status !== 502 && status !== 503) return { status, code, body: { message: GENERIC_SERVER_ERROR }, fault: error };
  if (!error.field) return { status, code, body: { message: error.message } };
  // a rule about one field answers like a schema would
  const asSchema = new ZodRealError([{ code: 'custom', path: [error.field], message: error.message, input: undefined }]);
  return { status, code, body: { message: validationMessage(asSchema), fieldErrors: fieldErrorsOf(asSchema) } };
}

/** A unique or foreign-key clash the service did not foresee is a conflict, not a crash. */
function constraintMessage(cause: unknown): string | undefined {
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE') return 'That conflicts with an existing record.';
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'That record is still in use or refers to one that does not exist.';
  return undefined;
}
