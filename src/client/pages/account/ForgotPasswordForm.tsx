import { Button, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/FormMessage.js';
import { trpc } from '../../trpc.js';
import { EmailInput } from '../../components/EmailInput.js';

export const RESET_SENT = 'A reset link has been sent to your email. Please follow the instructions in your email.';
export const RESET_FAILED = 'Error sending reset link. Try again a bit later.';

/** One email field and 'Get Password Reset Email'; used by /forgot-password and the sign-in swap. */
export function ForgotPasswordForm() {
  const [emailAddress, setEmailAddress] = useState('');
  const request = trpc.account.forgotPassword.useMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ emailAddress });
  };

  return (
    <form onSubmit={submit} noValidate={false}>
      <Stack gap="md">
        <EmailInput required value={emailAddress} onChange={(event) => setEmailAddress(event.currentTarget.value)} />
        <FormMessage error={request.isError ? RESET_FAILED : null} success={request.isSuccess ? RESET_SENT : null} />
        <Button type="submit" loading={request.isPending} fullWidth>
          Get Password Reset Email
        </Button>
      </Stack>
    </form>
  );
}
