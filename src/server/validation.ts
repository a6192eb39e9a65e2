import { z, type ZodError } from 'zod';

/**
 * A person-readable sentence for the first problem in a zod error. Messages written in our
 * schemas are whole sentences (ending in a full stop) and stand alone; zod's defaults get
 * the field name in front.
 */
export function validationMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  if (issue.message.endsWith('.')) return issue.message;
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}.` : `${issue.message}.`;
}

export function fieldErrorsOf(error: ZodError): Record<string, string[]> {
  return z.flattenError(error).fieldErrors as Record<string, string[]>;
}
