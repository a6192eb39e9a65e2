import type { z } from 'zod';

/*
 * tRPC checks a call's input and its answer with the schema's parseAsync, which in zod 4 awaits
 * each field: five to six times parse's cost (26 against 4 µs for a companies page; 7.3 against 1.2
 * for a dashboard). None of our schemas has an async check, so each schema given to a procedure
 * builder's input() or output() has its parseAsync made its parse, still answering a promise that
 * rejects on a bad value. It must happen before tRPC sees the schema: input() and output() bind the
 * function they find there. A schema with an async check would make parse throw, and the API-wide
 * tests, which call every procedure, would fail.
 */

const synchronous = new WeakSet<object>();

/** The schema, its parseAsync now its parse. */
function parsingSynchronously<Schema>(schema: Schema): Schema {
  const parser = schema as unknown as Partial<Pick<z.ZodType, 'parse' | 'parseAsync'>>;
  if (typeof parser.parse !== 'function' || synchronous.has(parser)) return schema;
  const parse = parser.parse.bind(parser);
  parser.parseAsync = async (value, params) => parse(value, params);
  synchronous.add(parser);
  return schema;
}

type Builder = Record<PropertyKey, unknown>;
const CHAINED = new Set<PropertyKey>(['meta', 'use', 'concat', 'unstable_concat']);

/**
 * A procedure builder whose input() and output() take their schemas parsing synchronously, and whose
 * other chained builders (meta, use, concat) do the same. Every procedure builder of the app is one
 * (trpc.ts), so every procedure is checked this way; the rest of the builder is tRPC's own.
 */
export function checkingSynchronously<B extends object>(builder: B): B {
  return new Proxy(builder as Builder, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      if (key === 'input' || key === 'output') {
        return (schema: unknown) => checkingSynchronously((value as (schema: unknown) => object).call(target, parsingSynchronously(schema)));
      }
      if (CHAINED.has(key)) return (...args: unknown[]) => checkingSynchronously((value as (...args: unknown[]) => object).apply(target, args));
      return value;
    },
  }) as B;
}

/** Whether tRPC's check with this schema runs synchronously (a builder of checkingSynchronously was given it). */
export const parsesSynchronously = (schema: object) => synchronous.has(schema);
