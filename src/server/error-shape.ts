import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { DISK_FULL, GENERIC_SERVER_ERROR, httpStatusOfTrpcCode, INVALID_JSON, isDiskFull, JSON_ONLY, WRONG_METHOD } from './errors.js';
import { fieldErrorsOf, validationMessage } from './validation.js';

export type ErrorBody = { message: string; fieldErrors?: Record<string, string[]> };

/** What a write that found the disk full answers, whichever transport it came by. */
export const DISK_FULL_STATUS = 503;

/**
 * How an error looks on the wire, for tRPC and REST alike. An internal fault's details never
 * leave the server; a 502 or 503 raised on purpose (a webhook down, not configured) keeps its message.
 * A full disk is no fault of the app's: 503 with a sentence that says nothing can be saved now.
 */
export function shapeError(error: TRPCError): { status: number; body: ErrorBody } {
  if (isDiskFull(error)) return { status: DISK_FULL_STATUS, body: { message: DISK_FULL } };
  const status = httpStatusOfTrpcCode(error.code);
  if (status === 500 || status > 503) return { status, body: { message: GENERIC_SERVER_ERROR } };
  // tRPC's own wording for these names its internals (or quotes the JSON parser)
  if (error.code === 'METHOD_NOT_SUPPORTED') return { status, body: { message: WRONG_METHOD } };
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return { status, body: { message: JSON_ONLY } };
  if (error.cause instanceof SyntaxError) return { status: 400, body: { message: INVALID_JSON } };
  if (error.cause instanceof ZodError) {
    return {
      status,
      body: { message: validationMessage(error.cause), fieldErrors: fieldErrorsOf(error.cause) },
    };
  }
  return { status, body: { message: error.message } };
}
