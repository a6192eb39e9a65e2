/*
 * Where the server refuses a form's input it names the field: a schema problem, or a rule the
 * service throws as AppError with a field, both arrive as `data.fieldErrors` ({ field: [messages] })
 * on the tRPC error. These helpers put each message on its field.
 */

/** The server's first message for each field it refused; empty when the error names none. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const fieldErrors = fieldErrorsData(error);
  const found: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const first = Array.isArray(messages) ? messages.find((message) => typeof message === 'string' && message.trim()) : undefined;
    if (first) found[field] = first;
  }
  return found;
}

function fieldErrorsData(error: unknown): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return {};
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return {};
  const fieldErrors = (data as { fieldErrors?: unknown }).fieldErrors;
  return typeof fieldErrors === 'object' && fieldErrors !== null ? (fieldErrors as Record<string, unknown>) : {};
}

/** `errorOn(field)` for a form's inputs (Mantine's `error` prop): the server's message for that field, else nothing. */
export function fieldErrorReader(error: unknown): (field: string) => string | undefined {
  const errors = serverFieldErrors(error);
  return (field) => errors[field];
}
