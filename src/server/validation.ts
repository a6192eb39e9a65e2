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
  if (issue.code === 'invalid_type') return wrongTypeMessage(field, issue.expected);
  return field ? `${field}: ${issue.message}.` : `${issue.message}.`;
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'a JSON object',
  array: 'a list',
  date: 'a date',
};

/** zod's "Invalid input: expected string, received array", said the way our own messages are. */
function wrongTypeMessage(field: string, expected: string): string {
  if (!field) return expected === 'void' || expected === 'undefined' ? 'This call takes no input.' : `The request must be ${KINDS[expected] ?? expected}.`;
  return `${field} must be ${KINDS[expected] ?? expected}.`;
}

export function fieldErrorsOf(error: ZodError): Record<string, string[]> {
  return z.flattenError(error).fieldErrors as Record<string, string[]>;
}
