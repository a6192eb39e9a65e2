import { Button, List, Text } from '@mantine/core';
import { Link } from 'wouter';
import { SIGN_UP_DONE } from '../../../shared/sign-up.js';
import { AuthCard } from '../../components/AuthCard.js';
import { EmailText } from '../../components/EmailText.js';

/** What the sign-up form leaves in the history entry: the address the approval email will go to. */
export type SignedUpState = { emailAddress?: string };

/** The sign-in page right after a sign-up: what happens next, until the visitor goes on to Sign In. */
export function SignedUpNotice({ emailAddress }: { emailAddress?: string }) {
  return (
    <AuthCard title="Thank you for signing up" subtitle={SIGN_UP_DONE}>
      <Text fw={600}>What happens next</Text>
      <List type="ordered" spacing="xs" aria-label="What happens next">
        <List.Item>We review your sign-up and approve your account.</List.Item>
        <List.Item>
          {emailAddress ? (
            <>
              You get an email at{' '}
              <Text span fw={500}>
                <EmailText address={emailAddress} />
              </Text>{' '}
              once it is approved.
            </>
          ) : (
            'You get an email at the address you signed up with once it is approved.'
          )}
        </List.Item>
        <List.Item>Then sign in with that email address and your password.</List.Item>
      </List>
      <Button component={Link} href="/signin" fullWidth>
        Sign In
      </Button>
    </AuthCard>
  );
}
