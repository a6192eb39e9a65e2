/** A failed load, save or delete: the server's message, else the transport's, else 'An error occurred'. */
export function failureText(error: unknown): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  return 'An error occurred';
}
