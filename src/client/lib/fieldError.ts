import { adminErrorText } from '../components/admin-list/index.js';

type WithFieldErrors = { data?: { fieldErrors?: Record<string, string[] | undefined> | null } | null };

/** The server's message about one input of a form, when its refusal names that input. */
export function fieldErrorOf(error: unknown, field: string): string | undefined {
  return (error as WithFieldErrors | null | undefined)?.data?.fieldErrors?.[field]?.[0];
}

/**
 * A form's refusal for the alert under it: empty when the message already shows on one of the
 * form's own fields, so it is not said twice.
 */
export function formErrorText(fields: readonly string[]) {
  return (error: unknown): string => (fields.some((field) => fieldErrorOf(error, field)) ? '' : adminErrorText(error));
}
