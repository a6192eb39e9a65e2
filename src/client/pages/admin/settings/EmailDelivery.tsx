import { Button, Code, Group, Stack, Text } from '@mantine/core';
import type { SetupDto } from '../../../../shared/setup.js';
import { dateTimeText } from '../../../../shared/dates.js';
import { toastDone, toastFailed } from '../../../lib/toast.js';
import { errorText, trpc } from '../../../trpc.js';

const STATUS_TEXT = {
  pending: 'is waiting to be sent (the outbox tries again if the mail server is away)',
  sent: 'was delivered',
  failed: 'could not be delivered',
} as const;

/** How emails leave the server, the last test email's fate, and a button to send one to yourself. */
export function EmailDelivery({ email }: { email: SetupDto['email'] }) {
  const utils = trpc.useUtils();
  const send = trpc.superadmin.setup.sendTestEmail.useMutation({
    onSuccess: (sent) => {
      void utils.superadmin.setup.checklist.invalidate();
      toastDone('Test email sent', `It is on its way to ${sent.to}.`);
    },
    onError: (error) => toastFailed('Test email not sent', errorText(error, 'The test email could not be queued.')),
  });
  const test = email.testEmail;
  return (
    <Stack gap="xs">
      {email.mode === 'smtp' ? (
        <Text size="sm">Emails are sent through your mail server (SMTP_URL).</Text>
      ) : (
        <Text size="sm">
          Emails are not being sent: each one is written as a file to <Code>{email.folder}</Code>. To send them, set{' '}
          <Code>SMTP_URL</Code> (for example <Code>smtps://user:password@smtp.example.com:465</Code>) in the server&apos;s environment
          and restart it; it is a password, so it stays out of this page.
        </Text>
      )}
      {test && (
        <Text size="sm" c={test.status === 'failed' ? 'red' : undefined} data-testid="test-email-status">
          The test email to {test.to} {STATUS_TEXT[test.status]}
          {test.sentAt ? ` on ${dateTimeText(test.sentAt)}` : ''}
          {test.lastError ? `: ${test.lastError}` : '.'}
        </Text>
      )}
      <Group>
        <Button variant="default" size="sm" loading={send.isPending} onClick={() => send.mutate()}>
          Send me a test email
        </Button>
        {test?.status === 'pending' && (
          <Button variant="subtle" size="sm" onClick={() => void utils.superadmin.setup.checklist.invalidate()}>
            Check again
          </Button>
        )}
      </Group>
    </Stack>
  );
}
