import type { z } from 'zod';
import type { ProcedureMeta } from './trpc.js';

/*
 * The one place that reads tRPC's and zod's internals (procedure._def, schema._zod.def): the REST
 * mirror and /trpc route by them (paths, types, meta, input fields), the API document is built from
 * them, and the API-wide tests walk every procedure. Calls go through tRPC's caller (calls.ts), never
 * through these. Neither library promises these shapes; procedure-internals.test.ts fails loudly if
 * an upgrade moves them.
 */

type ZodInternals = { _zod?: { def: { type: string; innerType?: ZodInternals; in?: ZodInternals; shape?: Record<string, ZodInternals> } } };
type Parser = { safeParse?: (value: unknown) => { success: boolean; data?: unknown } };
export type ProcedureType = 'query' | 'mutation' | 'subscription';

type RawProcedure = {
  _def: { type: ProcedureType; meta?: ProcedureMeta; inputs: (ZodInternals & Parser)[]; output?: z.ZodType; middlewares: unknown[] };
};

export type ProcedureInput = {
  /** zod's name for the schema's type ('object', 'void', …); undefined without an input. */
  kind: string | undefined;
  /** The fields of an object input, looking through defaults, optionals and pipes. */
  fields: string[];
  /** The base type of a field ('boolean', 'number', …), looking through defaults and optionals. */
  fieldType: (name: string) => string | undefined;
  /**
   * The page and perPage of an input the procedure accepted, defaults filled in, each read by its own
   * field's schema alone (a paged list's REST answer needs only these).
   */
  paging: (value: unknown) => { page?: number; perPage?: number };
};

export type ProcedureInternals = {
  path: string;
  type: ProcedureType;
  meta: ProcedureMeta | undefined;
  /** Built on publicProcedure, which marks its procedures' meta: the call needs no session. */
  isPublic: boolean;
  input: ProcedureInput;
  /** The schema tRPC checks the procedure's input with; undefined without one. */
  inputSchema: object | undefined;
  /** The schema tRPC checks the procedure's answer with; undefined without one. */
  output: z.ZodType | undefined;
  /** Whether the procedure was made from `builder` (its builder's middleware runs first). */
  builtWith: (builder: unknown) => boolean;
};

/** Every procedure of a router by its dotted path, as the REST mirror and the tests need it. */
export function procedureInternals(router: unknown): ProcedureInternals[] {
  const procedures = (router as { _def: { procedures: Record<string, RawProcedure> } })._def.procedures;
  return Object.entries(procedures).map(([path, procedure]) => ({
    path,
    type: procedure._def.type,
    meta: procedure._def.meta,
    isPublic: procedure._def.meta?.public === true,
    input: inputOf(procedure._def.inputs[0]),
    inputSchema: procedure._def.inputs[0],
    output: procedure._def.output,
    builtWith: (builder) => procedure._def.middlewares[0] === (builder as { _def: { middlewares: unknown[] } })._def.middlewares[0],
  }));
}

function inputOf(schema: (ZodInternals & Parser) | undefined): ProcedureInput {
  const shape = objectShape(schema);
  return {
    kind: schema?._zod?.def.type,
    fields: Object.keys(shape),
    fieldType: (name) => baseType(shape[name]),
    paging: (value) => {
      const fields = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
      return { page: parsedOrUndefined(shape.page, fields.page) as number | undefined, perPage: parsedOrUndefined(shape.perPage, fields.perPage) as number | undefined };
    },
  };
}

function parsedOrUndefined(schema: ZodInternals | undefined, value: unknown): unknown {
  const parsed = (schema as Parser | undefined)?.safeParse?.(value);
  return parsed?.success ? parsed.data : undefined;
}

function objectShape(schema: ZodInternals | undefined): Record<string, ZodInternals> {
  let current = schema;
  for (let depth = 0; current?._zod && current._zod.def.type !== 'object' && depth < 10; depth += 1) {
    current = current._zod.def.innerType ?? current._zod.def.in;
  }
  return current?._zod?.def.shape ?? {};
}

function baseType(schema: ZodInternals | undefined): string | undefined {
  let current = schema;
  while (current?._zod?.def.innerType) current = current._zod.def.innerType;
  return current?._zod?.def.type;
}
