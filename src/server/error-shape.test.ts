import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { failureOf } from './error-shape.js';
import { AppError, DISK_FULL, GENERIC_SERVER_ERROR } from './errors.js';

/*
 * The one mapping from what a call threw to its answer, which /trpc, the REST mirror, the downloads
 * and the app's own error handler all use (calls.test.ts checks that the transports answer alike).
 */
const coded = (code: string) => Object.assign(new Error(`${code}: something`), { code });
/** What tRPC makes of anything a resolver or middleware throws that is not a TRPCError. */
const wrapped = (cause: unknown) => new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause });
const schemaError = () => z.object({ hours: z.number() }).safeParse({ hours: 'two' }).error!;

describe('failureOf', () => {
  it.each([
    ['an AppError', new AppError('NOT_FOUND', 'Task not found.'), { status: 404, code: 'NOT_FOUND', body: { message: 'Task not found.' } }],
    ['an AppError tRPC wrapped', wrapped(new AppError('CONFLICT', 'Already paid.')), { status: 409, code: 'CONFLICT', body: { message: 'Already paid.' } }],
    ['a rate limit', new AppError('TOO_MANY_REQUESTS', 'Too many attempts.'), { status: 429, code: 'TOO_MANY_REQUESTS', body: { message: 'Too many attempts.' } }],
    [
      'an AppError about one field',
      wrapped(new AppError('BAD_REQUEST', 'That address is taken.', 'emailAddress')),
      { status: 400, code: 'BAD_REQUEST', body: { message: 'That address is taken.', fieldErrors: { emailAddress: ['That address is taken.'] } } },
    ],
    ['a 503 raised on purpose', new AppError('SERVICE_UNAVAILABLE', 'Email is not set up.'), { status: 503, code: 'SERVICE_UNAVAILABLE', body: { message: 'Email is not set up.' } }],
    ['a unique clash', wrapped(coded('SQLITE_CONSTRAINT_UNIQUE')), { status: 409, code: 'CONFLICT', body: { message: 'That conflicts with an existing record.' } }],
    ['a foreign-key clash', wrapped(coded('SQLITE_CONSTRAINT_FOREIGNKEY')), { status: 409, code: 'CONFLICT', body: { message: 'That record is still in use or refers to one that does not exist.' } }],
    ['a full database', wrapped(coded('SQLITE_FULL')), { status: 503, code: 'SERVICE_UNAVAILABLE', body: { message: DISK_FULL } }],
    ['a full disk, unwrapped', coded('ENOSPC'), { status: 503, code: 'SERVICE_UNAVAILABLE', body: { message: DISK_FULL } }],
    ['an input the schema refused', new TRPCError({ code: 'BAD_REQUEST', cause: schemaError() }), { status: 400, code: 'BAD_REQUEST', body: { message: 'hours must be a number.', fieldErrors: { hours: ['Invalid input: expected number, received string'] } } }],
    ['a guard refusal', new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' }), { status: 401, code: 'UNAUTHORIZED', body: { message: 'Please sign in to continue.' } }],
  ])('answers %s', (_case, thrown, expected) => {
    const failure = failureOf(thrown);
    expect(failure).toMatchObject(expected);
    if (expected.status !== 503 || expected.body.message !== DISK_FULL) expect(failure.fault).toBeUndefined();
  });

  it('hides a fault behind the generic 500 and hands it over to be logged', () => {
    const fault = new Error('no such table: sessions');
    for (const thrown of [fault, wrapped(fault), new AppError('INTERNAL', 'the ledger is out of balance')]) {
      const failure = failureOf(thrown);
      expect(failure).toMatchObject({ status: 500, code: 'INTERNAL_SERVER_ERROR', body: { message: GENERIC_SERVER_ERROR } });
      expect(JSON.stringify(failure.body)).not.toMatch(/sessions|ledger/);
      expect(failure.fault).toBeDefined();
    }
  });

  it('takes what is not an error at all as a fault', () => {
    expect(failureOf('a string')).toMatchObject({ status: 500, body: { message: GENERIC_SERVER_ERROR } });
    expect(failureOf(undefined)).toMatchObject({ status: 500, body: { message: GENERIC_SERVER_ERROR } });
  });
});
