import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useParams } from 'wouter';
import { linkTokenState } from '../../../shared/link-token.js';
import { AuthCard } from '../../components/AuthCard.js';
import { FormMessage } from '../../components/FormMessage.js';
import { trpc } from '../../trpc.js';

export const REDIRECT_AFTER_RESET_MS = 6000;
const SERVER_EXPIRED = 'Token expired. Please request a new link.';

export function ResetPasswordPage() {
  const { token = '' } = useParams<{ token: string }>();
  const [state, setState] = useState(() => linkTokenState(token, Date.now()));
  if (state === 'invalid') {
    return (
      <AuthCard title="Set New Password">
        <FormMessage error="Invalid token." />
      </AuthCard>
    );
  }
  if (state === 'expired') return <ExpiredLink token={token} />;
  return <NewPasswordForm token={token} onExpired={() => setState('expired')} />;
}

function ExpiredLink({ token }: { token: string }) {
  const resend = trpc.account.resendLink.useMutation();
  return (
    <AuthCard title="Set New Password">
      <Text>Your reset link has expired.</Text>
      <FormMessage
        error={resend.isError ? 'Something went wrong. Please start over.' : null}
        success={resend.isSuccess ? resend.data.message : null}
      />
      {!resend.isSuccess && (
        <Button onClick={() => resend.mutate({ token })} loading={resend.isPending}>
          Get New Link
        </Button>
      )}
    </AuthCard>
  );
}

function NewPasswordForm({ token, onExpired }: { token: string; onExpired: () => void }) {
  const [, navigate] = useLocation();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const reset = trpc.account.resetPassword.useMutation({
    onError: (error) => {
      if (error.message === SERVER_EXPIRED) onExpired();
    },
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate('/signin'), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const differ = newPassword !== confirmPassword;
    setMismatch(differ);
    if (!differ) reset.mutate({ token, newPassword });
  };

  const failed = reset.isError && reset.error.message !== SERVER_EXPIRED;
  const error = mismatch ? 'The Passwords must match.' : failed ? 'Error resetting password' : null;

  return (
    <AuthCard title="Set New Password" subtitle="Choose a new password for your account.">
      <form onSubmit={submit}>
        <Stack gap="md">
          <PasswordInput
            label="New Password"
            required
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
            disabled={reset.isSuccess}
          />
          <PasswordInput
            label="Confirm Password"
            required
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.currentTarget.value)}
            disabled={reset.isSuccess}
          />
          <FormMessage
            error={error}
            errorDetail={failed && !mismatch ? reset.error?.message : null}
            success={reset.isSuccess ? `${reset.data.message} Taking you to Sign In…` : null}
          />
          <Button type="submit" loading={reset.isPending} disabled={reset.isSuccess}>
            Reset Password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
