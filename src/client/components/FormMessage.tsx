import { Alert } from '@mantine/core';

/** An error (red) or success (green) message under a form, announced to screen readers. */
type FormMessageProps = { error?: string | null; errorDetail?: string | null; success?: string | null };

export function FormMessage({ error, errorDetail, success }: FormMessageProps) {
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert" title={errorDetail ? error : undefined}>
        {errorDetail ?? error}
      </Alert>
    );
  }
  if (success) {
    return (
      <Alert color="green" variant="light" role="status">
        {success}
      </Alert>
    );
  }
  return null;
}
