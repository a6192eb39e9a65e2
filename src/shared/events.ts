import { z } from 'zod';

/*
 * The events of the audit log and the webhooks: what happened to which record, who did it, when,
 * and the fields it changed, each as it was and as it became.
 */

/** A field's value before and after the change; a record created has no before, one removed no after. */
export type FieldChange = { before: unknown; after: unknown };

export const eventOutput = z.object({
  _id: z.string(),
  occurredAt: z.string().describe('When it happened (ISO 8601, UTC).'),
  type: z.string().describe("What happened, e.g. 'invoice.updated'."),
  actorId: z.string().nullable().describe('The user who did it; null for the scheduled work or an unknown user.'),
  actorLabel: z.string().describe("The actor as shown at the time: name and email, or 'Scheduled work'."),
  companyId: z.string().nullable(),
  subjectType: z.string().describe("The kind of record changed, e.g. 'invoice'."),
  subjectId: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  ipAddress: z.string().nullable(),
});
export type EventDto = z.infer<typeof eventOutput>;

/** The fields whose values differ between `before` and `after`, each with both values (compared as JSON). */
export function changedFields<T extends Record<string, unknown>>(before: T | undefined, after: T | undefined, fields: readonly (keyof T & string)[]): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const field of fields) {
    const was = before?.[field];
    const is = after?.[field];
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[field] = { before: was ?? null, after: is ?? null };
  }
  return changes;
}
