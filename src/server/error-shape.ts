import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, GENERIC_SERVER_ERROR, httpStatusOfTrpcCode } from './errors.js';
import { fieldErrorsOf, validationMessage } from './validation.js';

export type ErrorBody = { message: string; fieldErrors?: Record<string, string[]> };

/**
 * How an error looks on the wire, for tRPC and REST alike. An internal fault's details never
 * leave the server; a 502 or 503 raised on purpose (a webhook down, not configured) keeps its message.
 */
export function shapeError(error: TRPCError): { status: number; body: ErrorBody } {
  const status = httpStatusOfTrpcCode(error.code);
  if (status === 500 || status > 503) return { status, body: { message: GENERIC_SERVER_ERROR } };
  if (error.cause instanceof ZodError) {
    return {
      status,
      body: { message: validationMessage(error.cause), fieldErrors: fieldErrorsOf(error.cause) },
    };
  }
  if (error.cause instanceof AppError && error.cause.fieldErrors) {
    return { status, body: { message: error.message, fieldErrors: error.cause.fieldErrors } };
  }
  return { status, body: { message: error.message } };
}
