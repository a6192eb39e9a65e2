import { Anchor, Text } from '@mantine/core';
import { Link } from 'wouter';
import { AuthCard } from '../../components/AuthCard.js';
import { ForgotPasswordForm } from './ForgotPasswordForm.js';

export function ForgotPasswordPage() {
  return (
    <AuthCard title="Forgot Password" subtitle="Enter your email address and we will send you a link to set a new password.">
      <ForgotPasswordForm />
      <Text size="sm" ta="center">
        <Anchor component={Link} href="/signin">
          Back to Sign In
        </Anchor>
      </Text>
    </AuthCard>
  );
}
