import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { AuthCard } from '../../components/AuthCard.js';
import { FormMessage } from '../../components/FormMessage.js';
import { saveSession } from '../../session.js';
import { errorText, trpc } from '../../trpc.js';
import { lazyPart } from '../../lib/lazyNamed.js';
import { ForgotPasswordForm } from './ForgotPasswordForm.js';
import type { LoginOutput } from '../../../shared/account.js';
import { SIGNED_UP_FLAG } from '../../../shared/sign-up.js';
import { SignedUpNotice, type SignedUpState } from './SignedUpNotice.js';
import { EmailInput } from '../../components/EmailInput.js';

/** Only users with two-factor sign-in see the second step: it is fetched when one reaches it. */
const TwoFactorStep = lazyPart(() => import('./TwoFactorStep.js'), 'TwoFactorStep');

export function SignInPage() {
  const [forgotten, setForgotten] = useState(false);
  const signedUp = new URLSearchParams(useSearch()).has(SIGNED_UP_FLAG);
  if (signedUp) return <SignedUpNotice emailAddress={(history.state as SignedUpState | null)?.emailAddress} />;
  if (forgotten) {
    return (
      <AuthCard title="Forgot Password" subtitle="Enter your email address and we will send you a link to set a new password.">
        <ForgotPasswordForm />
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" onClick={() => setForgotten(false)}>
            Back to Sign In
          </Anchor>
        </Text>
      </AuthCard>
    );
  }
  return <SignInForm onForgotPassword={() => setForgotten(true)} />;
}

function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const [, navigate] = useLocation();
  const [emailAddress, setEmailAddress] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const signedIn = (session: LoginOutput & { twoFactorSetupRequired?: boolean }) => {
    saveSession(session);
    navigate(session.twoFactorSetupRequired ? '/profile' : '/dashboard');
  };
  const login = trpc.account.login.useMutation({
    onSuccess: (result) => ('twoFactorRequired' in result ? setChallenge(result.challenge) : signedIn(result)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ emailAddress, password });
  };

  if (challenge) {
    const back = () => {
      setChallenge(null);
      setPassword('');
      login.reset();
    };
    return <TwoFactorStep challenge={challenge} onSignedIn={signedIn} onBack={back} />;
  }

  return (
    <AuthCard title="Sign In" subtitle="Welcome back. Sign in to see your hours, tasks and invoices.">
      <form onSubmit={submit}>
        <Stack gap="md">
          <EmailInput required value={emailAddress} onChange={(event) => setEmailAddress(event.currentTarget.value)} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
              Forgot Password?
            </Anchor>
          </Group>
          <FormMessage error={login.isError ? errorText(login.error, 'Invalid credentials.') : null} />
          <Button type="submit" loading={login.isPending} fullWidth>
            Sign In
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        New here?{' '}
        <Anchor component={Link} href="/signup">
          Create an account
        </Anchor>
      </Text>
    </AuthCard>
  );
}
