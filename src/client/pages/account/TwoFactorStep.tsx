import { Anchor, Button, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { LoginOutput } from '../../../shared/account.js';
import { TOTP_DIGITS } from '../../../shared/two-factor.js';
import { AuthCard } from '../../components/AuthCard.js';
import { FormMessage } from '../../components/FormMessage.js';
import { errorText, trpc } from '../../trpc.js';

type TwoFactorStepProps = { challenge: string; onSignedIn: (session: LoginOutput) => void; onBack: () => void };

/** The second step of sign-in: an authenticator code, or one of the recovery codes. */
export function TwoFactorStep({ challenge, onSignedIn, onBack }: TwoFactorStepProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const verify = trpc.account.loginTwoFactor.useMutation({ onSuccess: onSignedIn });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    verify.mutate({ challenge, code });
  };

  const switchKind = () => {
    setUseRecovery((current) => !current);
    setCode('');
    verify.reset();
  };

  return (
    <AuthCard
      title="Two-factor sign-in"
      subtitle={
        useRecovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'
      }
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          {useRecovery ? (
            <TextInput
              label="Recovery code"
              autoComplete="off"
              required
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
            />
          ) : (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="two-factor-code-label">
                Authentication code
              </Text>
              <PinInput
                length={TOTP_DIGITS}
                type="number"
                oneTimeCode
                autoFocus
                value={code}
                onChange={setCode}
                onComplete={(value) => verify.mutate({ challenge, code: value })}
                ariaLabel="Authentication code"
              />
            </Stack>
          )}
          <FormMessage error={verify.isError ? errorText(verify.error, 'That code could not be checked.') : null} />
          <Button type="submit" loading={verify.isPending} fullWidth>
            Verify
          </Button>
        </Stack>
      </form>
      <Stack gap={4} align="center">
        <Anchor component="button" type="button" size="sm" onClick={switchKind}>
          {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          Back to Sign In
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
