/** An admin save or delete failure: the server's message, else the transport's, else 'An error occurred'. */
export function adminErrorText(error: unknown): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  return 'An error occurred';
}
