import type { z } from 'zod';
import type { ProcedureInternals } from './procedure-internals.js';

/*
 * tRPC checks every answer with its output schema's parseAsync, which in zod 4 awaits each field:
 * five to six times parse's cost (7.3 against 1.2 µs for a dashboard, more for a page of rows). No
 * output schema of ours has an async check, so at start-up each one's parseAsync becomes parse,
 * still answering a promise that rejects on a bad value. A schema with an async check would make
 * parse throw, and the API-wide tests, which call every procedure, would fail.
 */

const synchronous = new WeakSet<z.ZodType>();

export function parseOutputsSynchronously(procedures: readonly ProcedureInternals[]): void {
  for (const { output } of procedures) {
    if (!output || synchronous.has(output)) continue;
    output.parseAsync = async (value, params) => output.parse(value, params);
    synchronous.add(output);
  }
}

/** Whether tRPC's check of this schema runs synchronously (parseOutputsSynchronously has seen it). */
export const parsesSynchronously = (schema: z.ZodType) => synchronous.has(schema);
